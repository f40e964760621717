#!/usr/bin/env bash
# Checks that each surface of issue 34 grows in proportion to its input: the same workload at N and
# 2N, its wall time and peak memory, and the ratios. Fails (exit 1) when a ratio is over the threshold:
#   time(2N) / time(N)                      > 2.6, judged only when the N-run takes >= 50 ms (each the
#                                           quickest of 3 runs, and of up to 6 more of each when over);
#   (peak(2N) - base) / (peak(N) - base)    > 2.6, judged only when the 2N-run grows >= 16 MiB past base,
# where base is the peak memory of `listdsl -e dump`. Linear work doubles (2.0); quadratic work quadruples.
# A run past 1 GiB resident is stopped (a failure), and so is a 2N-run over 4x the N-run's time (at least
# 3 s): today's quadratic surfaces cannot take the machine. A crash, an exit status other than 0 or an
# error on the REPL's terminal fails too.
#
#   bench/growth.sh [BIN] [--small|--large]     BIN defaults to .build/debug/listdsl; --small (default)
#                                               is sized for CI (under a minute on a debug build),
#                                               --large for a note
#   bench/growth.sh BIN --only undo,diff        only those surfaces (with --small or --large)
#   bench/growth.sh BIN --only changes --n 5000 that N instead of the size's
#
# Surfaces: --changes on a loop of appends; undo recording on the same loop; the REPL (in a
# pseudo-terminal) running the loop as an entry; the REPL printing N lines as one entry, then a small
# one (the page's console runs entries as the REPL does); `html` with N sections added one by one,
# and with N reloadData of 1,000 rows; `load` of a state of N tiny sections under --limit memory; the
# defaults store with N keys, read once; `diff` of two tables of N rows; the language server (`lsp`)
# given one didChange of N one-character edits, scattered over a script of N lines, and asked for the
# symbols of N procedures on one line (positions in UTF-16, the protocol's default); `explain` of a log
# of N lines of look-alike words with a crash text every 100 lines. Needs bash and python3 only.
set -euo pipefail
bin=$(dirname "$0")/../.build/debug/listdsl
size=small
only=
n=0
while [ $# -gt 0 ]; do
    case $1 in
        --small) size=small ;;
        --large) size=large ;;
        --only)
            only=$2
            shift
            ;;
        --n)
            n=$2
            shift
            ;;
        -h | --help)
            sed -n '2,25p' "$0"
            exit 0
            ;;
        -*)
            echo "bench/growth.sh: unknown option $1" >&2
            exit 64
            ;;
        *) bin=$1 ;;
    esac
    shift
done
[ -x "$bin" ] || {
    echo "bench/growth.sh: no listdsl at $bin (build it: swift build)" >&2
    exit 66
}

exec python3 - "$bin" "$size" "$only" "$n" <<'PY'
import os, pty, random, select, shutil, statistics, sys, tempfile, time

bin, size, only, chosen_n = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
TIME_RATIO = MEMORY_RATIO = 2.6
TIME_FLOOR = 0.050           # seconds: shorter N-runs are noise
MEMORY_FLOOR = 16 << 10      # KiB: a 2N-run that grows less than this past base is not judged
work = tempfile.mkdtemp(prefix="listdsl-growth-")
# The REPL and the defaults store read and write files under HOME and XDG folders: keep them here.
env = dict(os.environ, HOME=work, XDG_STATE_HOME=work, XDG_CONFIG_HOME=work, XDG_DATA_HOME=work,
           LISTDSL_HISTORY=os.path.join(work, "history"), LISTDSL_DEFAULTS="", TERM="dumb")
env.pop("LISTDSL_INIT", None)


def write(name, text):
    path = os.path.join(work, name)
    with open(path, "w") as f:
        f.write(text)
    return path


MEMORY_CAP = 1 << 20  # KiB: a run is stopped past 1 GiB resident, so a surface that grows too fast
                      # cannot take the machine's memory (its peak is then shown as about the cap)


def resident(pid):
    """The resident memory of a running process in KiB, where /proc tells it (else 0)."""
    try:
        with open("/proc/%d/statm" % pid) as f:
            return int(f.read().split()[1]) * (os.sysconf("SC_PAGE_SIZE") >> 10)
    except (OSError, ValueError, IndexError):
        return 0


