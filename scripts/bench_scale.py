#!/usr/bin/python3
"""npm run bench:scale: one process, --jobs 2, the machine's bound and Dask with two workers, side by side.

On one file of N URIs (test/dask/run.py's, default 1,000,000 lines), for each command (validate, lint
--format ndjson), in one sitting, ROUNDS rounds each (medians):

- one process, `--jobs 1`; `--jobs 2`;
- the machine's bound: two independent `--jobs 1` processes at once, each on half the file (cut at an LF),
  as BENCHMARKS.md measures it: no coordination, no joining of outputs;
- Dask distributed with two workers (one thread each) on loopback, the file cut into partitions of
  each size in --blocksizes (examples/dask_urigram.py), the outputs gathered;

and apart from the per-line cost, the fixed costs: starting the cluster (scheduler and two workers
ready), and one process on an empty input (the start-up a partition pays). Prints lines per second,
the per-line wall time under Dask against the bound's, and peak memory: a process's (its VmHWM), and
under Dask a worker's own (VmHWM; its commands are the processes measured above). Run it on an idle machine.
"""

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "examples"))
sys.path.insert(0, os.path.join(ROOT, "test", "dask"))

import dask_urigram  # noqa: E402
import run as dask_test  # noqa: E402  (its input and its cluster)

NODE = os.environ.get("URIGRAM_NODE") or "node"
CLI = os.path.join(ROOT, "dist", "src", "cli.js")


# Each node process says its own peak (VmHWM) on standard error as it exits: getrusage's ru_maxrss of a child carries
# this Python process's high-water mark over fork and exec, and would say ours.
PEAK = {**os.environ, "NODE_OPTIONS": f"--require {os.path.join(ROOT, 'test', 'support', 'max-rss.js')}"}


def timed(commands):
    """Runs the commands at once, each with (argv, stdin file); the wall time and the highest peak RSS (MB)."""
    t0 = time.monotonic()
    running = []
    for argv, path in commands:
        with open(path, "rb") as stdin:
            running.append(subprocess.Popen(argv, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=PEAK))
    peak = 0
    for p in running:
        err = p.stderr.read()
        p.wait()
        if p.returncode not in (0, 1):
            raise RuntimeError(f"{p.args} exited {p.returncode}")
        said = [line for line in err.split(b"\n") if line.startswith(b"urigram-test-max-rss ")]
        if said:
            peak = max(peak, int(said[-1].split()[1]) / 1024)
    return time.monotonic() - t0, peak


def halves(path: str, folder: str):
    with open(path, "rb") as f:
        data = f.read()
    cut = data.index(b"\n", len(data) // 2) + 1
    names = []
    for k, part in enumerate((data[:cut], data[cut:])):
        name = os.path.join(folder, f"half{k}.txt")
        with open(name, "wb") as f:
            f.write(part)
        names.append(name)
    return names


def worker_memory():
    """In a worker: its own peak RSS and its children's (the commands it ran), in MB."""
    with open("/proc/self/status") as f:
        hwm = next(int(line.split()[1]) for line in f if line.startswith("VmHWM:"))
    return hwm / 1024, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


def main() -> int:
    options = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    options.add_argument("--lines", type=int, default=1_000_000)
    options.add_argument("--rounds", type=int, default=3)
    options.add_argument("--blocksizes", default="1,4,16", help="partition sizes in MiB, comma-separated (default 1,4,16)")
    options.add_argument("--commands", default="validate,lint", help="of validate and lint, comma-separated (default both)")
    args = options.parse_args()
    from distributed import Client

    blocksizes = [int(float(b) * 1024 * 1024) for b in args.blocksizes.split(",")]
    print(f"load average before: {os.getloadavg()[0]:.2f}; {os.cpu_count()} cores; node {subprocess.run([NODE, '--version'], capture_output=True, text=True).stdout.strip()}")
    with tempfile.TemporaryDirectory(prefix="urigram-scale-") as folder:
        data = os.path.join(folder, "uris.txt")
        dask_test.make_input(data, args.lines)
        half = halves(data, folder)
        empty = os.path.join(folder, "empty.txt")
        open(empty, "wb").close()
        print(f"{args.lines:,} lines, {os.path.getsize(data):,} bytes")
        starts = [timed([([NODE, CLI, "validate", "--jobs", "1"], empty)])[0] for _ in range(max(5, args.rounds))]
        print(f"a process on an empty input (a partition's start-up): median {statistics.median(starts) * 1000:.0f} ms")
        t0 = time.monotonic()
        cluster = dask_test.Cluster(folder)
        try:
            with Client(scheduler_file=cluster.file, timeout=60) as client:
                client.wait_for_workers(2, timeout=60)
                print(f"the cluster's start (scheduler and two workers ready): {time.monotonic() - t0:.1f} s")
                chosen = args.commands.split(",")
                for name, argv in [("validate", ["validate", "--jobs", "1"]), ("lint", ["lint", "--format", "ndjson", "--jobs", "1"])]:
                    if name not in chosen:
                        continue
                    command = [NODE, CLI, *argv]
                    two = [NODE, CLI, *argv[:-1], "2"]
                    rows = {}
                    for _ in range(args.rounds):
                        for label, run in [
                            ("one process, --jobs 1", lambda: timed([(command, data)])),
                            ("--jobs 2", lambda: timed([(two, data)])),
                            ("bound: 2 processes on halves", lambda: timed([(command, half[0]), (command, half[1])])),
                        ]:
                            rows.setdefault(label, []).append(run())
                        for size in blocksizes:
                            t = time.monotonic()
                            dask_urigram.run(client, data, command, size)
                            rows.setdefault(f"Dask, 2 workers, {size / 1048576:g} MiB partitions", []).append((time.monotonic() - t, None))
                    memory = client.run(worker_memory)
                    print(f"\n{name} ({args.rounds} rounds, medians)")
                    bound = statistics.median(w for w, _ in rows["bound: 2 processes on halves"])
                    for label, runs in rows.items():
                        wall = statistics.median(w for w, _ in runs)
                        peaks = [p for _, p in runs if p is not None]
                        peak = f", peak RSS {max(peaks):.0f} MB" if peaks else ""
                        print(f"  {label:40s} {wall:7.2f} s  {args.lines / wall / 1000:7.0f} k lines/s  {wall / bound:5.2f}x the bound{peak}")
                    for address, (own, _children) in sorted(memory.items()):
                        print(f"  Dask worker {address}: its own peak RSS {own:.0f} MB (Python and Dask; each partition's command, a process of its own, as above)")
        finally:
            cluster.stop()
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
