#!/bin/sh
# Builds the WebAssembly module .build-wasm/listdsl.wasm from the library's five modules (the same sources
# as the native build) and the entry points in wasm/Entry.swift (the package's ListDSLWasm target), with
# Embedded Swift for wasm32-unknown-none-wasm, through SwiftPM; then compiles the small C runtime
# (wasm/Runtime.c) and links. Needs only the Swift toolchain (swift, its clang and wasm-ld, found next
# to `command -v swiftc`); no network (the native build's dependency is not built for the triple).
#
#   scripts/wasm.sh            # build, stripped (-Osize)
#   KEEP_NAMES=1 scripts/wasm.sh   # keep the function names, for profiles and traps
#   WASM_OPT=-O WASM_OUT=DIR scripts/wasm.sh   # another optimisation level, built in DIR (for comparisons)
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
swiftc=$(command -v swiftc) || { echo "wasm.sh: swiftc is not on PATH" >&2; exit 1; }
bin=$(dirname "$(readlink -f "$swiftc")")
clang="$bin/clang"
wasm_ld="$bin/wasm-ld"
target=wasm32-unknown-none-wasm
tables="$bin/../lib/swift/embedded/$target/libswiftUnicodeDataTables.a"
for tool in "$clang" "$wasm_ld" "$tables"; do
    [ -e "$tool" ] || { echo "wasm.sh: the toolchain has no $tool" >&2; exit 1; }
done

out="${WASM_OUT:-$root/.build-wasm}"
mkdir -p "$out"

# The script language's deepest recursion (the call-depth limit, 1,000 procedure calls, each a few
# nested interpreter frames) needs far more than the 64 KiB default stack: the stack goes first in
# memory, so running past it traps instead of overwriting data.
stack_size=$((16 << 20))

cd "$root"
echo "checking the allocator's size classes" >&2
"$clang" -O1 -Wall wasm/size-classes-check.c -o "$out/size-classes-check"
"$out/size-classes-check" >&2
echo "building the Swift modules with SwiftPM" >&2
# Embedded Swift, whole-module, for size; no stack protector (the freestanding runtime has no guard).
swift build --triple "$target" -c release --target ListDSLWasm --scratch-path "$out/spm" \
    -Xswiftc -enable-experimental-feature -Xswiftc Embedded \
    -Xswiftc -enable-experimental-feature -Xswiftc Extern \
    -Xswiftc -wmo -Xswiftc "${WASM_OPT:--Osize}" -Xswiftc -Xfrontend -Xswiftc -disable-stack-protector >&2
products="$out/spm/$target/release"
echo "compiling the C runtime" >&2
"$clang" --target=wasm32-unknown-unknown -O2 -mbulk-memory -ffreestanding -nostdlib -c wasm/Runtime.c \
    -o "$out/Runtime.o"

strip="--strip-all"
[ "${KEEP_NAMES:-}" = 1 ] && strip=""
echo "linking" >&2
# The objects of the six Swift targets' sources, in a fixed order: each build directory lists its sources,
# and an object left from a source since removed is not linked.
objects=$(for target in ListDSLWasm ListTeaching ListRuntime ListLanguage ListFormats ListModel; do
    while read -r source; do
        echo "$products/$target.build/$(basename "$source").o"
    done < "$products/$target.build/sources"
done | LC_ALL=C sort)
# shellcheck disable=SC2086
# Memory can grow to 1 GiB and no further (a page's untrusted script meets the interpreter's memory
# limit first, 256 MiB, and this bound after).
"$wasm_ld" --no-entry --stack-first -z stack-size=$stack_size --max-memory=1073741824 --gc-sections $strip \
    --export=listdsl_run --export=listdsl_lesson --export=listdsl_check --export=listdsl_console --export=listdsl_quiz --export=listdsl_explain \
    --export=listdsl_alloc --export=listdsl_free \
    --export=listdsl_stdout --export=listdsl_stdout_count --export=listdsl_stderr --export=listdsl_stderr_count \
    -o "$out/listdsl.wasm" $objects "$out/Runtime.o" "$tables"
size=$(wc -c < "$out/listdsl.wasm")
# The module as a page carries it, listdsl.wasm.pack: LZMA ("lzma-alone", as xz writes it, with the size in
# its header) makes it a third smaller than gzip -9 does, which a page's size budget needs; a browser has
# no LZMA decoder, so the pack carries its own, wasm/LZMADecoder.c compiled to WebAssembly (8 KB). The module
# is cut in two halves, each its own stream, so that a page decodes them on two cores at once (3% more bytes
# than one stream). The pack: "LDPK", the decoder's length (4 bytes, little-endian), the decoder, the number
# of streams (4 bytes), each one's length (4 bytes each), the streams. lzma.js unpacks it.
"$clang" --target=wasm32-unknown-unknown -O2 -ffreestanding -nostdlib -c wasm/LZMADecoder.c -o "$out/LZMADecoder.o"
"$wasm_ld" --no-entry --strip-all -o "$out/lzma-decoder.wasm" "$out/LZMADecoder.o"
python3 - "$out" <<'PY'
import struct, subprocess, sys
out = sys.argv[1]
module = open(out + "/listdsl.wasm", "rb").read()
decoder = open(out + "/lzma-decoder.wasm", "rb").read()
cut = len(module) // 2
streams = []
for piece in (module[:cut], module[cut:]):
    stream = bytearray(subprocess.run(["xz", "--format=lzma", "-9e", "-c"], input=piece, check=True,
                                      stdout=subprocess.PIPE).stdout)
    stream[5:13] = struct.pack("<Q", len(piece))  # xz writes "unknown"; the decoder then allocates exactly
    streams.append(bytes(stream))
table = struct.pack("<I", len(streams)) + b"".join(struct.pack("<I", len(s)) for s in streams)
with open(out + "/listdsl.wasm.pack", "wb") as pack:
    pack.write(b"LDPK" + struct.pack("<I", len(decoder)) + decoder + table + b"".join(streams))
PY
packed=$(wc -c < "$out/listdsl.wasm.pack")
echo "built .build-wasm/listdsl.wasm: $size bytes; .build-wasm/listdsl.wasm.pack, for pages: $packed" >&2
