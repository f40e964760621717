"use strict";
// The page draws the run's event stream (docs/events.md): the JSON lines `listdsl --events` writes, with the
// page's states. `read` turns the lines into steps: a step is what happened from one `state` line to the
// next, and its statement is the one that just ended (or, for a running step, the one still running).

// The lanes of the sequence diagram, and the roles the stream's events give them.
const laneIndex = { user: 0, tableView: 1, dataSource: 2, delegate: 3 };
const laneCount = 4;

function read(text) {
  const L = { files: [], fileIndex: {}, sections: [], frames: [], steps: [], truncated: null, version: 0 };
  const running = []; // the statements running, outermost first
  let ended = null; // the statement that ended last
  const fresh = () => ({ calls: [], moreCalls: 0, output: [], commit: null, rejection: null, dragged: null });
  let pending = fresh();
  const call = (from, to, text, answer, isDefault) => {
    const c = { from: from, to: to, text: text };
    if (answer !== undefined && answer !== null) c.answer = answer;
    if (isDefault) c.default = true;
    pending.calls.push(c);
  };
  const same = (a, b) => a.file === b.file && a.line === b.line && a.column === b.column && a.endLine === b.endLine && a.endColumn === b.endColumn;
  const lines = text.split("\n");
  for (const line of lines) {
    if (line.trim() === "") continue;
    const e = JSON.parse(line);
    if (L.truncated) {
      // After the recording stopped, only the error that ended the run: it joins the last step.
      if (e.event === "diagnostic" && L.steps.length > 0) L.steps[L.steps.length - 1].output.push({ kind: e.severity, text: e.rendered });
      continue;
    }
    switch (e.event) {
      case "stream": L.version = e.version; break;
      case "file": L.fileIndex[e.name] = L.files.length; L.files.push({ name: e.name, lines: e.lines }); break;
      case "section": L.sections[e.id] = e; break;
      case "frame": L.frames[e.id] = e.sections.map((i) => L.sections[i]); break;
      case "statement":
        running.push(e);
        if (e.gesture) call("user", "tableView", e.text);
        break;
      case "statementEnd":
        while (running.length > 0 && !same(running.pop(), e)) { /* an error ended the ones inside it first */ }
        ended = e;
        break;
      case "hook": call("tableView", e.object, e.method + " " + e.arguments, e.answer, e.default); break;
      case "dataSource": call("tableView", "dataSource", e.arguments === "" ? e.method : e.method + " " + e.arguments, e.answer); break;
      case "call": call("dataSource", "tableView", e.call); break;
      case "tableView":
        call("tableView", "tableView", e.text);
        if (e.from) pending.dragged = { from: e.from, to: e.to };
        break;
      case "commit": pending.commit = e; break;
      case "rejected": pending.rejection = e; break;
      case "output": pending.output.push({ kind: e.kind, text: e.text }); break;
      case "outOfSync": pending.output.push({ kind: "outOfSync", text: e.message }); break;
      case "diagnostic":
        pending.output.push({ kind: e.severity, text: e.rendered });
        // The error that ends the run comes after its statement's end: it belongs to the last step.
        if (e.severity === "error" && pending.calls.length === 0 && L.steps.length > 1) {
          L.steps[L.steps.length - 1].output.push(...pending.output);
          pending.output = [];
        }
        break;
      case "state": {
        const at = e.running ? running[running.length - 1] : ended;
        if (e.warning) pending.output.push({ kind: "warning", text: e.warning });
        const step = Object.assign({}, e, pending);
        step.moreCalls = e.moreCalls || 0;
        step.statement = e.step === 0 || !at ? null : at;
        step.file = at && e.step > 0 ? (L.fileIndex[at.file] !== undefined ? L.fileIndex[at.file] : -1) : 0;
        step.line = step.statement ? at.line : 0;
        step.text = step.statement ? at.text : "";
        step.completed = !step.statement || e.running || at.completed !== false;
        step.grouped = e.style === "grouped";
        step.collection = e.view === "collection";
        L.steps.push(step);
        pending = fresh();
        break;
      }
      case "end": {
        // What came after the last statement (the error that ended the run, a batch left open) joins the last step.
        const step = L.steps[L.steps.length - 1];
        if (!step) break;
        step.output.push(...pending.output);
        step.calls.push(...pending.calls);
        step.moreCalls += e.moreCalls || 0;
        if (pending.rejection) step.rejection = pending.rejection;
        pending = fresh();
        break;
      }
      case "truncated": L.truncated = e; break;
      default: break; // an event this page does not draw
    }
  }
  return L;
}

// An index path as the page writes it.
const key = (s, r) => s + ":" + r;

