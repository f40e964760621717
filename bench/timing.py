"""Timing whole processes for bench/run.sh and bench/compare.sh (their Python imports it from bench/)."""
import resource, subprocess, sys, time


def run_process(cmd, allowed=(0,)):
    """One run: its wall time, its CPU time (user and system, all threads) and the finished process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode not in allowed:
        sys.exit("failed: %s\n%s" % (" ".join(cmd), p.stderr.decode()[:2000]))
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), p


def peak_rss(cmd):
    """The peak memory of `cmd` in MiB: ru_maxrss of children is a running maximum, so it is read in a
    fresh Python process (KiB on Linux)."""
    code = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], capture_output=True); "
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", code] + cmd, capture_output=True).stdout
    return int(out) / 1024
