// The little of a C library that Embedded Swift's freestanding WebAssembly module calls: memory
// allocation, the mem* and str* functions, and a source of random bytes. No libc, no WASI: the module
// imports nothing from the host.
//
// The allocator keeps one free list per size class and takes new blocks from the top of linear memory,
// growing it when it runs out. The classes are 16, 32, 48 and 64 bytes, then four for each power of two
// up to 2 GiB (80, 96, 112, 128, 160, …): past 64 bytes, a block is at most a quarter larger than the
// header and the bytes asked for need (with one class per power of two, a row text of 10 bytes took a
// block of 64 bytes instead of 48: loop-1m's million rows 96 MiB instead of 77). A freed block
// goes back to its class's list and is reused whole; blocks are never split or merged, which keeps malloc
// and free a few instructions each, as a session of small values and doubling arrays wants.

#include <stddef.h>
#include <stdint.h>

extern unsigned char __heap_base;

#include "SizeClasses.h"

/// A block's header, just before the address handed out: its size class, and how far the block's
/// start is before the header (non-zero only for alignments over 16).
struct Header {
    uint32_t sizeClass;
    uint32_t offset;
    uint32_t unused[2];
};

static void *freeLists[kClasses];
static uintptr_t heapTop;
static uintptr_t heapEnd;

/// `count` bytes, 16-aligned, from the top of memory, growing it as needed; 0 when it cannot grow.
static uintptr_t takeFromTop(size_t count) {
    if (heapTop == 0) {
        heapTop = ((uintptr_t)&__heap_base + 15) & ~(uintptr_t)15;
        heapEnd = __builtin_wasm_memory_size(0) * 65536;
    }
    if (count > (uintptr_t)-1 - heapTop) return 0;
    uintptr_t start = heapTop;
    uintptr_t end = start + count;
    if (end > heapEnd) {
        size_t pages = (end - heapEnd + 65535) / 65536;
        size_t current = heapEnd / 65536;
        // Grow by at least a quarter of what there is, so a growing heap asks the host seldom.
        size_t more = current / 4 > pages ? current / 4 : pages;
        if (__builtin_wasm_memory_grow(0, more) == (size_t)-1) {
            if (more == pages || __builtin_wasm_memory_grow(0, pages) == (size_t)-1) return 0;
            more = pages;
        }
        heapEnd += more * 65536;
    }
    heapTop = end;
    return start;
}

/// A block of class `cls` with room for `align` alignment; returns the address to hand out.
static void *allocate(size_t size, size_t align) {
    size_t extra = align > kHeader ? align : 0;
    if (size > (size_t)-1 - extra) return 0;
    int cls = classFor(size + extra);
    if (cls < 0) return 0;
    uintptr_t block;
    if (freeLists[cls]) {
        block = (uintptr_t)freeLists[cls];
        freeLists[cls] = *(void **)block;
    } else {
        block = takeFromTop(classSize(cls));
        if (!block) return 0;
    }
    uintptr_t user = block + kHeader;
    if (extra) user = (user + align - 1) & ~(uintptr_t)(align - 1);
    struct Header *header = (struct Header *)(user - kHeader);
    header->sizeClass = (uint32_t)cls;
    header->offset = (uint32_t)((uintptr_t)header - block);
    return (void *)user;
}

void *malloc(size_t size) { return allocate(size, kHeader); }

void free(void *pointer) {
    if (!pointer) return;
    struct Header *header = (struct Header *)((uintptr_t)pointer - kHeader);
    uint32_t cls = header->sizeClass;
    void **block = (void **)((uintptr_t)header - header->offset);
    *block = freeLists[cls];
    freeLists[cls] = block;
}

/// Whether `align` is a power of two, as an alignment must be.
static int isPowerOfTwo(size_t align) { return align != 0 && (align & (align - 1)) == 0; }

