#!/usr/bin/env bash
# Benchmarks listdsl (release build) side by side with the Python baseline, and prints the ratios.
#   bench/run.sh [RUNS]      (default 5 runs; the median is reported)
#   bench/run.sh diff        only the snapshot diff beside DifferenceKit (the last part)
# Workloads come from ../shared/bench/gen_workloads.py (written once to $TMPDIR/listdsl-bench).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
only_diff=false
if [ "$runs" = diff ]; then only_diff=true; runs=5; fi
shared=../shared/bench
work=${TMPDIR:-/tmp}/listdsl-bench
[ -f "$work/edits-1m.list" ] || python3 "$shared/gen_workloads.py" "$work" >/dev/null

if ! $only_diff; then
# A release build with the Swift runtime linked statically, as a command-line tool ships on Linux:
# loading the runtime's shared libraries would cost more than the whole of `listdsl -e dump`. Built as
# scripts/install.sh builds it (no $ORIGIN run path).
swift build -c release --static-swift-stdlib --disable-local-rpath --product listdsl >/dev/null
bin=$(swift build -c release --static-swift-stdlib --disable-local-rpath --show-bin-path)/listdsl
# The batch engine's own benchmark times a commit in process, beside one full copy of all rows.
swift build -c release --product listdsl-bench >/dev/null
engine=$(swift build -c release --show-bin-path)/listdsl-bench
# The kernel must take the huge-page advice for every way a large array grows: stops here, saying which
# way lost it, when it does not (and says it is skipped without transparent huge pages).
"$engine" hugepages
# The recursive program and loop-1m compiled from Swift: the floor under any interpreter of them written in Swift.
native=$work/recursive-native
swiftc -O -static-stdlib bench/loops/recursive.swift -o "$native"
native_loop=$work/loop-1m-native
swiftc -O -static-stdlib bench/loops/loop-1m.swift -o "$native_loop"

python3 - "$bin" "$work" "$runs" "$shared/baseline.py" "$engine" "$native" "$native_loop" <<'PY'
import re, shutil, statistics, subprocess, sys, time, resource, os
bin, work, runs, baseline, engine, native, native_loop = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5], sys.argv[6], sys.argv[7]

sys.path.insert(0, "bench")
from timing import run_process, peak_rss

def run_once(cmd, allowed=(0,)):
    """One run: its wall time, its CPU time (user and system, all threads) and its output."""
    wall, cpu, p = run_process(cmd, allowed)
    return wall, cpu, p.stdout.decode().strip() or p.stderr.decode().strip()

def timed(cmd, allowed=(0,)):
    walls, out = [], None
    for _ in range(runs):
        wall, _, out = run_once(cmd, allowed)
        walls.append(wall)
    return statistics.median(walls), out

def paired(ours, theirs, count=None):
    """listdsl and its peer run in turn, so both see the machine as it is: medians of wall and CPU."""
    runs_of = {"ours": ([], [], None), "theirs": ([], [], None)}
    for _ in range(count or runs):
        for name, cmd in (("ours", ours), ("theirs", theirs)):
            wall, cpu, out = run_once(cmd)
            walls, cpus, _ = runs_of[name]
            walls.append(wall)
            cpus.append(cpu)
            runs_of[name] = (walls, cpus, out)
    return [(statistics.median(w), statistics.median(c), out) for w, c, out in runs_of.values()]

# edits-1m.list assumes the ten empty sections the Python baseline starts with: set them up first,
# in the same session (listdsl runs its FILE arguments in order in one session).
setup = os.path.join(work, "setup-10.list")
with open(setup, "w") as f:
    f.write("reset [[],[],[],[],[],[],[],[],[],[]]\n")

rows = []
(edits, edits_cpu, out1), (base, base_cpu, out2) = paired(
    [bin, setup, os.path.join(work, "edits-1m.list")], [sys.executable, baseline, os.path.join(work, "edits-1m.txt")])
if out1.splitlines()[-1] != out2.splitlines()[-1]:
    sys.exit("listdsl and the baseline disagree: %r vs %r" % (out1, out2))
