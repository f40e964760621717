#!/usr/bin/env bash
# Times this tree's release build beside another revision's, workload by workload, the two builds in
# turn, and prints each workload's medians and their ratio (after / before; above 1.05 is marked).
#   bench/compare.sh REV [RUNS]      (default 5 runs a workload and build; medians)
# REV is built from `git archive` in .build/compare/REV, as bench/run.sh builds (release, the Swift
# runtime linked statically). The workloads are bench/run.sh's, the engine's in-process parts both
# builds have, and lesson pages; both builds must give the same output for each.
set -euo pipefail
cd "$(dirname "$0")/.."
rev=$(git rev-parse --short "${1:?usage: bench/compare.sh REV [RUNS]}")
runs=${2:-5}
shared=../shared/bench
work=${TMPDIR:-/tmp}/listdsl-bench
[ -f "$work/edits-1m.list" ] || python3 "$shared/gen_workloads.py" "$work" >/dev/null

before=.build/compare/$rev
if [ ! -f "$before/Package.swift" ]; then
    mkdir -p "$before"
    git archive "$rev" | tar -x -C "$before"
fi
build() {
    (cd "$1" && swift build -c release --static-swift-stdlib --disable-local-rpath --product listdsl >/dev/null &&
        swift build -c release --product listdsl-bench >/dev/null)
}
build "$before"
build .
bins() {
    (cd "$1" && echo "$(swift build -c release --static-swift-stdlib --disable-local-rpath --show-bin-path)/listdsl" \
        "$(swift build -c release --show-bin-path)/listdsl-bench")
}
read -r old_bin old_engine <<<"$(bins "$before")"
read -r new_bin new_engine <<<"$(bins .)"

python3 - "$rev" "$work" "$runs" "$old_bin" "$old_engine" "$new_bin" "$new_engine" <<'PY'
import os, re, shutil, statistics, subprocess, sys, time, resource
rev, work, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
builds = {"before": (sys.argv[4], sys.argv[5]), "after": (sys.argv[6], sys.argv[7])}

setup = os.path.join(work, "setup-10.list")
with open(setup, "w") as f:
    f.write("reset [[],[],[],[],[],[],[],[],[],[]]\n")
rows5k = os.path.join(work, "rows-5k.list")
with open(rows5k, "w") as f:
    f.write('reset [[]]\nfor i in 0..<5000 { insert 0:i "row \\(i)" }\nprint rows(0)\n')
page = os.path.join(work, "compare-page.html")

sys.path.insert(0, "bench")
from timing import run_process, peak_rss

def run_once(cmd, allowed):
    """One run: its wall time, its CPU time and what it gave (status and standard output)."""
    wall, cpu, p = run_process(cmd, allowed)
    return wall, cpu, (p.returncode, p.stdout)

table = []   # (workload, unit, before, after)

def process(name, args, allowed=(0,), count=None, measure="wall", same_output=True):
    """The two builds' command in turn; medians of wall or CPU time (seconds)."""
    times = {"before": [], "after": []}
    outputs = {}
    for _ in range(count or runs):
        for build in ("before", "after"):
            wall, cpu, out = run_once([builds[build][0]] + args, allowed)
            times[build].append(wall if measure == "wall" else cpu)
            outputs[build] = out
    if same_output and outputs["before"] != outputs["after"]:
        sys.exit("%s: the builds disagree: %r against %r" % (name, outputs["before"][1][-300:], outputs["after"][1][-300:]))
    table.append((name, "s " + measure, times["before"], times["after"]))

def memory(name, args):
    values = {build: [] for build in builds}
    for _ in range(3):
        for build in builds:
            values[build].append(peak_rss([builds[build][0]] + args))
    table.append((name, "MB peak", values["before"], values["after"]))

# The engine's parts run on one thread: pinned to one processor, when taskset is there, the two builds
# see the same caches (unpinned, a run that moves between processors mid-commit is slower by 10% or more).
pin = ["taskset", "-c", "1"] if shutil.which("taskset") and os.cpu_count() > 1 else []

