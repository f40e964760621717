#!/usr/bin/env node
// Runs a script through the WebAssembly build, as the native command runs it:
//
//   node scripts/wasm-run.mjs FILE [--events] [--trace] [--time]
//   node scripts/wasm-run.mjs --batch JOBS
//
// prints what the module wrote for standard output and standard error on those streams and exits with
// its status. The module is .build-wasm/listdsl.wasm (LISTDSL_WASM names another); scripts/wasm.sh
// builds it. --time prints, on standard error after the run, how long instantiating and the run took
// (measured here with performance.now()), and with --repeat N the run is repeated N times to time the
// warm ones. --batch runs many scripts in one process, the module compiled once and each run in an instance
// of its own: JOBS has a line per run, `DIRECTORY<tab>FILE<tab>FLAGS<tab>PREFIX` (FLAGS empty, --events or
// --trace), and each run's output goes to PREFIX.out, PREFIX.err and PREFIX.rc (scripts/wasm-check.sh).
import { readFileSync, writeFileSync, writeSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, isAbsolute, join } from "node:path";
import { performance } from "node:perf_hooks";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";

const usage =
  "usage: node scripts/wasm-run.mjs FILE [--events] [--trace] [--time] [--repeat N]\n" +
  "       node scripts/wasm-run.mjs --batch JOBS";
const args = process.argv.slice(2);
let file = null;
let flags = 0;
let time = false;
let repeat = 1;
let batch = null;
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === "--events") flags |= 1;
  else if (a === "--trace") flags |= 2;
  else if (a === "--time") time = true;
  else if (a === "--repeat") repeat = Math.max(1, parseInt(args[++i], 10) || 1);
  else if (a === "--batch" && i + 1 < args.length) batch = args[++i];
  else if (file === null) file = a;
  else {
    console.error(usage);
    process.exit(64);
  }
}
if ((file === null) === (batch === null)) {
  console.error(usage);
  process.exit(64);
}

const here = dirname(fileURLToPath(import.meta.url));
const modulePath = process.env.LISTDSL_WASM || join(here, "..", ".build-wasm", "listdsl.wasm");

let script;
try {
  if (isMainThread && batch === null) script = readFileSync(file);
} catch (error) {
  // The native command's wording for a file it cannot open.
  writeSync(2, cannotRead(file, error));
  process.exit(66);
}

// The run happens on a worker thread with a 64 MiB stack: WebAssembly's calls use the engine's own
// stack, and the language's deepest recursion (1,000 nested procedure or hook calls) needs about 2 MiB of
// it, more than the main thread's default.
if (isMainThread) {
  const worker = new Worker(fileURLToPath(import.meta.url), {
    argv: process.argv.slice(2),
    workerData: { script, flags, repeat, file, batch },
    resourceLimits: { stackSizeMb: 64 },
  });
  worker.on("message", ({ out, err, status, timing }) => {
    if (batch !== null) return;
    writeAll(1, Buffer.from(out));
    writeAll(2, Buffer.from(err));
    if (time) writeAll(2, Buffer.from(timing));
    process.exitCode = status;
  });
  worker.on("error", (error) => {
    writeAll(2, Buffer.from(moduleStopped(error)));
    process.exitCode = 134;
  });
} else if (workerData.batch !== null) {
  runBatch(workerData.batch);
} else {
  parentPort.postMessage(run(workerData));
}

/// Runs every job of the file `jobs`, each in a fresh instance of the module compiled once.
function runBatch(jobs) {
  const module = new WebAssembly.Module(readFileSync(modulePath));
  for (const line of readFileSync(jobs, "utf8").split("\n")) {
    if (line === "") continue;
    const [directory, file, flag, prefix] = line.split("\t");
    const flags = flag === "--events" ? 1 : flag === "--trace" ? 2 : 0;
    const none = new Uint8Array(0);
    let result;
    let script;
    try {
      script = readFileSync(join(directory, file));
    } catch (error) {
      result = { out: none, err: Buffer.from(cannotRead(file, error)), status: 66 };
    }
    try {
      result ??= run({ script, flags, repeat: 1, file, directory, module });
    } catch (error) {
      result = { out: none, err: Buffer.from(moduleStopped(error)), status: 134 };
    }
    writeFileSync(prefix + ".out", result.out);
    writeFileSync(prefix + ".err", result.err);
    writeFileSync(prefix + ".rc", `${result.status}\n`);
  }
}