// What a commit did to each drawn row and section, read from its lists and the frames' mapping.
function fates(commit, frame, before) {
  const out = { origin: new Map(), fate: new Map(), sectionHow: [], deletedSections: new Set(commit.deletedSections) };
  const movedTo = new Set(commit.movedRows.map((m) => key(m.to[0], m.to[1])));
  const reloadedTo = new Set(commit.reloadedRows.map((m) => key(m.to[0], m.to[1])));
  const listed = new Map();
  (commit.frameRows || []).forEach((c) => listed.set(key(c[0], c[1]), c[2] === null ? null : [c[2], c[3]]));
  frame.forEach((section, s) => {
    // A section past those the commit lists (the frame's limit) is taken as kept.
    const o = commit.sections[s];
    const how = o === null ? "inserted" : o === undefined ? "kept" : o.how;
    out.sectionHow.push({ how: how, from: o ? o.from : null });
    section.rows.forEach((t, r) => {
      const k = key(s, r);
      const old = listed.has(k) ? listed.get(k) : [s, r];
      if (old === null || commit.reloadData) { out.origin.set(k, old === null ? null : [old[0], old[1], "reloaded"]); return; }
      const kind = how === "reloaded" || reloadedTo.has(k) ? "reloaded" : movedTo.has(k) ? "moved" : "kept";
      out.origin.set(k, [old[0], old[1], kind]);
      out.fate.set(key(old[0], old[1]), [kind, k]);
    });
  });
  // Old rows that stayed but are now past the drawn rows: not deleted.
  const movedFrom = new Set(commit.movedRows.map((m) => key(m.from[0], m.from[1])));
  const reloadedFrom = new Set(commit.reloadedRows.map((m) => key(m.from[0], m.from[1])));
  (commit.frameLeft || []).forEach((c) => {
    const old = key(c[0], c[1]);
    const kind = movedFrom.has(old) ? "moved" : reloadedFrom.has(old) ? "reloaded" : "kept";
    out.fate.set(old, [kind, key(c[2], c[3]), true]);
  });
  return out;
}

// In a browser: draw the lesson. (Under node, `read` alone is what a test checks.)
if (typeof document !== "undefined") {
let L = read(document.getElementById("lesson-data").textContent);
window.L = L;
const $ = (id) => document.getElementById(id);
let last = L.steps.length - 1;
const ROW = 44;
const CELL = 92; // a collection view's item: a square, three to a row
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
  li.appendChild(el("span", "path mono", key(s, r)));
  li.appendChild(el("span", "", text));
  return li;
}

// The place of every header, row and footer of a frame: a plain or grouped table stacks them; a collection
// view lays each section's items out in rows of three (a flow layout).
function layout(frame, grouped, counts, grid, marks) {
  const out = { headers: [], rows: [], footers: [], height: 0 };
  let y = 0;
  frame.forEach((section, s) => {
    const titled = section.header !== undefined;
    const hh = grouped ? 44 : (titled ? 28 : (marks && marks[s] ? 22 : 0));
    out.headers.push({ y: y, h: hh });
    y += hh;
    const places = [];
    section.rows.forEach((t, r) => {
      if (grid) {
        places.push({ x: 8 + (r % 3) * (CELL + 8), y: y + Math.floor(r / 3) * (CELL + 8) + 8 });
      } else {
        places.push({ x: null, y: y + r * ROW });
      }
    });
    y += grid ? Math.ceil(section.rows.length / 3) * (CELL + 8) + (section.rows.length ? 8 : 0) : section.rows.length * ROW;
    out.rows.push(places);
    if (counts && section.rows.length < counts[s]) y += 32;
    const fh = section.footer !== undefined ? 28 : (grouped ? 12 : 0);
    out.footers.push({ y: y, h: fh });
    y += fh;
  });
  out.height = Math.max(y, 120);
  return out;
}

// The words for what a commit did to a section.
function sectionMark(how, from, s) {
  if (how === "inserted") return "inserted section";
  if (how === "moved") return "section " + from + " → " + s;
  if (how === "reloaded") return "reloaded section";
  if (how === "kept" && from !== null && from !== s) return "was section " + from;
  return "";
}

function place(e, p) {
  e.style.top = p.y + "px";
  if (p.x !== null) e.style.left = p.x + "px";
}