check, _ = timed([bin, "check", os.path.join(work, "edits-1m.list")])
loop, _ = timed([bin, os.path.join(work, "loop-1m.list")])
# The generator's batch is rejected by UIKit's rules (a reload's insert lands on a move destination,
# reference rule 11c), so listdsl ends it with UIKit's error and exit 70: time it to that verdict.
batch, batch_out = timed([bin, os.path.join(work, "batch-1m.list")], allowed=(0, 70))
reset, _ = timed([bin, os.path.join(work, "reset-1m.list")])
# Start-up beside a small C tool that starts about as little: sqlite3 on an in-memory database.
sqlite = shutil.which("sqlite3")
if sqlite:
    # A start is short and noisy: at least 51 pairs.
    (startup, _, _), (sqlite_startup, _, _) = paired([bin, "-e", "dump"], [sqlite, ":memory:", "select 1"], max(runs, 51))
else:
    startup, _ = timed([bin, "-e", "dump"])
# A commit of 100,000 operations on 1,000,000 rows, beside one full copy (the engine prints the
# medians of 11 runs, each commit timed right after a copy).
engine_out = subprocess.run([engine, "batch"], capture_output=True, check=True).stdout.decode()
commits = re.findall(r"commit \(end\): median ([0-9.]+) ms.*?full copy: median ([0-9.]+) ms.*?commit/copy: median ([0-9.]+)x",
                     engine_out)
if len(commits) != 2:
    sys.exit("listdsl-bench batch printed no commit figures:\n" + engine_out)
# What the valid batch's commit cannot do without (the new data source, the sections whose cells
# differ, a walk comparing every row), before any operation is sorted or checked.
floor = re.search(r"take ([0-9.]+) ms, ([0-9.]+)x a copy", engine_out)
# The language beside CPython: the same programs, written in each (bench/loops/).
loops = []
for name, script, peer in [
        ("loop-1m", os.path.join(work, "loop-1m.list"), "bench/loops/loop-1m.py"),
        ("nested", "bench/loops/nested.list", "bench/loops/nested.py"),
        ("recursive", "bench/loops/recursive.list", "bench/loops/recursive.py")]:
    (_, ours, our_out), (_, theirs, their_out) = paired([bin, script], [sys.executable, peer])
    if our_out.split() != their_out.split():
        sys.exit("%s: listdsl and Python disagree: %r vs %r" % (name, our_out, their_out))
    loops.append((name, ours, theirs))
# The recursive program and loop-1m compiled from Swift, beside CPython likewise.
compiled_loops = []
for name, program, peer in [("recursive", native, "bench/loops/recursive.py"), ("loop-1m", native_loop, "bench/loops/loop-1m.py")]:
    (_, compiled, compiled_out), (_, cpython, cpython_out) = paired([program], [sys.executable, peer])
    if compiled_out.split() != cpython_out.split():
        sys.exit("%s compiled from Swift and Python disagree: %r vs %r" % (name, compiled_out, cpython_out))
    compiled_loops.append((name, compiled, cpython))
mem = peak_rss([bin, os.path.join(work, "batch-1m.list")])
# Peak memory of edits-1m beside the Python editor's (which reads its file a line at a time).
edits_mem = peak_rss([bin, setup, os.path.join(work, "edits-1m.list")])
base_mem = peak_rss([sys.executable, baseline, os.path.join(work, "edits-1m.txt")])
# A REPL statement on 1,000,000 rows, as the REPL runs it (change view, undo history), beside a frame: in ten
# sections of 100,000 rows, then in one section.
shapes = []
for part, shape in [("statement", "ten sections"), ("statement-one-section", "one section")]:
    statement_out = subprocess.run([engine, part], capture_output=True, check=True).stdout.decode()
    statements = re.findall(r"^(\s+\S.*?)\s{2,}([0-9.]+) ms \(max", statement_out, re.M)
    if not statements:
        sys.exit("listdsl-bench %s printed no figures:\n%s" % (part, statement_out))
    shapes.append((shape, statements))

