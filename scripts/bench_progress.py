#!/usr/bin/python3
"""npm run bench:progress: what the progress line costs, in CPU (user + system) of a whole run.

`normalize --jobs 1` of about 27 MB of standard input, with --progress and with --no-progress, alternating,
ROUNDS rounds (default 7); the medians and their ratio. The line is drawn four times a second: its cost is
a timer and a read of /proc/self/fdinfo/0 each time, against the run's own work.
"""
import os
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLI = os.path.join(ROOT, "dist", "src", "cli.js")


def main() -> int:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    block = "\n".join(f"HTTP://Example.COM/a/./b/../%7e{k}?q={k}#F" for k in range(10000)) + "\n"
    cpu = {"--progress": [], "--no-progress": []}
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as f:
        f.write(block * 60)
        f.flush()
        for _ in range(rounds):
            for flag in cpu:
                with open(f.name, "rb") as stdin:
                    p = subprocess.Popen([os.environ.get("URIGRAM_NODE") or "node", CLI, "normalize", "--jobs", "1", flag], stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                    _pid, _status, usage = os.wait4(p.pid, 0)
                cpu[flag].append(usage.ru_utime + usage.ru_stime)
    for flag, runs in cpu.items():
        print(f"{flag:14s} median CPU {statistics.median(runs):.3f} s  (min {min(runs):.3f}, max {max(runs):.3f})")
    ratio = statistics.median(cpu["--progress"]) / statistics.median(cpu["--no-progress"])
    print(f"with the line / without: {ratio:.3f}; load average after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
