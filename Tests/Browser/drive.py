#!/usr/bin/env python3
"""Drives a ListDSL lesson page in headless Chromium over the DevTools protocol (--remote-debugging-pipe),
with nothing beyond Python's standard library.

    drive.py CHROMIUM PAGE.html EXPECTED.json SCREENSHOT.png

EXPECTED.json: {"steps": [{"table": [[row, ...], ...] or null, "rejection": message or null, "range": [line,
column, endLine, endColumn] or null, "calls": [text, ...]}, ...]}, the interpreter's state after each step and
what happened in it, read from `listdsl --events`. The driver opens the page at step 0, presses → once per
step, and after each press reads, in the page, the step number, the rows the table view draws (section by
section), the rejection text, the source range it highlights (the lines and the columns marked) and the calls
of the sequence diagram, in order. Then it opens PAGE.html#step=N for a middle N, and
presses End and saves a screenshot of the last step. It prints one JSON object: what it saw and every
mismatch.
"""
import base64, json, os, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser

def main():
    chromium, page, expected_path, screenshot = sys.argv[1:5]
    expected = json.load(open(expected_path))["steps"]
    browser = Browser(chromium)
    result = {"steps": 0, "mismatches": [], "hash": None, "screenshot": None}
    def steps():
        url = "file://" + os.path.abspath(page)
        evaluate, key = browser.evaluate, browser.key

        def open_at(fragment):
            browser.open(url + fragment)

        state = """JSON.stringify({
            step: parseInt(document.body.dataset.step, 10),
            rows: (() => { const out = []; document.querySelectorAll('#tableview .row').forEach((r) => {
                const s = parseInt(r.dataset.section, 10); while (out.length <= s) out.push([]);
                out[s].push(r.querySelector('.text').textContent); }); return out; })(),
            sections: document.querySelectorAll('#tableview .hdr, #tableview .row').length === 0 ? 0 : null,
            rejection: document.getElementById('rejection').hidden ? null : document.getElementById('rejection').textContent,
            range: (() => { const cur = Array.from(document.querySelectorAll('#source li.cur'));
                if (cur.length === 0) return null;
                if (cur.some((li) => li.classList.contains('faulty'))) return 'fault';
                const at = (li, end) => { const mark = li.querySelector('mark.range');
                    const n = parseInt(li.querySelector('.n').textContent, 10);
                    if (!mark) return [n, end ? 1 : 1];
                    let before = 0; for (let node = mark.previousSibling; node; node = node.previousSibling) before += Array.from(node.textContent).length;
                    return [n, before + 1 + (end ? Array.from(mark.textContent).length : 0)]; };
                return at(cur[0], false).concat(at(cur[cur.length - 1], true)); })(),
            calls: Array.from(document.querySelectorAll('#calls .call')).map((c) => c.dataset.text),
            hash: location.hash })"""

        open_at("#step=0")
        for i, want in enumerate(expected):
            if i > 0:
                key("ArrowRight", 39)
            seen = json.loads(evaluate(state))
            result["steps"] += 1
            if seen["step"] != i:
                result["mismatches"].append({"step": i, "what": "step number", "seen": seen["step"]})
                break
            table = want.get("table")
            if table is not None:
                # Empty sections draw no rows: compare the drawn rows with the table's, trailing empty sections aside.
                drawn = seen["rows"]
                wanted = [rows[:200] for rows in table]
                while wanted and not wanted[-1]:
                    wanted.pop()
                while drawn and not drawn[-1]:
                    drawn.pop()
                budget, capped = 200, []
                for rows in wanted:
                    capped.append(rows[:max(0, budget)])
                    budget -= len(rows)
                while capped and not capped[-1]:
                    capped.pop()
                if drawn != capped:
                    result["mismatches"].append({"step": i, "what": "rows", "seen": drawn, "wanted": capped})
            if want.get("rejection"):
                if not seen["rejection"] or want["rejection"] not in seen["rejection"]:
                    result["mismatches"].append({"step": i, "what": "rejection", "seen": seen["rejection"],
                                                 "wanted": want["rejection"]})
            if want.get("range") is not None and seen["range"] != "fault" and seen["range"] != want["range"]:
                result["mismatches"].append({"step": i, "what": "highlighted range", "seen": seen["range"],
                                             "wanted": want["range"]})
            if want.get("range") is None and seen["range"] is not None:
                result["mismatches"].append({"step": i, "what": "highlighted range", "seen": seen["range"], "wanted": None})
            if seen["calls"] != want["calls"]:
                result["mismatches"].append({"step": i, "what": "calls", "seen": seen["calls"], "wanted": want["calls"]})
            if seen["hash"] != "#step=%d" % i:
                result["mismatches"].append({"step": i, "what": "address", "seen": seen["hash"]})
        middle = len(expected) // 2
        open_at("#step=%d" % middle)
        result["hash"] = {"asked": middle, "seen": json.loads(evaluate(state))["step"]}
        key("End", 35)
        time.sleep(0.2)
        browser.screenshot(screenshot)
        result["screenshot"] = screenshot

    browser.run(result, steps)

main()