def run(cmd, stdin_text=None, extra_env=None, limit=None):
    """Runs cmd to its end, or stops it after `limit` seconds or past MEMORY_CAP: (wall seconds, peak RSS
    in KiB, exit status, why it was stopped or None, whether a terminal's output reported an error).
    stdin_text, a str, is typed on a terminal; bytes are read from a file (a language server's messages)."""
    e = dict(env, **(extra_env or {}))
    deadline = time.perf_counter() + (limit or 600)
    start = time.perf_counter()
    fd = None
    if stdin_text is None or isinstance(stdin_text, bytes):
        if stdin_text is not None:
            with open(os.path.join(work, "stdin"), "wb") as f:
                f.write(stdin_text)
        pid = os.fork()
        if pid == 0:
            devnull = os.open(os.devnull, os.O_RDWR)
            for i in (0, 1, 2):
                os.dup2(devnull, i)
            if stdin_text is not None:
                os.dup2(os.open(os.path.join(work, "stdin"), os.O_RDONLY), 0)
            os.execve(cmd[0], cmd, e)
    else:
        # The REPL runs only on a terminal: a pseudo-terminal, fed stdin_text, read until it closes.
        pid, fd = pty.fork()
        if pid == 0:
            os.execve(cmd[0], cmd, e)
    pending = stdin_text.encode() if fd is not None else b""
    stopped = None
    tail = b""  # a terminal's output last read (and the end of the read before, for a split word)
    saw_error = False
    polls = 0
    while True:
        if fd is not None:
            r, w, _ = select.select([fd], [fd] if pending else [], [], 0.002)
            if w:
                pending = pending[os.write(fd, pending[:1024]):]
            if r:
                try:
                    tail = (tail[-16:] + os.read(fd, 1 << 16))
                    saw_error = saw_error or b"error:" in tail
                except OSError:
                    pass
        else:
            time.sleep(0.002)
        done, status, usage = os.wait4(pid, os.WNOHANG)
        if done:
            break
        polls += 1
        if time.perf_counter() > deadline:
            stopped = "time"
        elif polls % 5 == 0 and resident(pid) > MEMORY_CAP:
            stopped = "memory"
        if stopped:
            os.kill(pid, 9)
            _, status, usage = os.wait4(pid, 0)
            break
    wall = time.perf_counter() - start
    if fd is not None:
        os.close(fd)
    return wall, usage.ru_maxrss, os.waitstatus_to_exitcode(status), stopped, saw_error


def loop(n, tail=""):
    return 'reset [[]]\nrepeat %d { append 0 "x" }\n%s' % (n, tail)


def table(rows):
    return "[[" + ",".join('"%s"' % r for r in rows) + "]]\n"


def surface_changes(n):
    return [bin, "--changes", write("changes-%d.list" % n, loop(n))], None, None


def surface_undo(n):
    return [bin, write("undo-%d.list" % n, loop(n, "undo\n"))], None, None


def surface_repl(n):
    entries = 'reset [[]]\nrepeat %d { append 0 "x" }\n.quit\n' % n
    return [bin, "-q"], entries, None


def surface_repl_output(n):
    # The page's console runs an entry as the REPL does (InteractiveStatement, the change view, the text
    # renderer); natively that is the REPL. One entry prints N lines (about 32 N bytes), then a small entry:
    # neither the REPL nor its line editor may keep or rescan what came before each line. (The page's own
    # cut of an entry's output is in the module, which this cannot reach: LessonPageTests tests it through
    # Tests/Browser/module-console.mjs, and the page's drawing through playground.py.)
    entries = 'repeat %d { print "a line of the console\'s output" }\nprint "after"\n.quit\n' % n
    return [bin, "-q"], entries, None


def surface_html_sections(n):
    script = write("sections-%d.list" % n, "repeat %d { insert section 0 }\n" % n)
    return [bin, "html", script, "-o", os.path.join(work, "sections.html")], None, None


def surface_html_reloads(n):
    rows = table("r%d" % i for i in range(1000))
    script = write("reloads-%d.list" % n, "reset %srepeat %d { reloadData }\n" % (rows, n))
    return [bin, "html", script, "-o", os.path.join(work, "reloads.html")], None, None


def surface_load(n):
    document = '{"format":"listdsl-state","version":1,"dataSource":[%s]}\n' % ",".join(['{"rows":[]}'] * n)
    path = write("state-%d.json" % n, document)
    return [bin, "--limit", "memory=512M", "-e", 'load "%s"' % path], None, None


def surface_defaults(n):
    store = write("defaults-%d.json" % n, "{" + ",".join('"k%d":%d' % (i, i) for i in range(n)) + "}\n")
    return [bin, "-e", 'print defaults("k0", 0)'], None, {"LISTDSL_DEFAULTS": store}