def engine(part, patterns, count=5):
    """An in-process part of listdsl-bench in both builds, in turn: the median of each figure it prints."""
    figures = {build: [[] for _ in patterns] for build in builds}
    for _ in range(count):
        for build in builds:
            out = subprocess.run(pin + [builds[build][1], part], capture_output=True, check=True).stdout.decode()
            for index, (_, pattern) in enumerate(patterns):
                found = re.findall(pattern, out)
                if not found:
                    sys.exit("listdsl-bench %s (%s) printed no %r:\n%s" % (part, build, pattern, out))
                figures[build][index].append(float(found[0]) / 1000)
    for index, (name, _) in enumerate(patterns):
        table.append((name, "s in process", figures["before"][index], figures["after"][index]))

edits = os.path.join(work, "edits-1m.list")
loop = os.path.join(work, "loop-1m.list")
batch = os.path.join(work, "batch-1m.list")
process("check edits-1m.list", ["check", edits])
process("run edits-1m.list", [setup, edits])
process("run edits-1m.list", [setup, edits], measure="cpu")
process("run loop-1m.list", [loop], measure="cpu")
process("run nested.list", ["bench/loops/nested.list"], measure="cpu")
process("run recursive.list", ["bench/loops/recursive.list"], measure="cpu")
process("run batch-1m.list (rejected)", [batch], allowed=(0, 70))
process("run reset-1m.list", [os.path.join(work, "reset-1m.list")])
process("listdsl -e dump (start-up)", ["-e", "dump"], count=max(runs, 51))
process("html examples/tour.list", ["html", "examples/tour.list", "-o", page], measure="cpu", same_output=False)
process("html of a 5,000-row loop", ["html", rows5k, "-o", page], measure="cpu", same_output=False)
process("html --events, 5,000-row loop", ["html", "--events", rows5k], measure="cpu", same_output=False)
memory("peak memory batch-1m.list", [batch])
memory("peak memory edits-1m.list", [setup, edits])
engine("batch", [("commit 100k ops, valid batch", r"commit \(end\): median ([0-9.]+) ms"),
                 ("full copy of 1m rows", r"full copy: median ([0-9.]+) ms"),
                 ("commit 100k ops, rejected recipe", r"recipe as generated.*\n.*commit \(end\): median ([0-9.]+) ms")])
engine("append", [("1m single appends", r"single appends: ([0-9.]+) ms")], count=3)
engine("single", [("1m single inserts/deletes", r"outside a batch: ([0-9.]+) ms")], count=3)
engine("diff", [("diff 1 x 100k", r"diff 1x100k.*?median ([0-9.]+) ms"),
                ("diff 1 x 1m", r"diff 1x1m.*?median ([0-9.]+) ms"),
                ("diff 10 x 10k", r"diff 10x10k.*?median ([0-9.]+) ms")], count=1)

# Each workload's runs are pairs (the two builds one after the other): the ratio is the median of the
# pairs' ratios, which a slow minute of a shared machine moves less than a ratio of the two medians.
print("workload                              measure         before %-9s after  after/before (pairs: lowest-highest)" % rev)
for name, unit, old, new in table:
    megabytes = unit.startswith("MB")
    scale, suffix = (1, "MB") if megabytes else (1000, "ms")
    ratios = sorted(n / o for o, n in zip(old, new) if o)
    ratio = statistics.median(ratios) if ratios else float("nan")
    mark = "  slower" if ratio > 1.05 else ""
    print("%-37s %-13s %8.1f %s %8.1f %s   %5.2f (%.2f-%.2f)%s" % (
        name, unit, statistics.median(old) * scale, suffix, statistics.median(new) * scale, suffix,
        ratio, ratios[0], ratios[-1], mark))
print("(medians of %d runs a build, the builds in turn; the engine's parts%s: its own medians, %s runs)" % (
    runs, " pinned to one processor" if pin else "", "5 or 3"))
PY