int posix_memalign(void **out, size_t align, size_t size) {
    if (!isPowerOfTwo(align)) return 22;  // EINVAL
    void *p = allocate(size, align < kHeader ? kHeader : align);
    if (!p) return 12;  // ENOMEM
    *out = p;
    return 0;
}

void *aligned_alloc(size_t align, size_t size) {
    if (!isPowerOfTwo(align)) return 0;
    return allocate(size, align < kHeader ? kHeader : align);
}

void *calloc(size_t count, size_t size) {
    size_t total = count * size;
    if (size && total / size != count) return 0;
    void *p = malloc(total);
    if (p) __builtin_memset(p, 0, total);
    return p;
}

/// The bytes a block handed out at `pointer` can hold.
static size_t usableSize(void *pointer) {
    struct Header *header = (struct Header *)((uintptr_t)pointer - kHeader);
    return classSize((int)header->sizeClass) - kHeader - header->offset;
}

size_t malloc_usable_size(void *pointer) { return pointer ? usableSize(pointer) : 0; }

void *realloc(void *pointer, size_t size) {
    if (!pointer) return malloc(size);
    size_t have = usableSize(pointer);
    if (size <= have) return pointer;
    void *p = malloc(size);
    if (!p) return 0;
    __builtin_memcpy(p, pointer, have);
    free(pointer);
    return p;
}

// Compiled with bulk memory, so these are the single instructions memory.copy and memory.fill.
void *memcpy(void *restrict to, const void *restrict from, size_t count) {
    __builtin_memcpy(to, from, count);
    return to;
}

void *memmove(void *to, const void *from, size_t count) {
    __builtin_memmove(to, from, count);
    return to;
}

void *memset(void *to, int value, size_t count) {
    __builtin_memset(to, value, count);
    return to;
}

int memcmp(const void *a, const void *b, size_t count) {
    const unsigned char *x = a, *y = b;
    for (size_t i = 0; i < count; i++) {
        if (x[i] != y[i]) return x[i] < y[i] ? -1 : 1;
    }
    return 0;
}

size_t strlen(const char *s) {
    size_t n = 0;
    while (s[n]) n++;
    return n;
}

/// Random bytes for hashing seeds: a fixed-seed xorshift, so every run is the same (the module has no
/// source of entropy without importing one, and nothing a script prints depends on a hash seed).
void arc4random_buf(void *buffer, size_t count) {
    static uint64_t state = 0x9E3779B97F4A7C15ull;
    unsigned char *out = buffer;
    for (size_t i = 0; i < count; i++) {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        out[i] = (unsigned char)(state >> 24);
    }
}

/// A 128-bit product, which checking a 64-bit multiplication for overflow needs (`multipliedReportingOverflow`
/// on Int64): compiler-rt's builtin, from 32-bit pieces so that it does not call itself.
__int128 __multi3(__int128 a, __int128 b) {
    uint64_t al = (uint64_t)a, ah = (uint64_t)((unsigned __int128)a >> 64);
    uint64_t bl = (uint64_t)b, bh = (uint64_t)((unsigned __int128)b >> 64);
    uint64_t a0 = al & 0xFFFFFFFFu, a1 = al >> 32, b0 = bl & 0xFFFFFFFFu, b1 = bl >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t middle = (p00 >> 32) + (p01 & 0xFFFFFFFFu) + (p10 & 0xFFFFFFFFu);
    uint64_t low = (p00 & 0xFFFFFFFFu) | (middle << 32);
    uint64_t high = p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32) + al * bh + ah * bl;
    return (__int128)(((unsigned __int128)high << 64) | low);
}

/// What the memory limit measures: the top of the heap, where the next block not found on a free list
/// starts. The module's bound (1 GiB, scripts/wasm.sh) is on that top plus the block, so it is what the
/// interpreter checks a large value against before making it; linear memory itself grows ahead of the top
/// by up to a quarter, which the bound lets it skip when it must.
uint64_t listdsl_memory_bytes(void) {
    return heapTop ? (uint64_t)heapTop : (uint64_t)__builtin_wasm_memory_size(0) * 65536;
}