function drawTable(step, container, animate) {
  const frame = L.frames[step.tableView];
  const data = step.dataSource === null ? null : L.frames[step.dataSource];
  const grouped = step.grouped, grid = step.collection;
  const screen = el("div", "screen" + (grouped ? " grouped" : "") + (grid ? " grid" : ""));
  const tv = el("div", "tv");
  tv.id = "tableview";
  tv.setAttribute("role", "list");
  tv.setAttribute("aria-label", grid ? "The collection view's items" : "The table view's rows");
  const commit = step.commit;
  const before = commit ? L.frames[commit.frameBefore] : null;
  const f = commit && before ? fates(commit, frame, before) : null;
  // While a batch is open: the rows and sections its queued operations name, as they are now.
  const queuedAt = new Map(), queuedSections = new Map();
  step.queued.forEach((q) => {
    const name = q.kind === "deleteRows" ? "delete" : q.kind === "reloadRows" ? "reload" : q.kind === "reconfigureRows" ? "reconfigure" : null;
    if (name) q.paths.forEach((p) => queuedAt.set(key(p[0], p[1]), name + " queued"));
    if (q.kind === "moveRow") queuedAt.set(key(q.from[0], q.from[1]), "move to " + key(q.to[0], q.to[1]) + " queued");
    const sectionName = q.kind === "deleteSections" ? "delete queued" : q.kind === "reloadSections" ? "reload queued" : null;
    if (sectionName) q.sections.forEach((n) => queuedSections.set(n, sectionName));
    if (q.kind === "moveSection") queuedSections.set(q.from, "move to section " + q.to + " queued");
  });
  const marks = frame.map((section, s) => f ? sectionMark(f.sectionHow[s].how, f.sectionHow[s].from, s) : (queuedSections.get(s) || ""));
  const lay = layout(frame, grouped, step.rowCounts, grid, marks);
  tv.style.height = lay.height + "px";
  const beforeLay = before ? layout(before, grouped, commit.rowCountsBefore, grid) : null;
  const travels = [];
  if (frame.length === 0) tv.appendChild(el("div", "more", "(no sections)"));
  frame.forEach((section, s) => {
    const mark = marks[s];
    const h = el("div", "hdr" + (mark ? (queuedSections.has(s) && !f ? " queued" : " changed") : ""), section.header !== undefined ? section.header : "");
    h.style.top = lay.headers[s].y + "px";
    h.style.height = lay.headers[s].h + "px";
    if (mark) h.appendChild(el("span", "secmark", mark));
    if (lay.headers[s].h > 0) tv.appendChild(h);
    section.rows.forEach((text, r) => {
      const row = el("div", "row" + (grid ? " item" : ""));
      row.dataset.section = s;
      row.dataset.row = r;
      row.setAttribute("role", "listitem");
      if (grouped && !grid && r === 0) row.classList.add("first");
      if (grouped && !grid && r === section.rows.length - 1) row.classList.add("last");
      const style = step.editing && step.editingStyles && step.editingStyles[s] ? (step.editingStyles[s][r] || "none") : null;
      if (style !== null && !grid) {
        const c = el("span", "ctl " + style, style === "delete" ? "−" : style === "insert" ? "+" : "");
        if (style === "none") c.style.visibility = "hidden";
        c.setAttribute("aria-label", style === "none" ? "no editing control" : style + " control");
        row.appendChild(c);
      }
      row.appendChild(el("span", "path", key(s, r)));
      row.appendChild(el("span", "text", text));
      let label = key(s, r) + " " + text;
      if (data && data[s]) {
        const d = data[s].rows[r];
        if (d !== text) {
          row.classList.add("stale");
          row.appendChild(el("span", "mark", d === undefined ? "≠ no row in the data source" : "≠ data source: " + d));
          label += ", stale: the data source has " + (d === undefined ? "no row" : d);
        }
      }
      if (queuedAt.has(key(s, r))) {
        row.classList.add("queued");
        row.appendChild(el("span", "badge queued", queuedAt.get(key(s, r))));
        label += ", " + queuedAt.get(key(s, r));
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
      if (style !== null && step.movable && step.movable[s] && step.movable[s][r]) row.appendChild(el("span", "grip", "≡"));
      const p = lay.rows[s][r];
      place(row, p);
      if (f) {
        const origin = f.origin.get(key(s, r));
        if (origin === null) {
          row.classList.add("inserted");
          row.appendChild(el("span", "badge inserted", "inserted"));
          label += ", inserted";
        } else if (origin) {
          const [os, or, how] = origin;
          if (how === "reloaded") { row.classList.add("reloaded"); row.appendChild(el("span", "badge reloaded", "reloaded")); label += ", reloaded"; }
          if (how === "moved") { row.classList.add("moved"); row.appendChild(el("span", "badge moved", "moved")); label += ", moved"; }
          if (os !== s || or !== r) {
            row.querySelector(".path").textContent = key(os, or) + " → " + key(s, r);
            label += ", was " + key(os, or);
          }
          const old = beforeLay && beforeLay.rows[os] ? beforeLay.rows[os][or] : undefined;
          if (animate && how !== "reloaded" && old !== undefined && (old.y !== p.y || old.x !== p.x)) {
            place(row, old);
            row.classList.add("travel");
            travels.push([row, p]);
          }
        }
      }
      // A drag moved the row before the app heard of it: its old path and its new one.
      if (step.dragged && step.dragged.to[0] === s && step.dragged.to[1] === r) {
        const from = step.dragged.from;
        row.classList.add("moved");
        row.querySelector(".path").textContent = key(from[0], from[1]) + " → " + key(s, r);
        row.appendChild(el("span", "badge moved", "dragged"));
        label += ", dragged from " + key(from[0], from[1]);
      }
      if (!animate) row.classList.add("settled");
      row.setAttribute("aria-label", label);
      tv.appendChild(row);
    });
    const count = step.rowCounts ? step.rowCounts[s] : section.rows.length;
    if (section.rows.length < count) {
      const more = el("div", "more", "… " + (count - section.rows.length) + " more " + (grid ? "items" : "rows") + " not drawn");
      more.style.position = "absolute";
      more.style.top = (lay.footers[s].y - 32) + "px";
      tv.appendChild(more);
    }
    if (section.footer !== undefined) {
      const ft = el("div", "ftr", section.footer);
      ft.style.top = lay.footers[s].y + "px";
      tv.appendChild(ft);
    }
  });
  if (step.sectionCount > frame.length) {
    const more = el("div", "more", "… " + (step.sectionCount - frame.length) + " more sections not drawn");
    more.style.position = "absolute";
    more.style.top = lay.height + "px";
    tv.appendChild(more);
    tv.style.height = (lay.height + 32) + "px";
  }
  // Deleted rows fade out where they were (the table before the commit, beside, keeps them).
  if (f && !commit.reloadData && animate) {
    before.forEach((section, os) => section.rows.forEach((text, or) => {
      if (f.fate.has(key(os, or))) return;
      const g = el("div", "ghost" + (grid ? " item" : ""), key(os, or) + " " + text);
      g.setAttribute("aria-hidden", "true");
      place(g, beforeLay.rows[os][or]);
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
    requestAnimationFrame(() => requestAnimationFrame(() => travels.forEach(([row, p]) => place(row, p))));
  }
  return f;
}

// The table before a commit, each row marked with what the commit did to it.
function drawBefore(step, container, f) {
  const commit = step.commit;
  const before = L.frames[commit.frameBefore];
  const box = el("div", "layer data before");
  box.appendChild(el("h3", "", "Before the commit, and what it did"));
  const list = el("ol");
  list.id = "before";
  const movedSection = new Map(commit.movedSections.map((m) => [m.from, m.to]));
  const reloadedSections = new Set(commit.reloadedSections);
  before.forEach((section, s) => {
    const li = sectionItem(section, s);
    const gone = f.deletedSections.has(s);
    const what = gone ? "deleted section" : movedSection.has(s) ? "moved → section " + movedSection.get(s) : reloadedSections.has(s) ? "reloaded section" : "";
    if (what) { li.appendChild(el("span", "mark", what)); li.classList.add("changed"); }
    if (gone) li.classList.add("gone");
    list.appendChild(li);
    section.rows.forEach((text, r) => {
      const li = rowItem(s, r, text);
      const fate = commit.reloadData ? ["reloaded", ""] : f.fate.get(key(s, r));
      const what = !fate ? "deleted" : fate[0] === "reloaded" ? "reloaded → " + fate[1] + (fate[2] ? " (not drawn)" : "")
        : fate[1] === key(s, r) ? "" : fate[0] + " → " + fate[1] + (fate[2] ? " (not drawn)" : "");
      if (what) li.appendChild(el("span", "mark", what));
      if (!fate) li.classList.add("gone");
      list.appendChild(li);
    });
    const count = commit.rowCountsBefore ? commit.rowCountsBefore[s] : section.rows.length;
    if (section.rows.length < count) list.appendChild(el("li", "more", "… " + (count - section.rows.length) + " more rows, not drawn"));
  });
  if (commit.sectionCountBefore > before.length) list.appendChild(el("li", "more", "… " + (commit.sectionCountBefore - before.length) + " more sections, not drawn"));
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
    if (section.rows.length < count) list.appendChild(el("li", "more", "… " + (count - section.rows.length) + " more"));
  });
  if (step.dataSectionCount > frame.length) list.appendChild(el("li", "more", "… " + (step.dataSectionCount - frame.length) + " more sections"));
  box.appendChild(list);
  container.appendChild(box);
}

// The UTF-16 index of column `column` (1-based, counting Unicode scalars as the diagnostics do) of `line`;
// `plain` says the line has no surrogate pair, so a column is an index.
function unitIndex(line, column, plain) {
  if (plain) return Math.min(line.length, column - 1);
  let i = 0;
  for (let n = 1; n < column && i < line.length; n++) {
    const c = line.charCodeAt(i);
    i += c >= 0xd800 && c <= 0xdbff && i + 1 < line.length ? 2 : 1;
  }
  return i;
}

// The columns of line `n` a range covers, or null.
function columns(range, n, length) {
  if (!range || n < range.line || n > range.endLine) return null;
  return [n === range.line ? range.column : 1, n === range.endLine ? range.endColumn : length + 1];
}

// The source pane draws the lines in view and some above and below, whatever the script's length: a link of
// 100,000 empty lines drew every one and kept the page's thread busy for seconds (issue 57). A line's height is
// estimated from its length and the pane's width until it is drawn, then measured; the lines not drawn are two
// gaps of their height. A short script is drawn whole, as before (and as paper takes it). A line longer than
// LONG_LINE characters is drawn as a window of them around its marked columns.
const sourcePane = (() => {
  const WHOLE = 1500;
  const MARGIN = 60;
  const LONG_LINE = 4000;
  const list = $("source");
  let file = null;
  let marks = { at: null, fault: null, completed: true };
  let heights = null; // each line's height in px: estimated, or measured once drawn
  let measured = null; // 1 where heights holds a measure
  let tops = null; // tops[k]: the top of line k; tops[n] the whole height
  let topsValid = false;
  let metrics = null; // {lh, perRow, width}
  let drawn = { first: 0, last: 0, version: -1 };
  let version = 0;

  // How many characters of line k are drawn.
  const drawnLength = (k) => Math.min(file.lines[k].length, LONG_LINE + 40);

  // The line's number, and its text with the statement's (or the rejected command's) columns marked.
  function lineItem(k) {
    const line = file.lines[k];
    const n = k + 1;
    const li = el("li", "");
    li.appendChild(el("span", "n", String(n)));
    const plain = line.length < 64 ? !/[\uD800-\uDFFF]/.test(line) : line.search(/[\uD800-\uDFFF]/) < 0;
    const length = plain ? line.length : Array.from(line).length;
    const cur = marks.at && marks.at.file === file.name ? columns(marks.at, n, length) : null;
    const bad = columns(marks.fault, n, length);
    const mark = bad ? [bad[0], Math.max(bad[1], bad[0] + 1), "fault"] : cur ? [cur[0], cur[1], "range"] : null;
    if (line === "") li.appendChild(el("span", "", " "));
    else li.appendChild(lineText(line, plain, mark));
    if (cur) {
      li.classList.add("cur");
      if (!marks.completed) li.classList.add("failed");
      li.setAttribute("aria-current", "step");
    }
    if (bad) li.classList.add("faulty");
    if (file.lines.length > WHOLE) {
      li.setAttribute("aria-setsize", String(file.lines.length));
      li.setAttribute("aria-posinset", String(n));
    }
    return li;
  }

  // A line's text, the columns [mark[0], mark[1]) marked with class mark[2]; a long line only around them.
  function lineText(line, plain, mark) {
    const span = el("span", "");
    let from = 0;
    let to = line.length;
    const range = mark ? [unitIndex(line, mark[0], plain), unitIndex(line, mark[1], plain)] : null;
    if (line.length > LONG_LINE) {
      from = Math.max(0, Math.min((range ? range[0] : 0) - LONG_LINE / 4, line.length - LONG_LINE));
      if (from > 0 && line.charCodeAt(from) >= 0xdc00 && line.charCodeAt(from) <= 0xdfff) from++;
      to = Math.min(line.length, from + LONG_LINE);
      if (to < line.length && line.charCodeAt(to) >= 0xdc00 && line.charCodeAt(to) <= 0xdfff) to++;
      if (from > 0) span.appendChild(el("span", "elided", "… " + from.toLocaleString("en") + " characters before … "));
    }
    const text = (a, b) => { if (b > a) span.appendChild(document.createTextNode(line.slice(a, b))); };
    if (range && range[1] > from && range[0] < to) {
      const a = Math.max(from, range[0]);
      const b = Math.min(to, range[1]);
      text(from, a);
      span.appendChild(el("mark", mark[2], line.slice(a, b)));
      text(b, to);
    } else {
      text(from, to);
    }
    if (to < line.length) span.appendChild(el("span", "elided", " … " + (line.length - to).toLocaleString("en") + " more characters"));
    return span;
  }

  // The gap for lines [first, last), on paper a line that says how many are left out.
  function gap(first, last) {
    const li = el("li", "gap");
    li.setAttribute("aria-hidden", "true");
    li.dataset.lines = "lines " + (first + 1).toLocaleString("en") + "–" + last.toLocaleString("en") + " are not drawn here";
    li.style.height = (tops[last] - tops[first]) + "px";
    return li;
  }

  // The line height and how many characters a row holds, from a drawn line.
  function measure() {
    const li = list.querySelector("li:not(.gap)");
    if (!li) return false;
    const number = li.querySelector(".n");
    const probe = el("span", "", "0".repeat(64));
    probe.style.cssText = "position:absolute; visibility:hidden; white-space:pre";
    li.appendChild(probe);
    const charWidth = probe.getBoundingClientRect().width / 64 || 8;
    probe.remove();
    const style = getComputedStyle(li).lineHeight;
    const lh = (style.endsWith("px") && parseFloat(style)) || li.getBoundingClientRect().height || 18;
    const width = list.clientWidth;
    const room = width - (number ? number.getBoundingClientRect().width : 45);
    metrics = { lh: lh, perRow: Math.max(8, Math.floor(room / charWidth)), width: width };
    return true;
  }

  function estimate() {
    const n = file.lines.length;
    heights = new Float64Array(n);
    measured = new Uint8Array(n);
    const { lh, perRow } = metrics;
    for (let k = 0; k < n; k++) {
      const length = drawnLength(k);
      heights[k] = lh * (length <= perRow ? 1 : Math.ceil(length / perRow));
    }
    topsValid = false;
  }

  function sum() {
    const n = file.lines.length;
    if (!tops || tops.length !== n + 1) tops = new Float64Array(n + 1);
    for (let k = 0; k < n; k++) tops[k + 1] = tops[k] + heights[k];
    topsValid = true;
  }

  // The line at height y.
  function lineAt(y) {
    let lo = 0;
    let hi = file.lines.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (tops[mid] <= y) lo = mid; else hi = mid - 1;
    }
    return lo;
  }

  function draw(first, last) {
    const frame = document.createDocumentFragment();
    if (first > 0) frame.appendChild(gap(0, first));
    for (let k = first; k < last; k++) frame.appendChild(lineItem(k));
    if (last < file.lines.length) frame.appendChild(gap(last, file.lines.length));
    list.replaceChildren(frame);
    drawn = { first: first, last: last, version: version };
  }

  // Measures the drawn lines; where an estimate was wrong, the gaps move and the line at the pane's top stays.
  function correct() {
    const items = list.querySelectorAll("li:not(.gap)");
    const changed = [];
    items.forEach((li, i) => {
      const k = drawn.first + i;
      const h = li.getBoundingClientRect().height;
      if (h > 0 && Math.abs(h - heights[k]) > 0.5) changed.push([k, h]);
      measured[k] = 1;
    });
    if (changed.length === 0) return;
    const top = list.scrollTop;
    const anchor = lineAt(top);
    const offset = top - tops[anchor];
    for (const [k, h] of changed) heights[k] = h;
    sum();
    const gaps = list.querySelectorAll("li.gap");
    gaps.forEach((g) => {
      const [first, last] = g === list.firstElementChild ? [0, drawn.first] : [drawn.last, file.lines.length];
      g.style.height = (tops[last] - tops[first]) + "px";
    });
    list.scrollTop = tops[anchor] + offset;
  }

  // Draws what is in view (a short script: all of it).
  function render() {
    if (!file) return;
    const n = file.lines.length;
    if (n <= WHOLE) {
      if (drawn.version !== version) {
        tops = null;
        const frame = document.createDocumentFragment();
        for (let k = 0; k < n; k++) frame.appendChild(lineItem(k));
        list.replaceChildren(frame);
        drawn = { first: 0, last: n, version: version };
      }
      return;
    }
    // A hidden pane (the editor in its place) is drawn when it shows again (the observer below).
    if (list.clientWidth === 0) {
      drawn.version = -1;
      return;
    }
    if (!metrics || !heights || heights.length !== n) {
      if (!metrics || list.clientWidth !== metrics.width) {
        // A first line drawn, to measure the font and the pane.
        tops = null;
        list.replaceChildren(lineItem(0));
        if (!measure()) return;
      }
      estimate();
    }
    if (!topsValid) sum();
    let first, last;
    if (getComputedStyle(list).overflowY === "visible") {
      // On paper the pane does not scroll: the lines around the statement, the rest said to be left out.
      const at = marks.at && marks.at.file === file.name ? marks.at.line - 1 : 0;
      first = Math.max(0, Math.min(at - MARGIN / 2, n - MARGIN));
      last = Math.min(n, first + MARGIN);
    } else {
      const top = list.scrollTop;
      const height = list.clientHeight || 600;
      first = Math.max(0, lineAt(top) - MARGIN);
      last = Math.min(n, lineAt(top + height) + 1 + MARGIN);
    }
    const covered = drawn.version === version && drawn.first <= Math.max(0, first + MARGIN / 2) && drawn.last >= Math.min(n, last - MARGIN / 2);
    if (covered) return;
    draw(first, last);
    correct();
  }

  let pending = false;
  list.addEventListener("scroll", () => {
    if (pending || !file || file.lines.length <= WHOLE) return;
    pending = true;
    requestAnimationFrame(() => { pending = false; render(); });
  });
  if (typeof ResizeObserver === "function") {
    new ResizeObserver(() => {
      if (!file || file.lines.length <= WHOLE || list.clientWidth === 0) return;
      if (metrics && list.clientWidth === metrics.width && drawn.version === version) return;
      if (!metrics || list.clientWidth !== metrics.width) {
        metrics = null;
        heights = null;
      }
      version++;
      render();
    }).observe(list);
  }

  return {
    // Shows `f` with the step's marks: the statement's range `at`, the rejected command's `fault`.
    show(f, at, fault, completed) {
      if (f !== file) {
        file = f;
        heights = null;
        tops = null;
        list.scrollTop = 0;
        // Room for the numbers of a script of 10,000 lines or more.
        const digits = String(f.lines.length).length;
        if (digits > 4) list.style.setProperty("--source-numbers", "calc(" + digits + "ch + 1.5em)");
        else list.style.removeProperty("--source-numbers");
      }
      marks = { at: at, fault: fault, completed: completed };
      version++;
      render();
    },
    clear() {
      file = null;
      list.textContent = "";
    },
    // Scrolls the pane, and only it, so the statement's first line is in view (drawing it first when it is not).
    reveal() {
      if (!file || !marks.at || marks.at.file !== file.name) return;
      const k = Math.min(file.lines.length - 1, Math.max(0, marks.at.line - 1));
      if (tops && (k < drawn.first || k >= drawn.last)) {
        list.scrollTop = Math.max(0, tops[k] - list.clientHeight / 3);
        render();
      }
      const cur = list.querySelector(".cur");
      if (!cur) return;
      const pane = list.getBoundingClientRect(), line = cur.getBoundingClientRect();
      if (line.top < pane.top) list.scrollTop -= pane.top - line.top;
      else if (line.bottom > pane.bottom) list.scrollTop += Math.min(line.bottom - pane.bottom, line.top - pane.top);
    },
  };
})();

function drawSource(step) {
  const file = L.files[step.file];
  if (!file) return sourcePane.clear();
  $("file-name").textContent = "— " + file.name;
  const fault = step.rejection && step.rejection.file === file.name ? step.rejection : null;
  sourcePane.show(file, step.statement, fault, step.completed);
}

// Scrolls the source pane, and only it, to the statement (scrollIntoView would scroll the window too, and on a
// phone take the reader away from the table view above), and the console to its end. Both read the layout, so
// they run once, in the frame after a step is drawn: reading it while drawing would lay the page out again
// for each.
let scrollPending = false;
function scrollPanes() {
  if (scrollPending) return;
  scrollPending = true;
  requestAnimationFrame(() => {
    scrollPending = false;
    sourcePane.reveal();
    const pre = $("console");
    pre.scrollTop = pre.scrollHeight;
  });
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
      const name = el("span", "text");
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
    row.dataset.text = text;
    row.setAttribute("aria-label", call.from + " calls " + call.to + ": " + text + (call.answer !== undefined ? ", answers " + call.answer : ""));
    list.appendChild(row);
  });
  sequence.appendChild(list);
  box.appendChild(sequence);
  if (step.moreCalls) box.appendChild(el("p", "dim", "… " + step.moreCalls + " more calls in this step, not drawn"));
}

