"use strict";
// The playground (`listdsl html --playground`): the page carries the real interpreter, the WebAssembly module
// built from the same sources as the command, and runs the edited script in a Web Worker: the same texts,
// the same events, drawn by the same page. A shared link carries the script, compressed, and the step:
// `#code=…&step=12`. Someone else's script meets limits: a step budget, a wall-clock limit (the worker is
// ended and the page says why), the module's memory bound and a size cap; nothing reaches the network.
(function () {
  const page = window.lessonPage;
  const host = window.listdslHost;
  const $ = (id) => document.getElementById(id);
  const SCRIPT_LIMIT = 1 << 20;
  // A link's script is at most LINK_LINES lines and LINK_BYTES bytes: what the editor lays out and the page
  // draws within a frame's budget (a few hundred characters of link held 100,000 empty lines that froze the
  // page for seconds: issue 57). A longer script is refused before anything is drawn; typed or pasted into the
  // editor, a script may have SCRIPT_LIMIT bytes.
  const LINK_LINES = 5000;
  const LINK_BYTES = 256 << 10;

  // A script in an address: deflate-raw, then base64url.
  async function pack(text) {
    const stream = new Blob([new TextEncoder().encode(text)]).stream().pipeThrough(new CompressionStream("deflate-raw"));
    const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    let binary = "";
    bytes.forEach((b) => { binary += String.fromCharCode(b); });
    return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  // The script of a link, at most `lines` lines and `bytes` bytes however well the link compresses: the
  // decompression stops at the first piece past either.
  async function unpack(code, lines = LINK_LINES, bytes = LINK_BYTES) {
    let binary = null;
    if (/^[A-Za-z0-9_-]+$/.test(code)) {
      try {
        binary = atob(code.replace(/-/g, "+").replace(/_/g, "/"));
      } catch (error) { /* a length base64 cannot have: said below */ }
    }
    if (binary === null) throw new Error("its code is not what a copied link holds (base64url): was the link cut short or changed?");
    const packed = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const reader = new Blob([packed]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
    const parts = [];
    let size = 0;
    let breaks = 0;
    let last = 10;
    const limits = "a link opens at most " + lines.toLocaleString("en") + " lines and " + (bytes >> 10) + " KiB";
    const tooLong = () => new Error("it has more than " + lines.toLocaleString("en") + " lines; " + limits);
    for (;;) {
      let piece;
      try {
        piece = await reader.read();
      } catch (error) {
        throw new Error("its code does not inflate to a script: was the link cut short or changed?");
      }
      const { done, value } = piece;
      if (done) break;
      if (value.length === 0) continue;
      size += value.length;
      for (let i = value.indexOf(10); i >= 0 && breaks <= lines; i = value.indexOf(10, i + 1)) breaks++;
      last = value[value.length - 1];
      if (breaks > lines) {
        reader.cancel();
        throw tooLong();
      }
      if (size > bytes) {
        reader.cancel();
        throw new Error("it is larger than " + (bytes >> 10) + " KiB; " + limits);
      }
      parts.push(value);
    }
    // Each line break ends a line; text after the last one is a line too.
    if (breaks + (last === 10 ? 0 : 1) > lines) throw tooLong();
    const all = new Uint8Array(size);
    let at = 0;
    parts.forEach((p) => { all.set(p, at); at += p.length; });
    return new TextDecoder().decode(all);
  }

  // The controls, over the source pane.
  const pane = $("source-pane");
  const bar = document.createElement("div");
  bar.className = "playbar";
  const edit = button("edit", "Edit", "Edit the script (the lesson's steps come back when it runs)");
  const runButton = button("run", "Run ▶", "Run the script in this page (Ctrl+Enter or ⌘+Enter)");
  const share = button("share", "Copy link", "Copy a link that opens this script at this step");
  const status = document.createElement("span");
  status.id = "run-status";
  status.setAttribute("aria-live", "polite");
  bar.append(edit, runButton, share, status);
  pane.insertBefore(bar, $("source"));
  const editor = document.createElement("textarea");
  editor.id = "editor";
  editor.spellcheck = false;
  editor.setAttribute("aria-label", "The script");
  editor.hidden = true;
  pane.insertBefore(editor, $("source"));
  // The editor knows the language: colours and completion from the vocabulary the page carries (editor.js).
  const vocabulary = JSON.parse($("vocabulary").textContent);
  const code = window.ListEditor ? window.ListEditor.attach(editor, vocabulary) : null;
  const editorBox = code ? editor.closest(".ed-wrap") : editor;
  function setScript(text) {
    editor.value = text;
    if (code) code.refresh();
  }
  // The script's diagnostics as you type, as the command prints them (caret and hint included).
  const problems = document.createElement("pre");
  problems.id = "editor-diagnostics";
  problems.setAttribute("aria-live", "polite");
  problems.hidden = true;
  pane.insertBefore(problems, $("source"));
  document.body.classList.add("playground");

  function button(id, text, title) {
    const b = document.createElement("button");
    b.type = "button";
    b.id = id;
    b.textContent = text;
    b.title = title;
    return b;
  }

  // The script shown: the first file's lines.
  function script() {
    const file = window.L.files[0];
    return file ? file.lines.join("\n") + "\n" : "";
  }
  // The script's name: a shared link's, else the lesson's first file's. Diagnostics and the page name it so.
  let linkName = null;
  function name() {
    const file = window.L.files[0];
    return linkName || (file ? file.name : "playground.list");
  }

  function editing(on) {
    editor.hidden = !on;
    editorBox.hidden = !on;
    problems.hidden = !on;
    $("source").hidden = on;
    edit.setAttribute("aria-pressed", String(on));
    if (on) {
      if (editor.value === "") setScript(script());
      editor.focus();
    }
  }

  let busy = false;
  // Runs the script `given`, else the one in the editor (when it shows) or the lesson's; then shows step `step`.
  // With `scriptName` (a script the page wrote: "Explain a crash"), the script is named so from then on.
  // Resolves with whether the run finished and is drawn.
  async function runEdited(step, given, scriptName) {
    if (busy) return false;
    const source = given !== undefined ? given : editor.hidden ? script() : editor.value;
    if (new TextEncoder().encode(source).length > SCRIPT_LIMIT) {
      status.textContent = "Not run: the script is larger than " + SCRIPT_LIMIT + " bytes.";
      return false;
    }
    if (scriptName) linkName = scriptName;
    busy = true;
    runButton.disabled = true;
    status.textContent = "Running…";
    try {
      const result = await host.run(name(), source);
      if (result.stopped) {
        status.textContent = "Stopped: " + result.stopped + ". The page shows the last run that finished.";
        status.className = "stopped";
        return false;
      }
      setScript(source);
      window.playground.last = result;
      if (replLog.firstChild) say("— the script ran again: the console goes on from its new end —\n", "note");
      replPrompt.textContent = "list>";
      page.load(result.stream);
      if (step !== undefined) page.go(step);
      editing(false);
      status.className = "";
      status.textContent = "Ran in " + result.ms.toFixed(1) + " ms (exit status " + result.status + ").";
      return true;
    } catch (error) {
      status.textContent = "Not run: " + error.message;
      status.className = "stopped";
      return false;
    } finally {
      busy = false;
      runButton.disabled = false;
    }
  }

  edit.addEventListener("click", () => editing(editor.hidden));
  runButton.addEventListener("click", () => runEdited());
  // Typing checks the script once the typing pauses (25 ms): the diagnostics appear under the editor.
  let typed = 0;
  let pause = 0;
  editor.addEventListener("input", () => {
    typed = performance.now();
    clearTimeout(pause);
    pause = setTimeout(async () => {
      const asked = typed;
      const result = await host.check(name(), editor.value);
      if (!result || asked !== typed) return;
      const lines = result.diagnostics.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l));
      problems.textContent = lines.length === 0 ? "No errors." : lines.map((d) => d.rendered).join("");
      if (code) code.setDiagnostics(lines.filter((d) => d.line && d.file === name()));
      problems.className = result.errors > 0 ? "errors" : "";
      window.playground.checked = { typed: asked, shown: performance.now(), errors: result.errors };
    }, 25);
  });
  editor.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      runEdited();
    }
  });
  share.addEventListener("click", async () => {
    const code = await pack(editor.hidden ? script() : editor.value);
    const prefix = "name=" + encodeURIComponent(name()) + "&code=" + code;
    page.setHashPrefix(prefix);
    history.replaceState(null, "", "#" + prefix + "&step=" + page.step());
    const link = location.href;
    try {
      await navigator.clipboard.writeText(link);
      status.textContent = "Link copied: it opens this script at step " + page.step() + ".";
    } catch (error) {
      // A page opened from a file may not reach the clipboard: the address holds the link.
      status.textContent = "The address is the link to this script at step " + page.step() + ": copy it from there.";
    }
  });

  // The console at the end of the lesson: entries run on the state the script left, as the REPL runs them
  // (the change view after each, undo and redo), in the worker's session of the last run.
  const consolePane = $("console-pane");
  const repl = document.createElement("div");
  repl.className = "repl";
  repl.innerHTML = '<h3 id="repl-title">Go on from the end of the run</h3>' +
    '<div id="repl-log" class="console" role="log" aria-live="polite" aria-labelledby="repl-title"></div>' +
    '<div class="repl-line"><label id="repl-prompt" for="repl-input">list&gt;</label>' +
    '<textarea id="repl-input" rows="1" spellcheck="false" autocomplete="off" ' +
    'placeholder="a statement, e.g. delete 0:0 — Enter runs it"></textarea></div>' +
    '<div class="repl-buttons"><button type="button" id="repl-undo" title="undo: the last statement\'s inverse, through UIKit\'s checks">Undo</button>' +
    '<button type="button" id="repl-redo" title="redo">Redo</button>' +
    '<button type="button" id="repl-clear" title="Clear the console\'s text (the state stays)">Clear</button></div>';
  consolePane.appendChild(repl);
  const replLog = $("repl-log");
  const replInput = $("repl-input");
  const replPrompt = $("repl-prompt");
  const entries = [];
  let recalled = 0;
  let replBusy = false;

  // The console's text is a block per entry. It draws at most LOG_TEXT characters: past them, the oldest
  // entries' text goes (their state stays), so an entry is drawn in the time its own text takes, whatever came
  // before (an 8 MiB entry left every later one about 3 s: issue 57). The module cuts an entry's own output.
  const LOG_TEXT = 1 << 20;
  let logText = 0;
  let dropped = null;
  // Appends a block of [text, class] parts to the console and scrolls to it.
  function sayParts(parts) {
    const block = document.createElement("div");
    let length = 0;
    for (const [text, kind] of parts) {
      if (text === "") continue;
      const span = document.createElement("span");
      if (kind) span.className = kind;
      span.textContent = text;
      block.appendChild(span);
      length += text.length;
    }
    block.dataset.length = String(length);
    replLog.appendChild(block);
    logText += length;
    while (logText > LOG_TEXT && replLog.firstElementChild !== block) {
      const old = replLog.firstElementChild === dropped ? dropped.nextElementSibling : replLog.firstElementChild;
      if (!old || old === block) break;
      logText -= parseInt(old.dataset.length || "0", 10);
      old.remove();
      if (!dropped) {
        dropped = document.createElement("div");
        dropped.className = "note";
        dropped.textContent = "(earlier entries' text is cleared from the console to keep the page quick; what they did stays)\n";
        replLog.insertBefore(dropped, replLog.firstChild);
      }
    }
    replLog.scrollTop = replLog.scrollHeight;
  }
  function say(text, kind) {
    sayParts([[text, kind]]);
  }
  // A size in bytes as a reader takes it in.
  function bytes(n) {
    if (n < 1024) return n + " bytes";
    if (n < 1 << 20) return (n / 1024).toFixed(n < 10 << 10 ? 1 : 0) + " KiB";
    return (n / (1 << 20)).toFixed(1) + " MiB";
  }

  // Runs `text` on the session; the session is made first (the shown script run again) when there is none.
  // The lesson shows its last step, the state the console goes on from.
  async function enter(text) {
    if (replBusy) return;
    replBusy = true;
    page.go(window.L.steps.length - 1);
    try {
      if (!host.hasSession()) {
        say("(running the script first, to have its state)\n", "note");
        const result = await host.run(name(), editor.hidden ? script() : editor.value);
        if (result.stopped) return say("Not run: " + result.stopped + ".\n", "err");
      }
      const a = await host.answer("console", text);
      if (a.stopped) return say("Stopped: " + a.stopped + ". The state is gone: the next entry runs the script again.\n", "err");
      if (a.status === "none") return say("The script did not parse: fix it and run it first.\n", "err");
      if (a.status === "incomplete") {
        replInput.value = text + "\n";
        replPrompt.textContent = " ...>";
        return;
      }
      const parts = [[replPrompt.textContent === " ...>" ? text + "\n" : replPrompt.textContent + " " + text + "\n", "entry"]];
      // The output is in the order written, the errors its last part, as the REPL prints them. Past the module's
      // limit (`cut` bytes left out at `cutAt`) only the error that ended the entry follows.
      const cutAt = a.cut > 0 && a.cutAt >= 0 ? a.cutAt : a.output.length;
      const head = a.output.slice(0, cutAt);
      const tail = a.output.slice(cutAt);
      const headErrors = a.errors.slice(0, a.errors.length - tail.length);
      if (headErrors.length > 0 && head.endsWith(headErrors)) {
        parts.push([head.slice(0, head.length - headErrors.length), ""], [headErrors, "err"]);
      } else {
        parts.push([head, ""]);
      }
      if (a.cut > 0) {
        parts.push([(head.endsWith("\n") || head === "" ? "" : "\n") + "⋯ output cut: " + bytes(a.cut) + " more not shown (the entry wrote " +
          bytes(a.outputBytes) + "; the console shows the first " + bytes(a.outputLimit) + " of an entry's output)\n", "note cut"]);
      }
      parts.push([tail, "err"]);
      sayParts(parts);
      replPrompt.textContent = a.prompt.trimEnd();
      replInput.value = "";
      window.playground.console = a;
    } finally {
      replBusy = false;
    }
  }

  replInput.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && !e.shiftKey) {
      e.preventDefault();
      const text = replInput.value;
      if (text.trim() === "") return;
      entries.push(text);
      recalled = entries.length;
      enter(text);
    } else if ((e.key === "ArrowUp" || e.key === "ArrowDown") && !replInput.value.includes("\n")) {
      e.preventDefault();
      recalled = Math.max(0, Math.min(entries.length, recalled + (e.key === "ArrowUp" ? -1 : 1)));
      replInput.value = entries[recalled] || "";
    }
  });
  $("repl-undo").addEventListener("click", () => enter("undo"));
  $("repl-redo").addEventListener("click", () => enter("redo"));
  $("repl-clear").addEventListener("click", () => {
    replLog.textContent = "";
    logText = 0;
    dropped = null;
  });

  // A link that carries a script runs it, the editor still hidden (its layout of a long script is paid only
  // when the student opens it), and shows it when the run did not finish; the class site's playground opens
  // in its editor.
  const linked = host.linkField("code");
  const m = linked ? linked.raw : null;
  if (m === null && window.listdslOpensEditor) editing(true);
  if (m !== null) {
    const step = /[#&]step=(\d+)/.exec(location.hash);
    const named = host.linkField("name");
    unpack(m).then((text) => {
      // A name is only a label: at most 100 characters, no line break, never a path to anything.
      if (named) linkName = named.text.replace(/[\u0000-\u001f]/g, " ").slice(0, 100) || null;
      page.setHashPrefix((named ? "name=" + named.raw + "&" : "") + "code=" + m);
      setScript(text);
      return runEdited(step ? parseInt(step[1], 10) : 0, text).then(() => {
        if (status.className === "stopped") editing(true);
      });
    }).catch((error) => {
      status.textContent = "The link's script cannot be opened: " + error.message + ".";
      status.className = "stopped";
    });
  }
  // Once the interpreter is ready, the shown script runs in the worker up to three times, unseen: the engine then
  // has the interpreter's hot code optimised before the student's first Run (a cold run of the tour takes
  // 150 ms, a warm one 3 to 6), and the console has the script's session. A Run clicked meanwhile waits at
  // most for the run under way.
  // A long lesson (past 2,000 steps) is not run again: its one run would compete with the page for the machine
  // while the student steps through it, and a long script is warm after its first run anyway.
  if (host.ready && m === null && window.L.steps.length <= 2000) {
    host.ready.then(async () => {
      for (let i = 0; i < 3 && !busy && !replBusy; i++) {
        const result = await host.run(name(), script());
        if (result.stopped || result.status === 65 || result.ms > 100) break;
      }
    }, () => {});
  }
  window.playground = { run: runEdited, editing: editing, pack: pack, unpack: unpack, enter: enter,
    linkLimits: { lines: LINK_LINES, bytes: LINK_BYTES } };
})();
