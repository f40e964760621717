"use strict";
// An LZMA-alone ("xz --format=lzma") decoder, written from the LZMA specification (LzmaSpec). The whole
// output is the dictionary, so a match is a copy from earlier in the output buffer.
//
// Written for V8's optimizing compiler: bit decoding is spelled out at each use, with no call per bit. The
// range coder's values are unsigned 32-bit but held as int32 (`| 0`, Math.imul) and compared unsigned by
// flipping the sign bit (`^ SIGN`): V8 keeps int32 in registers, while uint32 values of 2^31 and up make
// its optimized code bail out ("lost precision") and recompile, which costs more than a whole decode. The
// bits inside a bit tree (literal bytes, lengths, distances) are close to random, so they are decoded
// without a branch (the comparison, as 0 or 1, selects through masks); that halves the mispredicted
// branches. Single decisions (literal or match, ...) are followed by a branch on the bit anyway.

// lzmaDecode(input: Uint8Array, maxBytes = 64 MiB): Uint8Array. Throws an Error on any malformed input.
function lzmaDecode(input, maxBytes) {
  if (!(input instanceof Uint8Array)) throw new Error("lzma: input must be a Uint8Array");
  if (maxBytes === undefined) maxBytes = 64 * 1024 * 1024;
  if (!(maxBytes >= 0 && maxBytes <= 0x40000000)) throw new Error("lzma: maxBytes must be between 0 and 2^30");
  maxBytes = Math.floor(maxBytes);
  const inLen = input.length;
  if (inLen < 13) throw new Error("lzma: truncated header (" + inLen + " bytes, need 13)");

  let props = input[0];
  if (props >= 225) throw new Error("lzma: bad properties byte " + props + " (needs lc<=8, lp<=4, pb<=4)");
  const lc = props % 9;
  props = (props / 9) | 0;
  const lp = props % 5;
  const pb = (props / 5) | 0;
  // LzmaSpec raises dictionaries under 4 KiB to 4 KiB; distances are checked against it (capped, as the
  // output can't reach 2 GiB anyway).
  const dictSize = Math.max(4096, Math.min(0x7fffffff, (input[1] | (input[2] << 8) | (input[3] << 16) | (input[4] << 24)) >>> 0)) | 0;
  const sizeLo = (input[5] | (input[6] << 8) | (input[7] << 16) | (input[8] << 24)) >>> 0;
  const sizeHi = (input[9] | (input[10] << 8) | (input[11] << 16) | (input[12] << 24)) >>> 0;
  const sizeKnown = !(sizeLo === 0xffffffff && sizeHi === 0xffffffff);
  let outLimit = maxBytes;
  if (sizeKnown) {
    if (sizeHi !== 0 || sizeLo > maxBytes) {
      throw new Error("lzma: declared size " + (sizeHi * 4294967296 + sizeLo) + " exceeds the limit of " + maxBytes + " bytes");
    }
    outLimit = sizeLo;
  }

  if (inLen < 18) throw new Error("lzma: truncated input (the range coder needs 5 bytes)");
  if (input[13] !== 0) throw new Error("lzma: corrupt data (first range-coder byte is not 0)");
  const code = (input[14] << 24) | (input[15] << 16) | (input[16] << 8) | input[17];
  // code < range from here on for any input: each step keeps it, so no later check is needed.
  if (code === -1) throw new Error("lzma: corrupt data (bad range-coder start)");

  // 1847 probabilities before the literal coders (see lzmaDecodeRun), then 0x300 per literal context.
  const probs = new Uint16Array(1847 + (0x300 << (lc + lp)));
  probs.fill(1024);
  const s = new Int32Array(16);
  s[0] = -1; // range
  s[1] = code;
  s[2] = 18; // input position
  s[10] = outLimit;
  s[11] = lc;
  s[12] = (1 << lp) - 1;
  s[13] = (1 << pb) - 1;
  s[14] = dictSize;
  s[15] = sizeKnown ? 1 : 0;
  // A known size is allocated exactly; an unknown one starts small and doubles up to the limit.
  let out = new Uint8Array(sizeKnown ? outLimit : Math.min(outLimit, 65536));
  // The decoding loop lives in its own function, called for a chunk of output at a time, so that V8
  // optimizes it as a whole function entered with int32 state. One long call would instead get its loop
  // replaced mid-run (on-stack replacement), and that code keeps every variable boxed and checked.
  // The first chunks are small so that the function's entry has run with type feedback (V8 allocates it
  // during the first call) before V8 compiles it; without that feedback the compiled code bails out at once.
  let chunk = 256;
  // Rarely taken paths (the end, growing) stay out here: code in the optimized function that has never run
  // makes V8 discard the function when it first runs, and recompiling it costs more than the whole decode.
  for (;;) {
    const outPos = s[3];
    let stop = Math.min(outLimit, outPos + chunk);
    if (chunk < 4096) chunk *= 2;
    if (outPos === outLimit) {
      // At the limit: a known size may end here without an end marker; otherwise only the marker may follow
      // (lzmaDecodeRun throws on any other symbol, as it would take the output past the limit).
      if (sizeKnown && s[1] === 0) break;
      stop = outLimit + 1;
    }
    // Room for a match (at most 273 bytes) begun just before stop.
    const need = Math.min(outLimit, stop + 273);
    if (out.length < need) {
      const bigger = new Uint8Array(Math.min(outLimit, Math.max(need, out.length * 2)));
      bigger.set(out);
      out = bigger;
    }
    s[9] = stop;
    if (lzmaDecodeRun(s, probs, input, out) !== 0) {
      // The end marker: the range coder must end at zero, and a declared size must have been reached.
      if (s[1] !== 0) throw new Error("lzma: corrupt data (end marker with the range coder not at zero)");
      if (sizeKnown && s[3] !== outLimit) {
        throw new Error("lzma: corrupt data (end marker after " + s[3] + " of the declared " + outLimit + " bytes)");
      }
      break;
    }
  }
  const outPos = s[3];
  if (out.length === outPos) return out;
  // Return a buffer of exactly the output, not the doubled one, so it can be transferred without waste.
  return out.slice(0, outPos);
}

