#!/usr/bin/env python3
"""Drives the ListDSL pages in WebKit (Safari's engine): WebKitGTK's MiniBrowser under a virtual X server
(Xvfb), through the W3C WebDriver protocol that `WebKitWebDriver` (Debian's webkit2gtk-driver) serves, with
nothing beyond Python's standard library.

    webkit.py MANIFEST.json SHOTS-DIR

MANIFEST.json (LessonPageTests writes it from the pages the Chromium drivers drive):
  {"lesson": {"page": LESSON.html (`listdsl html`), "steps": [the steps drive.py is given: "table",
              "rejection", ...]},
   "playground": PLAYGROUND.html (`listdsl html --playground`),
   "console": [{"entry": a console entry, "wanted": text its block must show}, ...],
   "explain": {"text": a UIKit crash text, "report": what `listdsl explain --json` writes for it},
   "log": a crash text the 1 MiB log repeats (explain.py's first case)}

What it checks, each page opened afresh in a 1280 x 900 window:
  1. the lesson page loads with no JavaScript error; → steps it, and at every step the page shows that step
     number and draws the interpreter's rows (the steps' tables) and rejections; End goes to the last step;
  2. the playground: its WebAssembly interpreter starts, the shown script runs ("Ran …"), and console entries
     run on the run's state, their output drawn in the console;
  3. "Explain a crash": the crash text, typed into the panel and explained with Ctrl+Enter, gives the
     command's report and a panel whose verdict says the script reproduces it; then a 1 MiB log of crash texts
     is read with its first 20 texts drawn while the main thread's longest task stays under 250 ms (WebKit has
     no 'longtask' entries: the longest gap between turns of a timer loop in the page, which runs whenever the
     main thread is free, is measured instead).
No page may load anything but file:, data: and blob: resources, nor raise an uncaught error (a copy of each page,
beside it, gets a first script that records `error` and `unhandledrejection` events). A screenshot of each
step goes to SHOTS-DIR/NN-what.png.

It prints one JSON object (what it saw, and "problems") and exits 0 when there is no problem, 1 when there is
one, 2 on a driver's failure, and 77 when WebKitWebDriver, MiniBrowser or Xvfb is missing (the test fails on
that only in CI).
"""
import base64, json, os, shutil, signal, socket, subprocess, sys, tempfile, time, urllib.error, urllib.request

MISSING = 77
LOCAL = ("file:", "data:", "blob:", "about:")
KEYS = {"ArrowRight": "\ue014", "End": "\ue010", "Enter": "\ue007", "Control": "\ue009"}
ERRORS = ("<script>window.__webkitErrors = []; addEventListener('error', (e) => window.__webkitErrors.push("
          "'error: ' + e.message + ' at ' + e.filename + ':' + e.lineno)); addEventListener('unhandledrejection', "
          "(e) => window.__webkitErrors.push('unhandled rejection: ' + (e.reason && e.reason.message || e.reason)));"
          "</script>")

# The main thread's longest task while something runs: a timer loop in the page notes each turn; the longest
# gap between two turns is the longest the page could not answer (timers nest, so a turn costs ~4 ms at most).
MONITOR_START = """
const m = window.__monitor = { last: performance.now(), longest: 0, turns: 0, on: true, long: [] };
if ('PerformanceObserver' in window && (PerformanceObserver.supportedEntryTypes || []).includes('longtask')) {
  m.observer = new PerformanceObserver((list) => list.getEntries().forEach((e) => m.long.push(e.duration)));
  m.observer.observe({ entryTypes: ['longtask'] });
}
const turn = () => { if (!m.on) return; const now = performance.now(); m.longest = Math.max(m.longest, now - m.last);
  m.last = now; m.turns++; setTimeout(turn, 0); };
setTimeout(turn, 0);
"""
MONITOR_STOP = """
const m = window.__monitor; m.on = false; if (m.observer) m.observer.disconnect();
m.longest = Math.max(m.longest, performance.now() - m.last);
return { longest: m.longest, turns: m.turns, longtask: m.observer ? Math.max(0, ...m.long) : null };
"""


