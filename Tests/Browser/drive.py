#!/usr/bin/env python3
"""Drives a ListDSL lesson page in headless Chromium over the DevTools protocol (--remote-debugging-pipe),
with nothing beyond Python's standard library.

    drive.py CHROMIUM PAGE.html EXPECTED.json SCREENSHOT.png

EXPECTED.json: {"steps": [{"table": [[row, ...], ...] or null, "rejection": message or null}, ...]}, the
interpreter's state after each step, read from `listdsl --events`. The driver opens the page at step 0,
presses → once per step, and after each press reads, in the page, the step number, the rows the table view
draws (section by section) and the rejection text. Then it opens PAGE.html#step=N for a middle N, and
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
