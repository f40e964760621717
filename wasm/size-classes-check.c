// Checks the allocator's size classes (wasm/SizeClasses.h), compiled natively by scripts/wasm.sh before it
// builds the module: for every size up to 4 MiB and around each class's edge, the class holds the size with
// its header, the class before it does not, every class is 16-aligned and larger than the one before, and a
// block past 64 bytes is at most a quarter larger than it needs. Exits 1, saying which size failed.

#include <stdio.h>

#include "SizeClasses.h"

static int checkSize(size_t size) {
    int cls = classFor(size);
    size_t need = size + kHeader;
    if (cls < 0 || cls >= kClasses) return printf("size %zu: no class (%d)\n", size, cls), 1;
    if (classSize(cls) < need) return printf("size %zu: class %d holds %zu\n", size, cls, classSize(cls)), 1;
    if (cls > 0 && classSize(cls - 1) >= need) return printf("size %zu: class %d, not the first\n", size, cls), 1;
    if (need > 64 && classSize(cls) * 4 > need * 5 + 64) return printf("size %zu: class of %zu\n", size, classSize(cls)), 1;
    return 0;
}

int main(void) {
    for (int cls = 0; cls < kClasses; cls++) {
        if (classSize(cls) % 16 != 0) return printf("class %d: %zu bytes, not 16-aligned\n", cls, classSize(cls)), 1;
        if (cls > 0 && classSize(cls) <= classSize(cls - 1)) return printf("class %d: not larger\n", cls), 1;
        size_t edge = classSize(cls) - kHeader;
        if (checkSize(edge) || (edge > 0 && checkSize(edge - 1)) || (cls + 1 < kClasses && checkSize(edge + 1))) return 1;
    }
    for (size_t size = 0; size <= ((size_t)4 << 20); size++) {
        if (checkSize(size)) return 1;
    }
    size_t largest = classSize(kClasses - 1) - kHeader;
    if (classFor(largest + 1) != -1) return printf("size %zu: a class past the last\n", largest + 1), 1;
    printf("size classes: ok (%d classes, 16 bytes to %zu)\n", kClasses, classSize(kClasses - 1));
    return 0;
}