class Failure(Exception):
    pass


def missing(result, why):
    result["missing"] = why
    print(json.dumps(result))
    print("webkit.py: " + why, file=sys.stderr)
    sys.exit(MISSING)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class WebKit:
    """Xvfb, WebKitWebDriver and one MiniBrowser session."""

    def __init__(self, driver, xvfb, binary, width=1280, height=900):
        self.driver, self.xvfb, self.binary = driver, xvfb, binary
        self.width, self.height = width, height
        self.procs, self.session, self.logs = [], None, tempfile.mkdtemp(prefix="listdsl-webkit-")

    def start(self):
        # The X server picks a free display and writes its number to the pipe (-displayfd).
        read, write = os.pipe()
        self.procs.append(subprocess.Popen(
            [self.xvfb, "-displayfd", str(write), "-screen", "0", "1600x1200x24", "-nolisten", "tcp"],
            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=open(os.path.join(self.logs, "xvfb.log"), "w"),
            start_new_session=True))
        os.close(write)
        display = b""
        deadline = time.time() + 20
        while not display.endswith(b"\n") and time.time() < deadline:
            chunk = os.read(read, 16)
            if not chunk:
                break
            display += chunk
        os.close(read)
        if not display.strip():
            raise Failure("Xvfb did not start (%s)" % open(os.path.join(self.logs, "xvfb.log")).read()[-400:])
        env = dict(os.environ, DISPLAY=":" + display.decode().strip())
        # No accessibility bus in a virtual X server.
        env.setdefault("NO_AT_BRIDGE", "1")
        port = free_port()
        self.base = "http://127.0.0.1:%d" % port
        self.procs.append(subprocess.Popen(
            [self.driver, "--port=%d" % port], env=env, stdout=subprocess.DEVNULL,
            stderr=open(os.path.join(self.logs, "driver.log"), "w"), start_new_session=True))
        deadline = time.time() + 30
        while True:
            try:
                if self.http("GET", "/status", timeout=2).get("ready"):
                    break
            except (OSError, Failure):
                pass
            if time.time() > deadline:
                raise Failure("WebKitWebDriver did not answer on %s" % self.base)
            time.sleep(0.2)
        answer = self.http("POST", "/session", {"capabilities": {"alwaysMatch": {
            "webkitgtk:browserOptions": {"binary": self.binary, "args": ["--automation"]}}}}, timeout=60)
        self.session = answer["sessionId"]
        self.capabilities = answer.get("capabilities", {})
        self.cmd("POST", "/timeouts", {"script": 120000, "pageLoad": 120000})
        self.cmd("POST", "/window/rect", {"width": self.width, "height": self.height, "x": 0, "y": 0})

    def http(self, method, path, body=None, timeout=60):
        data = json.dumps(body).encode() if body is not None else (b"{}" if method == "POST" else None)
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json; charset=utf-8"})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as reply:
                return json.loads(reply.read().decode("utf-8")).get("value")
        except urllib.error.HTTPError as e:
            text = e.read().decode("utf-8", "replace")
            try:
                value = json.loads(text)["value"]
                text = "%s: %s" % (value.get("error"), value.get("message"))
            except Exception:
                pass
            raise Failure("WebDriver %s %s: %s" % (method, path.split("/")[-1] or path, text[:600]))

    def cmd(self, method, path, body=None, timeout=60):
        return self.http(method, "/session/" + self.session + path, body, timeout)

    def js(self, script, *args):
        """The value of a function body run in the page (`return …`)."""
        return self.cmd("POST", "/execute/sync", {"script": script, "args": list(args)}, timeout=150)

    def js_async(self, script, *args):
        """Runs a function body whose last argument is the callback that gives its value."""
        return self.cmd("POST", "/execute/async", {"script": script, "args": list(args)}, timeout=150)

    def wait(self, expression, limit=15.0):
        deadline = time.time() + limit
        while time.time() < deadline:
            value = self.js("return " + expression)
            if value:
                return value
            time.sleep(0.05)
        return None

    def open(self, url):
        self.cmd("POST", "/url", {"url": "about:blank"})
        self.cmd("POST", "/url", {"url": url}, timeout=150)

    def keys(self, *names, modifier=None):
        """Presses each key (by its name in KEYS, or a character), holding `modifier` if given."""
        actions = []
        if modifier:
            actions.append({"type": "keyDown", "value": KEYS[modifier]})
        for name in names:
            key = KEYS.get(name, name)
            actions += [{"type": "keyDown", "value": key}, {"type": "keyUp", "value": key}]
        if modifier:
            actions.append({"type": "keyUp", "value": KEYS[modifier]})
        self.cmd("POST", "/actions", {"actions": [{"type": "key", "id": "keyboard", "actions": actions}]})
        self.cmd("DELETE", "/actions")

    def screenshot(self, path):
        # Two frames first, so that what the page just changed (a step, a scroll) is painted.
        self.js_async("const done = arguments[arguments.length - 1]; "
                      "requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => done(true), 50)));")
        data = self.cmd("GET", "/screenshot", timeout=60)
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))
        return path

    def close(self):
        if self.session:
            try:
                self.http("DELETE", "/session/" + self.session, timeout=20)
            except Exception:
                pass
        for proc in reversed(self.procs):
            if proc.poll() is None:
                try:
                    os.killpg(proc.pid, signal.SIGTERM)
                    proc.wait(timeout=10)
                except Exception:
                    try:
                        os.killpg(proc.pid, signal.SIGKILL)
                    except Exception:
                        pass
        shutil.rmtree(self.logs, ignore_errors=True)


