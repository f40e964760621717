#!/usr/bin/env bash
# Fuzzes listdsl two ways and fails when either finds a crash, a hang, runaway memory or a broken oracle:
#   1. libFuzzer (Sources/listdsl-fuzz) feeds bytes, under small limits, to one mode after another:
#        script    the lexer, the parser and the interpreter, with the change view (grown from examples/
#                  and Tests/Scripts/)
#        state     the JSON and property-list readers `load` uses; a document that loads round-trips
#        diff      `listdsl diff` of two tables; its batch turns the old table into the new one
#        undo      statements with undo history, then undone and redone, each state checked
#        defaults  the user-defaults store's file; good stores keep their keys, damaged ones are not written
#        html      the lesson recorder and page of `listdsl html`
#        lsp       sessions with the language server, in-process: positions at the integer limits, many
#                  changes in one message, long lines, UTF-8 and UTF-16 clients; its text must be a
#                  reference's after each change, and every position it sends inside that text
#        explain   crash logs `listdsl explain` reads (grown from Tests/Explain/reports): each text read
#                  worded again reads back as itself, and the report renders as text and as JSON
#      each with its own corpus, grown from fuzz/seeds/MODE/ (and the scripts, for the script modes);
#   2. the key fuzzer types random key sequences into the real REPL through a pseudo-terminal
#      (Sources/listdsl-keyfuzz);
#   3. fuzz/lsp.py sends random and damaged messages to the language server, `listdsl lsp`.
#
#   fuzz/run.sh [SECONDS [KEY_SECONDS]]     SECONDS is libFuzzer's time, shared by the modes (default 60);
#                                           KEY_SECONDS the key fuzzer's (default SECONDS; 0 skips it)
#   FUZZ_MODES="undo state" fuzz/run.sh 1200 0    only those modes, 600 s each, no key fuzzer
#   fuzz/run.sh --build-only                only builds the libFuzzer target (CI builds it beside other work)
#
# FUZZ_RUNS stops each libFuzzer mode after that many inputs, FUZZ_SEQUENCES the key fuzzer after that many
# sequences; FUZZ_CONFIGURATION=release fuzzes the REPL's release build (default: debug, which the
# test suite has built). Findings go to .build-fuzz/findings/ (named MODE-crash-…) and
# .build-fuzz/key-findings/; `LISTDSL_FUZZ_MODE=MODE listdsl-fuzz FILE` replays one in a plain build.
set -euo pipefail
cd "$(dirname "$0")/.."
build_only=false
if [ "${1:-}" = --build-only ]; then
    build_only=true
    shift
fi
seconds=${1:-60}
key_seconds=${2:-$seconds}
configuration=${FUZZ_CONFIGURATION:-debug}
work=.build-fuzz
modes=${FUZZ_MODES:-script state diff undo defaults html lsp explain}
mkdir -p "$work/findings"

# libFuzzer's runtime brings a main of its own, on which the system's gold linker fails; the
# toolchain's lld links it.
ld="$(dirname "$(command -v swift)")/ld.lld"
[ -x "$ld" ] || ld=$(command -v ld.lld)
printf '{ "schemaVersion": "1.0", "linker": { "path": "%s" } }\n' "$ld" >"$work/toolset.json"
echo "building the libFuzzer target"
swift build -c release --product listdsl-fuzz --scratch-path "$work" --toolset "$work/toolset.json" \
    -Xswiftc -sanitize=fuzzer -Xswiftc -DLISTDSL_LIBFUZZER 2>&1 | tail -n 1
fuzzer=$(swift build -c release --scratch-path "$work" --toolset "$work/toolset.json" --show-bin-path)/listdsl-fuzz
! $build_only || exit 0
# Swift's own backtracer would catch a finding's abort before libFuzzer's handler, which then writes no input.
export SWIFT_BACKTRACE=enable=no
set -- $modes
per_mode=$((seconds / $#))
[ "$per_mode" -ge 1 ] || per_mode=1
for mode in $modes; do
    # Each mode: its corpus (new inputs go to the first folder), its seeds, and the longest input it needs.
    case $mode in
        script) corpus=$work/corpus seeds="examples Tests/Scripts" max_len=4096 ;;
        undo | html) corpus=$work/corpus-$mode seeds="fuzz/seeds/$mode examples" max_len=4096 ;;
        state) corpus=$work/corpus-$mode seeds="fuzz/seeds/state" max_len=16384 ;;
        diff) corpus=$work/corpus-$mode seeds="fuzz/seeds/diff" max_len=8192 ;;
        defaults) corpus=$work/corpus-$mode seeds="fuzz/seeds/defaults fuzz/seeds/state" max_len=8192 ;;
        lsp) corpus=$work/corpus-$mode seeds="fuzz/seeds/lsp" max_len=8192 ;;
        explain) corpus=$work/corpus-$mode seeds="Tests/Explain/reports" max_len=8192 ;;
        *)
            echo "fuzz/run.sh: no mode '$mode'" >&2
            exit 64
            ;;
    esac
    mkdir -p "$corpus"
    export LISTDSL_FUZZ_MODE=$mode
    "$fuzzer" --dictionary >"$work/$mode.dict"
    echo "fuzzing mode $mode for ${per_mode}s${FUZZ_RUNS:+ or $FUZZ_RUNS inputs}"
    # shellcheck disable=SC2086 # the seed folders are words
    "$fuzzer" -dict="$work/$mode.dict" -max_total_time="$per_mode" ${FUZZ_RUNS:+-runs=$FUZZ_RUNS} \
        -rss_limit_mb=2048 -timeout=10 -max_len="$max_len" -print_final_stats=1 \
        -artifact_prefix="$work/findings/$mode-" "$corpus" $seeds 2>"$work/libfuzzer-$mode.log" || {
        tail -n 40 "$work/libfuzzer-$mode.log"
        echo "libFuzzer ($mode) found a crash, a hang, runaway memory or a broken oracle; the input is in $work/findings/"
        exit 1
    }
    grep -E "^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)" "$work/libfuzzer-$mode.log" || true
    grep -E "^Done " "$work/libfuzzer-$mode.log" || true
done
unset LISTDSL_FUZZ_MODE

[ "$key_seconds" != 0 ] || exit 0
echo "typing random keys into the REPL for ${key_seconds}s${FUZZ_SEQUENCES:+ or $FUZZ_SEQUENCES sequences}"
swift build -c "$configuration" --product listdsl 2>&1 | tail -n 1
swift build -c "$configuration" --product listdsl-keyfuzz 2>&1 | tail -n 1
bin=$(swift build -c "$configuration" --show-bin-path)
"$bin/listdsl-keyfuzz" "$bin/listdsl" --seconds "$key_seconds" --sequences "${FUZZ_SEQUENCES:-1000000}" \
    --findings "$work/key-findings"

# The language server, with damaged and hostile messages (fuzz/lsp.py), for half the key fuzzer's time.
echo "sending random and damaged messages to listdsl lsp for $(( (key_seconds + 1) / 2 ))s"
python3 fuzz/lsp.py "$bin/listdsl" "$(( (key_seconds + 1) / 2 ))"
