#!/usr/bin/env python3
"""Drives a class site made by `listdsl site` in headless Chromium (see cdp.py), from `file://` and from a
static server on this machine's loopback address, with the command as the oracle.

    site.py CHROMIUM LISTDSL SITE-DIR MANIFEST.json SHOTS-PREFIX

MANIFEST.json: {"goldens": [{"script": PATH, "name": NAME, "events":
FILE.jsonl, "files": true when it reads files, "depth": true when it meets the call-depth limit}], "quiz": {"level", "seed", "count", "view"}, "console":
[ENTRY, …]}

- The index links to the playground, the quiz and every lesson, and each opens.
- Every golden script, run by the module in the playground page, draws exactly what `listdsl html
  --events` writes for it (a script that reads files says, instead, that it needs the command-line tool;
  one that recurses past the page's call depth, 100, stops there rather than at the command's 1,000).
- The console at the end of the run: each entry's output is what the command gives for it (`--changes`),
  undo works, an error shows its caret, and an open batch shows in the prompt.
- The quiz, made in the page for a level and seed, asks the questions `listdsl quiz --print` asks, and
  each answer gets the terminal's feedback, word for word, and a score. A quiz link with malformed escapes
  (`seed=%ff`) makes a quiz too, each field it cannot read left at its default.
- While a hostile script runs, the main thread's longest task (measured through the DevTools protocol's
  tracing) stays short.
- No request leaves the machine: from `file://` every request is local; from the static server every
  request goes to that server.
It prints one JSON object: what it saw and every problem found.
"""
import functools, http.server, json, os, subprocess, sys, threading, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser

LOCAL = ("file:", "data:", "blob:", "about:", "chrome:", "devtools:")


def serve(directory):
    """A static server for `directory` on 127.0.0.1 (an ephemeral port), in a thread; returns it."""
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=directory)
    handler.log_message = lambda *args: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def command(listdsl, arguments, stdin=""):
    """What the command writes to standard output for `arguments` and `stdin` (the oracle)."""
    env = dict(os.environ, NO_COLOR="1", LISTDSL_INIT="", LISTDSL_DEFAULTS="")
    return subprocess.run([listdsl] + arguments, input=stdin, capture_output=True, text=True, env=env,
                          timeout=60).stdout


