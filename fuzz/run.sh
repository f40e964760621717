#!/usr/bin/env bash
# Fuzzes listdsl two ways and fails when either finds a crash, a hang or runaway memory:
#   1. libFuzzer feeds bytes, grown from examples/ and Tests/Scripts/, through the lexer, the parser and
#      the interpreter (Sources/listdsl-fuzz), with small limits and three oracles;
#   2. the key fuzzer types random key sequences into the real REPL through a pseudo-terminal
#      (Sources/listdsl-keyfuzz).
#
#   fuzz/run.sh [SECONDS [KEY_SECONDS]]     each fuzzer's time (default 60); CI runs the defaults
#
# FUZZ_RUNS stops libFuzzer after that many inputs, FUZZ_SEQUENCES the key fuzzer after that many
# sequences; FUZZ_CONFIGURATION=release fuzzes the REPL's release build (default: debug, which the
# test suite has built). Findings go to .build-fuzz/findings/ and .build-fuzz/key-findings/.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
key_seconds=${2:-$seconds}
configuration=${FUZZ_CONFIGURATION:-debug}
work=.build-fuzz
mkdir -p "$work/corpus" "$work/findings"

# libFuzzer's runtime brings a main of its own, on which the system's gold linker fails; the
# toolchain's lld links it.
ld="$(dirname "$(command -v swift)")/ld.lld"
[ -x "$ld" ] || ld=$(command -v ld.lld)
printf '{ "schemaVersion": "1.0", "linker": { "path": "%s" } }\n' "$ld" >"$work/toolset.json"
echo "building the libFuzzer target"
swift build -c release --product listdsl-fuzz --scratch-path "$work" --toolset "$work/toolset.json" \
    -Xswiftc -sanitize=fuzzer -Xswiftc -DLISTDSL_LIBFUZZER 2>&1 | tail -n 1
fuzzer=$(swift build -c release --scratch-path "$work" --toolset "$work/toolset.json" --show-bin-path)/listdsl-fuzz
"$fuzzer" --dictionary >"$work/listdsl.dict"

echo "fuzzing lexer, parser and interpreter for ${seconds}s${FUZZ_RUNS:+ or $FUZZ_RUNS inputs}"
# New inputs go to the first corpus folder; the examples and test scripts seed it.
"$fuzzer" -dict="$work/listdsl.dict" -max_total_time="$seconds" ${FUZZ_RUNS:+-runs=$FUZZ_RUNS} \
    -rss_limit_mb=2048 -timeout=10 -max_len=4096 -print_final_stats=1 \
    -artifact_prefix="$work/findings/" "$work/corpus" examples Tests/Scripts 2>"$work/libfuzzer.log" || {
    tail -n 40 "$work/libfuzzer.log"
    echo "libFuzzer found a crash, a hang or runaway memory; the input is in $work/findings/"
    exit 1
}
grep -E "^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)" "$work/libfuzzer.log" || true
grep -E "^Done " "$work/libfuzzer.log" || true

echo "typing random keys into the REPL for ${key_seconds}s${FUZZ_SEQUENCES:+ or $FUZZ_SEQUENCES sequences}"
swift build -c "$configuration" --product listdsl 2>&1 | tail -n 1
swift build -c "$configuration" --product listdsl-keyfuzz 2>&1 | tail -n 1
bin=$(swift build -c "$configuration" --show-bin-path)
"$bin/listdsl-keyfuzz" "$bin/listdsl" --seconds "$key_seconds" --sequences "${FUZZ_SEQUENCES:-1000000}" \
    --findings "$work/key-findings"
