"use strict";
const L = JSON.parse(document.getElementById("lesson-data").textContent);
// A frame lists its sections by index into the shared pool: each becomes its list of sections.
L.frames = L.frames.map((ids) => ids.map((i) => L.sections[i]));
const $ = (id) => document.getElementById(id);
const last = L.steps.length - 1;
const ROW = 44;
let current = -1;
const reduceMotion = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

// A section's line in a list of the data source's rows.
function sectionItem(section, s) {
  return el("li", "sec", "section " + s + (section.header !== undefined ? ": " + section.header : ""));
}

// A row's line in such a list: its index path and its text.
function rowItem(s, r, text) {
  const li = el("li", "");
  li.appendChild(el("span", "path mono", s + ":" + r));
  li.appendChild(el("span", "", text));
  return li;
}

// The y of every header, row and footer of a frame, as a plain or grouped table lays them out.
function layout(frame, grouped, counts) {
  const out = { headers: [], rows: [], footers: [], height: 0 };
  let y = 0;
  frame.forEach((section, s) => {
    const hh = grouped ? 44 : (section.header !== undefined ? 28 : 0);
    out.headers.push({ y: y, h: hh });
    y += hh;
    const ys = [];
    section.rows.forEach(() => { ys.push(y); y += ROW; });
    out.rows.push(ys);
    if (counts && section.rows.length < counts[s]) y += 32;
    const fh = section.footer !== undefined ? 28 : (grouped ? 12 : 0);
    out.footers.push({ y: y, h: fh });
    y += fh;
  });
  out.height = Math.max(y, 120);
  return out;
}