def watched(page):
    """A copy of `page` beside it whose first script records the page's uncaught errors."""
    html = open(page, encoding="utf-8").read()
    at = html.find("<head>")
    at = at + len("<head>") if at >= 0 else 0
    copy = os.path.join(os.path.dirname(os.path.abspath(page)), "webkit-" + os.path.basename(page))
    with open(copy, "w", encoding="utf-8") as f:
        f.write(html[:at] + ERRORS + html[at:])
    return "file://" + copy


def main():
    result = {"browser": None, "problems": [], "screenshots": [], "timings": {}}
    if len(sys.argv) != 3:
        print("usage: webkit.py MANIFEST.json SHOTS-DIR", file=sys.stderr)
        sys.exit(2)
    manifest = json.load(open(sys.argv[1], encoding="utf-8"))
    shots = sys.argv[2]
    os.makedirs(shots, exist_ok=True)
    driver = shutil.which("WebKitWebDriver")
    xvfb = shutil.which("Xvfb")
    binary = next((p for p in ("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
                               "/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
                               "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.0/MiniBrowser",
                               "/usr/lib/aarch64-linux-gnu/webkit2gtk-4.0/MiniBrowser") if os.access(p, os.X_OK)), None)
    if not driver:
        missing(result, "no WebKitWebDriver on the PATH: install Debian's webkit2gtk-driver package (.ci/run does)")
    if not binary:
        missing(result, "no WebKitGTK MiniBrowser: install Debian's webkit2gtk-driver package (.ci/run does)")
    if not xvfb or not shutil.which("xvfb-run"):
        missing(result, "no Xvfb on the PATH: install Debian's xvfb package (.ci/run does)")

    say = lambda what, detail="": result["problems"].append({"what": what, "detail": str(detail)[:600]})
    browser = WebKit(driver, xvfb, binary)
    number = [0]

    def shot(what):
        number[0] += 1
        path = os.path.join(shots, "%02d-%s.png" % (number[0], what))
        browser.screenshot(path)
        result["screenshots"].append(os.path.basename(path))

    def page_errors(where):
        """Uncaught errors since the page loaded, and any resource not from the machine."""
        seen = browser.js("return { errors: window.__webkitErrors || ['the error recorder did not run'], "
                          "resources: performance.getEntriesByType('resource').map((e) => e.name) }")
        for error in seen["errors"]:
            say("a JavaScript error in the page", "%s: %s" % (where, error))
        for name in seen["resources"]:
            if not name.startswith(LOCAL):
                say("the page loaded a resource from the network", "%s: %s" % (where, name))

    def lesson():
        spec = manifest["lesson"]
        url = watched(spec["page"])
        started = time.time()
        browser.open(url + "#step=0")
        state = """return JSON.stringify({ step: parseInt(document.body.dataset.step, 10),
            rows: (() => { const out = []; document.querySelectorAll('#tableview .row').forEach((r) => {
                const s = parseInt(r.dataset.section, 10); while (out.length <= s) out.push([]);
                out[s].push(r.querySelector('.text').textContent); }); return out; })(),
            rejection: document.getElementById('rejection').hidden ? null : document.getElementById('rejection').textContent,
            statement: (document.getElementById('statement') || {}).textContent || null })"""
        first = json.loads(browser.js(state))
        if first["step"] != 0:
            say("the lesson does not open at step 0", first)
        shot("lesson-step-0")
        steps = spec["steps"]
        seen_steps, mismatches, drew_rows = 1, [], None
        for i in range(1, len(steps)):
            browser.keys("ArrowRight")
            seen = json.loads(browser.js(state))
            seen_steps += 1
            if seen["step"] != i:
                mismatches.append({"step": i, "what": "step number after →", "seen": seen["step"]})
                break
            want = steps[i]
            if want.get("table") is not None:
                drawn, wanted = seen["rows"], [rows[:200] for rows in want["table"]]
                while drawn and not drawn[-1]:
                    drawn.pop()
                while wanted and not wanted[-1]:
                    wanted.pop()
                if sum(len(r) for r in want["table"]) <= 200 and drawn != wanted:
                    mismatches.append({"step": i, "what": "rows", "seen": drawn, "wanted": wanted})
            if want.get("rejection") and want["rejection"] not in (seen["rejection"] or ""):
                mismatches.append({"step": i, "what": "rejection", "seen": seen["rejection"], "wanted": want["rejection"]})
            if i == 1:
                shot("lesson-step-1")
                if seen["rows"] == first["rows"] and seen["statement"] == first["statement"]:
                    say("stepping forward does not change what the lesson draws", seen)
            if seen["rows"] and not drew_rows:
                drew_rows = i
                shot("lesson-step-%d-rows" % i)
        result["lesson"] = {"steps": seen_steps, "of": len(steps), "mismatches": len(mismatches),
                            "first step with rows": drew_rows}
        for m in mismatches[:5]:
            say("the lesson's step does not draw the interpreter's state", m)
        browser.keys("End")
        last = json.loads(browser.js(state))
        result["lesson"]["after End"] = last["step"]
        if last["step"] != len(steps) - 1:
            say("End does not go to the last step", last["step"])
        shot("lesson-last-step")
        page_errors("lesson")
        result["timings"]["lesson s"] = round(time.time() - started, 1)

    def playground():
        url = watched(manifest["playground"])
        started = time.time()
        browser.open(url)
        ready = browser.wait("window.listdslHost && (window.listdslHost.readyAt || window.listdslHost.failed)", 60)
        failed = browser.js("return window.listdslHost && window.listdslHost.failed")
        result["playground"] = {"ready ms": browser.js("return window.listdslHost && window.listdslHost.readyAt"),
                                "failed": failed}
        if not ready or failed:
            say("the playground's WebAssembly interpreter did not start", failed)
            shot("playground-not-started")
            return
        # Run the shown script in the page (the run the console goes on from).
        browser.js("document.getElementById('run-status').textContent = ''; document.getElementById('run').click()")
        status = browser.wait("(() => { const t = document.getElementById('run-status').textContent; "
                              "return /^(Ran|Stopped|Not run|The link)/.test(t) && t; })()", 30) or ""
        result["playground"]["run"] = status
        if not status.startswith("Ran"):
            say("the playground's script did not run in the page", status)
        shot("playground-ran")
        entries = []
        for item in manifest["console"]:
            before = browser.js("return document.getElementById('repl-log').children.length")
            browser.js("const i = document.getElementById('repl-input'); i.focus(); i.value = arguments[0];", item["entry"])
            browser.keys("Enter")
            done = browser.wait("document.getElementById('repl-log').children.length > %d && "
                                "document.getElementById('repl-input').value === ''" % before, 20)
            added = browser.js("const log = document.getElementById('repl-log'); "
                               "return log.lastElementChild ? log.lastElementChild.textContent : ''") or ""
            entries.append({"entry": item["entry"], "shown": added[-300:]})
            if not done or item["wanted"] not in added or "error" in added:
                say("a console entry did not run in the page", "%s: %s" % (item["entry"], added[-300:]))
        result["playground"]["console"] = entries
        browser.js("document.getElementById('repl-log').scrollIntoView()")
        shot("playground-console")
        page_errors("playground")
        result["timings"]["playground s"] = round(time.time() - started, 1)

    def explain():
        spec = manifest["explain"]
        url = watched(manifest["playground"])
        started = time.time()
        browser.open(url)
        if not browser.wait("window.listdslHost && (window.listdslHost.readyAt || window.listdslHost.failed)", 60):
            say("the interpreter did not start", "explain")
        browser.js("document.getElementById('explain').click()")
        if not browser.wait("document.getElementById('explain-panel').open && document.activeElement && "
                            "document.activeElement.id === 'explain-input'", 5):
            say("'Explain a crash' does not open the panel with the focus in its text box")
        shot("explain-open")
        # Typed (as a paste gives it) into the text box, then Ctrl+Enter.
        browser.js("const i = document.getElementById('explain-input'); i.focus(); i.value = arguments[0]; "
                   "i.dispatchEvent(new Event('input', { bubbles: true }));", spec["text"])
        browser.js(MONITOR_START)
        browser.keys("Enter", modifier="Control")
        status = browser.wait("(() => { const t = document.getElementById('explain-status').textContent; "
                              "return /^(Found|No UIKit|Not read)/.test(t) && t; })()", 30) or ""
        timing = browser.js(MONITOR_STOP)
        got = browser.js("return JSON.stringify(window.playground.explained || null)")
        got = json.loads(got) if got else None
        panel = browser.js("""return { status: document.getElementById('explain-status').textContent,
            headings: Array.from(document.querySelectorAll('#explain-result .ex-text h3')).map((h) => h.textContent),
            uikit: Array.from(document.querySelectorAll('#explain-result .ex-uikit')).map((p) => p.textContent),
            verdicts: Array.from(document.querySelectorAll('#explain-result .ex-verdict')).map((p) => p.className + ': ' + p.textContent),
            script: (document.querySelector('#explain-result .ex-code') || {}).textContent || null }""")
        result["explain"] = {"status": status, "headings": panel["headings"], "verdicts": panel["verdicts"],
                             "longest task ms": round(timing["longest"], 1), "timer turns": timing["turns"],
                             "longtask entries ms": timing["longtask"]}
        report = spec["report"]
        if not status.startswith("Found"):
            say("the panel did not explain the crash text", status)
        if got is None:
            say("the page has no report of the text")
        else:
            got.pop("name", None)
            wanted = dict(report)
            wanted.pop("name", None)
            if got != wanted:
                say("the page's report differs from listdsl explain --json",
                    [k for k in set(got) | set(wanted) if got.get(k) != wanted.get(k)])
        texts = report.get("texts") or []
        if texts:
            if not panel["uikit"] or panel["uikit"][0] != texts[0]["text"]:
                say("the panel does not show UIKit's text verbatim", panel["uikit"][:1])
            if not panel["verdicts"] or not panel["verdicts"][0].startswith("ex-verdict same: Reproduced"):
                say("the panel does not say the script reproduces the crash", panel["verdicts"][:1])
            if panel["script"] != texts[0]["script"]:
                say("the panel's script is not the command's", (panel["script"] or "")[:200])
        if timing["longest"] > 250:
            say("the page's main thread was busy too long explaining a crash text", "%.0f ms" % timing["longest"])
        shot("explain-reproduced")
        browser.js("const p = document.getElementById('explain-panel'); p.scrollTop = p.scrollHeight;")
        shot("explain-script")
        page_errors("explain")

        # A log that holds a crash text over and over, up to the page's limit (1 MiB), as explain.py builds it.
        browser.open(url)
        browser.wait("window.listdslHost && (window.listdslHost.readyAt || window.listdslHost.failed)", 60)
        browser.js("document.getElementById('explain').click()")
        browser.js("const t = arguments[0]; const n = Math.floor(((1 << 20) - 1) / (new TextEncoder().encode(t).length + 4)); "
                   "const parts = []; for (let i = 0; i < n; i++) parts.push(t.replace('section 0', 'section ' + (i + 1))); "
                   "document.getElementById('explain-input').value = parts.join('');", manifest["log"])
        size = browser.js("return new TextEncoder().encode(document.getElementById('explain-input').value).length")
        # The text box lays out its megabyte first (as after a paste: the browser's cost), then the page reads it.
        browser.js_async("const done = arguments[arguments.length - 1]; "
                         "requestAnimationFrame(() => requestAnimationFrame(() => done(true)));")
        browser.js(MONITOR_START)
        begun = time.time()
        browser.js("document.getElementById('explain-run').click()")
        status = browser.wait("(() => { const t = document.getElementById('explain-status').textContent; "
                              "return /^(Found|No UIKit|Not read)/.test(t) && t; })()", 60) or ""
        seconds = time.time() - begun
        # A frame after the drawing, so that the drawing's task is in the measure.
        browser.js_async("const done = arguments[arguments.length - 1]; "
                         "requestAnimationFrame(() => setTimeout(() => done(true), 0));")
        timing = browser.js(MONITOR_STOP)
        sections = browser.js("return document.querySelectorAll('#explain-result .ex-text').length")
        result["1 MiB log"] = {"bytes": size, "status": status, "sections": sections, "seconds": round(seconds, 2),
                               "longest task ms": round(timing["longest"], 1), "timer turns": timing["turns"],
                               "longtask entries ms": timing["longtask"]}
        if not status.startswith("Found") or "the first 20 are shown" not in status or sections != 20:
            say("a 1 MiB log of crash texts is not read, its first 20 texts drawn", result["1 MiB log"])
        if timing["longest"] > 250:
            say("the page's main thread was busy too long reading a 1 MiB log", "%.0f ms" % timing["longest"])
        shot("explain-1mib-log")
        page_errors("explain, 1 MiB log")
        result["timings"]["explain s"] = round(time.time() - started, 1)

    status = 0
    try:
        browser.start()
        result["browser"] = "%s %s" % (browser.capabilities.get("browserName"), browser.capabilities.get("browserVersion"))
        for part in (lesson, playground, explain):
            try:
                part()
            except Failure as e:
                say("the driver failed in " + part.__name__, e)
                try:
                    shot(part.__name__ + "-failed")
                except Exception:
                    pass
    except Exception as e:
        result["error"] = "%s: %s" % (type(e).__name__, e)
        status = 2
    finally:
        browser.close()
    print(json.dumps(result))
    if result["problems"]:
        status = status or 1
        for p in result["problems"]:
            print("webkit.py: %s: %s" % (p["what"], p["detail"]), file=sys.stderr)
    if "error" in result:
        print("webkit.py: " + result["error"], file=sys.stderr)
    sys.exit(status)


main()
