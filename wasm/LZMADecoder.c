// An LZMA-alone decoder ("xz --format=lzma"), written from the LZMA specification (LzmaSpec), compiled to a
// small WebAssembly module of its own that a page runs to unpack the interpreter's module: a browser has no
// LZMA of its own, and JavaScript decodes at a third of this speed, most slowly on its first run, which is
// the one a page's start waits for. The whole output is the dictionary. Decoding is resumable
// (`lzma_run` stops after a given output position), so the engine can move the hot loop to its optimising
// compiler between calls.
//
// Memory: the host writes the input at `lzma_input()` (after asking for room with `lzma_reserve`), calls
// `lzma_start`, then `lzma_run` until it returns 1 (done) or a negative error; the output is at
// `lzma_output()`, `lzma_output_size()` bytes.
#include <stdint.h>

#define TOP (1u << 24)

extern unsigned char __heap_base;

// The probabilities, after the output: 1,847 and the literal coder's 0x300 << (lc + lp).
static uint16_t *probs;
static uint8_t *input, *output;
static uint32_t in_size, in_pos, out_cap, out_pos, out_end;
static uint32_t range, code;
static uint32_t lc, lp, pb, dict_size, state, rep0, rep1, rep2, rep3, pending;
static int size_known, finished;

// Offsets of the probability arrays in `probs`.
enum {
    IS_MATCH = 0, IS_REP = 192, IS_REP_G0 = 204, IS_REP_G1 = 216, IS_REP_G2 = 228, IS_REP0_LONG = 240,
    POS_SLOT = 432, SPEC_POS = 688, ALIGN = 803, LEN = 819, REP_LEN = 1333, LITERAL = 1847
};
// A length coder's parts, from its start.
enum { CHOICE = 0, CHOICE2 = 1, LOW = 2, MID = 130, HIGH = 258 };

static inline uint32_t next_byte(void) { return in_pos < in_size ? input[in_pos++] : (in_pos++, 0); }

static inline void normalize(void) {
    if (range < TOP) {
        range <<= 8;
        code = (code << 8) | next_byte();
    }
}

static inline uint32_t bit(uint16_t *p) {
    uint32_t bound = (range >> 11) * *p;
    if (code < bound) {
        *p += (2048 - *p) >> 5;
        range = bound;
        normalize();
        return 0;
    }
    *p -= *p >> 5;
    code -= bound;
    range -= bound;
    normalize();
    return 1;
}

static inline uint32_t tree(uint16_t *p, int bits) {
    uint32_t m = 1;
    for (int i = 0; i < bits; i++) m = (m << 1) | bit(p + m);
    return m - (1u << bits);
}

static inline uint32_t reverse_tree(uint16_t *p, int bits) {
    uint32_t m = 1, symbol = 0;
    for (int i = 0; i < bits; i++) {
        uint32_t b = bit(p + m);
        m = (m << 1) | b;
        symbol |= b << i;
    }
    return symbol;
}

static uint32_t direct_bits(int bits) {
    uint32_t result = 0;
    do {
        range >>= 1;
        code -= range;
        uint32_t t = 0u - (code >> 31);
        code += range & t;
        normalize();
        result = (result << 1) + (t + 1);
    } while (--bits);
    return result;
}

static uint32_t length(uint16_t *p, uint32_t pos_state) {
    if (!bit(p + CHOICE)) return tree(p + LOW + (pos_state << 3), 3);
    if (!bit(p + CHOICE2)) return 8 + tree(p + MID + (pos_state << 3), 3);
    return 16 + tree(p + HIGH, 8);
}

static uint32_t distance(uint32_t len) {
    uint32_t len_state = len > 3 ? 3 : len;
    uint32_t slot = tree(probs + POS_SLOT + (len_state << 6), 6);
    if (slot < 4) return slot;
    int bits = (int)(slot >> 1) - 1;
    uint32_t dist = (2 | (slot & 1)) << bits;
    if (slot < 14) return dist + reverse_tree(probs + SPEC_POS + dist - slot, bits);
    return dist + (direct_bits(bits - 4) << 4) + reverse_tree(probs + ALIGN, 4);
}

// Grows the memory to hold `end` bytes; 0 when it cannot.
static int room(uint64_t end) {
    uint64_t have = (uint64_t)__builtin_wasm_memory_size(0) << 16;
    if (end <= have) return 1;
    if (end > 0xFFFF0000u) return 0;
    return __builtin_wasm_memory_grow(0, (uint32_t)((end - have + 65535) >> 16)) != (__SIZE_TYPE__)-1;
}

// Room for `input_size` bytes of input and `output_capacity` of output; 0 when the memory cannot grow.
__attribute__((export_name("lzma_reserve"))) int lzma_reserve(uint32_t input_size, uint32_t output_capacity) {
    uint32_t base = ((uint32_t)(uintptr_t)&__heap_base + 15) & ~15u;
    if (!room((uint64_t)base + input_size + output_capacity + 32)) return 0;
    input = (uint8_t *)(uintptr_t)base;
    output = input + ((input_size + 15) & ~15u);
    in_size = input_size;
    out_cap = output_capacity;
    return 1;
}

__attribute__((export_name("lzma_input"))) uint8_t *lzma_input(void) { return input; }
__attribute__((export_name("lzma_output"))) uint8_t *lzma_output(void) { return output; }
__attribute__((export_name("lzma_output_size"))) uint32_t lzma_output_size(void) { return out_pos; }

