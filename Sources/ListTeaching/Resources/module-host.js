"use strict";
// The interpreter's host in a page: the WebAssembly module (built from the same sources as the command) runs
// in a Web Worker (playground-worker.js), off the page's thread, so no script can freeze the page: a request
// that runs past its time limit ends the worker, and the next request starts a new one. The playground
// (playground.js, explain.js) and the class site's quiz (quiz-live.js) ask it through `window.listdslHost`.
(function () {
  const $ = (id) => document.getElementById(id);
  const TIME_LIMIT_MS = 5000;
  const STEP_LIMIT = 10000000;
  let worker = null;
  // The module as the page carries it (base64 of the pack, gzip'd or plain), from the page itself or, in a
  // class site, from the script beside it that sets window.listdslModule; the worker decodes it, off the
  // page's thread.
  function module() {
    const element = $("lesson-wasm");
    const text = element ? element.textContent : window.listdslModule || "";
    if (!text) throw new Error("this page carries no interpreter");
    return text;
  }

  // A worker and, with a second core, a helper that decodes half of the module meanwhile (it ends itself
  // when done): made as soon as this script runs, in the page's head, so that they are up (their start needs
  // the page's thread) by the time the module has been read; made again after the page ends a worker that
  // ran too long.
  function spawn() {
    const url = URL.createObjectURL(new Blob([$("playground-worker").textContent], { type: "text/javascript" }));
    const made = { worker: new Worker(url), helper: (navigator.hardwareConcurrency || 1) > 1 ? new Worker(url) : null };
    URL.revokeObjectURL(url);
    return made;
  }
  let spawned = null;

  let ready = null;
  let nextId = 0;
  const waiting = new Map();
  // Hands the module to a worker (the one made in advance, else a new one) and waits for it to be ready.
  function startWorker(text) {
    const made = spawned || spawn();
    spawned = null;
    worker = made.worker;
    let port = null;
    if (made.helper) {
      const channel = new MessageChannel();
      made.helper.postMessage({ type: "unpack", text: text, index: 1, port: channel.port2 }, [channel.port2]);
      port = channel.port1;
    }
    ready = new Promise((resolve, reject) => {
      worker.onmessage = (event) => {
        const m = event.data;
        if (m.type === "ready") {
          host.startup = { unpackMs: m.unpackMs, compileMs: m.compileMs };
          return resolve();
        }
        if (m.type === "failed") return reject(new Error("the interpreter cannot start: " + m.message));
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
    worker.postMessage({ type: "module", text: text, port: port }, port ? [port] : []);
  }

  // Sends `message` to the worker (started when there is none) and resolves with its answer; with
  // `limit`, after that many milliseconds the worker is ended and the answer is {stopped: why}.
  async function ask(message, limit) {
    if (!worker) startWorker(module());
    await ready;
    const id = ++nextId;
    return new Promise((resolve) => {
      const timer = limit === undefined ? 0 : setTimeout(() => {
        waiting.delete(id);
        worker.terminate();
        worker = null;
        session = false;
        resolve({ stopped: "it was still running after " + limit / 1000 + " s, so the page ended it (a loop that does not end?)", timedOut: true });
      }, limit);
      waiting.set(id, (m) => {
        clearTimeout(timer);
        resolve(m);
      });
      worker.postMessage(Object.assign({ id: id }, message));
    });
  }

  // Whether the worker holds the session of the script shown (the console goes on with it).
  let session = false;

  // Runs `source` in the worker: resolves with {status, stream, ms}, or {stopped: why}.
  async function run(name, source) {
    session = false;
    const m = await ask({ type: "run", name: name, source: source, steps: STEP_LIMIT }, TIME_LIMIT_MS);
    if (m.type === "done") session = true;
    return m.type === "done" || m.stopped ? m : { stopped: "the interpreter stopped: " + m.message };
  }

  // Asks the module (`console` or `quiz`) within the time limit: resolves with its JSON answer, or {stopped}.
  async function answer(type, source) {
    const m = await ask({ type: type, source: source }, TIME_LIMIT_MS);
    if (m.stopped) return m;
    if (m.type !== "answered") {
      session = false;
      return { stopped: "the interpreter stopped: " + m.message };
    }
    return JSON.parse(m.answer);
  }

  // Reads a pasted crash text in the worker as `listdsl explain --json` does: resolves with the report
  // (format listdsl-explain), or {stopped}.
  async function explain(text) {
    const m = await ask({ type: "explain", source: text }, TIME_LIMIT_MS);
    if (m.timedOut) return { stopped: "reading it took more than " + TIME_LIMIT_MS / 1000 + " s, so the page stopped; paste the part around the crash" };
    if (m.stopped) return m;
    if (m.type !== "answered") {
      session = false;
      return { stopped: "the interpreter stopped: " + m.message };
    }
    if (m.status === 64) return { stopped: m.errors.trim() };
    return JSON.parse(m.answer);
  }

  // Parses `source` in the worker: resolves with {errors, diagnostics} (JSON lines), or null when it could not.
  async function check(name, source) {
    const m = await ask({ type: "check", name: name, source: source });
    return m.type === "checked" ? m : null;
  }

  // `text` with its %XX escapes decoded where they are well formed UTF-8; a malformed one (`%ff`, a cut
  // `%e2%82`) stays as written, where decodeURIComponent would throw for the whole text.
  function decodeLeniently(text) {
    try {
      return decodeURIComponent(text);
    } catch (error) {
      return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
        const escapes = run.match(/%[0-9A-Fa-f]{2}/g);
        let out = "";
        for (let i = 0; i < escapes.length;) {
          let taken = 0;
          for (let n = Math.min(4, escapes.length - i); n > 0 && taken === 0; n--) {
            try {
              out += decodeURIComponent(escapes.slice(i, i + n).join(""));
              taken = n;
            } catch (again) { /* shorter, down to one escape, which stays as written */ }
          }
          if (taken === 0) {
            out += escapes[i];
            taken = 1;
          }
          i += taken;
        }
        return out;
      });
    }
  }

  // A field of the page's link (`#name=…&code=…`): {raw, text} (text decoded leniently), or null when the link
  // has no such field. Every page that reads its link carries this script.
  function linkField(name) {
    const m = new RegExp("[#&]" + name + "=([^&]*)").exec(location.hash);
    return m ? { raw: m[1], text: decodeLeniently(m[1]) } : null;
  }

  // The workers are made as soon as this script runs (a page puts it in its head), and `start()`, which the
  // page calls just after the module, hands it over, so that it is unpacked and compiled while the page itself
  // is read and drawn, and the first request waits for nothing; `readyAt` is when it was ready
  // (performance.now()), `failed` why it could not start.
  const host = {
    TIME_LIMIT_MS: TIME_LIMIT_MS, run: run, check: check, answer: answer, explain: explain,
    hasSession: () => session, readyAt: null, failed: null, startup: null, start: start,
    linkField: linkField, decodeLeniently: decodeLeniently,
  };
  function start() {
    try {
      startWorker(module());
      host.ready = ready;
      ready.then(() => { host.readyAt = performance.now(); }, (error) => { host.failed = error.message; });
    } catch (error) {
      host.failed = error.message;
    }
  }
  try {
    spawned = spawn();
  } catch (error) {
    host.failed = error.message;
  }
  window.listdslHost = host;
})();