function drawTable(step, container) {
  const frame = L.frames[step.tableView];
  const data = step.dataSource === null ? null : L.frames[step.dataSource];
  const grouped = step.grouped;
  const screen = el("div", "screen" + (grouped ? " grouped" : ""));
  const tv = el("div", "tv");
  tv.id = "tableview";
  tv.setAttribute("role", "list");
  tv.setAttribute("aria-label", "The table view's rows");
  const lay = layout(frame, grouped, step.rowCounts);
  tv.style.height = lay.height + "px";
  const commit = step.commit;
  const before = commit ? L.frames[commit.before] : null;
  const origins = new Map();
  if (commit) commit.rows.forEach((c) => origins.set(c[0] + ":" + c[1], c[2] === null ? null : [c[2], c[3], c[4]]));
  const originOf = (s, r) => origins.has(s + ":" + r) ? origins.get(s + ":" + r) : [s, r, "kept"];
  const beforeLay = before ? layout(before, grouped) : null;
  const travels = [];
  if (frame.length === 0) tv.appendChild(el("div", "more", "(no sections)"));
  frame.forEach((section, s) => {
    const h = el("div", "hdr", section.header !== undefined ? section.header : "");
    h.style.top = lay.headers[s].y + "px";
    h.style.height = lay.headers[s].h + "px";
    if (lay.headers[s].h > 0) tv.appendChild(h);
    section.rows.forEach((text, r) => {
      const row = el("div", "row");
      row.dataset.section = s;
      row.dataset.row = r;
      row.setAttribute("role", "listitem");
      if (grouped && r === 0) row.classList.add("first");
      if (grouped && r === section.rows.length - 1) row.classList.add("last");
      const ctl = step.editing && step.controls[s] ? (step.controls[s][r] || "none") : null;
      if (ctl !== null) {
        const kind = ctl.split(" ")[0];
        const c = el("span", "ctl " + kind, kind === "delete" ? "−" : kind === "insert" ? "+" : "");
        if (kind === "none") c.style.visibility = "hidden";
        c.setAttribute("aria-label", kind === "none" ? "no editing control" : kind + " control");
        row.appendChild(c);
      }
      row.appendChild(el("span", "path", s + ":" + r));
      row.appendChild(el("span", "text", text));
      let label = s + ":" + r + " " + text;
      if (data && data[s]) {
        const d = data[s].rows[r];
        if (d !== text) {
          row.classList.add("stale");
          row.appendChild(el("span", "mark", d === undefined ? "≠ no row in the data source" : "≠ data source: " + d));
          label += ", stale: the data source has " + (d === undefined ? "no row" : d);
        }
      }
      if (step.selected && step.selected[0] === s && step.selected[1] === r) {
        row.classList.add("selected");
        label += ", selected";
      }
      if (step.swiped && step.swiped[0] === s && step.swiped[1] === r) {
        const b = el("span", "buttons");
        step.buttons.forEach((t) => b.appendChild(el("span", "", t)));
        row.appendChild(b);
        label += ", swiped open: " + step.buttons.join(", ");
      }
      if (ctl !== null && ctl.indexOf("≡") >= 0) row.appendChild(el("span", "grip", "≡"));
      const y = lay.rows[s][r];
      row.style.top = y + "px";
      if (commit && !commit.reloadData) {
        const origin = originOf(s, r);
        if (origin === null) {
          row.classList.add("inserted");
          label += ", inserted";
        } else {
          const [os, or, how] = origin;
          if (how === "reloaded") { row.classList.add("reloaded"); label += ", reloaded"; }
          if (how === "moved") row.classList.add("moved");
          if (os !== s || or !== r) {
            row.querySelector(".path").textContent = os + ":" + or + " → " + s + ":" + r;
            label += ", was " + os + ":" + or;
          }
          const oldY = beforeLay && beforeLay.rows[os] ? beforeLay.rows[os][or] : undefined;
          if (how !== "reloaded" && oldY !== undefined && oldY !== y && !reduceMotion) {
            row.style.top = oldY + "px";
            row.classList.add("travel");
            travels.push([row, y]);
          }
        }
      } else if (commit && commit.reloadData) {
        row.classList.add("reloaded");
      }
      row.setAttribute("aria-label", label);
      tv.appendChild(row);
    });
    const count = step.rowCounts ? step.rowCounts[s] : section.rows.length;
    if (section.rows.length < count) {
      const more = el("div", "more", "… " + (count - section.rows.length) + " more rows not drawn");
      more.style.position = "absolute";
      more.style.top = (lay.footers[s].y - 32) + "px";
      tv.appendChild(more);
    }
    if (section.footer !== undefined) {
      const f = el("div", "ftr", section.footer);
      f.style.top = lay.footers[s].y + "px";
      tv.appendChild(f);
    }
  });
  if (step.sectionCount > frame.length) {
    const more = el("div", "more", "… " + (step.sectionCount - frame.length) + " more sections not drawn");
    more.style.position = "absolute";
    more.style.top = lay.height + "px";
    tv.appendChild(more);
    tv.style.height = (lay.height + 32) + "px";
  }
  // Deleted rows fade out where they were: old rows no new row comes from. Without motion, and on
  // paper, the table before the commit drawn beside shows them instead (drawBefore).
  if (commit && before && !commit.reloadData && !reduceMotion) {
    const used = new Set();
    frame.forEach((section, s) => section.rows.forEach((t, r) => {
      const o = originOf(s, r);
      if (o && o[2] !== "reloaded") used.add(o[0] + ":" + o[1]);
    }));
    before.forEach((section, os) => section.rows.forEach((text, or) => {
      if (used.has(os + ":" + or)) return;
      const g = el("div", "ghost", os + ":" + or + " " + text);
      g.setAttribute("aria-hidden", "true");
      g.style.top = beforeLay.rows[os][or] + "px";
      tv.appendChild(g);
    }));
  }
  const titles = frame.map((s) => s.indexTitle).filter((t) => t !== undefined);
  if (titles.length > 0) {
    const bar = el("div", "index");
    bar.setAttribute("aria-label", "Section index: " + titles.join(" "));
    titles.forEach((t) => bar.appendChild(el("span", "", t)));
    screen.appendChild(bar);
  }
  screen.appendChild(tv);
  const device = el("div", "device");
  device.appendChild(screen);
  container.appendChild(device);
  if (travels.length > 0) {
    requestAnimationFrame(() => requestAnimationFrame(() => travels.forEach(([row, y]) => { row.style.top = y + "px"; })));
  }
}