# The WebAssembly build of the core (scripts/wasm.sh; skipped when it is not built, or node is missing)
# beside the native command, on the same workloads: each run in node (scripts/wasm-run.mjs), its first
# run (the page's run: the engine compiles the module as it goes) and its best warm one of two more,
# timed there, against the native command's whole process. A workload of two files is one file for
# the module, which runs one script.
def error_message(stderr):
    """The first error's message, without its place (a workload of two files is one file for the module)."""
    return stderr.split(" error: ", 1)[1].splitlines()[0] if " error: " in stderr else stderr
wasm_module = os.path.join(os.getcwd(), ".build-wasm", "listdsl.wasm")
wasm_rows = []
if os.path.exists(wasm_module) and shutil.which("node"):
    newest_source = max(os.path.getmtime(os.path.join(d, f)) for top in ("Sources", "wasm")
                        for d, _, fs in os.walk(top) for f in fs)
    wasm_stale = os.path.getmtime(wasm_module) < newest_source
    for name, files, allowed in [
            ("loop-1m", [os.path.join(work, "loop-1m.list")], (0,)),
            ("nested", ["bench/loops/nested.list"], (0,)),
            ("recursive", ["bench/loops/recursive.list"], (0,)),
            ("edits-1m", [setup, os.path.join(work, "edits-1m.list")], (0,)),
            ("batch-1m", [os.path.join(work, "batch-1m.list")], (0, 70))]:
        script = files[0]
        if len(files) > 1:
            script = os.path.join(work, "wasm-%s.list" % name)
            with open(script, "wb") as out:
                for f in files:
                    out.write(open(f, "rb").read())
        native_walls, firsts, warms, memories = [], [], [], []
        for _ in range(runs):
            wall, _, native = run_process([bin] + files, allowed)
            native_walls.append(wall)
            _, _, p = run_process(["node", "scripts/wasm-run.mjs", script, "--time", "--repeat", "3"], allowed)
            m = re.search(r"first run ([0-9.]+) ms, warm best of \d+ ([0-9.]+) ms, memory ([0-9.]+) MiB", p.stderr.decode())
            if not m:
                sys.exit("wasm-run.mjs printed no timing for %s:\n%s" % (name, p.stderr.decode()[-2000:]))
            # The same status and standard output, and the same first error (--time adds a line to stderr).
            if (p.returncode, p.stdout, error_message(p.stderr.decode()[:p.stderr.decode().rfind("wasm: instantiate")])) != \
                    (native.returncode, native.stdout, error_message(native.stderr.decode())):
                sys.exit("%s: native and wasm disagree: status %d, %r against %d, %r" % (
                    name, native.returncode, (native.stdout + native.stderr)[:300], p.returncode, (p.stdout + p.stderr)[:300]))
            firsts.append(float(m.group(1)) / 1000)
            warms.append(float(m.group(2)) / 1000)
            memories.append(float(m.group(3)))
        native_mem = peak_rss([bin] + files)
        wasm_rows.append((name, statistics.median(native_walls), statistics.median(firsts),
                          statistics.median(warms), native_mem, statistics.median(memories)))

print("workload                          listdsl    goal")
print("check edits-1m.list               %7.3f s  < 0.5 s" % check)
print("run edits-1m.list                 %7.3f s  < 0.4 s   (Python baseline %.3f s: %.1fx faster; goal >= 6x)" % (edits, base, base / edits))
print("   by CPU time (two threads parse)  %7.3f s            (Python baseline %.3f s: %.1fx)" % (edits_cpu, base_cpu, base_cpu / edits_cpu))
print("run loop-1m.list                  %7.3f s  < 0.5 s" % loop)
print("run batch-1m.list                 %7.3f s            (reset-1m.list alone %.3f s; batch part %.3f s)" % (batch, reset, batch - reset))
print("   verdict: %s" % batch_out.splitlines()[0][:150])
if sqlite:
    print("listdsl -e dump (startup)         %7.2f ms < 3 ms  (sqlite3 %.2f ms: %.1fx its time)" % (startup * 1000, sqlite_startup * 1000, startup / sqlite_startup))