// The hooks and procedures running, innermost first, each with its local variables (as Python Tutor
// draws frames).
function drawFrames(step) {
  const box = $("frames");
  box.textContent = "";
  const frames = step.frames || [];
  box.hidden = frames.length === 0;
  if (frames.length === 0) return;
  box.appendChild(el("h3", "", frames.length > 1 ? "Running, innermost first" : "Running"));
  frames.slice().reverse().forEach((f, i) => {
    const frame = el("div", "frame" + (i === 0 ? " top" : ""));
    const head = el("div", "fname");
    head.appendChild(el("strong", "mono", f.name));
    if (f.method) head.appendChild(el("span", "method mono", " " + f.method));
    if (i > 0) head.appendChild(el("span", "dim", " (waiting for the call above)"));
    frame.appendChild(head);
    if (f.locals.length === 0) {
      frame.appendChild(el("div", "dim", "no local variables"));
    } else {
      const table = el("table", "locals");
      f.locals.forEach((l) => {
        const tr = el("tr", "");
        tr.appendChild(el("th", "mono", l.name));
        tr.appendChild(el("td", "mono", l.value));
        table.appendChild(tr);
      });
      frame.appendChild(table);
    }
    box.appendChild(frame);
  });
  if (step.moreFrames) box.appendChild(el("p", "dim", "… and " + step.moreFrames + " more calls below, not drawn"));
}

