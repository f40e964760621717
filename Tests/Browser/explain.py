#!/usr/bin/env python3
"""Drives a playground's "Explain a crash" (issue 58) in headless Chromium (see cdp.py), offline: the page's
WebAssembly module reads a pasted crash text as `listdsl explain --json` does.

    explain.py CHROMIUM MANIFEST.json SHOTS-PREFIX

MANIFEST.json: {"page": PLAYGROUND.html, "site": SITE-DIR, "cases": [{"name", "text", "heading", "report" (what
`listdsl explain --json` writes for the text: the oracle), "startStep" (the step `listdsl explain --html` opens
at, or null)}, ...]}

For each case, on the page opened afresh at a projector's size (1280 x 720): the panel opens from the keyboard
(Enter on "Explain a crash"; the focus goes to the text box, then Tab to Explain), the text is pasted and
explained with Ctrl+Enter; the report the page got is the command's, text for text; the panel shows each text's
heading, UIKit's text verbatim, the check that failed and whether the script reproduces it, or "no UIKit
batch-update text found" with the near misses; Escape closes the panel and gives the focus back; "Open the
script" puts the script in the editor, runs it and shows its crash step, whose crash box (or, for a text
UICollectionView logs, the warning box) holds the simulator's text, which the step before does not; the panel reads
at 390 px with nothing wider than the screen. The main thread's longest task is measured while the text is read
and drawn and while the script opens, and for a 1 MiB log of crash texts (the first 20 drawn). The class site's playground.html#explain opens with the panel open and
explains the third case, and its lessons have the control. A text past the page's limit is refused with a
message. No request may leave the machine. Screenshots: SHOTS-PREFIX-NAME.png (the panel), -NAME-crash.png (the step), -NAME-390.png.
It prints one JSON object: what it saw and every problem found.
"""
import json, os, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser

LOCAL = ("file:", "data:", "blob:", "about:", "chrome:", "devtools:")