// The table before a commit, each row marked with what the commit did to it (without motion, and printed).
function drawBefore(step, container) {
  const commit = step.commit;
  const before = L.frames[commit.before];
  const fate = new Map();
  L.frames[step.tableView].forEach((section, s) => section.rows.forEach((t, r) => {
    const c = commit.rows.find((c) => c[0] === s && c[1] === r);
    const o = c ? (c[2] === null ? null : [c[2], c[3], c[4]]) : [s, r, "kept"];
    if (o) fate.set(o[0] + ":" + o[1], [o[2], s + ":" + r]);
  }));
  const box = el("div", "layer data before");
  box.appendChild(el("h3", "", "Before the commit"));
  const list = el("ol");
  before.forEach((section, s) => {
    list.appendChild(sectionItem(section, s));
    section.rows.forEach((text, r) => {
      const li = rowItem(s, r, text);
      const f = commit.reloadData ? ["reloaded", ""] : fate.get(s + ":" + r);
      const what = !f ? "deleted" : f[0] === "reloaded" ? "reloaded → " + f[1] : f[1] === s + ":" + r ? "" : f[0] + " → " + f[1];
      if (what) li.appendChild(el("span", "mark", what));
      if (!f) li.classList.add("gone");
      list.appendChild(li);
    });
  });
  box.appendChild(list);
  container.appendChild(box);
}

function drawData(step, container) {
  const frame = L.frames[step.dataSource];
  const table = L.frames[step.tableView];
  const box = el("div", "layer data");
  box.appendChild(el("h3", "", "The data source (the app's array)"));
  const list = el("ol");
  list.id = "datasource";
  frame.forEach((section, s) => {
    list.appendChild(sectionItem(section, s));
    section.rows.forEach((text, r) => {
      const li = rowItem(s, r, text);
      const shown = table[s] ? table[s].rows[r] : undefined;
      if (shown !== text) li.classList.add("diff");
      list.appendChild(li);
    });
    const count = step.dataRowCounts ? step.dataRowCounts[s] : section.rows.length;
    if (section.rows.length < count) list.appendChild(el("li", "", "… " + (count - section.rows.length) + " more"));
  });
  if (step.dataSectionCount > frame.length) list.appendChild(el("li", "", "… " + (step.dataSectionCount - frame.length) + " more sections"));
  box.appendChild(list);
  container.appendChild(box);
}

function drawSource(step) {
  const file = L.files[step.file];
  const list = $("source");
  list.textContent = "";
  if (!file) return;
  $("file-name").textContent = "— " + file.name;
  file.lines.forEach((line, i) => {
    const n = i + 1;
    const li = el("li", "");
    li.appendChild(el("span", "n", String(n)));
    li.appendChild(el("span", "", line === "" ? " " : line));
    if (step.line > 0 && n >= step.line && n <= step.endLine) {
      li.classList.add("cur");
      if (!step.completed) li.classList.add("failed");
      li.setAttribute("aria-current", "step");
    }
    list.appendChild(li);
  });
  // Scroll the source pane, and only it, to the statement: scrollIntoView would scroll the window too, and
  // on a phone take the reader away from the table view above.
  const cur = list.querySelector(".cur");
  if (cur) {
    const pane = list.getBoundingClientRect(), line = cur.getBoundingClientRect();
    if (line.top < pane.top) list.scrollTop -= pane.top - line.top;
    else if (line.bottom > pane.bottom) list.scrollTop += Math.min(line.bottom - pane.bottom, line.top - pane.top);
  }
}

