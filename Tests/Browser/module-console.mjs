#!/usr/bin/env node
// Runs a lesson and then console entries through the WebAssembly module, as the playground's worker does
// (playground-worker.js), without a browser: what the module hands the page for each entry.
//
//   node Tests/Browser/module-console.mjs MODULE.wasm SCRIPT-FILE STEP-LIMIT ENTRY…
//
// Prints one JSON object: {"lesson": {status, ms, lastDiagnostic}, "entries": [{entry, bytes (the answer's
// size, what crosses to the page), ms, answer (the module's JSON, parsed)}]}.
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";

const [modulePath, scriptPath, stepLimit, ...entries] = process.argv.slice(2);
if (!modulePath || !scriptPath || stepLimit === undefined) {
  console.error("usage: node module-console.mjs MODULE.wasm SCRIPT-FILE STEP-LIMIT ENTRY…");
  process.exit(64);
}
const noFiles = new TextEncoder().encode("files are not available in the page: this needs the command-line tool");
let wasm = null;
const imports = {
  listdsl: {
    read_file: () => -1 - noFiles.length,
    take_file: (to) => new Uint8Array(wasm.memory.buffer, to, noFiles.length).set(noFiles),
  },
};
wasm = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(modulePath)), imports).exports;

function copyIn(bytes) {
  const at = wasm.listdsl_alloc(bytes.length);
  new Uint8Array(wasm.memory.buffer, at, bytes.length).set(bytes);
  return at;
}

// Calls export `name` as the worker does; returns [its answer, the standard output's text].
function call(name, scriptName, source, ...extra) {
  const encoder = new TextEncoder();
  const n = encoder.encode(scriptName);
  const s = typeof source === "string" ? encoder.encode(source) : source;
  const np = copyIn(n);
  const sp = copyIn(s);
  const answer = wasm[name](np, n.length, sp, s.length, ...extra);
  const text = new TextDecoder().decode(new Uint8Array(wasm.memory.buffer, wasm.listdsl_stdout(), wasm.listdsl_stdout_count()));
  wasm.listdsl_free(np);
  wasm.listdsl_free(sp);
  return [answer, text];
}

const result = { lesson: null, entries: [] };
let start = performance.now();
const [status, stream] = call("listdsl_lesson", "lesson.list", readFileSync(scriptPath), parseInt(stepLimit, 10));
const diagnostics = stream.split("\n").filter((l) => l.includes('"event":"diagnostic"')).map((l) => JSON.parse(l));
const last = diagnostics[diagnostics.length - 1];
result.lesson = { status: status, ms: performance.now() - start,
  lastDiagnostic: last ? { message: last.message, hint: last.hint || null, rendered: last.rendered } : null };
for (const entry of entries) {
  start = performance.now();
  const [, answer] = call("listdsl_console", "", entry);
  result.entries.push({ entry: entry, bytes: answer.length, ms: performance.now() - start, answer: JSON.parse(answer) });
}
process.stdout.write(JSON.stringify(result) + "\n");
