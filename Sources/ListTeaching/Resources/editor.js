"use strict";
// ListEditor: a small code editor made of the playground's own textarea, without a library. The textarea stays
// the element typed into (its value, input and keydown events and focus are the page's as before); its text is
// transparent, and under it a <pre> draws the coloured tokens of the lines in view and a gutter their numbers.
// A keystroke rescans only the lines its edit reaches and draws only a screenful, whatever the script's length.
//
//   const editor = ListEditor.attach(textarea, vocabulary);  // vocabulary: {"words": [{word, category, usage, summary}]}
//   editor.refresh(); editor.setDiagnostics([{line, column, endLine, endColumn, severity, message}]); editor.detach();
(function () {
  // The grammar's own structure (not its vocabulary, which the page gives): after `on` comes a hook, after
  // `let`, `proc` and `for` a new name, and after `else` a statement.
  const ON = "on";
  const DECLARERS = ["let", "proc", "for"];
  const ELSE = "else";
  // The vocabulary's categories: the words that start statements, and those that mean something in expressions.
  const STATEMENT = ["command", "scripting", "gesture", "batch", "layerPrefix"];
  const EXPRESSION = ["value", "operatorWord", "optionWord"];
  // A longer line is drawn uncoloured: lexing it on every keystroke would cost more than its colours give.
  const LONG_LINE = 5000;
  const MAX_ITEMS = 50;
  // The most lines a printout of the editor holds (a long script's would take the page minutes to lay out).
  const PRINTED_LINES = 5000;
  // The edits that change only what was selected (or the character or word beside the caret) when they began:
  // the text before the selection then and after the caret now is unchanged, so rescan need not compare it.
  // Not composition (its range is not the selection), drops, spelling replacements or undo.
  const TRUSTED = new RegExp("^(insert(Text|LineBreak|Paragraph|FromPaste|FromYank|Transpose)" +
    "|delete(Content|Word|SoftLine|HardLine)(Backward|Forward)|deleteByCut)$");
  let instances = 0;

  const isLetter = (c) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
  const isDigit = (c) => c >= 48 && c <= 57;
  const isWordChar = (c) => isLetter(c) || isDigit(c);

  function escapeHTML(s) {
    return /[&<>"]/.test(s) ? s.replace(/[&<>"]/g, (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : c === ">" ? "&gt;" : "&quot;")) : s;
  }

  // word → its entries in table order (a word may have several roles: `move` is a command and a hook).
  function indexVocabulary(vocabulary) {
    const words = new Map();
    const list = vocabulary && Array.isArray(vocabulary.words) ? vocabulary.words : [];
    for (const e of list) {
      if (!e || typeof e.word !== "string" || typeof e.category !== "string") continue;
      if (!/^\.?[A-Za-z_][A-Za-z0-9_]*$/.test(e.word) || !/^[A-Za-z]+$/.test(e.category)) continue;
      let roles = words.get(e.word);
      if (!roles) words.set(e.word, (roles = []));
      roles.push({ word: e.word, category: e.category, usage: String(e.usage || ""), summary: String(e.summary || ""),
        method: e.method ? String(e.method) : "" });
    }
    return words;
  }

  function roleIn(roles, categories) {
    if (roles) for (const r of roles) if (categories.indexOf(r.category) >= 0) return r;
    return null;
  }

  // The state at a line's start, as the lexer would have it: the open brackets of the code outside strings
  // (newlines inside `(` and `[` do not end statements) and the stack of strings and interpolations (-1 a string,
  // n >= 0 an interpolation with n parentheses open). "" is the usual state: code, nothing open.
  function decodeState(key) {
    if (key === "") return { br: "", fr: [] };
    const bar = key.indexOf("|");
    const tail = key.slice(bar + 1);
    return { br: key.slice(0, bar), fr: tail === "" ? [] : tail.split(",").map(Number) };
  }

  // Scans `text` from `from`, a line start in state `key`, calling line(offset, state) at each later line start
  // until it returns true. It follows lexLine's rules (strings span lines, `#` comments only outside strings and
  // interpolations, an interpolation ends at its unmatched `)`), so any line can then be coloured on its own.
  function scanFrom(text, from, key, line) {
    const n = text.length;
    const state = decodeState(key);
    let br = state.br;
    const fr = state.fr;
    let changed = false;
    let i = from;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 10) {
        i++;
        if (changed) {
          key = br === "" && fr.length === 0 ? "" : br + "|" + fr.join(",");
          changed = false;
        }
        if (line(i, key)) return;
        continue;
      }
      const top = fr.length ? fr[fr.length - 1] : null;
      if (top === -1) {
        if (c === 92) {
          const next = text.charCodeAt(i + 1);
          if (next === 40) { fr.push(0); changed = true; i += 2; } else i += next === 10 ? 1 : 2;
          continue;
        }
        if (c === 34) { fr.pop(); changed = true; }
        i++;
        continue;
      }
      if (top !== null) {
        if (c === 40) { fr[fr.length - 1]++; changed = true; }
        else if (c === 41) { if (top === 0) fr.pop(); else fr[fr.length - 1]--; changed = true; }
        else if (c === 34) { fr.push(-1); changed = true; }
        i++;
        continue;
      }
      if (c === 35) {
        const end = text.indexOf("\n", i);
        i = end < 0 ? n : end;
        continue;
      }
      if (c === 34) { fr.push(-1); changed = true; }
      else if (c === 40 || c === 91 || c === 123) { if (br.length < 256) br += text[i]; changed = true; }
      else if (c === 41 || c === 93 || c === 125) {
        const open = c === 41 ? "(" : c === 93 ? "[" : "{";
        if (br.length && br[br.length - 1] === open) { br = br.slice(0, -1); changed = true; }
      }
      i++;
    }
  }

  // Where every line starts and the state there.
  function scanText(text) {
    const starts = [0];
    const states = [""];
    scanFrom(text, 0, "", (at, key) => { starts.push(at); states.push(key); return false; });
    return { starts: starts, states: states };
  }

  // The edit that turned `a` into `b`: the lengths of their common prefix and suffix. The hints (where the edit
  // began and how much follows it, or -1) save comparing them character by character; `trusted` hints, from an
  // edit whose range is known, are not even checked.
  function difference(a, b, hint, suffixHint, trusted) {
    const max = Math.min(a.length, b.length);
    let p = hint > 0 ? Math.min(hint, max) : 0;
    if (p > 0 && !trusted && a.slice(0, p) !== b.slice(0, p)) p = 0;
    while (p < max && a.charCodeAt(p) === b.charCodeAt(p)) p++;
    const most = max - p;
    let q = suffixHint > 0 ? Math.min(suffixHint, most) : 0;
    if (q > 0 && !trusted && a.slice(a.length - q) !== b.slice(b.length - q)) q = 0;
    while (q < most && a.charCodeAt(a.length - 1 - q) === b.charCodeAt(b.length - 1 - q)) q++;
    return { prefix: p, suffix: q };
  }

  // The end of the escape starting at `j` (a backslash, not `\(`): `\u{…}`, `\uXXXX` or one character.
  function escapeEnd(line, j) {
    const L = line.length;
    if (j + 1 >= L) return L;
    if (line.charCodeAt(j + 1) === 117) {
      let k = j + 2;
      if (line.charCodeAt(k) === 123) {
        k++;
        while (k < L && k < j + 12 && /[0-9A-Fa-f]/.test(line[k])) k++;
        return line.charCodeAt(k) === 125 ? k + 1 : k;
      }
      while (k < L && k < j + 6 && /[0-9A-Fa-f]/.test(line[k])) k++;
      return k;
    }
    return j + 2;
  }

  // The tokens of one line, from the state at its start: a flat [start, end, class, …] list. The class of a
  // word comes from its role where it stands: a statement's first word, a hook after `on`, a call before `(`.
  // With `probe`, also what the lexer is doing at that column (for completion).
  function lexLine(line, key, words, probe) {
    const state = decodeState(key);
    let br = state.br;
    const fr = state.fr;
    const out = [];
    const L = line.length;
    const inParens = () => br.length > 0 && br[br.length - 1] !== "{";
    let stmt = fr.length === 0 && !inParens();
    let after = ""; // "on" or "decl": what the previous word makes of the next one
    let operand = false; // after an operator, `(`, `[` or `,`: an option word there is a name (`= index`)
    let ctx = null;
    const snap = (what) => { if (ctx === null) ctx = { what: what, stmt: stmt, after: after }; };
    const nextChar = (k) => { while (k < L && (line.charCodeAt(k) === 32 || line.charCodeAt(k) === 9)) k++; return k; };
    let i = 0;
    while (i < L) {
      if (probe !== undefined && i >= probe) snap("code");
      const top = fr.length ? fr[fr.length - 1] : null;
      if (top === -1) {
        const from = i;
        let j = i;
        while (j < L) { const c = line.charCodeAt(j); if (c === 34 || c === 92) break; j++; }
        if (j > i) out.push(i, j, "tok-string");
        if (j >= L) i = L;
        else if (line.charCodeAt(j) === 34) { out.push(j, j + 1, "tok-string"); fr.pop(); i = j + 1; }
        else if (line.charCodeAt(j + 1) === 40) { out.push(j, j + 2, "tok-interp"); fr.push(0); i = j + 2; }
        else { const e = escapeEnd(line, j); out.push(j, e, "tok-escape"); i = e; }
        if (probe !== undefined && probe >= from && probe < i) snap("string");
        continue;
      }
      const c = line.charCodeAt(i);
      if (c === 32 || c === 9 || c === 13) { i++; continue; }
      if (c === 35 && top === null) {
        if (probe !== undefined) snap("comment");
        out.push(i, L, "tok-comment");
        break;
      }
      if (isLetter(c) || (c === 46 && stmt && top === null && isLetter(line.charCodeAt(i + 1)))) {
        let j = i + 1;
        while (j < L && isWordChar(line.charCodeAt(j))) j++;
        const word = line.slice(i, j);
        const roles = words.get(word);
        const k = nextChar(j);
        const next = line.charCodeAt(k);
        let cls = "tok-name";
        let nextAfter = "";
        let nextStmt = false;
        if (c === 46) {
          cls = roleIn(roles, ["dotCommand"]) ? "tok-dotCommand" : "tok-name";
        } else if (i > 0 && line.charCodeAt(i - 1) === 46) {
          cls = "tok-name"; // a member: `source.section`
        } else if (after === "decl") {
          cls = "tok-name tok-decl";
        } else if (after === "on" && roleIn(roles, ["hook"])) {
          cls = "tok-hook";
        } else if (stmt && next === 61 && line.charCodeAt(k + 1) !== 61) {
          cls = "tok-name"; // an assignment: `show = 1`
        } else if (stmt && roleIn(roles, STATEMENT)) {
          const r = roleIn(roles, STATEMENT);
          cls = "tok-" + r.category;
          if (word === ON) nextAfter = "on";
          else if (DECLARERS.indexOf(word) >= 0) nextAfter = "decl";
          else if (r.category === "layerPrefix") nextStmt = true;
        } else if (next === 40 && roleIn(roles, ["builtin"])) {
          cls = "tok-builtin tok-call";
        } else if ((next === 58 || next === 46) && !roleIn(roles, ["value", "operatorWord"])) {
          cls = "tok-name"; // the start of an index path or a member: `section:0`
        } else if (roleIn(roles, EXPRESSION) && !(operand && !roleIn(roles, ["value", "operatorWord"]))) {
          cls = "tok-" + roleIn(roles, EXPRESSION).category;
          if (word === ELSE) nextStmt = true;
        } else if (next === 40) {
          cls = "tok-name tok-call"; // a procedure
        } else if (stmt && roles) {
          cls = "tok-" + roles[0].category;
        }
        out.push(i, j, cls);
        stmt = nextStmt;
        after = nextAfter;
        operand = cls === "tok-operatorWord";
        i = j;
        continue;
      }
      stmt = false;
      after = "";
      operand = false;
      if (isDigit(c)) {
        let j = i;
        while (j < L && isDigit(line.charCodeAt(j))) j++;
        if (line.charCodeAt(j) === 58) {
          let k = j + 1;
          if (line.charCodeAt(k) === 45) k++;
          if (isDigit(line.charCodeAt(k))) {
            while (k < L && isDigit(line.charCodeAt(k))) k++;
            out.push(i, k, "tok-path");
            i = k;
            continue;
          }
        }
        out.push(i, j, "tok-number");
        i = j;
        continue;
      }
      let len = 1;
      let cls = "tok-punct";
      switch (c) {
        case 34: // "
          out.push(i, i + 1, "tok-string");
          fr.push(-1);
          i++;
          continue;
        case 40: // (
          if (top !== null) fr[fr.length - 1]++;
          else if (br.length < 256) br += "(";
          break;
        case 41: // )
          if (top !== null) {
            if (top === 0) { fr.pop(); cls = "tok-interp"; } else fr[fr.length - 1]--;
          } else if (br[br.length - 1] === "(") br = br.slice(0, -1);
          break;
        case 91: // [
          if (top === null && br.length < 256) br += "[";
          break;
        case 93: // ]
          if (top === null && br[br.length - 1] === "[") br = br.slice(0, -1);
          break;
        case 123: // {
          if (top === null) { if (br.length < 256) br += "{"; stmt = true; }
          break;
        case 125: // }
          if (top === null) { if (br[br.length - 1] === "{") br = br.slice(0, -1); stmt = !inParens(); }
          break;
        case 59: // ;
          if (top === null) stmt = !inParens();
          break;
        case 44: case 58: // , :
          break;
        case 46: // . ..< ...
          if (line.charCodeAt(i + 1) === 46 && (line.charCodeAt(i + 2) === 60 || line.charCodeAt(i + 2) === 46)) { len = 3; cls = "tok-operator"; }
          break;
        case 61: case 60: case 62: case 33: // = == < <= > >= !=
          cls = "tok-operator";
          if (line.charCodeAt(i + 1) === 61) len = 2;
          else if (c === 33) cls = ""; // a lone `!` is an error: the diagnostics say to write `not`
          break;
        case 43: case 45: case 42: case 47: case 37: // + - * / %
          cls = "tok-operator";
          break;
        default:
          cls = "";
          if (c >= 0xd800 && c <= 0xdbff) len = 2;
      }
      if (cls) out.push(i, i + len, cls);
      operand = cls === "tok-operator" || c === 40 || c === 91 || c === 44;
      i += len;
    }
    if (probe !== undefined) snap(fr.length && fr[fr.length - 1] === -1 ? "string" : "code");
    return { tokens: out, ctx: ctx };
  }

  // The UTF-16 index of the `column`-th character (0-based, counting Unicode scalars as the diagnostics do).
  function utf16Index(line, column) {
    if (!/[\uD800-\uDBFF]/.test(line)) return column;
    let i = 0;
    let n = 0;
    for (; n < column && i < line.length; n++) {
      const c = line.charCodeAt(i);
      i += c >= 0xd800 && c <= 0xdbff && i + 1 < line.length ? 2 : 1;
    }
    return i + (column - n); // past the end: one unit per character
  }

  function attach(textarea, vocabulary) {
    if (!textarea || textarea.tagName !== "TEXTAREA") throw new TypeError("ListEditor.attach needs a textarea");
    if (!textarea.parentNode) throw new Error("ListEditor.attach: put the textarea in the page first");
    if (textarea.listEditor) return textarea.listEditor;
    const words = indexVocabulary(vocabulary);
    const id = "ed-" + ++instances;
    const ta = textarea;
    const doc = ta.ownerDocument;
    const el = (tag, cls) => { const e = doc.createElement(tag); if (cls) e.className = cls; return e; };

    // The wrapper takes the textarea's place; the textarea moves into it, over the drawn text.
    const wrap = el("div", "ed-wrap");
    const gutter = el("div", "ed-gutter");
    gutter.setAttribute("aria-hidden", "true");
    const numbers = el("div", "ed-lines");
    gutter.appendChild(numbers);
    const area = el("div", "ed-area");
    const layer = el("div", "ed-layer");
    layer.setAttribute("aria-hidden", "true");
    const pre = el("pre", "ed-pre");
    layer.appendChild(pre);
    const popup = el("div", "ed-popup");
    popup.hidden = true;
    const list = el("ul", "ed-list");
    list.id = id + "-list";
    list.setAttribute("role", "listbox");
    list.setAttribute("aria-label", "Completions");
    const detail = el("div", "ed-detail");
    detail.setAttribute("aria-hidden", "true");
    popup.append(list, detail);
    const printed = el("div", "ed-print");
    printed.setAttribute("aria-hidden", "true");
    ta.parentNode.insertBefore(wrap, ta);
    area.appendChild(layer);
    area.appendChild(ta);
    wrap.append(gutter, area, popup, printed);
    wrap.hidden = ta.hidden;

    // What attach changes on the textarea, to put back at detach.
    const saved = {};
    for (const name of ["wrap", "spellcheck", "autocomplete", "autocapitalize", "aria-autocomplete", "aria-expanded",
      "aria-controls", "aria-haspopup", "aria-activedescendant", "aria-invalid", "title"]) saved[name] = ta.getAttribute(name);
    const hadClass = ta.hasAttribute("class");
    ta.classList.add("ed-input");
    ta.setAttribute("wrap", "off");
    ta.setAttribute("spellcheck", "false");
    ta.setAttribute("autocomplete", "off");
    ta.setAttribute("autocapitalize", "off");
    ta.setAttribute("aria-autocomplete", "list");
    ta.setAttribute("aria-haspopup", "listbox");
    ta.setAttribute("aria-controls", list.id);
    ta.setAttribute("aria-expanded", "false");

    // The text and what one scan of it found.
    let text = "";
    let starts = [0];
    let states = [""];
    let version = 0;
    let diagnostics = new Map(); // 0-based line → [{from, to, severity, message}] (character columns, 0-based)
    let drawn = { first: -1, last: -1, version: -1, caret: -1, digits: 0 };
    let metrics = null;
    let caretLine = 0;

    function lineText(k) {
      const s = starts[k];
      return text.slice(s, k + 1 < starts.length ? starts[k + 1] - 1 : text.length);
    }
    function lineOf(offset) {
      let lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (starts[mid] <= offset) lo = mid; else hi = mid - 1;
      }
      return lo;
    }

    // The textarea's font, padding and line height, copied to the drawn text and the gutter so they line up.
    // The line height is rounded to 1/64 px, Chrome's and Safari's layout unit, as the textarea's lines are, so
    // line 10,000 is drawn where the textarea has it.
    function measure() {
      const cs = getComputedStyle(ta);
      let lh = parseFloat(cs.lineHeight);
      const size = parseFloat(cs.fontSize) || 13;
      if (!(lh > 0)) lh = size * 1.5;
      lh = Math.round(lh * 64) / 64;
      const font = { fontFamily: cs.fontFamily, fontSize: cs.fontSize, fontWeight: cs.fontWeight, fontStyle: cs.fontStyle,
        letterSpacing: cs.letterSpacing, lineHeight: lh + "px" };
      Object.assign(pre.style, font, { tabSize: cs.tabSize, paddingTop: cs.paddingTop, paddingRight: cs.paddingRight,
        paddingBottom: cs.paddingBottom, paddingLeft: cs.paddingLeft, textIndent: cs.textIndent });
      Object.assign(wrap.style, { fontFamily: cs.fontFamily, fontSize: cs.fontSize }); // the gutter's `ch`, beside and under the text
      Object.assign(gutter.style, font);
      numbers.style.paddingTop = cs.paddingTop;
      metrics = { lh: lh, padTop: parseFloat(cs.paddingTop) || 0, padLeft: parseFloat(cs.paddingLeft) || 0,
        font: cs.fontStyle + " " + cs.fontWeight + " " + cs.fontSize + " " + cs.fontFamily, tab: parseInt(cs.tabSize, 10) || 8 };
    }

    // Reads the textarea and scans it. An input only marks the text stale: Chrome fires one per line of some
    // pastes, so the scan waits for the next frame (before it is painted) or for completion, which needs it.
    let stale = true;
    // The edits since the last scan, for rescan: where the first began, whether there is exactly one of a
    // trusted type, and how many input events are still due. UNKNOWN: the text changed some other way.
    let edit = null;
    const UNKNOWN = { unknown: true };
    let frame = 0;
    function sync() { if (stale) update(); }
    function later() {
      if (!frame) frame = requestAnimationFrame(() => { frame = 0; if (ta.listEditor === api) render(); });
    }
    function update() {
      stale = false;
      const old = text;
      const next = ta.value;
      const hint = edit;
      edit = null;
      text = next;
      version++;
      if (old !== next) {
        if (old === "" || next === "") {
          const scan = scanText(next);
          starts = scan.starts;
          states = scan.states;
        } else rescan(old, next, hint && !hint.unknown ? hint : null);
      }
      caretLine = lineOf(ta.selectionEnd);
    }

    // Scans again from the edited line only, until a line starts in the state it had before the edit: the rest
    // keeps its states, its starts moved by the edit's length. A keystroke in a 10,000-line script scans a line.
    function rescan(old, next, hint) {
      const after = Math.min(ta.selectionStart, ta.selectionEnd);
      const diff = hint ? difference(old, next, Math.min(hint.at, after), next.length - ta.selectionEnd, hint.trusted)
        : difference(old, next, -1, -1, false);
      const delta = next.length - old.length;
      const first = lineOf(diff.prefix);
      const changedEnd = next.length - diff.suffix; // the first unchanged character of `next`
      const oldLast = lineOf(old.length - diff.suffix);
      const newStarts = [];
      const newStates = [];
      let resume = -1;
      scanFrom(next, starts[first], states[first], (at, key) => {
        if (at >= changedEnd) {
          const k = lineOf(at - delta);
          if (starts[k] === at - delta && states[k] === key) { resume = k; return true; }
        }
        newStarts.push(at);
        newStates.push(key);
        return false;
      });
      const keep = first + 1;
      const end = resume < 0 ? starts.length : resume;
      const lineDelta = newStarts.length - (end - keep);
      if (lineDelta === 0) {
        // The usual keystroke: as many lines as before, so the tables are updated in place.
        for (let k = 0; k < newStarts.length; k++) { starts[keep + k] = newStarts[k]; states[keep + k] = newStates[k]; }
      } else {
        starts = starts.slice(0, keep).concat(newStarts, starts.slice(end));
        states = states.slice(0, keep).concat(newStates, states.slice(end));
      }
      if (delta !== 0) for (let k = keep + newStarts.length; k < starts.length; k++) starts[k] += delta;
      // The diagnostics under the edit stay until the page sends new ones; those after it move with their lines.
      if (lineDelta !== 0 && diagnostics.size) {
        const moved = new Map();
        for (const [k, marks] of diagnostics) moved.set(k > oldLast ? k + lineDelta : k, marks);
        diagnostics = moved;
      }
    }

    // The HTML of line k: its tokens, and the diagnostics' ranges over them.
    function lineHTML(k) {
      const line = lineText(k);
      const toks = line.length > LONG_LINE ? [] : lexLine(line, states[k], words).tokens;
      const marks = diagnostics.get(k);
      let cuts = null;
      if (marks) {
        cuts = [];
        for (const m of marks) {
          const from = utf16Index(line, m.from);
          const to = m.to === Infinity ? line.length : utf16Index(line, m.to);
          cuts.push({ from: from, to: Math.max(to, from + 1), m: m });
        }
      }
      let html = "";
      let at = 0;
      const piece = (s, e, cls) => {
        if (e <= s) return;
        if (!cuts) { html += cls ? '<span class="' + cls + '">' + escapeHTML(line.slice(s, e)) + "</span>" : escapeHTML(line.slice(s, e)); return; }
        // Split at every diagnostic boundary inside [s, e).
        const points = [s, e];
        for (const c of cuts) { if (c.from > s && c.from < e) points.push(c.from); if (c.to > s && c.to < e) points.push(c.to); }
        points.sort((a, b) => a - b);
        for (let p = 0; p + 1 < points.length; p++) {
          const a = points[p];
          const b = points[p + 1];
          if (b <= a) continue;
          let sev = "";
          let title = "";
          for (const c of cuts) if (c.from <= a && c.to >= b) {
            if (sev !== "error") sev = c.m.severity;
            title += (title ? "\n" : "") + c.m.message;
          }
          const classes = (cls ? cls + " " : "") + (sev ? "ed-diag ed-" + sev : "");
          const body = escapeHTML(line.slice(a, b));
          html += classes ? '<span class="' + classes.trim() + '"' + (title ? ' title="' + escapeHTML(title) + '"' : "") + ">" + body + "</span>" : body;
        }
      };
      for (let t = 0; t < toks.length; t += 3) {
        piece(at, toks[t], "");
        piece(toks[t], toks[t + 1], toks[t + 2]);
        at = toks[t + 1];
      }
      piece(at, line.length, "");
      // A range past the line's last character (a missing `}` at the end) underlines one space after it.
      if (cuts) {
        const past = cuts.filter((c) => c.from >= line.length);
        if (past.length) {
          const sev = past.some((c) => c.m.severity === "error") ? "error" : past[0].m.severity;
          html += '<span class="ed-diag ed-' + sev + ' ed-eol" title="' + escapeHTML(past.map((c) => c.m.message).join("\n")) + '"> </span>';
        }
      }
      return html;
    }

    // Draws the lines in view (and one more above and below) and moves them, and the gutter, with the scroll.
    function render() {
      sync();
      if (!metrics || !(metrics.lh > 0)) measure();
      const lh = metrics.lh;
      // Every read of the layout first, then the writes: a read after a write would lay the page out twice.
      const top = ta.scrollTop;
      const left = ta.scrollLeft;
      const height = ta.clientHeight || 0;
      const count = starts.length;
      const first = Math.min(count - 1, Math.max(0, Math.floor((top - metrics.padTop) / lh) - 1));
      const last = Math.min(count, first + Math.ceil(height / lh) + 3);
      if (first !== drawn.first || last !== drawn.last || version !== drawn.version) {
        let html = "";
        for (let k = first; k < last; k++) html += lineHTML(k) + "\n";
        pre.innerHTML = html;
        drawn.first = first;
        drawn.last = last;
        drawn.version = version;
        drawn.caret = -1;
      }
      if (drawn.caret !== caretLine) {
        let nums = "";
        for (let k = first; k < last; k++) nums += k === caretLine ? '<span class="ed-current">' + (k + 1) + "</span>\n" : k + 1 + "\n";
        numbers.innerHTML = nums;
        drawn.caret = caretLine;
      }
      const digits = String(count).length;
      if (digits !== drawn.digits) {
        wrap.style.setProperty("--ed-gutter", "calc(" + Math.max(2, digits) + "ch + 14px)"); // 14px: the numbers' padding
        drawn.digits = digits;
      }
      const dy = first * lh - top;
      pre.style.transform = "translate(" + -left + "px," + dy + "px)";
      numbers.style.transform = "translateY(" + dy + "px)";
      if (!popup.hidden) place();
    }

    function refresh() {
      measure();
      edit = UNKNOWN;
      stale = true;
      close();
      render();
    }

    // Diagnostics: 1-based lines, character columns, the end one past the last character.
    function setDiagnostics(items) {
      const byLine = new Map();
      let errors = false;
      for (const d of Array.isArray(items) ? items : []) {
        if (!d || !(d.line >= 1)) continue;
        const severity = d.severity === "error" ? "error" : d.severity === "warning" ? "warning" : "note";
        if (severity === "note") continue;
        errors = errors || severity === "error";
        const line = d.line - 1;
        const col = Math.max(0, (d.column || 1) - 1);
        const endLine = Math.max(line, (d.endLine || d.line) - 1);
        let endCol = Math.max(0, (d.endColumn || d.column || 1) - 1);
        if (endLine === line) endCol = Math.max(endCol, col);
        const message = String(d.message || "") + (d.hint ? "\n" + d.hint : "");
        for (let k = line; k <= endLine && k - line < 10000; k++) {
          const from = k === line ? col : 0;
          const to = k === endLine ? endCol : Infinity;
          if (k !== line && k === endLine && to === 0) continue;
          if (!byLine.has(k)) byLine.set(k, []);
          byLine.get(k).push({ from: from, to: to, severity: severity, message: message });
        }
      }
      diagnostics = byLine;
      if (errors) ta.setAttribute("aria-invalid", "true"); else restore("aria-invalid");
      version++;
      render();
    }

    // ---- Completion ----
    const completion = { open: false, items: [], active: 0, from: 0, manual: false };
    let escaped = false; // Escape, then Tab: Tab leaves the editor (no keyboard trap)
    let inserting = false;
    let namesCache = { version: -1, names: [] };

    // The names the script declares: `let NAME`, `proc NAME`, `for NAME in`.
    function declaredNames() {
      // While the list is open only the word being typed changes: the names found when it opened still hold.
      if (namesCache.version === version || (completion.open && namesCache.version >= 0)) return namesCache.names;
      const found = new Set();
      const re = new RegExp("(?:^|[^A-Za-z0-9_.])(?:" + DECLARERS.join("|") + ")[ \\t]+([A-Za-z_][A-Za-z0-9_]*)", "g");
      let m;
      while ((m = re.exec(text)) !== null) found.add(m[1]);
      namesCache = { version: version, names: Array.from(found) };
      return namesCache.names;
    }

    // What may be completed at the caret: the word before it and where it stands, or null.
    function completionContext(manual) {
      sync();
      if (ta.selectionStart !== ta.selectionEnd) return null;
      const pos = ta.selectionEnd;
      const k = lineOf(pos);
      const line = lineText(k);
      const col = pos - starts[k];
      if (line.length > LONG_LINE) return null;
      let a = col;
      while (a > 0 && isWordChar(line.charCodeAt(a - 1))) a--;
      if (a < col && isDigit(line.charCodeAt(a))) return null;
      if (!manual && col < line.length && isWordChar(line.charCodeAt(col))) return null;
      const dot = a > 0 && line.charCodeAt(a - 1) === 46 && /^[ \t]*$/.test(line.slice(0, a - 1));
      const ctx = lexLine(line, states[k], words, dot ? a - 1 : a).ctx;
      if (!ctx || ctx.what !== "code") return null;
      if (ctx.after === "decl") return null;
      const kind = dot && ctx.stmt ? "dot" : ctx.after === "on" ? "hook" : ctx.stmt ? "statement" : "expression";
      return { from: starts[k] + a - (kind === "dot" ? 1 : 0), prefix: line.slice(a, col), kind: kind };
    }

    // The candidates for `prefix` where `kind` says, best first: one per word, in the role that fits there.
    function candidates(prefix, kind) {
      const lower = prefix.toLowerCase();
      const found = [];
      for (const [word, roles] of words) {
        const isDot = word.charCodeAt(0) === 46;
        if (isDot !== (kind === "dot")) continue;
        const bare = isDot ? word.slice(1) : word;
        if (!bare.toLowerCase().startsWith(lower)) continue;
        let role;
        let rank;
        if (kind === "hook") { role = roleIn(roles, ["hook"]); rank = 0; }
        else if (kind === "dot") { role = roleIn(roles, ["dotCommand"]); rank = 0; }
        else if (kind === "statement") {
          role = roleIn(roles, STATEMENT);
          rank = role ? 0 : 2;
          role = role || roleIn(roles, ["builtin"]) || roles[0];
        } else {
          role = roleIn(roles, ["builtin"].concat(EXPRESSION));
          rank = role ? 0 : 2;
          role = role || roles[0];
        }
        if (role) found.push({ word: word, role: role, rank: rank, exact: bare.startsWith(prefix) });
      }
      if (kind === "statement" || kind === "expression") {
        for (const name of declaredNames()) {
          if (name === prefix || words.has(name) || !name.toLowerCase().startsWith(lower)) continue;
          found.push({ word: name, role: null, rank: 1, exact: name.startsWith(prefix) });
        }
      }
      const order = (x, y) => (x < y ? -1 : x > y ? 1 : 0);
      found.sort((x, y) => x.rank - y.rank || y.exact - x.exact || order(x.word.toLowerCase(), y.word.toLowerCase()));
      return found.slice(0, MAX_ITEMS);
    }

    function open(manual) {
      const ctx = completionContext(manual);
      if (!ctx || (!manual && ctx.prefix.length < 2)) return close();
      const items = candidates(ctx.prefix, ctx.kind);
      const bare = ctx.kind === "dot" ? "." + ctx.prefix : ctx.prefix;
      if (items.length === 0 || (!manual && items.every((it) => it.word === bare))) return close();
      const previous = completion.open && completion.items[completion.active] ? completion.items[completion.active].word : null;
      completion.open = true;
      completion.manual = manual;
      completion.items = items;
      completion.from = ctx.from;
      const keep = previous === null ? -1 : items.findIndex((it) => it.word === previous);
      completion.active = keep >= 0 ? keep : 0;
      let html = "";
      items.forEach((it, n) => {
        const cls = it.role ? "tok-" + it.role.category : "tok-name";
        const hint = it.role ? it.role.usage : "a name in this script";
        html += '<li role="option" class="ed-item" id="' + id + "-opt-" + n + '" aria-selected="false" title="' +
          escapeHTML(it.role ? it.role.summary : hint) + '"><span class="ed-word ' + cls + '">' + escapeHTML(it.word) +
          '</span><span class="ed-usage">' + escapeHTML(hint) + "</span></li>";
      });
      list.innerHTML = html;
      popup.hidden = false;
      ta.setAttribute("aria-expanded", "true");
      choose(completion.active);
      place();
    }

    function close() {
      if (!completion.open && popup.hidden) return;
      completion.open = false;
      completion.items = [];
      popup.hidden = true;
      list.innerHTML = "";
      ta.setAttribute("aria-expanded", "false");
      ta.removeAttribute("aria-activedescendant");
    }

    function choose(n) {
      const count = completion.items.length;
      if (!count) return;
      n = ((n % count) + count) % count;
      const old = list.children[completion.active];
      if (old) old.setAttribute("aria-selected", "false");
      completion.active = n;
      const item = list.children[n];
      item.setAttribute("aria-selected", "true");
      ta.setAttribute("aria-activedescendant", item.id);
      const it = completion.items[n];
      detail.textContent = it.role ? it.role.summary + (it.role.method ? " — " + it.role.method : "") : "declared in this script";
      // Keep the chosen item in view inside the list (not the page).
      const top = item.offsetTop;
      if (top < list.scrollTop) list.scrollTop = top;
      else if (top + item.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top + item.offsetHeight - list.clientHeight;
    }

    // Replaces [from, to) with `insert` through the textarea, so its undo history and an `input` event follow.
    function replace(from, to, insert) {
      const before = ta.value.length;
      inserting = true;
      try {
        ta.focus();
        ta.setSelectionRange(from, to);
        let done = false;
        try { done = doc.execCommand("insertText", false, insert); } catch (e) { done = false; }
        if (!done || ta.value.length !== before - (to - from) + insert.length) {
          if (done) return; // it changed the text some other way: leave it as it is
          ta.setRangeText(insert, from, to, "end");
          ta.dispatchEvent(new Event("input", { bubbles: true }));
        }
      } finally {
        inserting = false;
      }
    }

    function accept(n) {
      const it = completion.items[n];
      if (!it) return close();
      const from = completion.from;
      const to = ta.selectionEnd;
      close();
      replace(from, to, it.word);
    }

    // The popup under the caret (over it when there is no room below), inside the wrapper.
    let canvas = null;
    function place() {
      sync();
      if (!metrics) measure();
      const pos = ta.selectionEnd;
      const k = lineOf(pos);
      // The words in the list line up with the word being completed (9px: the list's border and padding).
      let before = text.slice(starts[k], Math.max(starts[k], Math.min(pos, completion.from)));
      if (before.indexOf("\t") >= 0) {
        let expanded = "";
        for (const ch of before) expanded += ch === "\t" ? " ".repeat(metrics.tab - (expanded.length % metrics.tab)) : ch;
        before = expanded;
      }
      if (!canvas) canvas = doc.createElement("canvas").getContext("2d");
      canvas.font = metrics.font;
      const x = area.offsetLeft + metrics.padLeft + canvas.measureText(before).width - ta.scrollLeft - 9;
      const lineTop = area.offsetTop + metrics.padTop + k * metrics.lh - ta.scrollTop;
      const below = lineTop + metrics.lh;
      const height = popup.offsetHeight;
      const width = popup.offsetWidth;
      const room = wrap.clientHeight;
      const y = below + height > room && lineTop - height >= 0 ? lineTop - height : below;
      popup.style.left = Math.max(0, Math.min(x, wrap.clientWidth - width)) + "px";
      popup.style.top = y + "px";
    }

    // ---- Events ----
    function onBeforeInput(e) {
      const at = Math.min(ta.selectionStart, ta.selectionEnd);
      if (edit === UNKNOWN) return;
      if (edit === null) edit = { at: at, trusted: TRUSTED.test(e.inputType || ""), due: 0 };
      else { edit.at = Math.min(edit.at, at); edit.trusted = false; }
      edit.due++;
    }

    function onInput(e) {
      // An input without its beforeinput (a script's setRangeText, some pastes) may have changed anything.
      if (edit === null || edit === UNKNOWN || edit.due === 0) edit = UNKNOWN;
      else edit.due--;
      stale = true;
      later();
      if (inserting) return;
      const typed = e && e.inputType === "insertText" && typeof e.data === "string" && e.data.length === 1;
      if (typed && isWordChar(e.data.charCodeAt(0))) open(completion.open && completion.manual);
      else if (completion.open && e && (e.inputType === "deleteContentBackward" || e.inputType === "deleteContentForward")) open(completion.manual);
      else close();
    }

    function onKeyDown(e) {
      if (e.isComposing || e.keyCode === 229) return;
      const plain = !e.ctrlKey && !e.metaKey && !e.altKey && !e.shiftKey;
      if (e.key === " " && e.ctrlKey && !e.metaKey && !e.altKey) {
        e.preventDefault();
        open(true);
        return;
      }
      if (completion.open) {
        if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) { close(); return; } // the page's: it runs the script
        if (e.key === "ArrowDown" && plain) { e.preventDefault(); choose(completion.active + 1); return; }
        if (e.key === "ArrowUp" && plain) { e.preventDefault(); choose(completion.active - 1); return; }
        if (e.key === "PageDown" && plain) { e.preventDefault(); choose(Math.min(completion.active + 8, completion.items.length - 1)); return; }
        if (e.key === "PageUp" && plain) { e.preventDefault(); choose(Math.max(completion.active - 8, 0)); return; }
        if ((e.key === "Enter" || e.key === "Tab") && plain) {
          const it = completion.items[completion.active];
          const ctx = completionContext(true);
          // Enter on a word already typed in full is a new line.
          if (e.key === "Enter" && it && ctx && (ctx.kind === "dot" ? "." : "") + ctx.prefix === it.word) { close(); return; }
          e.preventDefault();
          accept(completion.active);
          return;
        }
        if (e.key === "Escape") { e.preventDefault(); close(); return; }
        if (["ArrowLeft", "ArrowRight", "Home", "End"].indexOf(e.key) >= 0) close();
      }
      if (e.key === "Tab" && plain && !escaped) {
        e.preventDefault();
        replace(ta.selectionStart, ta.selectionEnd, "  ");
        return;
      }
      escaped = e.key === "Escape";
    }

    function onScroll() { render(); }
    function onCaretMove() {
      if (stale) return later();
      const k = lineOf(ta.selectionEnd);
      if (k !== caretLine) { caretLine = k; render(); }
    }
    function onBlur() { close(); escaped = false; }
    function onMouseDown() { close(); }

    // A diagnostic's message as the textarea's tooltip while the pointer is over its range (the drawn text
    // is under the textarea, so its own titles never show).
    let hoverFrame = 0;
    let hoverPoint = null;
    function onMouseMove(e) {
      hoverPoint = [e.clientX, e.clientY];
      if (hoverFrame) return;
      hoverFrame = requestAnimationFrame(() => {
        hoverFrame = 0;
        let title = null;
        for (const span of pre.querySelectorAll(".ed-diag")) {
          const r = span.getBoundingClientRect();
          if (hoverPoint[0] >= r.left && hoverPoint[0] < r.right && hoverPoint[1] >= r.top && hoverPoint[1] < r.bottom) { title = span.title; break; }
        }
        if (title) ta.setAttribute("title", title);
        else restore("title");
      });
    }

    // A click on a line number puts the caret at that line's start.
    function onGutterDown(e) {
      e.preventDefault();
      sync();
      if (!metrics) measure();
      const y = e.clientY - ta.getBoundingClientRect().top + ta.scrollTop - metrics.padTop;
      const k = Math.max(0, Math.min(starts.length - 1, Math.floor(y / metrics.lh)));
      ta.focus();
      ta.setSelectionRange(starts[k], starts[k]);
      onCaretMove();
    }

    function onPopupDown(e) { e.preventDefault(); } // keep the focus in the textarea
    function onPopupClick(e) {
      const item = e.target.closest ? e.target.closest(".ed-item") : null;
      if (!item) return;
      const n = Array.prototype.indexOf.call(list.children, item);
      if (n >= 0) accept(n);
    }

    // Printing: the script, coloured and numbered, in the flow of the page (the view draws only a screenful); a
    // long one, its first PRINTED_LINES lines and how many more there are.
    function beforePrint() {
      sync();
      let html = "";
      const count = Math.min(starts.length, PRINTED_LINES);
      for (let k = 0; k < count; k++) html += '<div class="ed-pl"><span class="ed-pn">' + (k + 1) + "</span><span>" + lineHTML(k) + "</span></div>";
      if (count < starts.length) html += '<div class="ed-pl"><span class="ed-pn"></span><span>… ' + (starts.length - count) + " more lines</span></div>";
      printed.innerHTML = html;
    }
    function afterPrint() { printed.innerHTML = ""; }
    const printQuery = window.matchMedia ? window.matchMedia("print") : null;
    function onPrintChange(e) { if (e.matches) beforePrint(); else afterPrint(); }

    // The page may set `value` itself (a run, a link's script): draw the new text without it having to call refresh().
    const valueProperty = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value");
    Object.defineProperty(ta, "value", {
      configurable: true,
      enumerable: true,
      get() { return valueProperty.get.call(this); },
      set(v) {
        valueProperty.set.call(this, v);
        edit = UNKNOWN;
        stale = true;
        close();
        later();
      },
    });

    // The wrapper is hidden with the textarea, at once: the page shows the textarea and focuses it in one go, and
    // a hidden wrapper would refuse the focus. The property (what the page sets), CSS :has() and, for
    // setAttribute, an observer.
    const hiddenProperty = Object.getOwnPropertyDescriptor(HTMLElement.prototype, "hidden");
    Object.defineProperty(ta, "hidden", {
      configurable: true,
      enumerable: true,
      get() { return hiddenProperty.get.call(this); },
      set(v) {
        hiddenProperty.set.call(this, v);
        wrap.hidden = hiddenProperty.get.call(this);
        if (!wrap.hidden) later();
      },
    });
    const hiddenObserver = new MutationObserver(() => { wrap.hidden = ta.hidden; if (!ta.hidden) later(); });
    hiddenObserver.observe(ta, { attributes: true, attributeFilter: ["hidden"] });
    const resizeObserver = typeof ResizeObserver === "function" ? new ResizeObserver(() => { measure(); drawn.first = -1; render(); }) : null;
    if (resizeObserver) resizeObserver.observe(ta);

    const listeners = [
      [ta, "beforeinput", onBeforeInput], [ta, "input", onInput], [ta, "keydown", onKeyDown], [ta, "scroll", onScroll], [ta, "keyup", onCaretMove],
      [ta, "mouseup", onCaretMove], [ta, "focus", onCaretMove], [ta, "blur", onBlur], [ta, "mousedown", onMouseDown],
      [ta, "mousemove", onMouseMove], [ta, "select", onCaretMove], [gutter, "mousedown", onGutterDown],
      [popup, "mousedown", onPopupDown], [popup, "click", onPopupClick],
      [window, "beforeprint", beforePrint], [window, "afterprint", afterPrint],
    ];
    for (const [target, type, fn] of listeners) target.addEventListener(type, fn);
    if (printQuery && printQuery.addEventListener) printQuery.addEventListener("change", onPrintChange);

    function restore(name) {
      if (saved[name] === null) ta.removeAttribute(name); else ta.setAttribute(name, saved[name]);
    }

    function detach() {
      if (ta.listEditor !== api) return;
      for (const [target, type, fn] of listeners) target.removeEventListener(type, fn);
      if (printQuery && printQuery.removeEventListener) printQuery.removeEventListener("change", onPrintChange);
      hiddenObserver.disconnect();
      if (resizeObserver) resizeObserver.disconnect();
      if (hoverFrame) cancelAnimationFrame(hoverFrame);
      if (frame) cancelAnimationFrame(frame);
      delete ta.value; // the prototype's accessors again; the text is unchanged
      delete ta.hidden;
      const focused = doc.activeElement === ta;
      wrap.parentNode.insertBefore(ta, wrap);
      wrap.remove();
      ta.classList.remove("ed-input");
      if (!hadClass && ta.getAttribute("class") === "") ta.removeAttribute("class");
      for (const name of Object.keys(saved)) restore(name);
      delete ta.listEditor;
      if (focused) ta.focus();
    }

    const api = { refresh: refresh, setDiagnostics: setDiagnostics, detach: detach };
    Object.defineProperty(ta, "listEditor", { value: api, configurable: true });
    update();
    render();
    return api;
  }

  window.ListEditor = { attach: attach };
})();
