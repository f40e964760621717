"use strict";
// The playground (`listdsl html --playground`): the page carries the real interpreter, the WebAssembly module
// built from the same sources as the command, and runs the edited script in a Web Worker: the same texts,
// the same events, drawn by the same page. A shared link carries the script, compressed, and the step:
// `#code=…&step=12`. Someone else's script meets limits: a step budget, a wall-clock limit (the worker is
// ended and the page says why), the module's memory bound and a size cap; nothing reaches the network.
(function () {
  const page = window.lessonPage;
  const $ = (id) => document.getElementById(id);
  const TIME_LIMIT_MS = 5000;
  const STEP_LIMIT = 10000000;
  const SCRIPT_LIMIT = 1 << 20;

  // The embedded module: base64 of the gzip'd module (or of the module itself).
  let moduleBytes = null;
  async function module() {
    if (moduleBytes) return moduleBytes;
    const text = $("lesson-wasm").textContent.trim();
    const raw = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
    if (raw[0] === 0x1f && raw[1] === 0x8b) {
      const stream = new Blob([raw]).stream().pipeThrough(new DecompressionStream("gzip"));
      moduleBytes = new Uint8Array(await new Response(stream).arrayBuffer());
    } else {
      moduleBytes = raw;
    }
    return moduleBytes;
  }

  // The worker, made again after the page ends one that ran too long.
  let worker = null;
  let ready = null;
  let nextId = 0;
  const waiting = new Map();
  function startWorker(bytes) {
    const url = URL.createObjectURL(new Blob([$("playground-worker").textContent], { type: "text/javascript" }));
    worker = new Worker(url);
    URL.revokeObjectURL(url);
    ready = new Promise((resolve) => {
      worker.onmessage = (event) => {
        const m = event.data;
        if (m.type === "ready") return resolve();
        const done = waiting.get(m.id);
        if (done) {
          waiting.delete(m.id);
          done(m);
        }
      };
    });
    worker.onerror = (event) => {
      event.preventDefault();
      for (const [id, done] of waiting) done({ type: "trap", id: id, message: event.message || "the worker stopped" });
      waiting.clear();
      worker.terminate();
      worker = null;
    };
    worker.postMessage({ type: "module", bytes: bytes });
  }

  // Sends `message` to the worker (started when there is none) and resolves with its answer; with
  // `limit`, after that many milliseconds the worker is ended and the answer is {stopped: why}.
  async function ask(message, limit) {
    const bytes = await module();
    if (!worker) startWorker(bytes);
    await ready;
    const id = ++nextId;
    return new Promise((resolve) => {
      const timer = limit === undefined ? 0 : setTimeout(() => {
        waiting.delete(id);
        worker.terminate();
        worker = null;
        resolve({ stopped: "it was still running after " + limit / 1000 + " s, so the page ended it (a loop that does not end?)" });
      }, limit);
      waiting.set(id, (m) => {
        clearTimeout(timer);
        resolve(m);
      });
      worker.postMessage(Object.assign({ id: id }, message));
    });
  }

  // Runs `source` in the worker: resolves with {status, stream, ms}, or {stopped: why}.
  async function run(name, source) {
    const m = await ask({ type: "run", name: name, source: source, steps: STEP_LIMIT }, TIME_LIMIT_MS);
    return m.type === "done" || m.stopped ? m : { stopped: "the interpreter stopped: " + m.message };
  }

  // Parses `source` in the worker: resolves with {errors, diagnostics} (JSON lines), or null when it could not.
  async function check(name, source) {
    const m = await ask({ type: "check", name: name, source: source });
    return m.type === "checked" ? m : null;
  }

  // A script in an address: deflate-raw, then base64url.
  async function pack(text) {
    const stream = new Blob([new TextEncoder().encode(text)]).stream().pipeThrough(new CompressionStream("deflate-raw"));
    const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    let binary = "";
    bytes.forEach((b) => { binary += String.fromCharCode(b); });
    return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  // The script of a link, at most SCRIPT_LIMIT bytes however well the link compresses.
  async function unpack(code) {
    const binary = atob(code.replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
    const parts = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > SCRIPT_LIMIT) {
        reader.cancel();
        throw new Error("the link's script is larger than " + SCRIPT_LIMIT + " bytes");
      }
      parts.push(value);
    }
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
  function name() {
    const file = window.L.files[0];
    return file ? file.name : "playground.list";
  }

  function editing(on) {
    editor.hidden = !on;
    problems.hidden = !on;
    $("source").hidden = on;
    edit.setAttribute("aria-pressed", String(on));
    if (on) {
      if (editor.value === "") editor.value = script();
      editor.focus();
    }
  }

  let busy = false;
  async function runEdited(step) {
    if (busy) return;
    const source = editor.hidden ? script() : editor.value;
    if (new TextEncoder().encode(source).length > SCRIPT_LIMIT) {
      status.textContent = "Not run: the script is larger than " + SCRIPT_LIMIT + " bytes.";
      return;
    }
    busy = true;
    runButton.disabled = true;
    status.textContent = "Running…";
    try {
      const result = await run(name(), source);
      if (result.stopped) {
        status.textContent = "Stopped: " + result.stopped + ". The page shows the last run that finished.";
        status.className = "stopped";
        return;
      }
      editor.value = source;
      window.playground.last = result;
      page.load(result.stream);
      if (step !== undefined) page.go(step);
      editing(false);
      status.className = "";
      status.textContent = "Ran in " + result.ms.toFixed(1) + " ms (exit status " + result.status + ").";
    } catch (error) {
      status.textContent = "Not run: " + error.message;
      status.className = "stopped";
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
      const result = await check(name(), editor.value);
      if (!result || asked !== typed) return;
      const lines = result.diagnostics.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l));
      problems.textContent = lines.length === 0 ? "No errors." : lines.map((d) => d.rendered).join("");
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
    page.setHashPrefix("code=" + code);
    history.replaceState(null, "", "#code=" + code + "&step=" + page.step());
    const link = location.href;
    try {
      await navigator.clipboard.writeText(link);
      status.textContent = "Link copied: it opens this script at step " + page.step() + ".";
    } catch (error) {
      // A page opened from a file may not reach the clipboard: the address holds the link.
      status.textContent = "The address is the link to this script at step " + page.step() + ": copy it from there.";
    }
  });

  // The module is compiled as soon as the page has loaded, off the page's thread, so the first run waits
  // for nothing; `readyAt` is when it was ready (performance.now()).
  module().then((bytes) => {
    if (!worker) startWorker(bytes);
    return ready;
  }).then(() => { window.playground.readyAt = performance.now(); });

  // A link that carries a script runs it.
  const m = /code=([A-Za-z0-9_-]+)/.exec(location.hash);
  if (m) {
    const step = /step=(\d+)/.exec(location.hash);
    unpack(m[1]).then((text) => {
      page.setHashPrefix("code=" + m[1]);
      editor.value = text;
      editing(true);
      return runEdited(step ? parseInt(step[1], 10) : 0);
    }).catch((error) => {
      status.textContent = "The link's script cannot be read: " + error.message + ".";
      status.className = "stopped";
    });
  }
  window.playground = { run: runEdited, editing: editing, pack: pack, unpack: unpack };
})();