// The console is drawn again at every step: it shows the last 300 outputs and at most CONSOLE_TEXT characters of
// them (a lesson may hold megabytes of output, 4 MiB at most), the end of a longer one.
const CONSOLE_TEXT = 64 << 10;
function drawConsole(index) {
  const pre = $("console");
  pre.textContent = "";
  let items = [];
  for (let i = 0; i <= index; i++) L.steps[i].output.forEach((o) => items.push([i, o]));
  if (items.length > 300) items = items.slice(items.length - 300);
  const texts = items.map(([, o]) => (o.kind === "outOfSync" ? "! " + o.text + "\n" : o.text));
  let room = CONSOLE_TEXT;
  let first = texts.length;
  while (first > 0 && room > 0) room -= texts[--first].length;
  let left = 0;
  if (room < 0) {
    left = -room;
    texts[first] = texts[first].slice(left);
  }
  for (let k = 0; k < first; k++) left += texts[k].length;
  if (left > 0) pre.appendChild(el("span", "note", "… " + left.toLocaleString("en") + " characters of earlier output are not drawn\n"));
  for (let k = first; k < items.length; k++) pre.appendChild(el("span", items[k][1].kind + (items[k][0] < index ? " old" : ""), texts[k]));
}

// The batch: while it is open, the calls queued; when UIKit refused it, the batch as it was, the command at
// fault marked.
// Whether position `a` starts inside range `b`.
function within(a, b) {
  const after = a.line > b.line || (a.line === b.line && a.column >= b.column);
  const before = a.line < b.endLine || (a.line === b.endLine && a.column < b.endColumn);
  return after && before;
}

