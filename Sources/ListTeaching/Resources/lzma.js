"use strict";
// Unpacks the interpreter's module as scripts/wasm.sh packs it for a page: "LDPK", the length of the decoder
// (4 bytes, little-endian), the decoder (wasm/LZMADecoder.c, a small WebAssembly module of its own) and the
// module as LZMA-alone streams (xz --format=lzma, each with its size in the header), one per piece. A browser has no LZMA
// decoder, and LZMA makes the module a third smaller than gzip does; decoding in WebAssembly rather than
// JavaScript makes a page's first decode, the one its start waits for, several times faster.

// The decoder's instance, from its compiled module.
function lzmaDecoder(module) {
  return new WebAssembly.Instance(module, {}).exports;
}

// Decodes the LZMA-alone `stream` with the decoder `d` into at most `maxBytes`: a Uint8Array. A stream of
// unknown size is tried with room for 8 times its size, then more, up to `maxBytes`. Throws an Error whose
// message starts "lzma: " on any malformed stream.
function lzmaDecodeWith(d, stream, maxBytes) {
  if (stream.length < 13) throw new Error("lzma: truncated header (" + stream.length + " bytes, need 13)");
  const view = new DataView(stream.buffer, stream.byteOffset, stream.length);
  const low = view.getUint32(5, true), high = view.getUint32(9, true);
  const known = !(low === 0xffffffff && high === 0xffffffff);
  if (known && (high !== 0 || low > maxBytes)) throw new Error("lzma: declared size exceeds the limit of " + maxBytes + " bytes");
  let capacity = known ? low : Math.min(maxBytes, Math.max(1 << 16, stream.length * 8));
  for (;;) {
    if (!d.lzma_reserve(stream.length, capacity)) throw new Error("lzma: no memory for " + capacity + " bytes");
    new Uint8Array(d.memory.buffer, d.lzma_input(), stream.length).set(stream);
    let r = d.lzma_start();
    // Small steps first, then longer ones: between calls the engine can move the loop to its optimising tier.
    for (let until = 1 << 14; r === 0; until = Math.min(capacity, until * 2)) r = d.lzma_run(until);
    if (r === -4 && !known && capacity < maxBytes) {
      capacity = Math.min(maxBytes, capacity * 4);
      continue;
    }
    if (r < 0) throw new Error("lzma: " + ({ "-1": "bad properties byte " + stream[0], "-2": "truncated input",
      "-3": "corrupt data", "-4": "output exceeds the limit of " + capacity + " bytes" })[r]);
    return new Uint8Array(d.memory.buffer, d.lzma_output(), d.lzma_output_size()).slice();
  }
}

// The parts of a pack: {decoder (its bytes), streams (the LZMA-alone streams, one per piece of the module, in
// order)}. After the decoder come the number of streams (4 bytes), each one's length (4 bytes each) and the
// streams: the module is cut in pieces that decode independently, so a page can decode them on two cores.
function lzmaParts(pack) {
  const view = new DataView(pack.buffer, pack.byteOffset, pack.length);
  if (pack.length < 12 || view.getUint32(0) !== 0x4c44504b) throw new Error("lzma: not a packed module");
  const length = view.getUint32(4, true);
  if (12 + length > pack.length) throw new Error("lzma: the packed decoder is cut short");
  const count = view.getUint32(8 + length, true);
  let at = 12 + length + 4 * count;
  if (count < 1 || count > 16 || at > pack.length) throw new Error("lzma: the pack's table of streams is malformed");
  const streams = [];
  for (let i = 0; i < count; i++) {
    const size = view.getUint32(12 + length + 4 * i, true);
    if (size > pack.length - at) throw new Error("lzma: stream " + (i + 1) + " of the pack is cut short");
    streams.push(pack.subarray(at, at + size));
    at += size;
  }
  return { decoder: pack.subarray(8, 8 + length), streams: streams };
}

// Stream `index` of a pack's `parts`, decoded with the pack's own decoder (into at most `maxBytes`).
function lzmaDecodePart(parts, index, maxBytes) {
  return lzmaDecodeWith(lzmaDecoder(new WebAssembly.Module(parts.decoder)), parts.streams[index], maxBytes);
}

// The pieces decoded, joined: the module (at most `maxBytes` in all).
function lzmaJoin(pieces, maxBytes) {
  const total = pieces.reduce((sum, piece) => sum + piece.length, 0);
  if (total > maxBytes) throw new Error("lzma: output exceeds the limit of " + maxBytes + " bytes");
  const out = new Uint8Array(total);
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.length;
  }
  return out;
}

// The module a page carries, unpacked on this thread (see above).
function lzmaUnpack(pack, maxBytes) {
  const parts = lzmaParts(pack);
  const decoder = lzmaDecoder(new WebAssembly.Module(parts.decoder));
  return lzmaJoin(parts.streams.map((stream) => lzmaDecodeWith(decoder, stream, maxBytes)), maxBytes);
}
