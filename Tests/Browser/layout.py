#!/usr/bin/env python3
"""Reads a ListDSL lesson page as a student and a teacher would, at every step, in headless Chromium (see
cdp.py), and reports what is wrong with how it is laid out.

    layout.py CHROMIUM PAGE.html SHOTS-PREFIX

It steps through the page with the → key three times, and measures each step in the page:
- `wide`, 1400 px, on a screen, reduced motion asked for (the page draws the table before a commit);
- `narrow`, 420 px, on a screen (a phone, or a projector's half);
- `print`, 800 px, the print stylesheet, no reduced motion asked for (deleted rows would fade out).

At every step, in every mode: the text's contrast with what is behind it is at least 4.5:1 (a disabled
button aside, as WCAG 1.4.3 sets it aside), computed from the computed styles (wide, and on paper with
only the backgrounds that print: those of print-color-adjust: exact); the slider's
`aria-valuetext` says the step; the sequence diagram has a lifeline down the middle of each lane from its
first call to its last, each arrow runs from one lifeline to another, no call's text is cut or goes past
the pane, and a note takes the width it needs (one line when the pane has room for it). `narrow`: nothing
goes past the window's edge or is clipped, the page does not scroll sideways, a step leaves the window
where it was (scrolled to its top), and the table view comes before the source and the calls. `print`: no deleted row is drawn over a header or a row, the step number
and the script's name are on the page, no part scrolls or is clipped (no scrollbars on paper), and each
inserted or reloaded row is drawn in place, marked, with its mark printed (print-color-adjust: exact).
Then Alt+← is pressed: it is the browser's (back in the history), so the page neither steps nor takes it.

It saves SHOTS-PREFIX-wide.png, -narrow.png (the whole page) and -print.png (the whole page as printed)
of a middle step, and prints one JSON object: the steps seen in each mode and every problem found.
"""
import json, os, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser

# The checks run in the page after each step is drawn; each adds its problems, {step, mode, what, detail},
# to a JSON list.
PROLOGUE = r"""
(async (mode) => {
  const step = parseInt(document.body.dataset.step, 10);
  // With motion, a commit's moved rows are sent to their places two animation frames after it is drawn.
  const reduceMotion = matchMedia("(prefers-reduced-motion: reduce)").matches;
  if (L.steps[step].commit && !reduceMotion) await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const problems = [];
  const say = (what, detail) => problems.push({ step, mode, what, detail: String(detail).slice(0, 240) });
  const shown = (e) => e.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && e.getClientRects().length > 0;
  const box = (e) => e.getBoundingClientRect();
  const name = (e) => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (typeof e.className === "string" && e.className ? "." + e.className.split(" ").join(".") : "");
  const text = (e) => (e.textContent || "").trim().slice(0, 80);
  const page = document.documentElement;
  const overlap = (a, b) => Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

"""

CONTRAST = r"""
  // Contrast (WCAG 2): relative luminance of sRGB colours, the background composited from the root down.
  const rgba = (c) => {
    const m = /rgba?\(([^)]*)\)/.exec(c);
    if (!m) return null;
    const p = m[1].split(/[\s,\/]+/).filter((x) => x !== "").map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top, under) => [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3])).concat([1]);
  const luminance = (c) => {
    const [r, g, b] = c.slice(0, 3).map((v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  // On paper a browser leaves backgrounds out (its "background graphics" option is off by default) but
  // those of print-color-adjust: exact: text is measured against what is printed. Each element's
  // background and opacity are its own over its parent's, remembered for the step.
  const backgrounds = new Map(), opacities = new Map();
  const background = (e) => {
    if (!e) return [255, 255, 255, 1];
    if (!backgrounds.has(e)) {
      const style = getComputedStyle(e);
      const c = rgba(style.backgroundColor);
      const under = background(e.parentElement);
      backgrounds.set(e, c && c[3] > 0 && (mode !== "print" || style.printColorAdjust === "exact") ? over(c, under) : under);
    }
    return backgrounds.get(e);
  };
  const opacity = (e) => {
    if (!e) return 1;
    if (!opacities.has(e)) opacities.set(e, parseFloat(getComputedStyle(e).opacity) * opacity(e.parentElement));
    return opacities.get(e);
  };
  // The colours are the same wide and narrow: measured wide, and on paper.
  if (mode !== "narrow") document.querySelectorAll("body *").forEach((e) => {
    const own = Array.from(e.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim() !== "");
    if (!own || !shown(e) || e.closest("button:disabled")) return;
    const fg = rgba(getComputedStyle(e).color);
    if (!fg) return;
    fg[3] *= opacity(e);
    const bg = background(e);
    const [l1, l2] = [luminance(over(fg, bg)), luminance(bg)].sort((x, y) => y - x);
    const ratio = (l1 + 0.05) / (l2 + 0.05);
    if (ratio < 4.5) say("text contrast below 4.5:1", ratio.toFixed(2) + ":1 " + name(e) + " " + getComputedStyle(e).fontSize + " '" + text(e) + "' " + getComputedStyle(e).color + " on rgb(" + bg.slice(0, 3).map(Math.round).join(", ") + ")");
  });

"""