function drawBatch(step) {
  const batch = $("batch");
  const r = step.rejection;
  const queue = r && r.batch && r.batch.length > 0 ? r.batch : step.queued;
  if (queue.length === 0) {
    batch.hidden = true;
    return;
  }
  batch.hidden = false;
  batch.textContent = "";
  const view = step.collection ? "collection view" : "table view";
  batch.appendChild(el("strong", "", r && queue === r.batch
    ? "The batch " + (step.collection ? "UICollectionView" : "UITableView") + " refused:"
    : "A batch is open: the " + view + " has not changed yet. Queued:"));
  const ol = el("ol", "mono");
  queue.forEach((q) => {
    const li = el("li", "", q.call);
    li.appendChild(el("span", "at", " (line " + q.line + ")"));
    if (r && q.file === r.file && within(r, q)) {
      li.classList.add("fault");
      li.appendChild(el("span", "at", " ← the check failed here"));
    }
    ol.appendChild(li);
  });
  batch.appendChild(ol);
}

function drawRejection(step) {
  const rej = $("rejection");
  const r = step.rejection;
  if (!r) {
    rej.hidden = true;
    return;
  }
  rej.hidden = false;
  rej.textContent = "";
  const view = r.view === "collection" ? "collection view" : "table view";
  const where = r.file + ":" + r.line + ":" + r.column;
  if (r.exception) {
    rej.appendChild(el("span", "ondevice", "On a device the app terminates here (" + where + "):"));
    rej.appendChild(el("span", "", "*** Terminating app due to uncaught exception '" + r.exception + "', reason: '" + r.message + "'"));
  } else {
    rej.appendChild(el("span", "ondevice", "ListDSL refused this (" + where + "): no device would run it."));
    rej.appendChild(el("span", "", r.message));
  }
  if (r.formula) rej.appendChild(el("span", "formula", "The check that failed: " + r.formula));
  (r.notes || []).forEach((n) => rej.appendChild(el("span", "note", "Note (" + n.file + ":" + n.line + ":" + n.column + "): " + n.message)));
  rej.appendChild(el("span", "rollback", r.rolledBack
    ? "The simulator kept the " + view + " as it was before the batch, so the lesson can go on."
    : "The simulator kept the " + view + " as it was; the batch is still open."));
}

