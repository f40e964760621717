#!/bin/sh
# Checks the invariant behind the interpreter's `@exclusivity(unchecked)` properties: it never holds an
# access to one across a call that could reach the same property. The attribute turns off Swift's
# run-time exclusivity checks for those properties (with the checks, edits-1m runs 23% more
# instructions and loop-1m 88% more), so nothing else would notice a broken invariant. This builds the
# command from a copy of the package with the attribute removed, so every access is checked as Swift
# checks by default, and runs every example, golden script and conformance case through it: an
# overlapping access traps with "Simultaneous accesses". CI runs it.
#
#   scripts/exclusivity-check.sh [SHARED]   (SHARED: the folder with conformance/, default ../shared)
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
shared=${1:-$root/../shared}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cd "$root"
git ls-files -z | xargs -0 -I{} cp --parents {} "$work/" 2>/dev/null || true
# The working tree's versions (uncommitted changes included), as the tests see them.
find "$work/Sources" -name '*.swift' -exec sed -i -E 's/^( *)@exclusivity\(unchecked\) /\1/' {} +
if grep -rqE '^ *@exclusivity' "$work/Sources"; then
    echo "exclusivity-check: an @exclusivity(unchecked) outside the forms this script removes" >&2
    exit 1
fi
echo "exclusivity-check: building with every access checked" >&2
(cd "$work" && swift build --product listdsl >/dev/null)
bin=$(cd "$work" && swift build --show-bin-path)/listdsl

runs=0
failed=0
check() {  # check DIR FILE: runs FILE from DIR as the golden tests do
    runs=$((runs + 1))
    status=0
    (cd "$1" && timeout 60 "$bin" "$2" </dev/null >/dev/null 2>"$work/stderr") || status=$?
    if [ "$status" -ge 124 ] || grep -q "Simultaneous accesses" "$work/stderr"; then
        echo "exclusivity-check: $1/$2 exited $status" >&2
        head -20 "$work/stderr" >&2
        failed=$((failed + 1))
    fi
}
for f in examples/*.list Tests/Scripts/*/*.list; do
    check "$(dirname "$f")" "$(basename "$f")"
done
if [ -d "$shared/conformance" ]; then
    for f in $(find "$shared/conformance" -name '*.list' | sort); do
        check "$(dirname "$f")" "$(basename "$f")"
    done
fi
echo "exclusivity-check: $runs runs, $failed with an overlapping access or a crash"
[ "$failed" -eq 0 ]