else:
    print("listdsl -e dump (startup)         %7.2f ms < 3 ms  (sqlite3 not installed: no peer)" % (startup * 1000))
for (commit, copy, ratio), name in zip(commits, ["valid batch", "generator's recipe (rejected)"]):
    print("commit 100k ops on 1m rows        %7.1f ms            (%s; one full copy %s ms: %sx a copy; goal <= 3x)" % (float(commit), name, copy, ratio))
if floor:
    print("   floor without sorting or checks  %7.1f ms            (the copies and the walk any commit of it needs: %sx a copy)" % (float(floor.group(1)), floor.group(2)))
# Issue 40's goals: loop-1m at least 5x CPython, the other loops at least 3x.
for name, ours, theirs in loops:
    goal = 5 if name == "loop-1m" else 3
    print("%-33s %7.3f s CPU        (CPython %.3f s: %.2fx; goal >= %dx faster)" % ("run " + name, ours, theirs, theirs / ours, goal))
for name, compiled, cpython in compiled_loops:
    print("%-33s %7.3f s CPU        (CPython %.3f s: %.2fx; the floor under any interpreter in Swift)" % ("   %s compiled from Swift" % name, compiled, cpython, cpython / compiled))
print("peak memory batch-1m.list         %7.0f MB < 300 MB" % mem)
print("peak memory edits-1m.list         %7.0f MB            (Python baseline %.0f MB: %.1fx; goal <= 2x)" % (edits_mem, base_mem, edits_mem / base_mem))
for shape, statements in shapes:
    print("REPL statement on 1m rows in %s (in process, median of 11; a frame is 16.7 ms):" % shape)
    for name, ms in statements:
        print("   %-40s %6.1f ms  (%.2f of a frame)" % (name.strip() if not name.startswith("    ") else "  " + name.strip(), float(ms), float(ms) / 16.7))
if wasm_rows:
    print("the WebAssembly build beside native (native: the whole process; wasm: the run in node, first and best warm)%s:"
          % (" -- the module is older than the sources: run scripts/wasm.sh" if wasm_stale else ""))
    for name, native_wall, first, warm, native_mem, wasm_mem in wasm_rows:
        print("   %-12s native %6.3f s  wasm first %6.3f s (%.1fx)  warm %6.3f s (%.1fx)  memory %4.0f MiB against %3.0f" %
              (name, native_wall, first, first / native_wall, warm, warm / native_wall, wasm_mem, native_mem))
else:
    print("the WebAssembly build: not built (scripts/wasm.sh) or node missing, so not timed")
print("(median of %d runs each; listdsl and its peer in turn)" % runs)
PY
fi

# The snapshot diff beside its peer, in one run, on the very same pairs of states: SnapshotDiff
# (listdsl-bench diff) and DifferenceKit's StagedChangeset (bench/diff-peer), each timed in
# process, median of 11 runs (5 for a million rows). DifferenceKit is not a dependency of ListDSL:
# give a checkout as DIFFERENCEKIT=path, or let this clone it (needs the network); else it is skipped.
swift build -c release --product listdsl-bench >/dev/null
bench_bin=$(swift build -c release --show-bin-path)/listdsl-bench
peer=${DIFFERENCEKIT:-.build/peers/DifferenceKit}
if [ ! -d "$peer" ]; then
    git clone -q --depth 1 https://github.com/ra1028/DifferenceKit "$peer" 2>/dev/null || true
fi
if [ -d "$peer" ]; then
    pairs=$work/diff-pairs
    mkdir -p "$pairs"
    "$bench_bin" diff-pairs "$pairs"
    export DIFFERENCEKIT=$(cd "$peer" && pwd)
    (cd bench/diff-peer && swift build -c release >/dev/null)
    peer_bin=$(cd bench/diff-peer && swift build -c release --show-bin-path)/differencekit-bench
    "$bench_bin" diff | grep '^diff'
    "$peer_bin" "$pairs" 1x10k 1x100k 1x1m 10x10k
else
    echo "DifferenceKit not available (set DIFFERENCEKIT=path to a checkout): the diff's peer is skipped"
    "$bench_bin" diff | grep '^diff'
fi
