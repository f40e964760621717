#!/usr/bin/env python3
"""Drives a ListDSL quiz page in headless Chromium (see cdp.py).

    quiz.py CHROMIUM PAGE.html HIDDEN.png REVEALED.png

It opens the page and reads, for every question, whether its answer is visible (it must not be), the
choices and the question's text; saves HIDDEN.png; then clicks each "Show the answer" with the mouse,
reads the answers now visible, and saves REVEALED.png of the first question. It prints one JSON object.
"""
import json, os, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser

STATE = """JSON.stringify(Array.from(document.querySelectorAll('.question')).map((q) => ({
    id: q.id,
    answerVisible: q.querySelector('.answer').checkVisibility(),
    answer: q.querySelector('.answer').checkVisibility() ? q.querySelector('.answer').textContent : null,
    choices: Array.from(q.querySelectorAll('.choices li')).map((li) => li.textContent),
    external: Array.from(document.querySelectorAll('[src], link[href]')).length })))"""

def main():
    chromium, page, hidden_shot, revealed_shot = sys.argv[1:5]
    browser = Browser(chromium, width=1100, height=1400)
    result = {"before": None, "after": None}
    def steps():
        browser.open("file://" + os.path.abspath(page))
        result["before"] = json.loads(browser.evaluate(STATE))
        browser.screenshot(hidden_shot)
        count = len(result["before"])
        for i in range(count):
            # Scroll the summary into view, then click it where it is drawn.
            box = json.loads(browser.evaluate(
                "(() => { const s = document.querySelectorAll('summary')[%d]; s.scrollIntoView({block: 'center'});"
                " const r = s.getBoundingClientRect(); return JSON.stringify({x: r.left + 20, y: r.top + r.height / 2}); })()" % i))
            browser.click(box["x"], box["y"])
            time.sleep(0.05)
        result["after"] = json.loads(browser.evaluate(STATE))
        browser.evaluate("window.scrollTo(0, 0)")
        time.sleep(0.1)
        browser.screenshot(revealed_shot)

    browser.run(result, steps)

main()