SLIDER = r"""
  // The slider says the step in words.
  const slider = document.getElementById("slider");
  const valueText = slider.getAttribute("aria-valuetext") || "";
  if (!valueText.startsWith("Step " + step + " of ")) say("the slider's aria-valuetext does not say the step", JSON.stringify(valueText));

"""

DIAGRAM = r"""
  // The sequence diagram.
  const calls = document.getElementById("calls");
  const pane = box(calls);
  if (calls.scrollWidth > calls.clientWidth + 1) say("the calls pane scrolls sideways", calls.scrollWidth + " > " + calls.clientWidth);
  const lanes = Array.from(calls.querySelectorAll(".lanes > div"));
  const lifelines = Array.from(calls.querySelectorAll(".lifeline"));
  const items = Array.from(calls.querySelectorAll(".call"));
  const centre = (e) => { const r = box(e); return (r.left + r.right) / 2; };
  if (items.length > 0) {
    if (lifelines.length !== lanes.length) say("the diagram's lifelines", lifelines.length + " lifelines for " + lanes.length + " lanes");
    else lanes.forEach((lane, i) => {
      const line = box(lifelines[i]);
      if (Math.abs(centre(lifelines[i]) - centre(lane)) > 2) say("a lifeline is not under its lane", lane.textContent + ": " + centre(lifelines[i]) + " vs " + centre(lane));
      if (line.top > box(items[0]).top + 1 || line.bottom < box(items[items.length - 1]).bottom - 1)
        say("a lifeline does not run from the first call to the last", lane.textContent);
    });
    items.forEach((item) => {
      const arrow = item.querySelector(".arrow");
      if (!arrow || lifelines.length !== lanes.length) return;
      const ends = [parseInt(item.dataset.from, 10), parseInt(item.dataset.to, 10)].sort();
      const r = box(arrow);
      if (Math.abs(r.left - centre(lifelines[ends[0]])) > 2 || Math.abs(r.right - centre(lifelines[ends[1]])) > 2)
        say("an arrow does not run between its lifelines", text(item));
    });
  }
  calls.querySelectorAll(".call .label, .call .note").forEach((e) => {
    const r = box(e);
    if (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1) say("a call's text is cut", text(e));
    else if (r.left < pane.left - 1 || r.right > pane.right + 1) say("a call's text goes past the pane", text(e));
  });
  calls.querySelectorAll(".call .note").forEach((note) => {
    // Its width on one line, measured with its own font, against the room from its left to the pane's right.
    const probe = note.cloneNode(true);
    probe.style.cssText = "position:absolute; visibility:hidden; white-space:nowrap; width:auto; max-width:none";
    note.parentElement.appendChild(probe);
    const needed = box(probe).width;
    probe.remove();
    const room = pane.right - box(note).left;
    const lines = Math.round(box(note).height / parseFloat(getComputedStyle(note).lineHeight || "16"));
    if (needed <= room - 12 && box(note).width < needed - 1) say("a note wraps though the pane has room for it", text(note) + " (" + Math.round(box(note).width) + " of " + Math.round(needed) + " px)");
    else if (needed > room && box(note).right < pane.right - 24) say("a long note does not take the pane's width", text(note));
  });

"""

NARROW = r"""
  if (mode === "narrow") {
    // The reader scrolls the window; a step scrolls only the source pane to its statement (on a phone the
    // window jumped to the source at every step, away from the table view above it).
    if (scrollY !== 0 || scrollX !== 0) say("the step scrolled the window", scrollX + ", " + scrollY);
    if (page.scrollWidth > innerWidth + 1) say("the page scrolls sideways", page.scrollWidth + " > " + innerWidth);
    document.querySelectorAll("body *").forEach((e) => {
      if (e.closest(".screen, .skip") || !shown(e)) return;
      // An inline element that wraps (a statement marked in a long line) is measured line by line.
      Array.from(e.getClientRects()).forEach((r) => {
        if (r.width > 0 && (r.right > innerWidth + 1 || r.left < -1)) say("cut off at the window's edge", name(e) + " '" + text(e) + "' " + Math.round(r.left) + "…" + Math.round(r.right));
      });
      const style = getComputedStyle(e);
      if (style.overflowX !== "visible" && e.scrollWidth > e.clientWidth + 1) say("clipped or scrolls sideways", name(e) + " '" + text(e) + "'");
    });
    const top = (id) => box(document.getElementById(id)).top;
    if (!(top("phone") < top("source-pane") && top("phone") < top("calls-pane"))) say("the table view is not first", "phone " + top("phone") + ", source " + top("source-pane") + ", calls " + top("calls-pane"));
  }
"""

