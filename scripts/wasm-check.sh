#!/bin/sh
# Runs every examples/*.list and Tests/Scripts/**/*.list through the native debug binary and through the
# WebAssembly module, plain and with --events, and compares standard output, standard error and the exit
# status byte for byte. Each script runs in its own folder, named by its file name, as the golden tests
# run it. Scripts listed in wasm/known-differences.txt (they need files, which the module has not) may
# differ; any other difference fails the check, and so does a listed script that no longer differs.
#
#   scripts/wasm-check.sh          # builds what is missing (swift build, scripts/wasm.sh) first
#   VERBOSE=1 scripts/wasm-check.sh   # also shows the first lines of each difference
set -u

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 1
native=${LISTDSL_NATIVE:-$root/.build/debug/listdsl}
[ -x "$native" ] || swift build --product listdsl || exit 1
[ -f .build-wasm/listdsl.wasm ] || scripts/wasm.sh || exit 1
command -v node > /dev/null || { echo "wasm-check.sh: node is not on PATH" >&2; exit 1; }

known="$root/wasm/known-differences.txt"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The native command's user-defaults store lasts the run, as the module's does; no colour, no init file.
export LISTDSL_DEFAULTS= LISTDSL_INIT= NO_COLOR=1 HOME="$work/home"
mkdir -p "$HOME"

untracked() { git status --porcelain --untracked-files=all | sed -n 's/^?? //p' | sort; }
untracked > "$work/untracked-before"

scripts=$(
    ls examples/*.list
    find Tests/Scripts -name '*.list' -not -path '*/lib/*' | sort
)
checked=0
failed=0
expected=0
# The native runs first, one process each; then every WebAssembly run in one node process, the module compiled
# once and each run in an instance of its own (a node process a run took most of this check's time).
n=0
: > "$work/jobs"
for script in $scripts; do
    dir=$(dirname "$script")
    base=$(basename "$script")
    for mode in plain --events; do
        flag=""
        [ "$mode" = plain ] || flag=$mode
        n=$((n + 1))
        (cd "$dir" && "$native" $flag "$base" > "$work/$n.n.out" 2> "$work/$n.n.err"; echo $? > "$work/$n.n.rc")
        untracked | comm -13 "$work/untracked-before" - | while read -r f; do rm -f "$root/$f"; done
        printf '%s\t%s\t%s\t%s\n' "$dir" "$base" "$flag" "$work/$n.w" >> "$work/jobs"
    done
done
node "$root/scripts/wasm-run.mjs" --batch "$work/jobs" || { echo "wasm-check: the WebAssembly runs stopped" >&2; exit 1; }
n=0
for script in $scripts; do
    differs=""
    for mode in plain --events; do
        n=$((n + 1))
        checked=$((checked + 1))
        what=""
        cmp -s "$work/$n.n.out" "$work/$n.w.out" || what="$what stdout"
        cmp -s "$work/$n.n.err" "$work/$n.w.err" || what="$what stderr"
        cmp -s "$work/$n.n.rc" "$work/$n.w.rc" || what="$what status($(cat "$work/$n.n.rc") vs $(cat "$work/$n.w.rc" 2> /dev/null))"
        if [ -n "$what" ]; then
            differs="$differs [$mode:$what]"
            if [ "${VERBOSE:-}" = 1 ]; then
                diff "$work/$n.n.out" "$work/$n.w.out" | head -6
                diff "$work/$n.n.err" "$work/$n.w.err" | head -6
            fi
        fi
    done
    listed=$(grep -v '^#' "$known" 2> /dev/null | awk -v s="$script" '$1 == s' | head -1)
    if [ -n "$differs" ] && [ -n "$listed" ]; then
        expected=$((expected + 1))
    elif [ -n "$differs" ]; then
        echo "DIFFERS $script$differs"
        failed=$((failed + 1))
    elif [ -n "$listed" ]; then
        echo "SAME (listed as differing in wasm/known-differences.txt) $script"
        failed=$((failed + 1))
    fi
done
echo "wasm-check: $checked runs of $(echo "$scripts" | wc -l) scripts; $failed unexpected, $expected scripts differ as listed"
[ "$failed" -eq 0 ]
