"use strict";
// The playground's worker: the real interpreter, the WebAssembly module the page embeds, runs a script here
// as `listdsl html` runs it, off the page's thread, and answers with the lesson's event stream. The page
// ends this worker when a run takes too long, so no script can freeze the page.
//
// Messages in: {type: "module", bytes} once, then {type: "run", id, name, source, steps} or
// {type: "check", id, name, source} (parse only: the diagnostics an editor shows as you type).
// Messages out: {type: "ready"}, {type: "done", id, status, stream, ms}, {type: "checked", id, errors,
// diagnostics (JSON lines)}, {type: "trap", id, message}.
let compiled = null;
let wasm = null;

// `run FILE` and `load FILE` have no files to read in a page: the reason, in the native command's words.
const noFiles = new TextEncoder().encode("files are not available in the page: this needs the command-line tool");

function instantiate() {
  const imports = {
    listdsl: {
      read_file: () => -1 - noFiles.length,
      take_file: (to) => new Uint8Array(wasm.memory.buffer, to, noFiles.length).set(noFiles),
    },
  };
  wasm = new WebAssembly.Instance(compiled, imports).exports;
}

// Copies `bytes` into memory the module allocates; returns the address.
function copyIn(bytes) {
  const at = wasm.listdsl_alloc(bytes.length);
  new Uint8Array(wasm.memory.buffer, at, bytes.length).set(bytes);
  return at;
}

onmessage = (event) => {
  const m = event.data;
  if (m.type === "module") {
    compiled = new WebAssembly.Module(m.bytes);
    instantiate();
    postMessage({ type: "ready" });
    return;
  }
  if (m.type === "check") {
    const encoder = new TextEncoder();
    const name = encoder.encode(m.name);
    const source = encoder.encode(m.source);
    try {
      const namePointer = copyIn(name);
      const sourcePointer = copyIn(source);
      const errors = wasm.listdsl_check(namePointer, name.length, sourcePointer, source.length);
      const bytes = new Uint8Array(wasm.memory.buffer, wasm.listdsl_stdout(), wasm.listdsl_stdout_count());
      const diagnostics = new TextDecoder().decode(bytes);
      wasm.listdsl_free(namePointer);
      wasm.listdsl_free(sourcePointer);
      postMessage({ type: "checked", id: m.id, errors: errors, diagnostics: diagnostics });
    } catch (error) {
      instantiate();
      postMessage({ type: "trap", id: m.id, message: String(error && error.message || error) });
    }
    return;
  }
  if (m.type !== "run") return;
  const start = performance.now();
  const encoder = new TextEncoder();
  const name = encoder.encode(m.name);
  const source = encoder.encode(m.source);
  try {
    const namePointer = copyIn(name);
    const sourcePointer = copyIn(source);
    const status = wasm.listdsl_lesson(namePointer, name.length, sourcePointer, source.length, m.steps);
    const bytes = new Uint8Array(wasm.memory.buffer, wasm.listdsl_stdout(), wasm.listdsl_stdout_count());
    const stream = new TextDecoder().decode(bytes);
    wasm.listdsl_free(namePointer);
    wasm.listdsl_free(sourcePointer);
    postMessage({ type: "done", id: m.id, status: status, stream: stream, ms: performance.now() - start });
  } catch (error) {
    // A trap (the module's memory bound, its stack) leaves the instance unusable: the next run gets a new one.
    instantiate();
    postMessage({ type: "trap", id: m.id, message: String(error && error.message || error) });
  }
};
