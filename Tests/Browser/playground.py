#!/usr/bin/env python3
"""Drives lesson pages made with `listdsl html --playground` in headless Chromium (see cdp.py): the real
interpreter, compiled to WebAssembly and carried by the page, runs scripts typed into its editor.

    playground.py CHROMIUM MANIFEST.json SHOTS-PREFIX

MANIFEST.json: {"examples": [{"page": PAGE.html, "script": FILE.list, "events": FILE.jsonl}, ...],
                "tour": PAGE.html}
For each example the driver opens its page, types the script into the editor, runs it in the page and
compares the stream the page drew with EVENTS (`listdsl html --events FILE`, the command is the oracle),
byte for byte. On the tour's page: typing shows the script's diagnostics; a crashing batch is edited into a valid one and run again (the crash
becomes a commit); a shared link round-trips (the copied address, opened afresh, shows the same script at
the same step); hostile scripts stop with a message while the page stays responsive (an endless loop, a
ten-million-row table, three million inserts in the middle, deep recursion, a link whose script is larger than
the page takes), a link whose name has malformed escapes
(`name=%ff`), which still runs its script; and no request
leaves the machine. It prints one JSON object: what it saw and every problem found.
"""
import json, os, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser

LOCAL = ("file:", "data:", "blob:", "about:", "chrome:", "devtools:")