// Decodes from the state in s until the output reaches s[9] (or the limit's end marker); returns 1 when the
// stream is complete, 0 when the caller should call again.
function lzmaDecodeRun(s, probs, input, out) {
  const SIGN = -2147483648;
  // Probability layout: one Uint16Array, each model at a fixed offset (see LzmaSpec for the models).
  const IS_MATCH = 0; // [state << 4 | posState]
  const IS_REP = 192;
  const IS_REP_G0 = 204;
  const IS_REP_G1 = 216;
  const IS_REP_G2 = 228;
  const IS_REP0_LONG = 240; // [state << 4 | posState]
  const POS_SLOT = 432; // 4 trees of 64
  const SPEC_POS = 688; // 115: indexed from 1 past each slot's base
  const ALIGN = 803; // 16
  const LEN = 819; // choice, choice2, low[16][8], mid[16][8], high[256]
  const REP_LEN = 1333;
  const LITERAL = 1847; // 0x300 per literal context
  let range = s[0], code = s[1], pos = s[2], outPos = s[3], state = s[4];
  let rep0 = s[5], rep1 = s[6], rep2 = s[7], rep3 = s[8];
  const stop = s[9], outLimit = s[10], lc = s[11], lpMask = s[12], pbMask = s[13], dictSize = s[14];
  const sizeKnown = s[15] !== 0;
  const litShift = 8 - lc;
  const inLen = input.length;
  let i = 0, p = 0, bound = 0, bit = 0, sym = 0, done = 0, t = 0;

  for (;;) {
    if (outPos >= stop) break;
    const posState = outPos & pbMask;

    // isMatch
    i = IS_MATCH + (state << 4) + posState;
    p = probs[i];
    bound = Math.imul(range >>> 11, p);
    if ((code ^ SIGN) < (bound ^ SIGN)) {
      range = bound;
      probs[i] = p + ((2048 - p) >>> 5);
      if ((range & -16777216) === 0) {
        if (pos >= inLen) throw lzmaTruncated();
        range <<= 8;
        code = (code << 8) | input[pos++];
      }

      // Literal, coded with the previous byte's top lc bits and the position's low lp bits as context.
      if (outPos >= outLimit) throw lzmaTooLong(sizeKnown, outLimit);
      const prev = outPos > 0 ? out[outPos - 1] : 0;
      const base = LITERAL + 0x300 * (((outPos & lpMask) << lc) + (prev >>> litShift));
      sym = 1;
      if (state >= 7) {
        // After a match the byte at rep0 steers the model until the first bit that differs from it.
        let matchByte = out[outPos - rep0 - 1];
        // Branch-free bit: bit = code >= bound (unsigned); a 0 takes range = bound and raises p, a 1
        // takes code -= bound, range -= bound and lowers p (by p >> 5, as floor((31 - p) / 32) = -(p >> 5)).
        do {
          const matchBit = (matchByte >>> 7) & 1;
          matchByte <<= 1;
          i = base + ((1 + matchBit) << 8) + sym;
          p = probs[i];
          bound = Math.imul(range >>> 11, p);
          bit = 0 + ((code ^ SIGN) >= (bound ^ SIGN));
          code = (code - (bound & -bit)) | 0;
          t = (range - bound) | 0;
          range = (t + ((bound - t) & (bit - 1))) | 0;
          probs[i] = p + (((((bit - 1) & 2017) + 31) - p) >> 5);
          if ((range & -16777216) === 0) {
            if (pos >= inLen) throw lzmaTruncated();
            range <<= 8;
            code = (code << 8) | input[pos++];
          }
          sym = (sym << 1) | bit;
          if (matchBit !== bit) break;
        } while (sym < 0x100);
      }
      while (sym < 0x100) {
        i = base + sym;
        p = probs[i];
        bound = Math.imul(range >>> 11, p);
        bit = 0 + ((code ^ SIGN) >= (bound ^ SIGN));
        code = (code - (bound & -bit)) | 0;
        t = (range - bound) | 0;
        range = (t + ((bound - t) & (bit - 1))) | 0;
        probs[i] = p + (((((bit - 1) & 2017) + 31) - p) >> 5);
        sym = (sym << 1) | bit;
        if ((range & -16777216) === 0) {
          if (pos >= inLen) throw lzmaTruncated();
          range <<= 8;
          code = (code << 8) | input[pos++];
        }
      }
      out[outPos++] = sym & 0xff;
      state = state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
      continue;
    }
    range = (range - bound) | 0;
    code = (code - bound) | 0;
    probs[i] = p - (p >>> 5);
    if ((range & -16777216) === 0) {
      if (pos >= inLen) throw lzmaTruncated();
      range <<= 8;
      code = (code << 8) | input[pos++];
    }

    // isRep
    let lenBase = LEN;
    i = IS_REP + state;
    p = probs[i];
    bound = Math.imul(range >>> 11, p);
    if ((code ^ SIGN) < (bound ^ SIGN)) {
      range = bound;
      probs[i] = p + ((2048 - p) >>> 5);
      bit = 0;
    } else {
      range = (range - bound) | 0;
      code = (code - bound) | 0;
      probs[i] = p - (p >>> 5);
      bit = 1;
    }
    if ((range & -16777216) === 0) {
      if (pos >= inLen) throw lzmaTruncated();
      range <<= 8;
      code = (code << 8) | input[pos++];
    }
    if (bit !== 0) {
      // A repeated distance; every rep was checked when it was first decoded, but all are 0 at the start.
      if (outPos === 0) throw new Error("lzma: corrupt data (repeated match before any output)");
      i = IS_REP_G0 + state;
      p = probs[i];
      bound = Math.imul(range >>> 11, p);
      if ((code ^ SIGN) < (bound ^ SIGN)) {
        range = bound;
        probs[i] = p + ((2048 - p) >>> 5);
        bit = 0;
      } else {
        range = (range - bound) | 0;
        code = (code - bound) | 0;
        probs[i] = p - (p >>> 5);
        bit = 1;
      }
      if ((range & -16777216) === 0) {
        if (pos >= inLen) throw lzmaTruncated();
        range <<= 8;
        code = (code << 8) | input[pos++];
      }
      if (bit === 0) {
        i = IS_REP0_LONG + (state << 4) + posState;
        p = probs[i];
        bound = Math.imul(range >>> 11, p);
        if ((code ^ SIGN) < (bound ^ SIGN)) {
          range = bound;
          probs[i] = p + ((2048 - p) >>> 5);
          bit = 0;
        } else {
          range = (range - bound) | 0;
          code = (code - bound) | 0;
          probs[i] = p - (p >>> 5);
          bit = 1;
        }
        if ((range & -16777216) === 0) {
          if (pos >= inLen) throw lzmaTruncated();
          range <<= 8;
          code = (code << 8) | input[pos++];
        }
        if (bit === 0) {
          // Short rep: one byte from rep0.
          if (outPos >= outLimit) throw lzmaTooLong(sizeKnown, outLimit);
          out[outPos] = out[outPos - rep0 - 1];
          outPos++;
          state = state < 7 ? 9 : 11;
          continue;
        }
      } else {
        let dist;
        i = IS_REP_G1 + state;
        p = probs[i];
        bound = Math.imul(range >>> 11, p);
        if ((code ^ SIGN) < (bound ^ SIGN)) {
          range = bound;
          probs[i] = p + ((2048 - p) >>> 5);
          bit = 0;
        } else {
          range = (range - bound) | 0;
          code = (code - bound) | 0;
          probs[i] = p - (p >>> 5);
          bit = 1;
        }
        if ((range & -16777216) === 0) {
          if (pos >= inLen) throw lzmaTruncated();
          range <<= 8;
          code = (code << 8) | input[pos++];
        }
        if (bit === 0) {
          dist = rep1;
        } else {
          i = IS_REP_G2 + state;
          p = probs[i];
          bound = Math.imul(range >>> 11, p);
          if ((code ^ SIGN) < (bound ^ SIGN)) {
            range = bound;
            probs[i] = p + ((2048 - p) >>> 5);
            bit = 0;
          } else {
            range = (range - bound) | 0;
            code = (code - bound) | 0;
            probs[i] = p - (p >>> 5);
            bit = 1;
          }
          if ((range & -16777216) === 0) {
            if (pos >= inLen) throw lzmaTruncated();
            range <<= 8;
            code = (code << 8) | input[pos++];
          }
          if (bit === 0) {
            dist = rep2;
          } else {
            dist = rep3;
            rep3 = rep2;
          }
          rep2 = rep1;
        }
        rep1 = rep0;
        rep0 = dist;
      }
      lenBase = REP_LEN;
    }

    // Length: choice bits pick low (0-7, per posState), mid (8-15, per posState) or high (16-271).
    let treeBase = lenBase + 2 + (posState << 3);
    let treeBits = 3;
    let len = 0;
    i = lenBase;
    p = probs[i];
    bound = Math.imul(range >>> 11, p);
    if ((code ^ SIGN) < (bound ^ SIGN)) {
      range = bound;
      probs[i] = p + ((2048 - p) >>> 5);
    } else {
      range = (range - bound) | 0;
      code = (code - bound) | 0;
      probs[i] = p - (p >>> 5);
      i = lenBase + 1;
      if ((range & -16777216) === 0) {
        if (pos >= inLen) throw lzmaTruncated();
        range <<= 8;
        code = (code << 8) | input[pos++];
      }
      p = probs[i];
      bound = Math.imul(range >>> 11, p);
      if ((code ^ SIGN) < (bound ^ SIGN)) {
        range = bound;
        probs[i] = p + ((2048 - p) >>> 5);
        treeBase += 128;
        len = 8;
      } else {
        range = (range - bound) | 0;
        code = (code - bound) | 0;
        probs[i] = p - (p >>> 5);
        treeBase = lenBase + 258;
        treeBits = 8;
        len = 16;
      }
    }
    if ((range & -16777216) === 0) {
      if (pos >= inLen) throw lzmaTruncated();
      range <<= 8;
      code = (code << 8) | input[pos++];
    }
    sym = 1;
    const lenTop = 1 << treeBits;
    do {
      i = treeBase + sym;
      p = probs[i];
      bound = Math.imul(range >>> 11, p);
      bit = 0 + ((code ^ SIGN) >= (bound ^ SIGN));
      code = (code - (bound & -bit)) | 0;
      t = (range - bound) | 0;
      range = (t + ((bound - t) & (bit - 1))) | 0;
      probs[i] = p + (((((bit - 1) & 2017) + 31) - p) >> 5);
      sym = (sym << 1) | bit;
      if ((range & -16777216) === 0) {
        if (pos >= inLen) throw lzmaTruncated();
        range <<= 8;
        code = (code << 8) | input[pos++];
      }
    } while (sym < lenTop);
    len += sym - lenTop;

    if (lenBase === LEN) {
      // A new distance: a 6-bit slot (modelled by length, capped at 3), then its low bits.
      rep3 = rep2;
      rep2 = rep1;
      rep1 = rep0;
      state = state < 7 ? 7 : 10;
      treeBase = POS_SLOT + ((len < 3 ? len : 3) << 6);
      sym = 1;
      do {
        i = treeBase + sym;
        p = probs[i];
        bound = Math.imul(range >>> 11, p);
        bit = 0 + ((code ^ SIGN) >= (bound ^ SIGN));
        code = (code - (bound & -bit)) | 0;
        t = (range - bound) | 0;
        range = (t + ((bound - t) & (bit - 1))) | 0;
        probs[i] = p + (((((bit - 1) & 2017) + 31) - p) >> 5);
        sym = (sym << 1) | bit;
        if ((range & -16777216) === 0) {
          if (pos >= inLen) throw lzmaTruncated();
          range <<= 8;
          code = (code << 8) | input[pos++];
        }
      } while (sym < 64);
      const slot = sym - 64;
      let dist = slot;
      if (slot >= 4) {
        const directBits = (slot >>> 1) - 1;
        dist = (2 | (slot & 1)) << directBits;
        let reverseBits = directBits;
        if (slot < 14) {
          treeBase = SPEC_POS + dist - slot;
        } else {
          // The middle bits are uncoded (probability 1/2); the low 4 use the align model.
          let direct = 0;
          for (let n = directBits - 4; n > 0; n--) {
            // range < 2^31 after the halving, so the sign of code - range tells the bit (LzmaSpec's way).
            range = range >>> 1;
            code = (code - range) | 0;
            t = code >> 31;
            code = (code + (range & t)) | 0;
            direct = (direct << 1) + t + 1;
            if ((range & -16777216) === 0) {
              if (pos >= inLen) throw lzmaTruncated();
              range <<= 8;
              code = (code << 8) | input[pos++];
            }
          }
          dist = (dist + (direct << 4)) | 0;
          treeBase = ALIGN;
          reverseBits = 4;
        }
        // Reverse bit tree: least significant bit first.
        sym = 1;
        let low = 0;
        for (let n = 0; n < reverseBits; n++) {
          i = treeBase + sym;
          p = probs[i];
          bound = Math.imul(range >>> 11, p);
          bit = 0 + ((code ^ SIGN) >= (bound ^ SIGN));
          code = (code - (bound & -bit)) | 0;
          t = (range - bound) | 0;
          range = (t + ((bound - t) & (bit - 1))) | 0;
          probs[i] = p + (((((bit - 1) & 2017) + 31) - p) >> 5);
          sym = (sym << 1) | bit;
          low |= bit << n;
          if ((range & -16777216) === 0) {
            if (pos >= inLen) throw lzmaTruncated();
            range <<= 8;
            code = (code << 8) | input[pos++];
          }
        }
        dist = (dist + low) | 0;
        if (dist === -1) {
          // End marker (checked by the caller).
          done = 1;
          break;
        }
      }
      if (dist < 0 || dist >= outPos || dist >= dictSize) {
        throw new Error("lzma: corrupt data (match distance " + ((dist >>> 0) + 1) + " at output position " + outPos +
          (dist >= outPos ? "" : ", beyond the dictionary size " + dictSize) + ")");
      }
      rep0 = dist;
    } else {
      state = state < 7 ? 8 : 11;
    }

    // Copy len+2 bytes from rep0+1 back, a byte at a time as the source may overlap what is written (and
    // matches average under 10 bytes, too short for copyWithin's call to pay).
    len += 2;
    if (len > outLimit - outPos) throw lzmaTooLong(sizeKnown, outLimit);
    let src = outPos - rep0 - 1;
    const end = outPos + len;
    while (outPos < end) out[outPos++] = out[src++];
  }

  s[0] = range;
  s[1] = code;
  s[2] = pos;
  s[3] = outPos;
  s[4] = state;
  s[5] = rep0;
  s[6] = rep1;
  s[7] = rep2;
  s[8] = rep3;
  return done;
}

function lzmaTruncated() {
  return new Error("lzma: truncated input (the data ends before the output is complete)");
}

function lzmaTooLong(sizeKnown, limit) {
  return new Error(sizeKnown
    ? "lzma: corrupt data (more output than the declared size " + limit + ")"
    : "lzma: output exceeds the limit of " + limit + " bytes");
}
