// The allocator's size classes (wasm/Runtime.c), apart so that scripts/wasm.sh can check them natively
// (wasm/size-classes-check.c) before it builds the module.

#include <stddef.h>

enum { kHeader = 16, kSmallClasses = 4, kStepsPerPower = 4, kFirstPower = 6, kLastPower = 30 };
enum { kClasses = kSmallClasses + kStepsPerPower * (kLastPower - kFirstPower + 1) };
// The largest class, 2^(kLastPower + 1) bytes, must fit in wasm32's 32-bit size_t (the native check's is 64-bit).
_Static_assert(kLastPower <= 30, "the largest size class must fit in 32 bits");

/// The bytes a block of class `cls` spans, header included.
static inline size_t classSize(int cls) {
    if (cls < kSmallClasses) return (size_t)16 * (size_t)(cls + 1);
    int power = kFirstPower + (cls - kSmallClasses) / kStepsPerPower;
    size_t step = (size_t)1 << (power - 2);
    return ((size_t)1 << power) + step * (size_t)((cls - kSmallClasses) % kStepsPerPower + 1);
}

/// The size class that holds `size` bytes with the header, or -1 when none does.
static inline int classFor(size_t size) {
    size_t total = size + kHeader;
    if (total < size) return -1;
    if (total <= 64) return (int)((total + 15) / 16) - 1;
    // 2^power < total <= 2^(power + 1); the class is the first quarter step past 2^power that holds it.
    int power = (int)(sizeof(unsigned long long) * 8 - 1) - __builtin_clzll((unsigned long long)(total - 1));
    if (power > kLastPower) return -1;
    size_t step = (size_t)1 << (power - 2);
    size_t steps = (total - ((size_t)1 << power) + step - 1) / step;  // 1 to 4
    return kSmallClasses + (power - kFirstPower) * kStepsPerPower + (int)steps - 1;
}