def main():
    chromium, manifest_path, shots = sys.argv[1:4]
    manifest = json.load(open(manifest_path))
    browser = Browser(chromium, 1400, 1000)
    result = {"examples": 0, "problems": [], "timings": {}, "hostile": {}, "requests": 0}
    say = lambda what, detail="": result["problems"].append({"what": what, "detail": str(detail)[:400]})

    def steps():
        evaluate = browser.evaluate
        browser.send("Network.enable")

        def network():
            # Every request the page made since the last look: none may leave the machine.
            for event in list(browser.pending):
                if event.get("method") == "Network.requestWillBeSent":
                    url = event["params"]["request"]["url"]
                    result["requests"] += 1
                    if not url.startswith(LOCAL):
                        say("a request left the machine", url)

        def open_page(url):
            network()
            browser.open(url)

        def status():
            return evaluate("document.getElementById('run-status').textContent") or ""

        def run(script, limit=15.0):
            """Types `script` into the editor and runs it; returns (status, seconds, slowest answer)."""
            evaluate("document.getElementById('edit').getAttribute('aria-pressed') === 'true' || document.getElementById('edit').click()")
            evaluate("document.getElementById('editor').value = %s" % json.dumps(script))
            evaluate("document.getElementById('run-status').textContent = ''")
            start = time.time()
            evaluate("document.getElementById('run').click()")
            slowest = 0.0
            while time.time() - start < limit:
                asked = time.time()
                text = status()
                slowest = max(slowest, time.time() - asked)
                if text.startswith(("Ran", "Stopped", "Not run", "The link")):
                    return text, time.time() - start, slowest
                time.sleep(0.05)
            return status(), time.time() - start, slowest

        # Every example, run in its page, draws what the command writes.
        for example in manifest["examples"]:
            open_page("file://" + os.path.abspath(example["page"]))
            script = open(example["script"], encoding="utf-8").read()
            text, seconds, _ = run(script)
            result["examples"] += 1
            if not text.startswith("Ran"):
                say("an example did not run in the page", example["script"] + ": " + text)
                continue
            seen = evaluate("window.playground.last.stream")
            wanted = open(example["events"], encoding="utf-8").read()
            if seen != wanted:
                a, b = seen.split("\n"), wanted.split("\n")
                i = next((k for k in range(min(len(a), len(b))) if a[k] != b[k]), min(len(a), len(b)))
                say("the page's stream differs from listdsl html --events",
                    "%s line %d: %s | %s" % (example["script"], i + 1, a[i] if i < len(a) else "(end)", b[i] if i < len(b) else "(end)"))
            result["timings"][os.path.basename(example["script"])] = round(seconds * 1000)

        tour = "file://" + os.path.abspath(manifest["tour"])
        open_page(tour)
        # A crash, then the fix: the batch becomes a commit.
        crash = 'reset [["A","B","C"]]\nbegin\ndelete 0:0\ninsert 0:5 "x"\nend\n'
        text, _, _ = run(crash)
        evaluate("window.lessonPage.go(L.steps.length - 1)")
        rejected = evaluate("!document.getElementById('rejection').hidden && document.getElementById('rejection').textContent")
        if not rejected or "attempt to insert row 5 into section 0" not in rejected:
            say("the crashing batch shows no rejection", text + " " + str(rejected))
        browser.screenshot(shots + "-crash.png")
        text, _, _ = run(crash.replace("0:5", "0:2"))
        evaluate("window.lessonPage.go(L.steps.length - 1)")
        fixed = evaluate("JSON.stringify({ rejected: !document.getElementById('rejection').hidden, commit: !!L.steps[L.steps.length - 1].commit, rows: Array.from(document.querySelectorAll('#tableview .row .text')).map((e) => e.textContent) })")
        fixed = json.loads(fixed)
        if fixed["rejected"] or not fixed["commit"] or fixed["rows"] != ["B", "C", "x"]:
            say("the fixed batch does not commit", json.dumps(fixed))
        browser.screenshot(shots + "-commit.png")

        # Typing shows the script's diagnostics, as the command prints them.
        evaluate("document.getElementById('edit').getAttribute('aria-pressed') === 'true' || document.getElementById('edit').click()")
        evaluate("(() => { const e = document.getElementById('editor'); e.value = 'reset [[\"a\"]]\\ndelete 0:\\n'; e.dispatchEvent(new Event('input')); })()")
        deadline = time.time() + 10
        shown = ""
        while time.time() < deadline:
            shown = evaluate("document.getElementById('editor-diagnostics').textContent") or ""
            if shown:
                break
            time.sleep(0.05)
        if "2:10: error: expected a row after ':'" not in shown or "^" not in shown:
            say("typing does not show the script's diagnostics", shown)
        evaluate("document.getElementById('edit').click()")

        # A shared link opens the same script at the same step.
        evaluate("window.lessonPage.go(3)")
        evaluate("document.getElementById('share').click()")
        time.sleep(0.5)
        link = evaluate("location.href")
        shared_name = evaluate("L.files[0].name")
        if "code=" not in link or "step=3" not in link or "name=" not in link:
            say("the link does not carry the script and the step", link)
        open_page(link)
        deadline = time.time() + 15
        while time.time() < deadline and not status().startswith("Ran"):
            time.sleep(0.1)
        opened = json.loads(evaluate("JSON.stringify({ script: document.getElementById('editor').value, step: document.body.dataset.step, name: L.files[0].name })"))
        if opened["script"] != crash.replace("0:5", "0:2") or opened["step"] != "3" or opened["name"] != shared_name:
            say("the shared link did not open the same script at the same step", json.dumps(opened) + " " + status())
        browser.screenshot(shots + "-shared.png")

        # Hostile scripts: each stops with a message, and the page answers all the while.
        # (The endless loop and ten million appends meet the page's step budget, ten million statements, in
        # a second or two; three million inserts in the middle of a section, about nine million steps, under
        # that budget, meet the wall-clock limit, and the page ends the worker: each moves a few thousand rows
        # of its chunk, 11 s in node. Inserts at the top were the script until a chunk kept room before its
        # rows: three million of them now run in about 3 s.)
        hostile = {
            "endless loop": ("while true { }\n", "Ran in", "step limit of 10000000 exceeded"),
            "ten million rows": ('reset [[]]\nfor i in 0..<10000000 { append 0 "row" }\n', "Ran in", "step limit of 10000000 exceeded"),
            "three million inserts in the middle": ('reset [[]]\nfor i in 0..<3000000 { insert 0:(i / 2) "row" }\n', "Stopped: it was still running after", None),
            "deep recursion": ("proc f(n) { return f(n + 1) }\nf(0)\n", "Ran in", "call depth limit"),
        }
        for name, (script, expected, why) in hostile.items():
            open_page(tour)
            ran = []
            # The longest task of the page's main thread from Run to the message, traced.
            longest, _ = browser.longest_task(lambda: ran.append(run(script, limit=20.0)))
            text, seconds, slowest = ran[0]
            result["hostile"][name] = {"status": text[:160], "seconds": round(seconds, 2), "slowest answer ms": round(slowest * 1000),
                                       "longest task ms": round(longest or 0, 1)}
            if longest is None or longest > 250:
                say("the page's main thread was busy too long while a hostile script ran", "%s: %s ms" % (name, longest))
            if expected and not text.startswith(expected):
                say("a hostile script did not stop as it should", name + ": " + text)
            if not text.startswith(("Ran", "Stopped")):
                say("a hostile script did not end with a message", name + ": " + text)
            if seconds > 8:
                say("a hostile script ran past the page's limit", name + ": %.1f s" % seconds)
            if slowest > 0.5:
                say("the page stopped answering while a hostile script ran", name + ": %.0f ms" % (slowest * 1000))
            if why:
                evaluate("window.lessonPage.go(L.steps.length - 1)")
                console = evaluate("document.getElementById('console').textContent")
                if why not in console:
                    say("a hostile script does not say why it stopped", name + ": " + console[-300:])
            if name == "three million inserts in the middle":
                browser.screenshot(shots + "-stopped.png")
        # A link whose script is larger than the page takes: refused before it runs.
        big = evaluate("window.playground.pack('print 1\\n'.repeat(300000))", await_promise=True)
        open_page(tour.split("#")[0] + "#code=" + big + "&step=0")
        deadline = time.time() + 10
        while time.time() < deadline and not status():
            time.sleep(0.1)
        result["hostile"]["a 2 MB script in a link"] = {"status": status()[:160]}
        if "larger than" not in status():
            say("a link with a too-large script was not refused", status())

        # A link's fields with malformed escapes (issue 57, finding 15): `name=%ff` refused a script that is
        # fine; the name is read as far as it can be.
        open_page(tour)
        code = evaluate("window.playground.pack('reset [[\"a\"]]\\ndelete 0:0\\n')", await_promise=True)
        open_page(tour.split("#")[0] + "#name=%ff%41%e2%82&code=" + code + "&step=2")
        deadline = time.time() + 15
        while time.time() < deadline and not status().startswith(("Ran", "Not run", "The link", "Stopped")):
            time.sleep(0.1)
        named = json.loads(evaluate("JSON.stringify({ status: document.getElementById('run-status').textContent, name: L.files[0].name, step: document.body.dataset.step })"))
        result["malformed name"] = named
        if not named["status"].startswith("Ran") or named["name"] != "%ffA%e2%82" or named["step"] != "2":
            say("a link whose name has a malformed escape does not run its script", json.dumps(named))

        network()

    browser.run(result, steps)

main()
