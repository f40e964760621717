#!/usr/bin/env node
// Checks the lesson pages' LZMA decoder (wasm/LZMADecoder.c, run by Sources/ListTeaching/Resources/lzma.js)
// against liblzma:
//
//   node scripts/lzma-check.mjs [FILE...]
//
// Reference streams come from python3's lzma module (FORMAT_ALONE: preset 9e, and LZMA1 filters at preset 6
// with other lc/lp/pb) and from `xz --format=lzma -9e` when xz is installed; each decode must equal the
// original.
// liblzma refuses lc+lp > 4, so lc=8 (and lp=4, pb=4, sizes in the header without an end marker) are
// covered by a small encoder here. Truncated and corrupted streams must throw, each within a second.
// A FILE is compressed like the built-in inputs; a FILE named *.lzma is taken as a stream to decode (python
// decompresses the reference). For each FILE the decode time is printed: the first run in a fresh worker
// (what a page pays) and the median of 5, with MB/s of output. The last line is "N passed, N failed".
import { existsSync, readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import { basename } from "node:path";
import { Worker, isMainThread, parentPort } from "node:worker_threads";
import vm from "node:vm";

const decoderPath = fileURLToPath(new URL("../Sources/ListTeaching/Resources/lzma.js", import.meta.url));

// The decoder itself is wasm/LZMADecoder.c, which scripts/wasm.sh compiles to .build-wasm/lzma-decoder.wasm;
// lzma.js runs it.
const decoderWasm = fileURLToPath(new URL("../.build-wasm/lzma-decoder.wasm", import.meta.url));

function loadDecoder() {
  vm.runInThisContext(readFileSync(decoderPath, "utf8"), { filename: decoderPath });
  const module = new WebAssembly.Module(readFileSync(decoderWasm));
  return (input, maxBytes) => globalThis.lzmaDecodeWith(globalThis.lzmaDecoder(module), input,
    maxBytes === undefined ? 64 << 20 : maxBytes);
}

async function main() {
  const files = process.argv.slice(2);
  for (const f of files) {
    if (f.startsWith("-")) {
      console.error("usage: node scripts/lzma-check.mjs [FILE...]");
      process.exit(2);
    }
  }
  let passed = 0;
  let failed = 0;
  const pass = () => { passed++; };
  const fail = (name, why) => { failed++; console.log(`FAIL ${name}: ${why}`); };

  const syntax = spawnSync(process.execPath, ["--check", decoderPath], { encoding: "utf8" });
  if (syntax.status === 0) pass(); else fail("node --check lzma.js", syntax.stderr.trim());
  const src = readFileSync(decoderPath, "utf8");
  const topLevel = [...src.matchAll(/^(?:function|const|let|var|class)\s+([A-Za-z_$][\w$]*)/gm)].map((m) => m[1]);
  const stray = topLevel.filter((n) => !n.startsWith("lzma"));
  if (src.startsWith('"use strict";') && topLevel.includes("lzmaDecodeWith") && topLevel.includes("lzmaUnpack") && stray.length === 0 && !/^\s*(export|import)\b/m.test(src)) pass();
  else fail("lzma.js shape", `needs "use strict", lzmaDecodeWith and lzmaUnpack, only lzma* at top level, no modules (found ${topLevel.join(", ")})`);

  const runner = new Runner();
  const hasXz = spawnSync("xz", ["--version"]).status === 0;
  if (!hasXz) console.log("note: xz not found; skipping its streams");

  // Inputs: the fixed ones, then each FILE.
  const rnd = prng(12345);
  const random = new Uint8Array(1 << 20);
  for (let i = 0; i < random.length; i++) random[i] = rnd() & 0xff;
  let text = "";
  for (let i = 0; text.length < 200000; i++) {
    text += `item ${i % 97}: the list has ${(i * 7) % 13} rows; ` + (i % 5 === 0 ? "insert row at index path\n" : "");
  }
  const inputs = [
    { name: "empty", data: new Uint8Array(0) },
    { name: "one byte", data: Uint8Array.of(0x41) },
    { name: "100 KB of zeros", data: new Uint8Array(100000) },
    { name: "1 MB random", data: random },
    { name: "repetitive text", data: new TextEncoder().encode(text) },
  ];
  const timed = [];
  for (const f of files) {
    let bytes;
    try {
      bytes = new Uint8Array(readFileSync(f));
    } catch (e) {
      fail(f, e.message);
      continue;
    }
    if (f.endsWith(".lzma")) {
      const orig = python("d", bytes);
      if (orig === null) { fail(f, "python3 could not decompress it as FORMAT_ALONE"); continue; }
      await expectDecode(runner, `${basename(f)} (given stream)`, bytes, orig, pass, fail);
      timed.push({ name: basename(f), stream: bytes, size: orig.length });
      bytes = orig;
    }
    // Each distinct content is encoded once (a FILE and its .lzma may both be given).
    const digest = createHash("sha256").update(bytes).digest("hex");
    const same = inputs.find((x) => x.digest === digest);
    if (same) { if (!f.endsWith(".lzma")) same.timeIt = true; continue; }
    inputs.push({ name: basename(f), data: bytes, timeIt: !f.endsWith(".lzma"), digest });
  }

  const variants = [
    { label: "python 9e", spec: "9e" },
    { label: "python lc0 lp2 pb2", spec: { lc: 0, lp: 2, pb: 2 } },
    { label: "python lc4 lp0 pb0", spec: { lc: 4, lp: 0, pb: 0 } },
  ];
  const streams = {};
  for (const input of inputs) {
    const encoded = python(JSON.stringify(variants.map((v) => v.spec)), input.data);
    if (encoded === null) { fail(input.name, "python3 lzma failed"); continue; }
    for (let k = 0; k < variants.length; k++) {
      await expectDecode(runner, `${input.name} / ${variants[k].label}`, encoded[k], input.data, pass, fail);
    }
    streams[input.name] = encoded[0];
    // The same stream with its size in the header instead of unknown (it keeps its end marker).
    await expectDecode(runner, `${input.name} / python 9e, size in header`, withSize(encoded[0], input.data.length), input.data, pass, fail);
    let best = encoded[0];
    if (hasXz) {
      const r = spawnSync("xz", ["--format=lzma", "-9e", "-c"], { input: input.data, maxBuffer: 1 << 30 });
      if (r.status !== 0) fail(`${input.name} / xz -9e`, String(r.stderr));
      else {
        best = new Uint8Array(r.stdout);
        await expectDecode(runner, `${input.name} / xz -9e`, best, input.data, pass, fail);
      }
    }
    if (input.timeIt) timed.push({ name: input.name, stream: best, size: input.data.length });
  }

  // Streams from the small encoder below: every property range, sizes with and without an end marker.
  const gen = prng(777);
  const propsCases = [[8, 4, 4], [8, 0, 0], [0, 4, 4], [3, 0, 2], [1, 3, 1]];
  for (const [lc, lp, pb] of propsCases) {
    for (const marker of [true, false]) {
      const ops = randomOps(gen, 3000);
      const { stream, output } = encodeOps(ops, { lc, lp, pb, marker, sizeInHeader: !marker || lc === 8 });
      await expectDecode(runner, `own encoder lc${lc} lp${lp} pb${pb}${marker ? "" : " no end marker"}`, stream, output, pass, fail);
    }
  }
  const sample = encodeOps(randomOps(prng(99), 400), { lc: 8, lp: 4, pb: 4, marker: true, sizeInHeader: false });
  const sampleNoMarker = encodeOps(randomOps(prng(98), 400), { lc: 3, lp: 0, pb: 2, marker: false, sizeInHeader: true });
  const bytesOut = sample.output.length;
  await expectDecode(runner, "output exactly at maxBytes", sample.stream, sample.output, pass, fail, bytesOut);
  // A view into a larger buffer: only the view's bytes may be read.
  const padded = new Uint8Array(sample.stream.length + 64).fill(0xa5);
  padded.set(sample.stream, 16);
  await expectDecode(runner, "stream in the middle of a larger buffer", padded.subarray(16, 16 + sample.stream.length), sample.output, pass, fail);

  // Must throw: each in its own case, watched by the runner.
  const bad = [];
  const py = streams["repetitive text"];
  const one = streams["one byte"];
  bad.push(["bad properties byte 225", patch(one, 0, 225)]);
  bad.push(["first range-coder byte not 0", patch(one, 13, 1)]);
  bad.push(["header only", one.subarray(0, 13)]);
  bad.push(["shorter than a header", one.subarray(0, 5)]);
  bad.push(["declared size over the cap", withSize(one, 0x7fffffff)]);
  bad.push(["declared size of 2^40", withSizeBig(one)]);
  bad.push(["declared size longer than the data", withSize(py, inputs[4].data.length + 1)]);
  bad.push(["declared size shorter than the data", withSize(py, inputs[4].data.length - 1)]);
  bad.push(["no marker, declared size longer", withSize(sampleNoMarker.stream, sampleNoMarker.output.length + 10)]);
  bad.push(["no marker, size unknown", withSize(sampleNoMarker.stream, -1)]);
  bad.push(["output over maxBytes (unknown size)", sample.stream, bytesOut - 1]);
  bad.push(["output over maxBytes 0", py, 0]);
  bad.push(["distance past the output", encodeOps([{ lit: 1 }, { lit: 2 }, { dist: 2, len: 2 }], { marker: true }).stream]);
  bad.push(["distance past the dictionary", encodeOps([...Array(5000).fill({ lit: 7 }), { dist: 4500, len: 5 }], { marker: true, dictSize: 4096 }).stream]);
  bad.push(["repeat before any output", encodeOps([{ rep: 0, len: 3 }], { marker: true }).stream]);
  bad.push(["short repeat before any output", encodeOps([{ shortRep: true }], { marker: true }).stream]);
  bad.push(["end marker before the declared size", withSize(sample.stream, sample.output.length + 1)]);
  bad.push(["not a Uint8Array", "not bytes"]);
  // Every prefix of the small streams, and cuts through the large ones.
  for (const name of ["one byte", "empty", "repetitive text"]) {
    const s = streams[name];
    const cuts = name === "repetitive text" ? spread(s.length, 60) : [...Array(s.length).keys()];
    for (const n of cuts) bad.push([`${name} cut to ${n} of ${s.length}`, s.subarray(0, n)]);
  }
  for (const s of [sample.stream, sampleNoMarker.stream]) {
    for (const n of spread(s.length, 40)) bad.push([`own stream cut to ${n} of ${s.length}`, s.subarray(0, n)]);
  }
  for (const name of ["1 MB random", "100 KB of zeros"]) {
    const s = streams[name];
    for (const n of [13, 17, 18, s.length >> 1, s.length - 2, s.length - 1]) bad.push([`${name} cut to ${n} of ${s.length}`, s.subarray(0, n)]);
  }
  for (const [name, bytes, maxBytes] of bad) {
    const r = await runner.run({ bytes, maxBytes }, 1000);
    if (r.hung) fail(name, "no answer within a second (stopped)");
    else if (r.ok) fail(name, `decoded ${r.out.length} bytes instead of throwing`);
    else if (!r.isError) fail(name, `threw a non-Error: ${r.error}`);
    else if (r.ms >= 1000) fail(name, `threw only after ${r.ms.toFixed(0)} ms`);
    else pass();
  }
  const example = bad.find(([name]) => name === "distance past the output");
  console.log(`rejected: e.g. "${(await runner.run({ bytes: example[1] }, 1000)).error}"`);

  // Random byte flips in the coded data: no checksum can catch every one, so each must throw or give
  // different bytes, within a second.
  const flip = prng(4242);
  let flips = 0;
  let threw = 0;
  for (const [s, orig] of [[py, inputs[4].data], [sample.stream, sample.output], [streams["100 KB of zeros"], inputs[2].data]]) {
    for (let k = 0; k < 40; k++) {
      const at = 14 + (flip() % (s.length - 14));
      const bytes = patch(s, at, s[at] ^ (1 + (flip() % 255)));
      const name = `byte ${at} of ${s.length} changed`;
      const r = await runner.run({ bytes }, 1000);
      flips++;
      if (r.hung) fail(name, "no answer within a second (stopped)");
      else if (r.ms >= 1000) fail(name, `took ${r.ms.toFixed(0)} ms`);
      else if (r.ok && equal(r.out, orig)) fail(name, "decoded to the original");
      else { if (!r.ok) threw++; pass(); }
    }
  }
  console.log(`changed bytes: ${threw} of ${flips} threw, the rest decoded to other bytes`);
  runner.close();

  // The pack scripts/wasm.sh made, when there is one: its pieces unpacked and joined are the module, and a pack
  // cut anywhere in its table of streams, or with a stream cut short, is refused.
  const packPath = fileURLToPath(new URL("../.build-wasm/listdsl.wasm.pack", import.meta.url));
  const modulePath = fileURLToPath(new URL("../.build-wasm/listdsl.wasm", import.meta.url));
  if (existsSync(packPath) && existsSync(modulePath)) {
    const pack = new Uint8Array(readFileSync(packPath));
    const module = new Uint8Array(readFileSync(modulePath));
    vm.runInThisContext(readFileSync(decoderPath, "utf8"), { filename: decoderPath });
    let parts = null;
    try {
      parts = globalThis.lzmaParts(pack);
      const out = globalThis.lzmaUnpack(pack, 64 << 20);
      if (equal(out, module) && parts.streams.length >= 1) pass();
      else fail("listdsl.wasm.pack", `unpacked to ${out.length} bytes, not the module's ${module.length}`);
      const pieces = parts.streams.map((_, i) => globalThis.lzmaDecodePart(parts, i, 64 << 20));
      if (equal(globalThis.lzmaJoin(pieces, 64 << 20), module)) pass();
      else fail("listdsl.wasm.pack", "its pieces decoded one by one do not join into the module");
      console.log(`listdsl.wasm.pack: ${parts.streams.length} streams (${parts.streams.map((x) => x.length).join(" + ")} bytes) -> ${module.length} bytes`);
    } catch (error) {
      fail("listdsl.wasm.pack", `threw: ${error.message}`);
    }
    if (parts) {
      const tableEnd = 12 + parts.decoder.length + 4 * parts.streams.length;
      for (const n of [0, 7, 11, 12 + parts.decoder.length - 1, 12 + parts.decoder.length + 2, tableEnd - 1, pack.length - 1]) {
        try {
          globalThis.lzmaUnpack(pack.subarray(0, n), 64 << 20);
          fail(`listdsl.wasm.pack cut to ${n}`, "unpacked instead of throwing");
        } catch (error) {
          if (String(error.message).startsWith("lzma: ")) pass();
          else fail(`listdsl.wasm.pack cut to ${n}`, `threw ${error.message}`);
        }
      }
    }
  } else {
    console.log("note: no .build-wasm/listdsl.wasm.pack (scripts/wasm.sh makes it); skipping the pack");
  }

  // Timing, in a fresh worker per stream: the first run is what a page pays (cold JIT); then the median of 5.
  for (const t of timed) {
    const w = new Runner();
    const r = await w.time(t.stream, 6);
    w.close();
    if (r.length !== t.size) { fail(`${t.name} timing`, "wrong length"); continue; }
    const later = r.times.slice(1).sort((a, b) => a - b);
    const median = later[2];
    const mbs = (ms) => (t.size / 1e6 / (ms / 1000)).toFixed(1);
    console.log(`${t.name}: ${t.stream.length} -> ${t.size} bytes: median of 5 ${median.toFixed(1)} ms (${mbs(median)} MB/s), ` +
      `first run ${r.times[0].toFixed(1)} ms (${mbs(r.times[0])} MB/s), runs ${later.map((x) => x.toFixed(1)).join(" ")}`);
  }

  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

async function expectDecode(runner, name, bytes, expected, pass, fail, maxBytes) {
  const r = await runner.run({ bytes, maxBytes }, 20000);
  if (r.hung) fail(name, "no answer within 20 s (stopped)");
  else if (!r.ok) fail(name, `threw: ${r.error}`);
  else if (!equal(r.out, expected)) fail(name, `decoded ${r.out.length} bytes, expected ${expected.length}${r.out.length === expected.length ? " (contents differ)" : ""}`);
  else if (!(r.out instanceof Uint8Array) || r.out.byteOffset !== 0 || r.out.buffer.byteLength !== r.out.length) fail(name, "the result is not a Uint8Array of exactly its own buffer");
  else pass();
}

// Runs decodes in a worker; a case with no answer in time is reported as hung, and the worker replaced.
class Runner {
  constructor() { this.worker = null; }
  start() {
    this.worker = new Worker(new URL(import.meta.url));
  }
  run(job, limitMs) {
    if (this.worker === null) this.start();
    return new Promise((resolve) => {
      const w = this.worker;
      const timer = setTimeout(() => {
        w.removeAllListeners("message");
        w.terminate();
        this.worker = null;
        resolve({ hung: true });
      }, limitMs + 500);
      w.once("message", (m) => { clearTimeout(timer); resolve(m); });
      w.postMessage(job);
    });
  }
  time(bytes, runs) {
    if (this.worker === null) this.start();
    return new Promise((resolve) => {
      this.worker.once("message", resolve);
      this.worker.postMessage({ kind: "time", bytes, runs });
    });
  }
  close() { if (this.worker) this.worker.terminate(); this.worker = null; }
}

// python3's lzma: mode "d" decompresses FORMAT_ALONE; otherwise a JSON list of variants to compress with.
function python(mode, data) {
  const code = `
import lzma, sys, json
data = sys.stdin.buffer.read()
out = sys.stdout.buffer
if sys.argv[1] == "d":
    out.write(lzma.decompress(data, format=lzma.FORMAT_ALONE))
else:
    for spec in json.loads(sys.argv[1]):
        if spec == "9e":
            c = lzma.compress(data, format=lzma.FORMAT_ALONE, preset=9 | lzma.PRESET_EXTREME)
        else:
            f = dict(id=lzma.FILTER_LZMA1, preset=6, **spec)
            c = lzma.compress(data, format=lzma.FORMAT_ALONE, filters=[f])
        out.write(len(c).to_bytes(8, "little"))
        out.write(c)
`;
  const r = spawnSync("python3", ["-c", code, mode], { input: data, maxBuffer: 1 << 30 });
  if (r.status !== 0) { console.log(String(r.stderr)); return null; }
  const buf = new Uint8Array(r.stdout);
  if (mode === "d") return buf;
  const list = [];
  for (let p = 0; p < buf.length;) {
    const n = Number(new DataView(buf.buffer, buf.byteOffset + p, 8).getBigUint64(0, true));
    list.push(buf.slice(p + 8, p + 8 + n));
    p += 8 + n;
  }
  return list;
}

function equal(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function patch(s, at, value) {
  const c = s.slice();
  c[at] = value;
  return c;
}

// The stream with a size in its header; -1 writes "unknown".
function withSize(s, n) {
  const c = s.slice();
  const v = new DataView(c.buffer);
  if (n < 0) { v.setUint32(5, 0xffffffff, true); v.setUint32(9, 0xffffffff, true); }
  else { v.setUint32(5, n >>> 0, true); v.setUint32(9, Math.floor(n / 4294967296), true); }
  return c;
}

function withSizeBig(s) {
  const c = withSize(s, 0);
  c[10] = 1;
  return c;
}

function spread(n, count) {
  const cuts = new Set();
  for (let k = 0; k < count; k++) cuts.add(Math.floor((n * k) / count));
  for (let k = 1; k <= 8 && k <= n; k++) cuts.add(n - k);
  return [...cuts].filter((c) => c < n).sort((a, b) => a - b);
}

function prng(seed) {
  let x = seed >>> 0;
  return () => {
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    return x;
  };
}

// Random operations whose distances are all valid: literals, matches (short and long distances), the four
// repeats, short repeats. Lengths cover the three length coders (2-9, 10-17, 18-273).
function randomOps(rnd, count) {
  const ops = [];
  let size = 0;
  const lens = () => { const k = rnd() % 3; return k === 0 ? 2 + (rnd() % 8) : k === 1 ? 10 + (rnd() % 8) : 18 + (rnd() % 256); };
  let reps = 0; // how many distances have been set
  for (let k = 0; k < count; k++) {
    const r = rnd() % 100;
    let op;
    if (size === 0 || r < 45) op = { lit: rnd() & 0xff };
    else if (r < 70 || reps === 0) {
      const far = rnd() % 4 === 0;
      op = { dist: far ? rnd() % size : rnd() % Math.min(size, 64), len: lens() };
      reps++;
    } else if (r < 90) op = { rep: rnd() % Math.min(4, reps + 1), len: lens() };
    else op = { shortRep: true };
    ops.push(op);
    size += op.lit !== undefined || op.shortRep ? 1 : op.len;
  }
  return ops;
}

// A plain LZMA encoder for given operations (no match finding): the inverse of the decoding the spec
// describes, written separately from lzma.js so a shared misreading would show up against liblzma's streams.
function encodeOps(ops, { lc = 3, lp = 0, pb = 2, marker = true, sizeInHeader = false, dictSize = 1 << 24 } = {}) {
  const bytes = [];
  let low = 0; // up to 33 bits, so a double
  let range = 0xffffffff;
  let cache = 0;
  let cacheSize = 1;
  const shiftLow = () => {
    if (low < 0xff000000 || low >= 0x100000000) {
      const carry = low >= 0x100000000 ? 1 : 0;
      let temp = cache;
      do { bytes.push((temp + carry) & 0xff); temp = 0xff; } while (--cacheSize !== 0);
      cache = Math.floor(low / 0x1000000) & 0xff;
    }
    cacheSize++;
    low = (low % 0x1000000) * 256;
  };
  const bit = (probs, i, b) => {
    const p = probs[i];
    const bound = (range >>> 11) * p;
    if (b === 0) { range = bound; probs[i] = p + ((2048 - p) >> 5); }
    else { low += bound; range -= bound; probs[i] = p - (p >> 5); }
    while (range < 0x1000000) { range = range * 256; shiftLow(); }
  };
  const direct = (value, n) => {
    for (let k = n - 1; k >= 0; k--) {
      range = Math.floor(range / 2);
      if (Math.floor(value / 2 ** k) % 2 === 1) low += range;
      while (range < 0x1000000) { range = range * 256; shiftLow(); }
    }
  };
  const tree = (probs, base, n, value) => {
    let m = 1;
    for (let k = n - 1; k >= 0; k--) { const b = (value >> k) & 1; bit(probs, base + m, b); m = (m << 1) | b; }
  };
  const reverseTree = (probs, base, n, value) => {
    let m = 1;
    for (let k = 0; k < n; k++) { const b = (value >> k) & 1; bit(probs, base + m, b); m = (m << 1) | b; }
  };
  const arr = (n) => new Uint16Array(n).fill(1024);
  const isMatch = arr(192), isRep = arr(12), g0 = arr(12), g1 = arr(12), g2 = arr(12), rep0Long = arr(192);
  const slotProbs = arr(256), specPos = arr(115), align = arr(16), literal = arr(0x300 << (lc + lp));
  const lenCoder = () => ({ choice: arr(2), low: arr(128), mid: arr(128), high: arr(256) });
  const matchLen = lenCoder(), repLen = lenCoder();
  const encodeLen = (c, len, posState) => {
    const l = len - 2;
    if (l < 8) { bit(c.choice, 0, 0); tree(c.low, posState * 8, 3, l); }
    else if (l < 16) { bit(c.choice, 0, 1); bit(c.choice, 1, 0); tree(c.mid, posState * 8, 3, l - 8); }
    else { bit(c.choice, 0, 1); bit(c.choice, 1, 1); tree(c.high, 0, 8, l - 16); }
  };
  const encodeDist = (dist, len) => {
    const lenState = Math.min(len - 2, 3);
    let slot = dist;
    if (dist >= 4) { const n = 31 - Math.clz32(dist); slot = 2 * n + (Math.floor(dist / 2 ** (n - 1)) % 2); }
    tree(slotProbs, lenState * 64, 6, slot);
    if (slot < 4) return;
    const nBits = (slot >> 1) - 1;
    const base = (2 + (slot & 1)) * 2 ** nBits;
    const rest = dist - base;
    if (slot < 14) reverseTree(specPos, base - slot, nBits, rest);
    else { direct(Math.floor(rest / 16), nBits - 4); reverseTree(align, 0, 4, rest % 16); }
  };

  const out = [];
  let state = 0;
  let reps = [0, 0, 0, 0];
  for (const op of ops) {
    const posState = out.length & ((1 << pb) - 1);
    if (op.lit !== undefined) {
      bit(isMatch, (state << 4) + posState, 0);
      const prev = out.length > 0 ? out[out.length - 1] : 0;
      const base = 0x300 * (((out.length & ((1 << lp) - 1)) << lc) + (prev >> (8 - lc)));
      let m = 1;
      let matching = state >= 7;
      const matchByte = matching ? out[out.length - reps[0] - 1] : 0;
      for (let k = 7; k >= 0; k--) {
        const b = (op.lit >> k) & 1;
        if (matching) {
          const mb = (matchByte >> k) & 1;
          bit(literal, base + ((1 + mb) << 8) + m, b);
          matching = mb === b;
        } else bit(literal, base + m, b);
        m = (m << 1) | b;
      }
      out.push(op.lit);
      state = state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
      continue;
    }
    bit(isMatch, (state << 4) + posState, 1);
    if (op.dist !== undefined) {
      bit(isRep, state, 0);
      encodeLen(matchLen, op.len, posState);
      encodeDist(op.dist, op.len);
      reps = [op.dist, reps[0], reps[1], reps[2]];
      state = state < 7 ? 7 : 10;
    } else if (op.shortRep) {
      bit(isRep, state, 1);
      bit(g0, state, 0);
      bit(rep0Long, (state << 4) + posState, 0);
      out.push(out[out.length - reps[0] - 1]);
      state = state < 7 ? 9 : 11;
      continue;
    } else {
      bit(isRep, state, 1);
      if (op.rep === 0) { bit(g0, state, 0); bit(rep0Long, (state << 4) + posState, 1); }
      else {
        bit(g0, state, 1);
        if (op.rep === 1) bit(g1, state, 0);
        else { bit(g1, state, 1); bit(g2, state, op.rep === 2 ? 0 : 1); }
        const d = reps[op.rep];
        reps.splice(op.rep, 1);
        reps.unshift(d);
      }
      encodeLen(repLen, op.len, posState);
      state = state < 7 ? 8 : 11;
    }
    for (let k = 0; k < op.len; k++) out.push(out[out.length - reps[0] - 1]);
  }
  if (marker) {
    const posState = out.length & ((1 << pb) - 1);
    bit(isMatch, (state << 4) + posState, 1);
    bit(isRep, state, 0);
    encodeLen(matchLen, 2, posState);
    encodeDist(0xffffffff, 2);
  }
  for (let k = 0; k < 5; k++) shiftLow();

  const header = new Uint8Array(13);
  const v = new DataView(header.buffer);
  header[0] = (pb * 5 + lp) * 9 + lc;
  v.setUint32(1, dictSize, true);
  if (sizeInHeader) { v.setUint32(5, out.length, true); v.setUint32(9, 0, true); }
  else { v.setUint32(5, 0xffffffff, true); v.setUint32(9, 0xffffffff, true); }
  const stream = new Uint8Array(13 + bytes.length);
  stream.set(header);
  stream.set(bytes, 13);
  return { stream, output: Uint8Array.from(out.map((b) => (b === undefined ? 0 : b))) };
}

// Worker: decodes what the main thread sends, one message per case, so a hang can be caught and stopped.
if (!isMainThread) {
  const lzmaDecode = loadDecoder();
  parentPort.on("message", (job) => {
    if (job.kind === "time") {
      const times = [];
      let out = null;
      for (let k = 0; k < job.runs; k++) {
        const t = performance.now();
        out = lzmaDecode(job.bytes);
        times.push(performance.now() - t);
      }
      parentPort.postMessage({ times, length: out.length });
      return;
    }
    const t = performance.now();
    let result;
    try {
      const out = job.maxBytes === undefined ? lzmaDecode(job.bytes) : lzmaDecode(job.bytes, job.maxBytes);
      result = { ok: true, out, ms: performance.now() - t };
    } catch (e) {
      result = { ok: false, error: e instanceof Error ? e.message : String(e), isError: e instanceof Error, ms: performance.now() - t };
    }
    parentPort.postMessage(result, result.ok ? [result.out.buffer] : []);
  });
} else {
  await main();
}
