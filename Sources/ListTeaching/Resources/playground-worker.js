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

// Calls export `name` with the message's script and its name (and `extra`), and reads what the module
// left as its standard output: [the export's answer, the output's text]. A trap (the module's memory
// bound, its stack) leaves the instance unusable: the next call gets a new one, and the trap is thrown.
function call(name, m, extra) {
  const encoder = new TextEncoder();
  const scriptName = encoder.encode(m.name);
  const source = encoder.encode(m.source);
  try {
    const namePointer = copyIn(scriptName);
    const sourcePointer = copyIn(source);
    const answer = wasm[name](namePointer, scriptName.length, sourcePointer, source.length, ...extra);
    const bytes = new Uint8Array(wasm.memory.buffer, wasm.listdsl_stdout(), wasm.listdsl_stdout_count());
    const text = new TextDecoder().decode(bytes);
    wasm.listdsl_free(namePointer);
    wasm.listdsl_free(sourcePointer);
    return [answer, text];
  } catch (error) {
    instantiate();
    throw error;
  }
}

onmessage = (event) => {
  const m = event.data;
  if (m.type === "module") {
    compiled = new WebAssembly.Module(m.bytes);
    instantiate();
    postMessage({ type: "ready" });
    return;
  }
  const start = performance.now();
  try {
    if (m.type === "check") {
      const [errors, diagnostics] = call("listdsl_check", m, []);
      postMessage({ type: "checked", id: m.id, errors: errors, diagnostics: diagnostics });
    } else if (m.type === "run") {
      const [status, stream] = call("listdsl_lesson", m, [m.steps]);
      postMessage({ type: "done", id: m.id, status: status, stream: stream, ms: performance.now() - start });
    }
  } catch (error) {
    postMessage({ type: "trap", id: m.id, message: String(error && error.message || error) });
  }
};
