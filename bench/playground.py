#!/usr/bin/env python3
"""Measures the playground page in headless Chromium (the DevTools protocol, as Tests/Browser/cdp.py speaks
it) beside the native command, for bench/NOTES.md. Not a test: these machines are shared and noisy.

    bench/playground.py CHROMIUM LISTDSL ROWS10K.list LOOP1M.list

It makes the playground page of examples/tour.list and prints one JSON object: the page's size (raw and
gzip'd), how long after the page's load the module was ready, the warm re-runs of the tour in the page
(the worker's own clock, median of 5), the million-append loop in the page, and the slowest step drawn of
the 10,000-row script's lesson; then the main thread's longest task opening a link at each of its limits
and the editor on it, and for a console entry that prints 8 MiB and a small one after it.
"""
import gzip, json, os, statistics, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Browser"))
from cdp import Browser


def main():
    chromium, listdsl, rows, loop = sys.argv[1:5]
    work = tempfile.mkdtemp(prefix="listdsl-playground-bench-")
    page = os.path.join(work, "tour.html")
    subprocess.run([listdsl, "html", "--playground", "examples/tour.list", "-o", page], check=True)
    big = os.path.join(work, "rows.html")
    subprocess.run([listdsl, "html", "--playground", rows, "-o", big], check=True, stderr=subprocess.DEVNULL)
    data = open(page, "rb").read()
    result = {"page bytes": len(data), "page gzip bytes": len(gzip.compress(data, 9))}
    browser = Browser(chromium, 1400, 1000)

    def steps():
        evaluate = browser.evaluate
        browser.open("file://" + page)
        deadline = time.time() + 20
        while time.time() < deadline and not evaluate("window.listdslHost && window.listdslHost.readyAt"):
            time.sleep(0.01)
        result["module ready ms after load"] = round(evaluate(
            "window.listdslHost.readyAt - performance.getEntriesByType('navigation')[0].loadEventEnd"), 1)

        def run(script, limit=30):
            evaluate("document.getElementById('edit').getAttribute('aria-pressed') === 'true' || document.getElementById('edit').click()")
            evaluate("document.getElementById('editor').value = %s" % json.dumps(script))
            evaluate("document.getElementById('run-status').textContent = ''")
            evaluate("document.getElementById('run').click()")
            start = time.time()
            while time.time() - start < limit:
                text = evaluate("document.getElementById('run-status').textContent") or ""
                if text.startswith(("Ran", "Stopped", "Not run")):
                    return text
                time.sleep(0.01)
            return "timed out"

        tour = open("examples/tour.list", encoding="utf-8").read()
        runs = []
        for _ in range(6):
            run(tour)
            runs.append(evaluate("window.playground.last.ms"))
        result["tour first run ms"] = round(runs[0], 1)
        result["tour warm run ms (median of 5)"] = round(statistics.median(runs[1:]), 1)
        # Typing a character in a 100-line script: from the input event to its diagnostics shown.
        script = "".join('print "line %d"\n' % i for i in range(99)) + "delete 0:\n"
        evaluate("document.getElementById('edit').getAttribute('aria-pressed') === 'true' || document.getElementById('edit').click()")
        delays = []
        for k in range(8):
            evaluate("window.playground.checked = null; (() => { const e = document.getElementById('editor'); e.value = %s; e.dispatchEvent(new Event('input')); })()" % json.dumps(script + "#" * k))
            deadline = time.time() + 5
            while time.time() < deadline and not evaluate("window.playground.checked"):
                time.sleep(0.005)
            delays.append(evaluate("window.playground.checked.shown - window.playground.checked.typed"))
        result["diagnostics after typing, 100 lines, ms (median of 8; 25 ms of it the pause)"] = round(statistics.median(delays), 1)
        result["loop-1m in the page"] = run(open(loop, encoding="utf-8").read())
        browser.open("file://" + big)
        last = evaluate("L.steps.length - 1")
        sample = sorted(set(list(range(0, last + 1, max(1, last // 40))) + [last - 2, last - 1, last]))
        slowest = 0.0
        for i in sample:
            # From the step asked for to its frame drawn: the script, then the frame's style, layout and paint
            # (a task queued from the frame's animation callback runs after them).
            ms = evaluate("new Promise((done) => { const t = performance.now(); window.lessonPage.go(%d); "
                          "requestAnimationFrame(() => setTimeout(() => done(performance.now() - t), 0)); })" % i,
                          await_promise=True)
            slowest = max(slowest, ms)
        result["10,000-row lesson: slowest of %d steps drawn (to its frame), ms" % len(sample)] = round(slowest, 1)

        # Issue 57: a link at each of its limits, opened, then the editor opened on it; a console entry that
        # prints 8 MiB, and a small one after it: the longest task of the page's main thread for each.
        browser.open("file://" + page)
        limits = evaluate("window.playground.linkLimits")
        for name, script in (("lines", "'\\n'.repeat(%d)" % (limits["lines"] - 1)),
                             ("bytes", "'#' + 'x'.repeat(%d) + '\\n'" % (limits["bytes"] - 2))):
            code = evaluate("window.playground.pack(%s)" % script, await_promise=True)

            def follow():
                browser.open("file://" + page + "#code=" + code)
                deadline = time.time() + 20
                while time.time() < deadline and not (evaluate("document.getElementById('run-status').textContent") or "").startswith("Ran"):
                    time.sleep(0.01)
            opened, _ = browser.longest_task(follow)
            edited, _ = browser.longest_task(lambda: (evaluate("document.getElementById('edit').click()"), time.sleep(0.5)))
            result["a link at its %s limit (%s): longest task opening it, then the editor, ms" % (name, limits[name])] = [
                round(opened or 0, 1), round(edited or 0, 1)]
        browser.open("file://" + page)
        run(tour)
        for name, entry in (("8 MiB", 'let s = "xxxxxxxx"\nfor i in 0..<20 { s = s + s }\nprint s'), ("small", "print 1")):
            def enter():
                evaluate("(() => { const i = document.getElementById('repl-input'); i.focus(); i.value = %s; })()" % json.dumps(entry))
                browser.key("Enter", 13)
                deadline = time.time() + 20
                while time.time() < deadline and evaluate("document.getElementById('repl-input').value") != "":
                    time.sleep(0.01)
            longest, _ = browser.longest_task(enter)
            result["a console entry, %s: longest task, ms" % name] = round(longest or 0, 1)

    browser.run(result, steps)


main()
