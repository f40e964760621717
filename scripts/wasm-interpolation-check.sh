#!/bin/sh
# Finds string interpolations that Embedded Swift cannot print. There, `"\(x)"` of a value that is not
# CustomStringConvertible (an array, an optional, an enum without a description) compiles without a
# word and prints "(cannot print value in embedded Swift)" when it runs. Such a call is the only use of
# the unconstrained `DefaultStringInterpolation.appendInterpolation<T>(_:)`, so this compiles each module
# of the WebAssembly build to raw SIL, with source locations, and lists every call of that one.
# Exits 1 when there is any. Needs only the toolchain; CI runs it beside scripts/wasm-check.sh.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
swiftc=$(command -v swiftc) || { echo "wasm-interpolation-check.sh: swiftc is not on PATH" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
flags="-target wasm32-unknown-none-wasm -enable-experimental-feature Embedded -enable-experimental-feature Extern
    -wmo -parse-as-library -swift-version 6 -package-name ListDSL -I $work"
# The mangled name of appendInterpolation<T>(_:) with no constraint on T, in the embedded standard library.
unconstrained='function_ref @$es26DefaultStringInterpolationV06appendC0yyxlF '

found=0
check() {  # check MODULE FILE…
    module=$1
    shift
    # shellcheck disable=SC2086
    "$swiftc" $flags -module-name "$module" -emit-module -emit-module-path "$work/$module.swiftmodule" "$@"
    # shellcheck disable=SC2086
    "$swiftc" $flags -module-name "$module" -emit-silgen -Xllvm -sil-print-debuginfo "$@" -o "$work/$module.sil"
    sites=$(grep -F -A1 "$unconstrained" "$work/$module.sil" | grep -o 'loc "[^"]*":[0-9]*:[0-9]*' | sort -u |
        sed -E 's/^loc "([^"]*)":/\1:/' || true)
    for site in $sites; do
        echo "$site: interpolates a value that has no description in Embedded Swift (it would print '(cannot print value in embedded Swift)')"
        found=$((found + 1))
    done
}

for module in ListModel ListFormats ListLanguage ListRuntime ListTeaching; do
    # shellcheck disable=SC2046
    check "$module" $(find "Sources/$module" -name '*.swift' | LC_ALL=C sort)
done
check ListDSLWasm wasm/Entry.swift
if [ "$found" -gt 0 ]; then
    echo "wasm-interpolation-check: $found interpolations to write with a description of their own" >&2
    exit 1
fi
echo "wasm-interpolation-check: no interpolation without a description"