PRINT = r"""
  if (mode === "print") {
    const ghosts = Array.from(document.querySelectorAll("#tableview .ghost")).filter(shown);
    document.querySelectorAll("#tableview .hdr, #tableview .row, #tableview .ftr").forEach((e) => {
      if (!shown(e)) return;
      ghosts.forEach((g) => { if (overlap(box(g), box(e)) > 4) say("a deleted row is drawn over " + (e.classList.contains("hdr") ? "a header" : "a row"), text(g) + " over '" + text(e) + "'"); });
    });
    const counter = document.getElementById("counter");
    if (!shown(counter) || !counter.textContent.startsWith("Step " + step + " of ")) say("the step number is not on the page", counter.textContent);
    const s = L.steps[step];
    const file = L.files[s.file];
    const titles = document.querySelector("header.bar").innerText + " " + document.getElementById("source-title").innerText;
    if (file && !titles.includes(file.name)) say("the script's name is not on the page (in its title or the source's)", file.name);
    if (page.scrollWidth > innerWidth + 1) say("the page is wider than the paper", page.scrollWidth + " > " + innerWidth);
    document.querySelectorAll("body *").forEach((e) => {
      if (!shown(e) || e.closest(".screen .row, .screen .hdr, .screen .ftr")) return;
      const style = getComputedStyle(e);
      const clipsX = style.overflowX !== "visible" && e.scrollWidth > e.clientWidth + 1;
      const clipsY = style.overflowY !== "visible" && e.scrollHeight > e.clientHeight + 1;
      if (clipsX || clipsY) say("a part scrolls or is clipped on paper", name(e) + " " + e.scrollWidth + "×" + e.scrollHeight + " in " + e.clientWidth + "×" + e.clientHeight);
    });
    document.querySelectorAll("#tableview .row.inserted, #tableview .row.reloaded").forEach((row) => {
      const style = getComputedStyle(row);
      const screen = box(row.closest(".screen"));
      const r = box(row);
      const drawn = shown(row) && style.transform === "none" && parseFloat(style.opacity) === 1 && row.getAnimations().length === 0
        && r.top >= screen.top - 1 && r.bottom <= screen.bottom + 1 && r.left >= screen.left - 1 && r.right <= screen.right + 1;
      if (!drawn) say("an inserted or reloaded row is not drawn in place", text(row) + " " + style.transform + " opacity " + style.opacity);
      const bg = rgba(style.backgroundColor);
      if (!bg || bg[3] === 0 || (bg[0] === 255 && bg[1] === 255 && bg[2] === 255) || style.printColorAdjust !== "exact")
        say("an inserted or reloaded row's mark does not print", text(row) + " " + style.backgroundColor + " " + style.printColorAdjust);
    });
  }
"""

EPILOGUE = r"""
  return JSON.stringify(problems);
})
"""

CHECKS = PROLOGUE + CONTRAST + SLIDER + DIAGRAM + NARROW + PRINT + EPILOGUE

MODES = [("wide", 1400, 900, "", True), ("narrow", 420, 900, "", True), ("print", 800, 1100, "print", False)]


def main():
    chromium, page, shots = sys.argv[1:4]
    browser = Browser(chromium)
    result = {"steps": {}, "problems": [], "problemCount": 0, "keys": None}

    def steps():
        url = "file://" + os.path.abspath(page)
        kinds = {}
        for mode, width, height, media, reduced in MODES:
            browser.emulate(width, height, media, reduced)
            browser.open(url + "#step=0")
            last = browser.evaluate("L.steps.length - 1")
            middle = last // 2
            result["steps"][mode] = 0
            for i in range(last + 1):
                if i > 0:
                    browser.key("ArrowRight", 39)
                found = json.loads(browser.evaluate(CHECKS + "(%s)" % json.dumps(mode), await_promise=True))
                result["steps"][mode] += 1
                result["problemCount"] += len(found)
                for problem in found:
                    # The first three of each kind, so one kind found at every step hides no other.
                    kind = (problem["mode"], problem["what"])
                    kinds[kind] = kinds.get(kind, 0) + 1
                    if kinds[kind] <= 3:
                        result["problems"].append(problem)
            browser.open(url + "#step=%d" % middle)
            time.sleep(0.3)
            browser.screenshot(shots + "-" + mode + ".png", full_page=True)
        # Alt+← is the browser's: the page keeps its step and leaves the key alone. (With no page to go
        # back to, the browser does nothing either, and the page can be read after the key.)
        browser.emulate(1400, 900)
        browser.open(url + "#step=2")
        browser.send("Page.resetNavigationHistory")
        browser.evaluate("window.addEventListener('keydown', (e) => { window.altLeftTaken = e.defaultPrevented; })")
        browser.key("ArrowLeft", 37, modifiers=1)
        time.sleep(0.2)
        result["keys"] = json.loads(browser.evaluate(
            "JSON.stringify({step: parseInt(document.body.dataset.step, 10), taken: window.altLeftTaken === true})"))

    browser.run(result, steps)


main()