// `text` as nodes that may also break after '(' and ':', so a method's name wraps between its parts.
function breakable(text) {
  const out = document.createDocumentFragment();
  let start = 0;
  for (let i = 0; i + 1 < text.length; i++) {
    if ((text[i] === "(" || text[i] === ":") && text[i + 1] !== " " && text[i + 1] !== ")") {
      out.appendChild(document.createTextNode(text.slice(start, i + 1)));
      out.appendChild(document.createElement("wbr"));
      start = i + 1;
    }
  }
  out.appendChild(document.createTextNode(text.slice(start)));
  return out;
}

const laneIndex = { user: 0, tableView: 1, dataSource: 2, delegate: 3 };
const laneCount = 4;
function drawCalls(step) {
  const box = $("calls");
  box.textContent = "";
  const lanes = el("div", "lanes");
  ["User", step.collection ? "UICollectionView" : "UITableView", "Data source", "Delegate"].forEach((t) => lanes.appendChild(el("div", "", t)));
  box.appendChild(lanes);
  if (step.calls.length === 0) {
    box.appendChild(el("p", "dim", "No calls in this step."));
    return;
  }
  const sequence = el("div", "sequence");
  for (let i = 0; i < laneCount; i++) {
    const line = el("div", "lifeline");
    line.style.left = (100 * (i + 0.5) / laneCount) + "%";
    line.setAttribute("aria-hidden", "true");
    sequence.appendChild(line);
  }
  const list = el("ol", "");
  step.calls.forEach((call) => {
    const row = el("li", "call");
    const a = laneIndex[call.from], b = laneIndex[call.to];
    row.dataset.from = a;
    row.dataset.to = b;
    const text = call.text;
    // A part of the row that starts at lane `lane`'s lifeline: half a lane into the columns it spans.
    const fromLifeline = (part, lane) => {
      part.style.gridColumn = (lane + 1) + " / " + (laneCount + 1);
      part.style.marginLeft = "calc(50% / " + (laneCount - lane) + ")";
    };
    if (a === b) {
      const note = el("div", "note");
      note.appendChild(breakable("# " + text));
      fromLifeline(note, a);
      row.appendChild(note);
    } else {
      const lo = Math.min(a, b), hi = Math.max(a, b);
      const label = el("div", "label");
      fromLifeline(label, lo);
      label.style.gridRow = "1";
      const name = el("span", "");
      name.appendChild(breakable(text));
      label.appendChild(name);
      if (call.answer !== undefined) {
        const answer = el("span", "answer");
        answer.appendChild(breakable(" → " + call.answer));
        label.appendChild(answer);
        if (call.default) label.appendChild(el("span", "default", " (default)"));
      }
      row.appendChild(label);
      const arrow = el("div", "arrow" + (b < a ? " left" : ""));
      arrow.style.gridColumn = (lo + 1) + " / " + (hi + 2);
      arrow.style.gridRow = "2";
      arrow.style.marginLeft = "calc(50% / " + (hi - lo + 1) + ")";
      arrow.style.marginRight = "calc(50% / " + (hi - lo + 1) + ")";
      row.appendChild(arrow);
    }
    row.setAttribute("aria-label", call.from + " calls " + call.to + ": " + text + (call.answer !== undefined ? ", answers " + call.answer : ""));
    list.appendChild(row);
  });
  sequence.appendChild(list);
  box.appendChild(sequence);
  if (step.moreCalls) box.appendChild(el("p", "dim", "… " + step.moreCalls + " more calls in this step, not drawn"));
}

function drawConsole(index) {
  const pre = $("console");
  pre.textContent = "";
  let items = [];
  for (let i = 0; i <= index; i++) L.steps[i].output.forEach((o) => items.push([i, o]));
  if (items.length > 300) items = items.slice(items.length - 300);
  items.forEach(([i, o]) => {
    const span = el("span", o.kind + (i < index ? " old" : ""), o.kind === "outOfSync" ? "! " + o.text + "\n" : o.text);
    pre.appendChild(span);
  });
  pre.scrollTop = pre.scrollHeight;
  requestAnimationFrame(() => { pre.scrollTop = pre.scrollHeight; });
}