def surface_diff(n):
    rows = ["r%d" % i for i in range(n)]
    new = rows[:]
    random.Random(n).shuffle(new)
    del new[::7]
    old_path = write("old-%d.json" % n, table(rows))
    new_path = write("new-%d.json" % n, table(new + ["n%d" % i for i in range(n // 10)]))
    return [bin, "diff", old_path, new_path], None, None


def surface_explain(n):
    # A log of n lines of words that each could start a UIKit text ("attempt", "Invalid", "The"…), with a
    # crash text every 100 lines: the reader stops at every word, and each distinct text is explained once.
    words = ["attempt", "to", "delete", "Invalid", "update:", "The", "number", "of", "rows", "cannot", "move",
             "[UICollectionView]", "Fatal:", "supplied", "Attempted", "section", "0", "row"]
    text = ("Invalid update: invalid number of rows in section 0.  The number of rows contained in an existing "
            "section after the update (3) must be equal to the number of rows contained in that section before "
            "the update (3), plus or minus the number of rows inserted or deleted from that section (1 inserted, "
            "0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 "
            "moved out).")
    rng = random.Random(n)
    lines = [text if i % 100 == 50 else " ".join(rng.choice(words) for _ in range(10)) for i in range(n)]
    return [bin, "explain", write("crash-%d.log" % n, "\n".join(lines) + "\n")], None, None


def lsp_session(messages):
    """The framed messages of a language server's session: initialize, `messages`, shutdown and exit."""
    import json
    framed = b""
    for message in ([{"id": 1, "method": "initialize", "params": {"capabilities": {}}},
                     {"method": "initialized", "params": {}}] + messages
                    + [{"id": 2, "method": "shutdown"}, {"method": "exit"}]):
        body = json.dumps(dict(message, jsonrpc="2.0")).encode()
        framed += b"Content-Length: %d\r\n\r\n" % len(body) + body
    return framed


def lsp_open(text):
    return {"method": "textDocument/didOpen",
            "params": {"textDocument": {"uri": "file:///growth.list", "languageId": "listdsl", "version": 1,
                                        "text": text}}}


def surface_lsp_changes(n):
    # One keystroke with n cursors, one on each line, in a scattered order (7,919 is prime: every line once).
    changes = [{"range": {"start": {"line": k * 7919 % n, "character": 0}, "end": {"line": k * 7919 % n, "character": 0}},
                "text": "#"} for k in range(n)]
    change = {"method": "textDocument/didChange",
              "params": {"textDocument": {"uri": "file:///growth.list", "version": 2}, "contentChanges": changes}}
    return [bin, "lsp"], lsp_session([lsp_open("print 1\n" * n), change]), None


def surface_lsp_symbols(n):
    line = 'print "é"; ' + "; ".join("proc p%d() {}" % i for i in range(n)) + "\n"
    symbols = {"id": 3, "method": "textDocument/documentSymbol", "params": {"textDocument": {"uri": "file:///growth.list"}}}
    return [bin, "lsp"], lsp_session([lsp_open(line), symbols]), None


# name, workload, N for --small and --large, and the power of N its work grows with: every surface's
# memory must grow linearly, and its time too, but for html-sections, whose run is N commits that each
# ask the data source every section's row count, as UITableView does after an update (N² calls, which
# the trace and the lesson see): its time may grow by 2.6 x 2 when N doubles. A small N-run of a linear surface takes about 50 ms or more
# on a debug build, so its time is judged, and the whole script stays near a minute once the surfaces
# are linear; today's quadratic ones are cut short by the time limit and the memory cap.
SURFACES = [
    ("changes", surface_changes, 40_000, 400_000, 1),
    ("undo", surface_undo, 40_000, 400_000, 1),
    ("repl", surface_repl, 40_000, 400_000, 1),
    ("repl-output", surface_repl_output, 100_000, 1_000_000, 1),
    ("html-sections", surface_html_sections, 300, 3_000, 2),
    ("html-reloads", surface_html_reloads, 50, 500, 1),
    ("load", surface_load, 100_000, 1_000_000, 1),
    ("defaults", surface_defaults, 100_000, 1_000_000, 1),
    ("diff", surface_diff, 50_000, 500_000, 1),
    ("lsp-changes", surface_lsp_changes, 10_000, 100_000, 1),
    ("lsp-symbols", surface_lsp_symbols, 10_000, 100_000, 1),
    ("explain", surface_explain, 20_000, 200_000, 1),
]
wanted = set(only.split(",")) if only else None
if wanted and wanted - {s[0] for s in SURFACES}:
    sys.exit("bench/growth.sh: no surface %s" % ", ".join(sorted(wanted - {s[0] for s in SURFACES})))
repeats = 3 if size == "small" else 1
N_LIMIT = 20 if size == "small" else 300  # seconds an N-run may take


def measure(surface, n, limit):
    """The quickest of up to `repeats` runs (the least disturbed) and the median peak memory; one run
    when it is slow (over 2 s) or stopped. Returns (time, memory KiB, exit statuses, why stopped, whether
    a terminal showed an error)."""
    cmd, stdin_text, extra = surface(n)
    runs = [run(cmd, stdin_text, extra, limit)]
    while len(runs) < repeats and runs[0][0] < 2 and not runs[0][3]:
        runs.append(run(cmd, stdin_text, extra, limit))
    return (min(r[0] for r in runs), statistics.median(r[1] for r in runs), {r[2] for r in runs},
            next((r[3] for r in runs if r[3]), None), any(r[4] for r in runs))


base = statistics.median(run([bin, "-e", "dump"])[1] for _ in range(3))
print("base: listdsl -e dump peaks at %.1f MiB; thresholds: time x%.1f (N-run >= %d ms), memory x%.1f above base "
      "(2N-run >= %d MiB above base); a run is stopped past %d MiB" % (
          base / 1024, TIME_RATIO, TIME_FLOOR * 1000, MEMORY_RATIO, MEMORY_FLOOR >> 10, MEMORY_CAP >> 10))
print("%-14s %8s %9s %9s %7s %9s %9s %7s  %s" % (
    "surface", "N", "time N", "time 2N", "ratio", "mem N", "mem 2N", "ratio", "verdict"))
failed = []
for name, surface, small, large, power in SURFACES:
    if wanted and name not in wanted:
        continue
    n = chosen_n or (small if size == "small" else large)
    t1, m1, s1, why1, err1 = measure(surface, n, N_LIMIT)
    problems = []
    if why1:
        problems.append("N-run stopped: over %s" % ("%d s" % N_LIMIT if why1 == "time" else "the memory cap"))
        t2, m2, s2, why2, err2 = float("nan"), float("nan"), set(), None, False
    else:
        # A 2N-run over 4x the N-run's time (at least 3 s) is stopped: its ratio is over the threshold anyway.
        t2, m2, s2, why2, err2 = measure(surface, 2 * n, max(3.0, 4 * t1))
    growth1, growth2 = m1 - base, m2 - base
    time_ratio = t2 / t1
    # A ratio over the threshold is measured again before it is judged: more runs of both sizes, the
    # quickest of all kept, so one disturbed run does not fail a linear surface (this machine is shared),
    # while work that really grows faster is over on every run.
    limit_ratio = TIME_RATIO * 2 ** (power - 1)
    for _ in range(2):
        if why2 or t1 < TIME_FLOOR or time_ratio <= limit_ratio or size != "small":
            break
        t1 = min(t1, measure(surface, n, N_LIMIT)[0])
        again = measure(surface, 2 * n, max(3.0, 4 * t1))
        if again[3]:
            break
        t2 = min(t2, again[0])
        time_ratio = t2 / t1
    memory_ratio = growth2 / max(growth1, 1024)
    if why2 == "time":
        problems.append("time: 2N-run stopped after %.1f s" % t2)
    elif t1 >= TIME_FLOOR and time_ratio > limit_ratio:
        problems.append("time")
    if why2 == "memory":
        problems.append("memory: 2N-run stopped past the cap")
    elif growth2 >= MEMORY_FLOOR and memory_ratio > MEMORY_RATIO:
        problems.append("memory")
    bad = sorted((s1 | s2) - {0, -9})
    if bad:
        problems.append("exit %s" % ",".join(map(str, bad)))
    if err1 or err2:
        problems.append("the REPL reported an error")
    notes = []
    if t1 < TIME_FLOOR:
        notes.append("time not judged")
    if not growth2 >= MEMORY_FLOOR and not why1 and not why2:
        notes.append("memory not judged")
    verdict = ("FAIL (" + "; ".join(problems) + ")") if problems else "ok"
    if notes:
        verdict += "; " + ", ".join(notes)
    shown = lambda value, form: "-" if value != value else form % value  # NaN: the 2N-run did not run
    print("%-14s %8d %9s %9s %7s %9s %9s %7s  %s" % (
        name, n, shown(t1, "%.3fs"), shown(t2, "%.3fs"), shown(time_ratio, "%.2f"), shown(m1 / 1024, "%.1fMiB"),
        shown(m2 / 1024, "%.1fMiB"), shown(memory_ratio, "%.2f"), verdict), flush=True)
    if problems:
        failed.append(name)
shutil.rmtree(work, ignore_errors=True)
if failed:
    print("growth check failed: %s" % ", ".join(failed))
    sys.exit(1)
print("growth check passed")
PY
