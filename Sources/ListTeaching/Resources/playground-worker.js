"use strict";
// The playground's worker: the real interpreter, the WebAssembly module the page embeds, runs a script here
// as `listdsl html` runs it, off the page's thread, and answers with the lesson's event stream. The page
// ends this worker when a run takes too long, so no script can freeze the page.
//
// Messages in: {type: "module", text, port} once (the module as the page carries it, base64 of the pack,
// gzip'd or plain; it is decoded here, off the page's thread; `port`, when given, reaches a helper worker that
// decodes a piece of the pack, sent {type: "unpack", text, index, port}), then {type: "run", id, name, source, steps}, {type: "check", id,
// name, source} (parse only: the diagnostics an editor shows as you type), {type: "console", id, source}
// (an entry run on the last run's session, as the REPL runs it), {type: "quiz", id, source} (a quiz
// request, `WasmSession.quiz`) or {type: "explain", id, source} (a pasted crash text, `WasmSession.explain`).
// Messages out: {type: "ready", unpackMs, compileMs} or {type: "failed", message}, {type: "done", id, status, stream, ms},
// {type: "checked", id, errors, diagnostics (JSON lines)}, {type: "answered", id, answer (the module's
// JSON), status (the export's answer), errors (its standard error)}, {type: "trap", id, message}.
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
// left as its standard output and error: [the export's answer, the output's text, the error's]. A trap (the
// module's memory bound, its stack) leaves the instance unusable: the next call gets a new one, and the trap
// is thrown.
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
    const errors = new TextDecoder().decode(new Uint8Array(wasm.memory.buffer, wasm.listdsl_stderr(), wasm.listdsl_stderr_count()));
    wasm.listdsl_free(namePointer);
    wasm.listdsl_free(sourcePointer);
    return [answer, text, errors];
  } catch (error) {
    instantiate();
    throw error;
  }
}

// Base64 to bytes: the engine's own decoder where it has one (Uint8Array.fromBase64), else atob and a loop.
function fromBase64(text) {
  if (typeof Uint8Array.fromBase64 === "function") return Uint8Array.fromBase64(text.trim());
  const binary = atob(text.trim());
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

// The most a module may unpack to.
const MODULE_LIMIT = 64 << 20;

// The module's bytes from what the page carries (base64): plain ("\0asm"), gzip'd (1f 8b) or packed with its
// LZMA decoder ("LDPK", lzma.js). A pack's second piece is decoded by a helper worker on another core when the
// page started one (`port` reaches it), while this worker decodes the first; if the helper has not answered
// two seconds after this worker's own piece is done, this worker decodes that piece too.
async function decoded(text, port) {
  const bytes = fromBase64(text);
  if (bytes[0] === 0 && bytes[1] === 0x61 && bytes[2] === 0x73 && bytes[3] === 0x6d) return bytes;
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  }
  const parts = lzmaParts(bytes);
  if (!port || parts.streams.length < 2) return lzmaUnpack(bytes, MODULE_LIMIT);
  const helped = new Promise((resolve) => { port.onmessage = (event) => resolve(event.data); });
  const pieces = [lzmaDecodePart(parts, 0, MODULE_LIMIT)];
  const late = new Promise((resolve) => setTimeout(() => resolve({ late: true }), 2000));
  const answer = await Promise.race([helped, late]);
  port.close();
  if (answer.error) throw new Error(answer.error);
  pieces.push(answer.bytes instanceof Uint8Array ? answer.bytes : lzmaDecodePart(parts, 1, MODULE_LIMIT));
  for (let i = 2; i < parts.streams.length; i++) pieces.push(lzmaDecodePart(parts, i, MODULE_LIMIT));
  return lzmaJoin(pieces, MODULE_LIMIT);
}

// A session lives in one instance: after a trap (a new instance) the console has none until the next run.
onmessage = async (event) => {
  const m = event.data;
  if (m.type === "unpack") {  // a helper: decode piece `index` of the pack, hand it over `port`, and end
    try {
      const piece = lzmaDecodePart(lzmaParts(fromBase64(m.text)), m.index, MODULE_LIMIT);
      m.port.postMessage({ bytes: piece }, [piece.buffer]);
    } catch (error) {
      m.port.postMessage({ error: String(error && error.message || error) });
    }
    close();
    return;
  }
  if (m.type === "module") {
    try {
      const start = performance.now();
      const bytes = await decoded(m.text, m.port);
      const unpacked = performance.now();
      compiled = new WebAssembly.Module(bytes);
      instantiate();
      postMessage({ type: "ready", unpackMs: unpacked - start, compileMs: performance.now() - unpacked });
    } catch (error) {
      postMessage({ type: "failed", message: String(error && error.message || error) });
    }
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
    } else if (m.type === "console" || m.type === "quiz" || m.type === "explain") {
      const [status, answer, errors] = call("listdsl_" + m.type, { name: "", source: m.source }, []);
      postMessage({ type: "answered", id: m.id, answer: answer, status: status, errors: errors, ms: performance.now() - start });
    }
  } catch (error) {
    postMessage({ type: "trap", id: m.id, message: String(error && error.message || error) });
  }
};
