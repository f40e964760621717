#!/usr/bin/env python3
"""Drives a ListDSL quiz page in headless Chromium (see cdp.py): a student picks answers and is scored.

    quiz.py CHROMIUM PAGE.html BEFORE.png AFTER.png PLAN

PLAN is JSON, one entry a question: {"key": the right choice's text, or its number from 1, "pick":
"right" or "wrong"}. The driver opens the page and reads, for every question, its choices, whether any
feedback shows (none may) and whether the page's text holds a verdict; saves BEFORE.png; then clicks,
with the mouse, the planned choice of each question (the right one, or the first other), and clicks
another choice of the first question afterwards (a second pick must change nothing). It reads each
question's feedback, the score, and saves AFTER.png of the first questions. It prints one JSON object.
"""
import json, os, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser

STATE = """JSON.stringify({
  questions: Array.from(document.querySelectorAll('.question')).map((q) => ({
    id: q.id,
    choices: Array.from(q.querySelectorAll('button.choice')).map((b) => b.textContent),
    picked: Array.from(q.querySelectorAll('button.choice')).findIndex((b) => b.getAttribute('aria-pressed') === 'true'),
    enabled: Array.from(q.querySelectorAll('button.choice')).filter((b) => !b.disabled).length,
    feedbackVisible: q.querySelector('.feedback').checkVisibility(),
    feedback: q.querySelector('.feedback').checkVisibility() ? q.querySelector('.feedback').textContent : null,
    feedbackClass: q.querySelector('.feedback').className })),
  score: document.querySelector('.score').textContent,
  verdictInText: /\\u2713 Right|the answer is/.test(document.body.innerText),
  external: document.querySelectorAll('[src], link[href]').length })"""

CLICK = """(() => { const b = document.querySelectorAll('.question')[%d].querySelectorAll('button.choice')[%d];
  b.scrollIntoView({block: 'center'}); const r = b.getBoundingClientRect();
  return JSON.stringify({x: r.left + Math.min(40, r.width / 2), y: r.top + r.height / 2}); })()"""

def main():
    chromium, page, before_shot, after_shot, plan = sys.argv[1:6]
    plan = json.loads(plan)
    browser = Browser(chromium, width=1100, height=1400)
    result = {"before": None, "after": None, "afterSecondPick": None}

    def pick(question, choice):
        box = json.loads(browser.evaluate(CLICK % (question, choice)))
        browser.click(box["x"], box["y"])
        time.sleep(0.05)

    def steps():
        browser.open("file://" + os.path.abspath(page))
        result["before"] = json.loads(browser.evaluate(STATE))
        browser.screenshot(before_shot)
        for i, (question, wanted) in enumerate(zip(result["before"]["questions"], plan)):
            choices = question["choices"]
            key = wanted["key"]
            right = key - 1 if isinstance(key, int) else choices.index(key)
            pick(i, right if wanted["pick"] == "right" else next(j for j in range(len(choices)) if j != right))
        result["after"] = json.loads(browser.evaluate(STATE))
        first = result["after"]["questions"][0]
        pick(0, next(j for j in range(len(first["choices"])) if j != first["picked"]))
        result["afterSecondPick"] = json.loads(browser.evaluate(STATE))
        browser.evaluate("window.scrollTo(0, 0)")
        time.sleep(0.1)
        browser.screenshot(after_shot)

    browser.run(result, steps)

main()
