#!/usr/bin/python3
"""npm run measure:tests [-- COMMIT]: what `npm test` costs on a fresh clone, as CONTRIBUTING.md gives it.

Clones the repository's HEAD (or COMMIT, to measure an earlier state beside it) into a temporary folder, runs `npm ci` there (not measured: it installs and
builds), removes the build's caches so that `npm test` builds from nothing, then runs `npm test` and
reports its wall time, its CPU (user + system of every process it ran, from wait4), and the peak memory of
each process it ran, read as VmHWM from /proc every half second (a process's own high-water mark, never a
child's ru_maxrss, which inherits its parent's): the largest jest worker, and the largest of all. The
load average before and after says whether the machine was idle.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def descendants(pid: int) -> list[int]:
    """The pids of every process under `pid` (by /proc/*/stat's parent field)."""
    parent: dict[int, int] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as f:
                stat = f.read()
            parent[int(name)] = int(stat[stat.rindex(")") + 2 :].split()[1])
        except (OSError, ValueError):
            continue
    out, frontier = [], [pid]
    while frontier:
        p = frontier.pop()
        for child, up in parent.items():
            if up == p:
                out.append(child)
                frontier.append(child)
    return out


def sample(pid: int, peaks: dict[int, tuple[int, str]], stop: threading.Event) -> None:
    while not stop.is_set():
        for p in descendants(pid):
            try:
                with open(f"/proc/{p}/status") as f:
                    hwm = next((int(line.split()[1]) * 1024 for line in f if line.startswith("VmHWM:")), 0)
                with open(f"/proc/{p}/cmdline", "rb") as f:
                    cmd = f.read().replace(b"\0", b" ").decode(errors="replace")[:160]
            except OSError:
                continue
            if hwm > peaks.get(p, (0, ""))[0]:
                peaks[p] = (hwm, cmd)
        stop.wait(0.5)


def main() -> int:
    work = tempfile.mkdtemp(prefix="urigram-tests-")
    try:
        clone = os.path.join(work, "u")
        commit = sys.argv[1] if len(sys.argv) > 1 else "HEAD"
        subprocess.run(["git", "clone", "-q", ROOT, clone], check=True)
        subprocess.run(["git", "checkout", "-q", subprocess.run(["git", "rev-parse", commit], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()], cwd=clone, check=True)
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=clone, check=True, stdout=subprocess.DEVNULL)
        # npm ci built dist/ and its caches: removed, so that npm test builds everything, as on a fresh clone.
        for leftover in ("dist", os.path.join("node_modules", ".cache")):
            shutil.rmtree(os.path.join(clone, leftover), ignore_errors=True)
        # npm ci's load settles first (up to 3 minutes), so that the figure is a quiet machine's.
        for _ in range(36):
            if os.getloadavg()[0] < 0.5:
                break
            time.sleep(5)
        load_before = os.getloadavg()
        start = time.monotonic()
        p = subprocess.Popen(["npm", "test"], cwd=clone, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        peaks: dict[int, tuple[int, str]] = {}
        stop = threading.Event()
        sampler = threading.Thread(target=sample, args=(p.pid, peaks, stop))
        sampler.start()
        _pid, status, usage = os.wait4(p.pid, 0)
        wall = time.monotonic() - start
        stop.set()
        sampler.join()
        err = p.stderr.read().decode(errors="replace") if p.stderr else ""
        workers = [v for v in peaks.values() if "jest-worker" in v[1] or "processChild" in v[1]]
        largest = max(peaks.values(), default=(0, ""))
        print(f"npm test on a fresh clone of {subprocess.run(['git', 'rev-parse', '--short', 'HEAD'], cwd=clone, capture_output=True, text=True).stdout.strip()}: exit {os.waitstatus_to_exitcode(status)}")
        print(f"wall {wall:.0f} s, CPU {usage.ru_utime + usage.ru_stime:.0f} s (user + system of every process)")
        print(f"largest jest worker {max((w[0] for w in workers), default=0) / 2**20:.0f} MiB; largest process {largest[0] / 2**20:.0f} MiB ({largest[1][:80]})")
        print(f"load average before {load_before[0]:.2f}, after {os.getloadavg()[0]:.2f}")
        summary = [line for line in err.splitlines() if line.startswith(("Tests:", "Test Suites:"))]
        print("\n".join(summary))
        return 0 if status == 0 else 1
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