// Reads the header: -1 bad properties, -2 truncated, -3 corrupt start; else 0.
__attribute__((export_name("lzma_start"))) int lzma_start(void) {
    if (in_size < 18) return -2;
    uint32_t d = input[0];
    if (d >= 9 * 5 * 5) return -1;
    lc = d % 9;
    d /= 9;
    lp = d % 5;
    pb = d / 5;

    dict_size = input[1] | input[2] << 8 | input[3] << 16 | (uint32_t)input[4] << 24;
    if (dict_size < 4096) dict_size = 4096;
    uint32_t size_low = input[5] | input[6] << 8 | input[7] << 16 | (uint32_t)input[8] << 24;
    uint32_t size_high = input[9] | input[10] << 8 | input[11] << 16 | (uint32_t)input[12] << 24;
    size_known = !(size_low == 0xFFFFFFFFu && size_high == 0xFFFFFFFFu);
    out_end = out_cap;
    if (size_known) {
        if (size_high != 0 || size_low > out_cap) return -4;
        out_end = size_low;
    }
    uint32_t count = LITERAL + (0x300u << (lc + lp));
    uint32_t at = ((uint32_t)(uintptr_t)output + out_cap + 15) & ~15u;
    if (!room((uint64_t)at + 2 * (uint64_t)count)) return -4;
    probs = (uint16_t *)(uintptr_t)at;
    for (uint32_t i = 0; i < count; i++) probs[i] = 1024;
    in_pos = 13;
    if (next_byte() != 0) return -3;
    code = 0;
    for (int i = 0; i < 4; i++) code = (code << 8) | next_byte();
    range = 0xFFFFFFFFu;
    if (code == range) return -3;
    out_pos = 0;
    state = rep0 = rep1 = rep2 = rep3 = pending = 0;
    finished = 0;
    return 0;
}

// Decodes until `until` bytes are out (or the end): 1 done, 0 more to come, or an error: -2 the input ended
// early, -3 corrupt data, -4 the output would pass its capacity.
__attribute__((export_name("lzma_run"))) int lzma_run(uint32_t until) {
    if (finished) return 1;
    uint32_t pb_mask = (1u << pb) - 1, lp_mask = (1u << lp) - 1;
    if (until > out_end) until = out_end;
    // A stream of unknown size may end with its marker right at the output's capacity: at the end, one more
    // symbol is read, which must be that marker.
    int at_end = !size_known && until == out_end;
    while (out_pos < until || pending || (at_end && out_pos == out_end)) {
        if (pending) {  // the rest of a match that passed the last stop
            uint32_t n = pending;
            if (out_pos + n > out_end) return -4;
            for (uint32_t i = 0; i < n; i++, out_pos++) output[out_pos] = output[out_pos - rep0 - 1];
            pending = 0;
            continue;
        }
        if (in_pos > in_size) return -2;
        uint32_t pos_state = out_pos & pb_mask;
        if (!bit(probs + IS_MATCH + (state << 4) + pos_state)) {
            if (out_pos >= out_end) return -4;
            uint32_t previous = out_pos > 0 ? output[out_pos - 1] : 0;
            uint16_t *p = probs + LITERAL + 0x300 * (((out_pos & lp_mask) << lc) + (previous >> (8 - lc)));
            uint32_t symbol = 1;
            if (state >= 7) {
                uint32_t match = output[out_pos - rep0 - 1];
                do {
                    uint32_t match_bit = (match >> 7) & 1;
                    match <<= 1;
                    uint32_t b = bit(p + ((1 + match_bit) << 8) + symbol);
                    symbol = (symbol << 1) | b;
                    if (match_bit != b) break;
                } while (symbol < 0x100);
            }
            while (symbol < 0x100) symbol = (symbol << 1) | bit(p + symbol);
            output[out_pos++] = (uint8_t)symbol;
            state = state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
            continue;
        }
        uint32_t len;
        if (bit(probs + IS_REP + state)) {
            if (out_pos == 0) return -3;
            if (!bit(probs + IS_REP_G0 + state)) {
                if (!bit(probs + IS_REP0_LONG + (state << 4) + pos_state)) {
                    if (out_pos >= out_end) return -4;
                    state = state < 7 ? 9 : 11;
                    output[out_pos] = output[out_pos - rep0 - 1];
                    out_pos++;
                    continue;
                }
            } else {
                uint32_t dist;
                if (!bit(probs + IS_REP_G1 + state)) {
                    dist = rep1;
                } else {
                    if (!bit(probs + IS_REP_G2 + state)) {
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
            len = length(probs + REP_LEN, pos_state);
            state = state < 7 ? 8 : 11;
        } else {
            rep3 = rep2;
            rep2 = rep1;
            rep1 = rep0;
            len = length(probs + LEN, pos_state);
            state = state < 7 ? 7 : 10;
            rep0 = distance(len);
            if (rep0 == 0xFFFFFFFFu) {  // the end marker
                if (in_pos > in_size) return -2;
                finished = 1;
                return code == 0 && (!size_known || out_pos == out_end) ? 1 : -3;
            }
        }
        if (rep0 >= out_pos || rep0 >= dict_size) return -3;
        pending = len + 2;
    }
    if (in_pos > in_size) return -2;
    if (size_known && out_pos == out_end) {
        finished = 1;
        return 1;
    }
    if (out_pos >= out_end) return -4;
    return 0;
}
