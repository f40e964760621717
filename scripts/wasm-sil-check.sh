#!/bin/sh
# Finds what compiles for WebAssembly without a word and then behaves otherwise than natively, in the raw
# SIL of each module of the WebAssembly build (with source locations):
#   1. string interpolations that Embedded Swift cannot print: there, `"\(x)"` of a value that is not
#      CustomStringConvertible (an array, an optional, an enum without a description) prints "(cannot print
#      value in embedded Swift)" when it runs. Such a call is the only use of the unconstrained
#      `DefaultStringInterpolation.appendInterpolation<T>(_:)`.
#   2. text read as an `Int` or a `UInt` (`Int(s)`, `UInt(s, radix: 16)`): those have 32 bits in wasm32 and
#      64 natively, so "2147483648" is a number natively and not one in the page. Read text as `Int64` (a
#      script's integers are 64 bits everywhere), then narrow it where an `Int` is needed.
# Exits 1 when there is any. Needs only the toolchain; CI runs it beside scripts/wasm-check.sh.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
swiftc=$(command -v swiftc) || { echo "wasm-sil-check.sh: swiftc is not on PATH" >&2; exit 1; }
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
    # FixedWidthInteger.init(_: String) and init(_:radix:) of a StringProtocol, applied with Int or UInt as
    # the integer type: the function_ref names the initialiser, the apply of that value its type.
    sites=$(awk '
        /^sil / { delete readers }
        /= function_ref @\$es17FixedWidthIntegerPsEyxSgSScfC / || /= function_ref @\$es17FixedWidthIntegerPsE_5radixxSgqd___SitcSyRd__lufC / {
            readers[$1] = 1
        }
        / = apply %[0-9]+<U?Int[,>]/ {
            match($0, /apply %[0-9]+/)
            value = substr($0, RSTART + 6, RLENGTH - 6)
            if (value in readers && match($0, /loc "[^"]*":[0-9]+:[0-9]+/)) print substr($0, RSTART + 5, RLENGTH - 5)
        }' "$work/$module.sil" | sed -E 's/^([^"]*)":/\1:/' | sort -u)
    for site in $sites; do
        echo "$site: reads text as Int or UInt, which have 32 bits in WebAssembly: read it as Int64"
        found=$((found + 1))
    done
}

for module in ListModel ListFormats ListLanguage ListRuntime ListTeaching; do
    # shellcheck disable=SC2046
    check "$module" $(find "Sources/$module" -name '*.swift' | LC_ALL=C sort)
done
check ListDSLWasm wasm/Entry.swift
if [ "$found" -gt 0 ]; then
    echo "wasm-sil-check: $found places to change" >&2
    exit 1
fi
echo "wasm-sil-check: no interpolation without a description, no text read as a 32-bit integer"