def main():
    chromium, manifest_path, shots = sys.argv[1:4]
    manifest = json.load(open(manifest_path))
    browser = Browser(chromium, 1280, 720)
    result = {"cases": {}, "problems": [], "requests": 0}
    say = lambda what, detail="": result["problems"].append({"what": what, "detail": str(detail)[:600]})

    def steps():
        evaluate = browser.evaluate
        browser.send("Network.enable")
        page = "file://" + os.path.abspath(manifest["page"])

        def network():
            for event in list(browser.pending):
                if event.get("method") == "Network.requestWillBeSent":
                    url = event["params"]["request"]["url"]
                    result["requests"] += 1
                    if not url.startswith(LOCAL):
                        say("a request left the machine", url)

        def wait(expression, limit=15.0):
            deadline = time.time() + limit
            while time.time() < deadline:
                value = evaluate(expression)
                if value:
                    return value
                time.sleep(0.05)
            return None

        def press(key, code, modifiers=0, text=None):
            """A key as the keyboard gives it: Enter also types its character, which activates a button."""
            params = {"type": "keyDown" if text else "rawKeyDown", "key": key, "code": key, "windowsVirtualKeyCode": code,
                      "nativeVirtualKeyCode": code, "modifiers": modifiers}
            if text:
                params["text"] = text
            browser.send("Input.dispatchKeyEvent", params)
            browser.send("Input.dispatchKeyEvent", {"type": "keyUp", "key": key, "code": key, "windowsVirtualKeyCode": code,
                                                    "nativeVirtualKeyCode": code, "modifiers": modifiers})

        focused = lambda: evaluate("document.activeElement && document.activeElement.id")

        def open_page():
            network()
            browser.emulate(1280, 720)
            browser.open(page)
            if not wait("window.listdslHost && (window.listdslHost.readyAt || window.listdslHost.failed)", 30):
                say("the interpreter did not start", page)

        def shown():
            """What the panel shows: its status, and for each text its heading, UIKit's text, the facts and the
            reproduction's verdict."""
            return json.loads(evaluate("""JSON.stringify({
                open: document.getElementById('explain-panel').open,
                status: document.getElementById('explain-status').textContent,
                none: (document.querySelector('#explain-result .ex-none') || {}).textContent || null,
                texts: Array.from(document.querySelectorAll('#explain-result .ex-text')).map((s) => ({
                    heading: s.querySelector('h3').textContent,
                    text: s.querySelector('.ex-uikit').textContent,
                    facts: s.querySelector('.ex-facts').textContent,
                    causes: s.querySelectorAll('.ex-causes > li').length,
                    verdict: (s.querySelector('.ex-verdict') || {}).className || null,
                    script: (s.querySelector('.ex-code') || {}).textContent || null,
                    open: !!s.querySelector('.ex-open') })) })"""))

        def overflow():
            """What is wider than the screen: the page, or anything inside the panel."""
            return json.loads(evaluate("""JSON.stringify({
                page: document.documentElement.scrollWidth - window.innerWidth,
                panel: (() => { const p = document.getElementById('explain-panel'); const box = p.getBoundingClientRect();
                    return { left: box.left, right: window.innerWidth - box.right, scroll: p.scrollWidth - p.clientWidth }; })(),
                wide: Array.from(document.querySelectorAll('#explain-panel *')).filter((e) => {
                    const r = e.getBoundingClientRect(); return r.width > 0 && (r.right > window.innerWidth + 0.5 || r.left < -0.5); })
                    .slice(0, 3).map((e) => e.tagName + '.' + e.className) })"""))

        for case in manifest["cases"]:
            name, text, report = case["name"], case["text"], case["report"]
            seen = result["cases"][name] = {}
            open_page()
            # The keyboard: Enter on the control opens the panel with the focus in the text box; Tab reaches Explain.
            evaluate("document.getElementById('explain').focus()")
            press("Enter", 13, text="\r")
            if not wait("document.getElementById('explain-panel').open", 5) or focused() != "explain-input":
                say("Enter on 'Explain a crash' does not open the panel with the focus in its text box", "%s: %s" % (name, focused()))
            press("Tab", 9)
            if focused() != "explain-run":
                say("Tab from the text box does not reach Explain", "%s: %s" % (name, focused()))
            evaluate("document.getElementById('explain-input').focus()")

            def paste_and_explain():
                browser.send("Input.insertText", {"text": text})
                press("Enter", 13, modifiers=2)  # Ctrl+Enter
                wait("/^(Found|No UIKit|Not read)/.test(document.getElementById('explain-status').textContent)", 30)
            longest, tasks = browser.longest_task(paste_and_explain)
            seen["explain: longest task ms"] = round(longest or 0, 1)
            if longest is None or longest > 250:
                say("the page's main thread was busy too long reading a crash text", "%s: %s ms" % (name, longest))
            got = json.loads(evaluate("JSON.stringify(window.playground.explained || null)"))
            if got is None:
                say("the page did not explain the text", "%s: %s" % (name, evaluate("document.getElementById('explain-status').textContent")))
                continue
            # The oracle: the command's report of the same text (the name aside: 'pasted' in the page).
            got.pop("name", None)
            wanted = dict(report)
            wanted.pop("name", None)
            if got != wanted:
                keys = [k for k in set(got) | set(wanted) if got.get(k) != wanted.get(k)]
                say("the page's report differs from listdsl explain --json", "%s: %s" % (name, keys))
            panel = shown()
            seen["status"] = panel["status"]
            seen["texts"] = [{"heading": t["heading"], "verdict": t["verdict"]} for t in panel["texts"]]
            if len(panel["texts"]) != min(len(report["texts"]), 20):
                say("the panel does not show each text found", "%s: %d shown of %d" % (name, len(panel["texts"]), len(report["texts"])))
            for t, w in zip(panel["texts"], report["texts"]):
                if t["text"] != w["text"]:
                    say("the panel does not show UIKit's text verbatim", "%s: %r" % (name, t["text"][:200]))
                if w["check"] not in t["facts"] or w["arithmetic"][0] not in t["facts"]:
                    say("the panel does not say which check failed and its arithmetic", "%s: %s" % (name, t["facts"][:300]))
                if t["causes"] != len(w["causes"]):
                    say("the panel does not list every likely cause", name)
                verdict = None if w["impossible"] else ("ex-verdict same" if w["reproduced"] else "ex-verdict differs")
                if (t["verdict"] if not w["impossible"] else None) != verdict or (w["impossible"] is None) != t["open"]:
                    say("the panel's reproduction verdict is not the command's", "%s: %s, reproduced %s" % (name, t["verdict"], w["reproduced"]))
                if not w["impossible"] and t["script"] != w["script"]:
                    say("the panel's script is not the command's", name)
            heading = panel["texts"][0]["heading"] if panel["texts"] else ""
            if case.get("heading") and case["heading"] not in heading:
                say("the text's heading is not what its form says", "%s: %r, wanted %r" % (name, heading, case["heading"]))
            if not report["texts"]:
                if not panel["status"].startswith("No UIKit batch-update text found") or not panel["none"]:
                    say("a text that is no UIKit text does not say so", "%s: %s" % (name, panel["status"]))
                for miss in report["nearMisses"][:5]:
                    if miss["expected"] not in (panel["none"] or ""):
                        say("a near miss is not said with what was expected", "%s: %s" % (name, miss["expected"]))
            browser.screenshot(shots + "-" + name + ".png")
            # The panel scrolled to its end: the causes and the script.
            evaluate("(() => { const p = document.getElementById('explain-panel'); p.scrollTop = p.scrollHeight; })()")
            browser.screenshot(shots + "-" + name + "-end.png")
            # Escape closes the panel and gives the focus back to its control.
            press("Escape", 27)
            if evaluate("document.getElementById('explain-panel').open") or focused() != "explain":
                say("Escape does not close the panel and give the focus back", "%s: %s" % (name, focused()))

            # At 390 px (a phone), the panel takes the width and nothing in it is wider.
            browser.emulate(390, 844)
            evaluate("document.getElementById('explain').click()")
            evaluate("document.getElementById('explain-panel').scrollTop = 0")
            time.sleep(0.2)
            wide = overflow()
            seen["390 px"] = wide
            if wide["page"] > 0 or wide["panel"]["scroll"] > 0 or wide["wide"] or wide["panel"]["left"] < 0 or wide["panel"]["right"] < 0:
                say("the panel is wider than a 390 px screen", "%s: %s" % (name, wide))
            browser.screenshot(shots + "-" + name + "-390.png")
            browser.emulate(1280, 720)

            if not report["texts"] or report["texts"][0]["impossible"]:
                evaluate("document.getElementById('explain-panel').close()")
                continue
            first = report["texts"][0]
            # "Open the script": the script in the editor, run, at the step where UIKit raised (or logged) its text.
            evaluate("document.getElementById('explain-panel').scrollTop = 0")

            def open_script():
                evaluate("document.querySelector('#explain-result .ex-open').click()")
                wait("/^(The pasted crash|Stopped|Not run)/.test(document.getElementById('run-status').textContent) && !document.getElementById('explain-panel').open", 20)
                time.sleep(0.2)
            longest, _ = browser.longest_task(open_script)
            seen["open: longest task ms"] = round(longest or 0, 1)
            if longest is None or longest > 250:
                say("the page's main thread was busy too long opening the script", "%s: %s ms" % (name, longest))
            at = json.loads(evaluate("""JSON.stringify({
                status: document.getElementById('run-status').textContent, editor: document.getElementById('editor').value,
                file: L.files[0].name, step: parseInt(document.body.dataset.step, 10), steps: L.steps.length,
                statement: document.getElementById('statement').textContent,
                crash: document.getElementById('rejection').hidden ? null : document.getElementById('rejection').textContent,
                warned: document.getElementById('warned').hidden ? null : document.getElementById('warned').textContent })"""))
            seen["opened"] = {k: at[k] for k in ("status", "file", "step", "steps", "statement")}
            if not at["status"].startswith("The pasted crash's script") or ("step %d " % at["step"]) not in at["status"]:
                say("the script did not run in the page", "%s: %s" % (name, at["status"]))
                continue
            if at["editor"] != first["script"] or at["file"] != "reproduce.list":
                say("'Open the script' does not put the script in the editor", "%s: %r" % (name, at["editor"][:200]))
            logged = first["form"].startswith("log")
            holder = (at["warned"] if logged else at["crash"]) or ""
            if first["simulated"] not in holder:
                say("the crash step does not show the simulator's text", "%s: step %d: %s" % (name, at["step"], holder[:300]))
            if case.get("startStep") is not None and at["step"] != case["startStep"]:
                say("the page's crash step is not the one listdsl explain --html opens at", "%s: %d, wanted %d" % (name, at["step"], case["startStep"]))
            browser.screenshot(shots + "-" + name + "-crash.png")
            evaluate("window.lessonPage.go(%d)" % (at["step"] - 1))
            box = "warned" if logged else "rejection"
            before = evaluate("document.getElementById('%s').hidden ? '' : document.getElementById('%s').textContent" % (box, box))
            if first["simulated"] in (before or ""):
                say("the step before the crash step already shows the text", "%s: step %d" % (name, at["step"] - 1))

        # The class site: its index's "Explain a crash" (playground.html#explain) opens the site's playground with the
        # panel open, its module read from the script beside the page; a lesson of the site has the control too.
        site = manifest.get("site")
        if site:
            network()
            browser.emulate(1280, 720)
            browser.open("file://" + os.path.abspath(os.path.join(site, "playground.html")) + "#explain")
            wait("window.listdslHost && (window.listdslHost.readyAt || window.listdslHost.failed)", 30)
            if not evaluate("document.getElementById('explain-panel').open") or focused() != "explain-input":
                say("the site's playground.html#explain does not open the panel", focused())
            case = manifest["cases"][2]
            browser.send("Input.insertText", {"text": case["text"]})
            press("Enter", 13, modifiers=2)
            wait("/^(Found|No UIKit|Not read)/.test(document.getElementById('explain-status').textContent)", 30)
            status = evaluate("document.getElementById('explain-status').textContent")
            result["site"] = {"status": status}
            if status != "Found 1 text.":
                say("the site's playground does not explain a text", status)
            else:
                evaluate("document.querySelector('#explain-result .ex-open').click()")
                wait("/^(The pasted crash|Stopped|Not run)/.test(document.getElementById('run-status').textContent)", 20)
                crash = evaluate("document.getElementById('rejection').hidden ? '' : document.getElementById('rejection').textContent") or ""
                result["site"]["opened"] = evaluate("document.getElementById('run-status').textContent")
                if case["report"]["texts"][0]["simulated"] not in crash:
                    say("the site's playground does not open the script at its crash", crash[:300])
                browser.screenshot(shots + "-site.png")
            browser.open("file://" + os.path.abspath(os.path.join(site, "lessons", "tour.html")))
            if not evaluate("!!document.getElementById('explain') && !!document.getElementById('explain-panel')"):
                say("a lesson of the site has no 'Explain a crash'", "lessons/tour.html")

        # A log that holds the first case's text over and over, up to the page's limit (1 MiB): the page reads it
        # (in the worker) and draws the first 20 texts with the main thread free.
        open_page()
        evaluate("document.getElementById('explain').click()")
        # Each text another (its section's number changed), so that each is explained: a log's repeated text
        # is explained once.
        evaluate("(() => { const t = %s; const n = Math.floor(((1 << 20) - 1) / (new TextEncoder().encode(t).length + 4)); "
                 "const parts = []; for (let i = 0; i < n; i++) parts.push(t.replace('section 0', 'section ' + (i + 1))); "
                 "document.getElementById('explain-input').value = parts.join(''); })()"
                 % json.dumps(manifest["cases"][0]["text"]))
        # The text box lays out its megabyte first (as after a paste: the browser's cost, 200-250 ms here), then the
        # page reads it.
        evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))", await_promise=True)
        seen = {}

        def read_big():
            start = time.time()
            evaluate("document.getElementById('explain-run').click()")
            seen["status"] = wait("(() => { const t = document.getElementById('explain-status').textContent; return /^(Found|No UIKit|Not read)/.test(t) && t; })()", 30) or ""
            seen["seconds"] = round(time.time() - start, 2)
        longest, _ = browser.longest_task(read_big)
        seen["longest task ms"] = round(longest or 0, 1)
        seen["sections"] = evaluate("document.querySelectorAll('#explain-result .ex-text').length")
        result["1 MiB log"] = seen
        if not seen["status"].startswith("Found") or "the first 20 are shown" not in seen["status"] or seen["sections"] != 20:
            say("a 1 MiB log of crash texts is not read, its first 20 texts drawn", seen)
        if longest is None or longest > 250:
            say("the page's main thread was busy too long reading a 1 MiB log", "%s ms" % longest)
        browser.screenshot(shots + "-1mib-log.png")

        # A text past the page's limit is refused before the module reads it, and says so.
        open_page()
        evaluate("document.getElementById('explain').click()")
        evaluate("document.getElementById('explain-input').value = 'x'.repeat((1 << 20) + 1)")
        evaluate("document.getElementById('explain-run').click()")
        refused = wait("(() => { const t = document.getElementById('explain-status').textContent; return /^Not read/.test(t) && t; })()", 10) or ""
        result["too large"] = refused
        if "1 MiB" not in refused:
            say("a text past the page's limit is not refused with the limit", refused)
        network()

    browser.run(result, steps)


main()
