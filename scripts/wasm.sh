#!/bin/sh
# Builds the WebAssembly module .build-wasm/listdsl.wasm from the library's five modules (the same sources
# as the native build), the entry points in wasm/Entry.swift and the small C runtime in wasm/Runtime.c,
# with Embedded Swift for wasm32-unknown-none-wasm. Needs only the Swift toolchain (swiftc, its clang and
# wasm-ld, found next to `command -v swiftc`); no network, no SwiftPM.
#
#   scripts/wasm.sh            # build, stripped (-Osize)
#   KEEP_NAMES=1 scripts/wasm.sh   # keep the function names, for profiles and traps
#
# Direct swiftc, one whole-module compile per module: SwiftPM can compile the library targets for
# the triple, but not the entry point and the C runtime (package targets that would build natively too)
# nor link with the flags below.
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

out="$root/.build-wasm"
obj="$out/obj"
mkdir -p "$obj"

# The script language's deepest recursion (the call-depth limit, 1,000 procedure calls, each a few
# nested interpreter frames) needs far more than the 64 KiB default stack: the stack goes first in
# memory, so running past it traps instead of overwriting data.
stack_size=$((16 << 20))

swift_flags="-target $target -enable-experimental-feature Embedded -enable-experimental-feature Extern
    -wmo -parse-as-library -Osize -swift-version 6 -package-name ListDSL -Xfrontend -disable-stack-protector -I $obj"

compile() {  # compile MODULE FILE…
    module=$1
    shift
    echo "compiling $module" >&2
    # shellcheck disable=SC2086
    "$swiftc" $swift_flags -module-name "$module" -emit-module -emit-module-path "$obj/$module.swiftmodule" \
        -c "$@" -o "$obj/$module.o"
}

cd "$root"
# In Package.swift's order: each module imports only those before it.
for module in ListModel ListFormats ListLanguage ListRuntime ListTeaching; do
    # shellcheck disable=SC2046
    compile "$module" $(find "Sources/$module" -name '*.swift' | LC_ALL=C sort)
done
compile ListDSLWasm wasm/Entry.swift
echo "compiling the C runtime" >&2
"$clang" --target=wasm32-unknown-unknown -O2 -mbulk-memory -ffreestanding -nostdlib -c wasm/Runtime.c -o "$obj/Runtime.o"

strip="--strip-all"
[ "${KEEP_NAMES:-}" = 1 ] && strip=""
echo "linking" >&2
# shellcheck disable=SC2086
"$wasm_ld" --no-entry --stack-first -z stack-size=$stack_size --gc-sections $strip \
    --export=listdsl_run --export=listdsl_alloc --export=listdsl_free \
    --export=listdsl_stdout --export=listdsl_stdout_count --export=listdsl_stderr --export=listdsl_stderr_count \
    -o "$out/listdsl.wasm" "$obj/ListDSLWasm.o" "$obj/ListTeaching.o" "$obj/ListRuntime.o" "$obj/ListLanguage.o" \
    "$obj/ListFormats.o" "$obj/ListModel.o" "$obj/Runtime.o" "$tables"
size=$(wc -c < "$out/listdsl.wasm")
gz=$(gzip -9 -c "$out/listdsl.wasm" | wc -c)
echo "built .build-wasm/listdsl.wasm: $size bytes, $gz gzipped" >&2