/// Instantiates the module (compiled here unless given) and runs the script in it; returns what it wrote, its
/// status and the timing. `directory` is where the script's relative file names start (the current one unless
/// given).
function run({ script, flags, repeat, file, directory = ".", module = null }) {
  const t0 = performance.now();
  // `run "other.list"` reads its file here, relative to the current directory as the native command does.
  let pending = new Uint8Array(0);
  const imports = {
    listdsl: {
      read_file: (at, count) => {
        const path = Buffer.from(new Uint8Array(wasm.memory.buffer, at, count)).toString("utf8");
        try {
          pending = readFileSync(directory === "." || path === "" || isAbsolute(path) ? path : join(directory, path));
          return pending.length;
        } catch (error) {
          pending = Buffer.from(systemWords(error), "utf8");
          return -1 - pending.length;
        }
      },
      take_file: (to) => new Uint8Array(wasm.memory.buffer, to, pending.length).set(pending),
    },
  };
  const wasm = new WebAssembly.Instance(module ?? new WebAssembly.Module(readFileSync(modulePath)), imports).exports;
  const t1 = performance.now();

  /// Copies `bytes` into memory the module allocates; returns the address.
  const copyIn = (bytes) => {
    const at = wasm.listdsl_alloc(bytes.length);
    new Uint8Array(wasm.memory.buffer, at, bytes.length).set(bytes);
    return at;
  };
  /// The `count` bytes at `at`, copied out of the module's memory.
  const copyOut = (at, count) => new Uint8Array(wasm.memory.buffer, at, count).slice();

  const name = Buffer.from(file, "utf8");
  const namePointer = copyIn(name);
  const scriptPointer = copyIn(script);
  const runs = [];
  let status = 0;
  for (let i = 0; i < repeat; i++) {
    const start = performance.now();
    status = wasm.listdsl_run(namePointer, name.length, scriptPointer, script.length, flags);
    runs.push(performance.now() - start);
  }
  const out = copyOut(wasm.listdsl_stdout(), wasm.listdsl_stdout_count());
  const err = copyOut(wasm.listdsl_stderr(), wasm.listdsl_stderr_count());
  wasm.listdsl_free(namePointer);
  wasm.listdsl_free(scriptPointer);
  const warm = runs.slice(1);
  const timing =
    `wasm: instantiate ${(t1 - t0).toFixed(1)} ms, first run ${runs[0].toFixed(1)} ms` +
    (warm.length ? `, warm best of ${warm.length} ${Math.min(...warm).toFixed(1)} ms` : "") +
    `, memory ${(wasm.memory.buffer.byteLength / 1048576).toFixed(1)} MiB\n`;
  return { out, err, status, timing };
}

/// The native command's message for a script it cannot open.
function cannotRead(file, error) {
  return `listdsl: error: cannot read '${file}': ${systemWords(error)}\n`;
}

/// What a run says when the module traps.
function moduleStopped(error) {
  return `listdsl (wasm): the module stopped: ${error.message}\n`;
}

/// Why a file could not be read, in the words the native command uses (strerror, in lower case).
function systemWords(error) {
  const words = {
    ENOENT: "no such file or directory",
    EISDIR: "it is a directory",
    EACCES: "permission denied",
    ENOTDIR: "not a directory",
    ELOOP: "too many levels of symbolic links",
    ENAMETOOLONG: "file name too long",
  };
  return words[error.code] || String(error.message).toLowerCase();
}

/// Writes all of `bytes` to the descriptor `fd` (a pipe may take fewer at a time).
function writeAll(fd, bytes) {
  let done = 0;
  while (done < bytes.length) {
    try {
      done += writeSync(fd, bytes, done, bytes.length - done);
    } catch (error) {
      if (error.code !== "EAGAIN") throw error;
    }
  }
}
