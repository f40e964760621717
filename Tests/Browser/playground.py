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
(`name=%ff`), which still runs its script; hostile links (long: a million empty lines, wide: a line of 1 MiB;
refused with the link's limits) and deep ones, and scripts at the link's limits, open with the main thread's
longest task under 250 ms, the source pane drawing the lines in view (and a statement far down, marked, at
its step) and the editor opening in time; a lesson's
2 MiB of output is stepped through in time; after a run that met the step limit each console entry has its
own budget and the page's hint; and console entries of 8 and 32 MiB are cut with a message, the main
thread's longest task under 250 ms for them and for a later small entry; and no request
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

        def open_link(url):
            """Opens a shared link and waits (at most 15 s) until the page says how its run went."""
            open_page(url)
            deadline = time.time() + 15
            while time.time() < deadline and not status().startswith(("Ran", "Not run", "The link", "Stopped")):
                time.sleep(0.1)

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
        # A lesson's own output, up to 4 MiB of it, is drawn again at each step: the console draws its end.
        open_page(tour)
        run('let s = "xxxxxxxx"\nfor i in 0..<18 { s = s + s }\nprint s\nprint "done"\nprint "and again"\n')
        longest, _ = browser.longest_task(lambda: [evaluate("window.lessonPage.go(%s)" % k) for k in ("L.steps.length - 1", "L.steps.length - 2", "L.steps.length - 1")])
        shown = evaluate("document.getElementById('console').textContent") or ""
        result["hostile"]["2 MiB of a lesson's output, stepped through"] = {"longest task ms": round(longest or 0, 1), "characters drawn": len(shown)}
        if longest is None or longest > 250:
            say("the page's main thread was busy too long stepping through a lesson's big output", "%s ms" % longest)
        if not shown.endswith("done\nand again\n") or len(shown) > 100000:
            say("the lesson's console does not draw the end of a big output", "%d characters, ending %s" % (len(shown), shown[-80:]))
        browser.screenshot(shots + "-lesson-output.png")
        # A link whose script is larger than the page takes: refused before it runs.
        big = evaluate("window.playground.pack('print 1\\n'.repeat(300000))", await_promise=True)
        open_page(tour.split("#")[0] + "#code=" + big + "&step=0")
        deadline = time.time() + 10
        while time.time() < deadline and not status():
            time.sleep(0.1)
        result["hostile"]["a 2 MB script in a link"] = {"status": status()[:160]}
        if not status().startswith("The link's script cannot be opened") or "at most" not in status():
            say("a link with a too-large script was not refused", status())

        # Hostile links (issue 57, finding 3): a link of a few hundred characters held a script the page then
        # laid out in its editor and drew line by line in the source pane (100,000 empty lines froze it for
        # 5-8 s, a million for minutes). Each link opens with a message, run or refused, while the main
        # thread's longest task stays short: long (a million empty lines, as compressed as the link's
        # format allows), wide (one line of 1 MiB), deep (the language's deepest nesting of blocks, and of
        # brackets), and a script at each of the link's limits, which the page runs and draws.
        open_page(tour)
        limits = json.loads(evaluate("JSON.stringify(window.playground.linkLimits || {lines: 0, bytes: 0})"))
        result["link limits"] = limits
        links = [
            ("long", "'\\n'.repeat(1000000)", "refused"),
            ("wide", "'#' + 'x'.repeat((1 << 20) - 2) + '\\n'", "refused"),
            ("deep blocks", "'if true {\\n'.repeat(199) + 'print 1\\n' + '}\\n'.repeat(199)", "ran"),
            ("deep brackets", "'let x = ' + '['.repeat(200) + ']'.repeat(200) + '\\nprint len(x)\\n'", "ran"),
        ]
        if limits["lines"] and limits["bytes"]:
            links += [
                ("long, at the link's limit", "'\\n'.repeat(%d)" % (limits["lines"] - 1), "ran"),
                ("wide, at the link's limit", "'#' + 'x'.repeat(%d) + '\\n'" % (limits["bytes"] - 2), "ran"),
            ]
        else:
            say("the playground does not say its link's limits (window.playground.linkLimits)", limits)
        for name, script, expected in links:
            open_page(tour)
            code = evaluate("window.playground.pack(%s)" % script, await_promise=True)
            link = tour.split("#")[0] + "#name=hostile.list&code=" + code + "&step=0"
            seen = {}

            def follow():
                start = time.time()
                open_page(link)
                slowest = 0.0
                text = ""
                while time.time() - start < 30:
                    asked = time.time()
                    text = status()
                    slowest = max(slowest, time.time() - asked)
                    if text.startswith(("Ran", "Stopped", "Not run", "The link")):
                        break
                    time.sleep(0.05)
                seen.update(text=text, seconds=time.time() - start, slowest=slowest)

            longest, _ = browser.longest_task(follow)
            text = seen.get("text", "")
            result["hostile"]["link: " + name] = {
                "link characters": len(link.split("#", 1)[1]), "status": text[:200],
                "seconds": round(seen.get("seconds", 0), 2), "slowest answer ms": round(seen.get("slowest", 0) * 1000),
                "longest task ms": round(longest or 0, 1)}
            if longest is None or longest > 250:
                say("the page's main thread was busy too long opening a hostile link", "%s: %s ms" % (name, longest))
            if expected == "ran" and not text.startswith("Ran"):
                say("a link within the page's limits did not run", name + ": " + text)
            if expected == "refused" and not (text.startswith("The link") and "at most" in text):
                say("a hostile link was not refused with a message that says the limit", name + ": " + text)
            if expected == "ran":
                # The source pane shows the script's lines, numbered, the first and (scrolled there) the last.
                drawn = json.loads(evaluate("""(async () => {
                    const list = document.getElementById('source');
                    const numbers = () => Array.from(list.querySelectorAll('li .n')).map((n) => parseInt(n.textContent, 10));
                    const first = numbers();
                    list.scrollTop = list.scrollHeight;
                    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
                    return JSON.stringify({ first: first.slice(0, 3), last: numbers().slice(-1), items: list.querySelectorAll('li').length,
                                            lines: L.files[0].lines.length });
                })()""", await_promise=True))
                result["hostile"]["link: " + name]["source pane"] = drawn
                if drawn["first"][:1] != [1] or drawn["last"] != [drawn["lines"]] or drawn["items"] > 1000:
                    say("the source pane does not draw the script's lines in view", name + ": " + json.dumps(drawn))
                # The editor, opened on the link's script, lays it out in time too.
                longest, _ = browser.longest_task(lambda: (evaluate("document.getElementById('edit').click()"), time.sleep(0.5)))
                result["hostile"]["link: " + name]["edit: longest task ms"] = round(longest or 0, 1)
                if longest is None or longest > 250:
                    say("the page's main thread was busy too long opening the editor on a link's script", "%s: %s ms" % (name, longest))
                evaluate("document.getElementById('edit').click()")
            browser.screenshot(shots + "-link-" + name.split(",")[0].replace(" ", "-") + ("-at-limit" if "limit" in name else "") + ".png")

        # A long script opened at a step far down: the pane draws that statement's line, marked and in view,
        # and each step after.
        open_page(tour)
        code = evaluate("window.playground.pack('\\n'.repeat(2999) + 'reset [[\"A\"]]\\n' + '\\n'.repeat(1500) + 'delete 0:0\\n')", await_promise=True)
        open_link(tour.split("#")[0] + "#code=" + code + "&step=2")
        marked = []
        for step in (2, 1, 2):
            evaluate("window.lessonPage.go(%d)" % step)
            marked.append(json.loads(evaluate("""(async () => {
                await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
                const list = document.getElementById('source'), cur = list.querySelector('li.cur');
                if (!cur) return JSON.stringify(null);
                const pane = list.getBoundingClientRect(), line = cur.getBoundingClientRect();
                return JSON.stringify({ line: parseInt(cur.querySelector('.n').textContent, 10), inView: line.top >= pane.top - 1 && line.bottom <= pane.bottom + 1,
                                        mark: (cur.querySelector('mark.range') || {}).textContent || null });
            })()""", await_promise=True)))
        result["a long script stepped far down"] = marked
        if marked != [{"line": 4501, "inView": True, "mark": "delete 0:0"}, {"line": 3000, "inView": True, "mark": 'reset [["A"]]'},
                      {"line": 4501, "inView": True, "mark": "delete 0:0"}]:
            say("a long script's statement is not drawn, marked and in view at its step", json.dumps(marked))
        # On paper the pane does not scroll: it prints the lines around the statement and says which it leaves out.
        evaluate("window.lessonPage.go(1)")
        browser.emulate(800, 1100, "print", False)
        printed = json.loads(evaluate("""(async () => {
            await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
            const list = document.getElementById('source'), cur = list.querySelector('li.cur');
            return JSON.stringify({ line: cur ? parseInt(cur.querySelector('.n').textContent, 10) : null,
                                    gaps: Array.from(list.querySelectorAll('li.gap')).map((g) => getComputedStyle(g, '::before').content) });
        })()""", await_promise=True))
        browser.emulate(1400, 1000)
        result["a long script printed"] = printed
        if printed["line"] != 3000 or len(printed["gaps"]) != 2 or "lines 1–" not in printed["gaps"][0]:
            say("a long script's printout does not hold its statement and say which lines it leaves out", json.dumps(printed))

        # A link's fields with malformed escapes (issue 57, finding 15): `name=%ff` refused a script that is
        # fine; the name is read as far as it can be.
        open_page(tour)
        code = evaluate("window.playground.pack('reset [[\"a\"]]\\ndelete 0:0\\n')", await_promise=True)
        open_link(tour.split("#")[0] + "#name=%ff%41%e2%82&code=" + code + "&step=2")
        named = json.loads(evaluate("JSON.stringify({ status: document.getElementById('run-status').textContent, name: L.files[0].name, step: document.body.dataset.step })"))
        result["malformed name"] = named
        if not named["status"].startswith("Ran") or named["name"] != "%ffA%e2%82" or named["step"] != "2":
            say("a link whose name has a malformed escape does not run its script", json.dumps(named))

        # A link whose code was cut short or changed: a message that says so, whatever the engine's words.
        whole = evaluate("window.playground.pack('print 1\\n'.repeat(200))", await_promise=True)
        for code in ("abc.def", "A", whole[: len(whole) // 2], ""):
            open_page(tour.split("#")[0] + "#code=" + code)
            deadline = time.time() + 10
            while time.time() < deadline and not status():
                time.sleep(0.05)
            if not status().startswith("The link's script cannot be opened: its code") or "cut short or changed" not in status():
                say("a damaged link's code does not say so", "%r: %s" % (code[:20], status()))

        # The console (issue 57, finding 5): after a run that met the ten-million-step limit, each entry has
        # its own budget (they all failed with the run's limit, and the hint named --max-steps).
        def enter(text, limit=20.0):
            """Types `text` into the console and presses Enter, or clicks Undo/Redo for "undo"/"redo" given
            as ("button", id); returns (the text the entry added to the log, seconds)."""
            before = evaluate("document.getElementById('repl-log').textContent.length")
            start = time.time()
            if isinstance(text, tuple):
                evaluate("document.getElementById(%s).click()" % json.dumps(text[1]))
            else:
                evaluate("(() => { const i = document.getElementById('repl-input'); i.focus(); i.value = %s; })()" % json.dumps(text))
                browser.key("Enter", 13)
            while time.time() - start < limit:
                if evaluate("document.getElementById('repl-log').textContent.length !== %d && document.getElementById('repl-input').value === ''" % before):
                    break
                time.sleep(0.05)
            # Each entry is a block of the log (older ones may have been cleared to bound the log's text).
            added = evaluate("(() => { const log = document.getElementById('repl-log'); const t = log.textContent; return log.lastElementChild && log.lastElementChild.tagName === 'DIV' ? log.lastElementChild.textContent : t.slice(%d); })()" % before) or ""
            return added, time.time() - start

        open_page(tour)
        text, _, _ = run('reset [["A", "B", "C"]]\nwhile true { }\n', limit=20.0)
        evaluate("window.lessonPage.go(L.steps.length - 1)")
        ran = evaluate("document.getElementById('console').textContent") or ""
        result["step budget"] = {"run": text[:120], "run's console": ran[-300:]}
        if "step limit of 10000000 exceeded" not in ran or "--max-steps" in ran or "hint: the page gives" not in ran:
            say("the run that met the step limit does not say so with the page's hint", ran[-300:])
        for entry, wanted in (("print rows(0)", "3\n"), ("delete 0:0", "delete"), (("button", "repl-undo"), "undo"),
                              (("button", "repl-redo"), "redo"), ("print rows(0)", "2\n")):
            added, seconds = enter(entry)
            result["step budget"][str(entry)] = added[:200]
            if "step limit" in added or "error" in added or wanted not in added:
                say("a console entry after a run that met the step limit failed", "%s: %s" % (entry, added[:300]))
        added, _ = enter("while true { }")
        result["step budget"]["an entry that meets the limit"] = added[:400]
        if "step limit of 10000000 exceeded" not in added or "--max-steps" in added or "hint: the page gives" not in added:
            say("an entry that met the step limit does not say so with the page's hint", added[:400])
        evaluate("document.getElementById('repl-log').scrollIntoView()")
        browser.screenshot(shots + "-console-step-limit.png")
        added, _ = enter("print rows(0)")
        if added.strip() != "list> print rows(0)\n2".strip():
            say("the entry after one that met the step limit did not run", added[:300])

        # The console's output (issue 57, finding 4): an entry that printed 8 MiB kept the main thread busy
        # for seconds, and every later entry about 3 s; 32 MiB froze the page. The module cuts an entry's
        # output and the console says so; its drawn text stays bounded, so later entries stay quick.
        open_page(tour)
        run('reset [["A"]]\n')
        big = "let s = \"xxxxxxxx\"\nfor i in 0..<%d { s = s + s }\nprint s"
        result["console output"] = {}
        for name, entry in (("8 MiB", big % 20), ("32 MiB", big % 22), ("8 MiB again", big % 20), ("8 MiB a third time", big % 20),
                            ("a small entry", "print rows(0)")):
            seen = {}
            longest, _ = browser.longest_task(lambda: seen.update(zip(("added", "seconds"), enter(entry, 30.0))))
            added = seen.get("added", "")
            result["console output"][name] = {"longest task ms": round(longest or 0, 1), "seconds": round(seen.get("seconds", 0), 2),
                                              "characters added": len(added), "end": added[-160:]}
            if longest is None or longest > 250:
                say("the page's main thread was busy too long for a console entry", "%s: %s ms" % (name, longest))
            if "MiB" in name and ("not shown" not in added or len(added) > 300000):
                say("a console entry's huge output was not cut with a message", "%s: %d characters, ends %s" % (name, len(added), added[-200:]))
            if name == "8 MiB":
                evaluate("document.getElementById('repl-log').scrollIntoView()")
                browser.screenshot(shots + "-console-8mib.png")
        drawn = evaluate("document.getElementById('repl-log').textContent.length")
        result["console output"]["characters drawn"] = drawn
        start = evaluate("document.getElementById('repl-log').textContent.slice(0, 80)")
        if drawn > 1200000 or not start.startswith("(earlier entries' text is cleared"):
            say("the console's drawn text is not bounded, with a note", "%s characters, starting %s" % (drawn, start))
        browser.screenshot(shots + "-console-after.png")
        network()

    browser.run(result, steps)

main()