function drawStep(index) {
  const step = L.steps[index];
  const layers = $("layers");
  layers.textContent = "";
  const tableBox = el("div", "layer");
  const viewName = step.collection ? "collection view" : "table view";
  $("phone-title").textContent = "The " + viewName;
  tableBox.appendChild(el("h3", "", step.dataSource === null ? "Its cells, as an iPhone draws them" : "The " + viewName + "'s cells"));
  drawTable(step, tableBox);
  layers.appendChild(tableBox);
  // The table before the commit: shown instead of the animation with reduced motion, and on paper.
  if (step.commit) drawBefore(step, layers);
  if (step.dataSource !== null) drawData(step, layers);
  const batch = $("batch");
  if (step.queued.length > 0) {
    batch.hidden = false;
    batch.textContent = "";
    batch.appendChild(el("strong", "", "A batch is open: the table view has not changed yet. Queued:"));
    const ol = el("ol", "mono");
    step.queued.forEach((q) => ol.appendChild(el("li", "", q)));
    batch.appendChild(ol);
  } else {
    batch.hidden = true;
  }
  const rej = $("rejection");
  if (step.rejection) {
    rej.hidden = false;
    rej.textContent = "";
    const r = step.rejection;
    const text = r.exception
      ? "*** Terminating app due to uncaught exception '" + r.exception + "', reason: '" + r.message + "'"
      : "ListDSL: " + r.message;
    rej.appendChild(el("span", "", text));
    if (r.formula) rej.appendChild(el("span", "formula", "The check that failed: " + r.formula));
    rej.appendChild(el("span", "rollback", "Rolled back: the table is as it was before the batch."));
  } else {
    rej.hidden = true;
  }
  drawSource(step);
  drawCalls(step);
  drawConsole(index);
}

function go(index, fromHash) {
  index = Math.max(0, Math.min(last, index | 0));
  if (index === current) return;
  current = index;
  drawStep(index);
  const step = L.steps[index];
  $("slider").value = String(index);
  $("counter").textContent = "Step " + index + " of " + last + (L.truncated ? " (the first " + last + " steps of the run: the lesson stopped recording there)" : "");
  $("statement").textContent = index === 0 ? "The start: nothing has run yet." : (step.running ? "Running (a statement inside it runs next): " : step.completed ? "Ran: " : "Failed: ") + step.text;
  // A screen reader says the slider's value in words: the step and its statement.
  $("slider").setAttribute("aria-valuetext", "Step " + index + " of " + last + (index === 0 ? ", the start" : ", line " + step.line + (step.completed ? ": " : ", failed: ") + step.text));
  $("first").disabled = $("back").disabled = index === 0;
  $("next").disabled = $("last").disabled = index === last;
  if (!fromHash) history.replaceState(null, "", "#step=" + index);
  document.body.dataset.step = String(index);
}

function stepFromHash() {
  const m = /step=(\d+)/.exec(location.hash);
  return m ? parseInt(m[1], 10) : 0;
}

$("slider").max = String(last);
$("first").addEventListener("click", () => go(0));
$("back").addEventListener("click", () => go(current - 1));
$("next").addEventListener("click", () => go(current + 1));
$("last").addEventListener("click", () => go(last));
$("slider").addEventListener("input", (e) => go(parseInt(e.target.value, 10)));
document.addEventListener("keydown", (e) => {
  if (e.target && e.target.id === "slider") return;
  // With a modifier the key is the browser's or the system's: Alt+← goes back in the history.
  if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
  if (e.key === "ArrowRight") { go(current + 1); e.preventDefault(); }
  else if (e.key === "ArrowLeft") { go(current - 1); e.preventDefault(); }
  else if (e.key === "Home") { go(0); e.preventDefault(); }
  else if (e.key === "End") { go(last); e.preventDefault(); }
});
window.addEventListener("hashchange", () => go(stepFromHash(), true));
go(stepFromHash(), true);