// A commit UIKit made with a warning: what it did instead of what the batch asked (UICollectionView on iOS 13 to
// 16.3 logs a failed check and reloads; UITableView reloads when a row moves out of a deleted section), or a batch
// it accepts but is known to crash on. The warning is the simulator's own sentence, UIKit's text quoted in it.
function drawWarnings(step) {
  const box = $("warned");
  const warnings = step.commit ? step.commit.warnings || [] : [];
  box.hidden = warnings.length === 0;
  box.textContent = "";
  if (box.hidden) return;
  const where = step.statement ? " (" + step.statement.file + ":" + step.statement.line + ")" : "";
  box.appendChild(el("span", "ondevice", "No crash here" + where + ", but a warning:"));
  warnings.forEach((w) => box.appendChild(el("span", "", w)));
}

function drawStep(index, animate) {
  const step = L.steps[index];
  const layers = $("layers");
  layers.textContent = "";
  const tableBox = el("div", "layer");
  const viewName = step.collection ? "collection view" : "table view";
  $("phone-title").textContent = "The " + viewName;
  tableBox.appendChild(el("h3", "", step.dataSource === null ? (step.collection ? "Its items, as an iPhone draws them" : "Its cells, as an iPhone draws them") : "The " + viewName + "'s " + (step.collection ? "items" : "cells")));
  const f = drawTable(step, tableBox, animate && !reduceMotion);
  layers.appendChild(tableBox);
  $("replay").hidden = !(step.commit && f && !reduceMotion);
  if (step.commit && f) drawBefore(step, layers, f);
  if (step.dataSource !== null) drawData(step, layers);
  drawBatch(step);
  drawRejection(step);
  drawWarnings(step);
  drawSource(step);
  drawFrames(step);
  drawCalls(step);
  drawConsole(index);
  scrollPanes();
}