def main():
    chromium, listdsl, site, manifest_path, shots = sys.argv[1:6]
    manifest = json.load(open(manifest_path, encoding="utf-8"))
    browser = Browser(chromium, 1400, 1000)
    result = {"goldens": 0, "console": 0, "quiz": {}, "problems": [], "requests": {"file": 0, "http": 0},
              "longest task ms": None, "pages": 0}
    say = lambda what, detail="": result["problems"].append({"what": what, "detail": str(detail)[:600]})
    server = serve(site)
    origin = "http://127.0.0.1:%d/" % server.server_address[1]

    def steps():
        evaluate = browser.evaluate
        browser.send("Network.enable")

        def network(kind):
            # A page's own files, from the disk or from the server it came from; nothing else.
            for event in list(browser.pending):
                if event.get("method") == "Network.requestWillBeSent":
                    url = event["params"]["request"]["url"]
                    result["requests"]["http" if url.startswith(origin) else "file"] += 1
                    if not url.startswith(LOCAL + (origin,)):
                        say("a request left the machine", url)

        def wait(expression, limit=20.0):
            deadline = time.time() + limit
            while time.time() < deadline:
                value = evaluate(expression)
                if value:
                    return value
                time.sleep(0.05)
            return None

        def open_page(url, kind):
            network(kind)
            browser.open(url)
            result["pages"] += 1

        for kind, base in (("file", "file://" + os.path.abspath(site) + "/"), ("http", origin)):
            # The index, and every page it links to.
            open_page(base + "index.html", kind)
            links = evaluate("Array.from(document.querySelectorAll('a')).map((a) => a.getAttribute('href'))") or []
            if "playground.html" not in links or "quiz.html" not in links or len(links) < 3:
                say("the index does not link the playground, the quiz and the lessons", links)
            if kind == "file":
                browser.screenshot(shots + "-index.png")
            for link in links:
                open_page(base + link, kind)
                if link.startswith("quiz"):
                    ok = wait("document.querySelectorAll('.question').length > 0")
                else:
                    ok = wait("window.listdslHost && (window.listdslHost.readyAt || window.listdslHost.failed)")
                    failed = evaluate("window.listdslHost && window.listdslHost.failed")
                    if failed:
                        say("a page's interpreter did not start", link + ": " + failed)
                if not ok:
                    say("a page of the site did not come up", kind + " " + link)
            network(kind)

        base = "file://" + os.path.abspath(site) + "/"
        # The playground opens in its editor, with the starter script.
        open_page(base + "playground.html", "file")
        wait("window.listdslHost.readyAt")
        starter = evaluate("L.files[0].lines.join('\\n') + '\\n'")
        editor = evaluate("document.getElementById('editor').value")
        if not starter.startswith("#") or editor != starter or evaluate("document.getElementById('editor').hidden"):
            say("the playground does not open its editor on its starting script", editor)

        # Typing in the editor, key by key: the language's words are completed, and a broken line is
        # underlined with the command's diagnostic.
        evaluate("(() => { const e = document.getElementById('editor'); e.focus(); e.setSelectionRange(e.value.length, e.value.length); })()")
        for c in "ins":
            browser.send("Input.insertText", {"text": c})
        offered = wait("(() => { const p = document.querySelector('.ed-popup'); return p && !p.hidden && Array.from(p.querySelectorAll('.ed-item')).map((i) => i.textContent).join(' | '); })()", 5) or ""
        if "insert" not in offered:
            say("typing 'ins' does not offer 'insert'", offered)
        browser.key("Enter", 13)
        typed = evaluate("document.getElementById('editor').value")
        if not typed.endswith("insert"):
            say("Enter does not insert the completion", typed[-80:])
        for c in " 0:":
            browser.send("Input.insertText", {"text": c})
        marked = wait("document.querySelectorAll('.ed-wrap .ed-error, .ed-wrap [class*=\"diag\"], .ed-wrap .ed-mark').length > 0 && document.getElementById('editor-diagnostics').textContent", 5) or ""
        if "error: expected a row after ':'" not in marked:
            say("a broken line typed is not underlined with its diagnostic", marked[:300])
        browser.screenshot(shots + "-editor.png")
        evaluate("(() => { const e = document.getElementById('editor'); e.value = %s; e.dispatchEvent(new Event('input')); })()" % json.dumps(starter))

        # Every golden script, run by the module in the page, as the command runs it.
        for golden in manifest["goldens"]:
            source = open(golden["script"], encoding="utf-8").read()
            answer = evaluate("window.listdslHost.run(%s, %s).then((r) => r.stream || ('stopped: ' + r.stopped))" % (
                json.dumps(golden["name"]), json.dumps(source)), await_promise=True) or ""
            result["goldens"] += 1
            if golden["files"]:
                if "this needs the command-line tool" not in answer:
                    say("a script that reads files does not say it needs the command-line tool", golden["script"])
                continue
            wanted = open(golden["events"], encoding="utf-8").read()
            if golden["depth"]:
                # The page's call depth is 100, not the command's 1,000: the run ends as the command's does,
                # with the same error at its own limit.
                ran = answer.endswith('{"event":"end"}\n') and not answer.startswith("stopped")
                same = ("call depth limit of 1000 exceeded" in wanted) == ("call depth limit of 100 exceeded" in answer)
                if not ran or not same:
                    say("a deep recursion does not meet the page's call depth", golden["script"] + ": " + answer[-300:])
                continue
            if answer != wanted:
                a, b = answer.split("\n"), wanted.split("\n")
                i = next((k for k in range(min(len(a), len(b))) if a[k] != b[k]), min(len(a), len(b)))
                say("the page's stream differs from listdsl html --events", "%s line %d: %s | %s" % (
                    golden["script"], i + 1, a[i][:200] if i < len(a) else "(end)", b[i][:200] if i < len(b) else "(end)"))

        # The console at the end of the run, as the REPL: the change view, undo, errors and the prompt.
        open_page(base + "playground.html", "file")
        wait("window.listdslHost.readyAt")
        evaluate("document.getElementById('run').click()")
        wait("(document.getElementById('run-status').textContent || '').startsWith('Ran')")

        def enter(text):
            before = evaluate("document.getElementById('repl-log').textContent.length")
            evaluate("(() => { const i = document.getElementById('repl-input'); i.focus(); i.value = %s; })()" % json.dumps(text))
            browser.key("Enter", 13)
            wait("document.getElementById('repl-log').textContent.length > %d && document.getElementById('repl-input').value === ''" % before, 10)
            return evaluate("document.getElementById('repl-log').textContent.slice(%d)" % before) or ""

        # Each entry's output is what `listdsl --changes` adds for it after the script and the entries before.
        script = starter
        for entry in manifest["console"]:
            before = command(listdsl, ["--changes", "-"], script)
            script += entry + "\n"
            wanted = command(listdsl, ["--changes", "-"], script)[len(before):]
            shown = enter(entry)
            result["console"] += 1
            if shown != "list> " + entry + "\n" + wanted:
                say("the console's output is not the command's", json.dumps({"entry": entry, "page": shown, "command": wanted}))
        shown = enter("delete 0:9")
        if "<console>:1:8: error:" not in shown or "^" not in shown:
            say("an error in the console shows no caret", shown)
        enter("begin")
        prompt = evaluate("document.getElementById('repl-prompt').textContent")
        if prompt != "list[batch 1]>":
            say("an open batch does not show in the console's prompt", prompt)
        enter("end")
        evaluate("document.getElementById('repl-undo').click()")
        undone = wait("document.getElementById('repl-log').textContent.endsWith('\\n') && document.getElementById('repl-log').textContent.includes('list> undo')", 10)
        if not undone:
            say("the console's Undo did nothing", evaluate("document.getElementById('repl-log').textContent")[-300:])
        evaluate("document.getElementById('repl-log').scrollIntoView()")
        browser.screenshot(shots + "-console.png")

        # The main thread stays free while a hostile script runs: its longest task, from a trace.
        def hostile():
            evaluate("document.getElementById('edit').getAttribute('aria-pressed') === 'true' || document.getElementById('edit').click()")
            evaluate("(() => { const e = document.getElementById('editor'); e.value = 'reset [[]]\\nfor i in 0..<3000000 { insert 0:(i / 2) \"row\" }\\n'; e.dispatchEvent(new Event('input')); })()")
            evaluate("document.getElementById('run').click()")
            if not wait("(document.getElementById('run-status').textContent || '').startsWith('Stopped')", 15):
                say("the three million inserts were not stopped", evaluate("document.getElementById('run-status').textContent"))
            browser.screenshot(shots + "-stopped.png")
        longest, traced = browser.longest_task(hostile)
        result["longest task ms"] = round(longest, 1) if longest is not None else None
        result["tasks traced"] = traced
        if longest is None:
            say("the trace holds no task of the page's main thread")
        elif longest > 250:
            say("the page's main thread was busy too long while a hostile script ran", "%.0f ms" % longest)

        # The quiz: the same questions as the terminal's, the terminal's feedback, a score.
        q = manifest["quiz"]
        open_page(base + "quiz.html#level=%d&seed=%d&count=%d&view=%s" % (q["level"], q["seed"], q["count"], q["view"]), "file")
        wait("window.quizLive && document.querySelectorAll('.question').length === %d" % q["count"])
        asked = json.loads(evaluate("JSON.stringify(window.quizLive.quiz.questions)") or "[]")
        # The first choice of each question, picked in the page and typed in the terminal.
        print_text = command(listdsl, ["quiz", "--level", str(q["level"]), "--seed", str(q["seed"]), "--count",
                                       str(q["count"]), "--view", q["view"], "--print"])
        for i, question in enumerate(asked):
            for text in (question["table"], question["batch"], question["ask"]):
                if text not in print_text:
                    say("the page's quiz asks what the terminal does not", "question %d: %s" % (i + 1, text[:200]))
        picks = [question["choices"][0] for question in asked]
        terminal = command(listdsl, ["quiz", "--level", str(q["level"]), "--seed", str(q["seed"]), "--count",
                                     str(q["count"]), "--view", q["view"]], "".join(p["typed"] + "\n" for p in picks))
        for i, pick in enumerate(picks):
            evaluate("document.querySelectorAll('#q%d button.choice')[0].click()" % (i + 1))
            feedback = wait("!document.querySelector('#q%d .feedback').hidden && document.querySelector('#q%d .feedback').textContent" % (i + 1, i + 1), 10) or ""
            if not feedback or feedback not in terminal:
                say("the page's feedback is not the terminal's", json.dumps({"page": feedback, "terminal": terminal[-600:]}))
        result["quiz"]["terminal score"] = terminal.strip().split("\n")[-1]
        score = evaluate("document.getElementById('quiz-score').textContent")
        result["quiz"].update({"questions": len(asked), "score": score})
        # The page's score line is the terminal's.
        if not score or score != result["quiz"]["terminal score"]:
            say("the quiz's score is not the terminal's", "%s | %s" % (score, result["quiz"]["terminal score"]))
        browser.screenshot(shots + "-quiz.png", full_page=True)

        # A quiz link with malformed escapes (issue 57, finding 15): `seed=%ff` threw a URIError and the quiz
        # never appeared, with no message. Each field that cannot be read is left at its default.
        for fragment, seed in (("level=3&seed=%ff&count=4&view=table", None),
                               ("level=%E0%A4%A&seed=12&count=%ff&view=%zz", "12"),
                               ("level=9&seed=1%32&count=4&view=sideways", "12")):
            browser.pending.clear()
            open_page(base + "quiz.html#" + fragment, "file")
            shown = wait("window.quizLive && document.querySelectorAll('.question').length > 0 && JSON.stringify({ questions: document.querySelectorAll('.question').length, seed: document.getElementById('quiz-seed').value, level: document.getElementById('quiz-level').value, view: document.getElementById('quiz-view').value, status: document.getElementById('quiz-status').textContent })", 15)
            thrown = [e["params"]["exceptionDetails"].get("exception", {}).get("description", "")[:200]
                      for e in browser.pending if e.get("method") == "Runtime.exceptionThrown"]
            result["quiz"].setdefault("malformed links", []).append({"fragment": fragment, "shown": shown, "thrown": thrown})
            if not shown or thrown:
                say("a quiz link with malformed escapes does not make a quiz", "%s: %s %s" % (fragment, shown, thrown))
                continue
            seen = json.loads(shown)
            if not seen["seed"].isdigit() or (seed and seen["seed"] != seed) or seen["level"] not in ("1", "2", "3", "4", "5") or seen["view"] not in ("table", "collection"):
                say("a quiz link's unreadable field is not left at its default", "%s: %s" % (fragment, shown))
        network("file")

    try:
        browser.run(result, steps)
    finally:
        server.shutdown()

main()