function go(index, fromHash) {
  index = Math.max(0, Math.min(last, index | 0));
  if (index === current) return;
  current = index;
  drawStep(index, true);
  const step = L.steps[index];
  $("slider").value = String(index);
  $("counter").textContent = "Step " + index + " of " + last + (L.truncated ? " (the first " + last + " steps of the run: the lesson stopped recording there)" : "");
  $("statement").textContent = index === 0 ? "The start: nothing has run yet." : (step.running ? "Running (a statement inside it runs next): " : step.completed ? "Ran: " : "Failed: ") + step.text;
  // A screen reader says the slider's value in words: the step and its statement.
  $("slider").setAttribute("aria-valuetext", "Step " + index + " of " + last + (index === 0 ? ", the start" : ", line " + step.line + (step.completed ? ": " : ", failed: ") + step.text));
  $("first").disabled = $("back").disabled = index === 0;
  $("next").disabled = $("last").disabled = index === last;
  if (!fromHash) history.replaceState(null, "", "#" + (hashPrefix ? hashPrefix + "&" : "") + "step=" + index);
  document.body.dataset.step = String(index);
}

// What the address keeps before the step (the playground's script: "code=…").
let hashPrefix = "";

// Draws another run of the page's script (the playground's): its stream read into steps, the step kept
// where it still exists.
function load(text) {
  L = read(text);
  window.L = L;
  last = L.steps.length - 1;
  $("slider").max = String(last);
  const keep = Math.max(0, Math.min(current, last));
  current = -1;
  go(keep, false);
}

window.lessonPage = {
  load: load,
  go: (index) => go(index, false),
  step: () => current,
  setHashPrefix: (prefix) => { hashPrefix = prefix; },
};

// The step the address names; else the one the page opens at (`listdsl explain --html`: the crash), else 0.
function stepFromHash() {
  const m = /step=(\d+)/.exec(location.hash);
  return m ? parseInt(m[1], 10) : window.listdslStartStep || 0;
}

$("slider").max = String(last);
$("first").addEventListener("click", () => go(0));
$("back").addEventListener("click", () => go(current - 1));
$("next").addEventListener("click", () => go(current + 1));
$("last").addEventListener("click", () => go(last));
$("replay").addEventListener("click", () => drawStep(current, true));
$("slider").addEventListener("input", (e) => go(parseInt(e.target.value, 10)));
document.addEventListener("keydown", (e) => {
  if (e.target && (e.target.id === "slider" || e.target.tagName === "TEXTAREA")) return;
  // With a modifier the key is the browser's or the system's: Alt+← goes back in the history.
  if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
  if (e.key === "ArrowRight") { go(current + 1); e.preventDefault(); }
  else if (e.key === "ArrowLeft") { go(current - 1); e.preventDefault(); }
  else if (e.key === "Home") { go(0); e.preventDefault(); }
  else if (e.key === "End") { go(last); e.preventDefault(); }
});
window.addEventListener("hashchange", () => go(stepFromHash(), true));
go(stepFromHash(), true);
}

if (typeof module !== "undefined") module.exports = { read: read, fates: fates };
