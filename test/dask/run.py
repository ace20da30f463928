#!/usr/bin/python3
"""npm run test:dask: urigram's line filters under a real Dask distributed cluster.

Starts a dask-scheduler and two dask-workers (each with its nanny) on loopback, writes a file of
1,000,000 URIs (some lines not UTF-8, some invalid, CR LF and CR line ends, no LF at the very end),
has Dask cut it into partitions at LF (examples/dask_urigram.py: read_bytes, one subprocess per
partition) and checks, against one `--jobs 1` run over the whole file:

- validate and normalize: the concatenated output is the same bytes; the exit code the same;
- lint --format ndjson: the same URIs and findings in the same order (line numbers count from 1 in
  each partition, docs/cli.md, so they are left out of the comparison);
- a worker process killed with SIGKILL mid-run (the worker, not its nanny) loses nothing: the
  scheduler runs its tasks again and the output is still the same;
- the exit-code contract: a command that exits 2 (a usage error) or 70 (a bug) makes its task raise
  UrigramFailed with the command's message, and the run fails with it.

The scheduler and the workers are stopped at the end whatever happens. Needs Debian's
python3-distributed (run with /usr/bin/python3) and a built checkout (npm run build).
Options: --lines N (default 1,000,000), --blocksize BYTES (default 4 MiB), --time-limit SECONDS (default 300).
"""

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "examples"))

import dask_urigram  # noqa: E402  (the example is what is tested)

NODE = os.environ.get("URIGRAM_NODE") or "node"
CLI = os.path.join(ROOT, "dist", "src", "cli.js")

failures = []


def check(ok: bool, what: str) -> None:
    print(f"{'ok  ' if ok else 'FAIL'} {what}", flush=True)
    if not ok:
        failures.append(what)


def make_input(path: str, lines: int, seed: int = 3986) -> None:
    """A file of URIs as a crawl has them: mostly valid, some invalid, some not UTF-8."""
    rnd = random.Random(seed)
    hosts = [b"example.com", b"www.example.org", b"127.0.0.1", b"[2001:db8::7]", b"xn--bcher-kva.example", b"a.b.c.d.example"]
    segments = [b"docs", b"a%20b", b"%7Euser", b"index.html", b"..", b".", b"caf%C3%A9", b"x;y=1", b"HTTP", b""]
    odd = [
        b"http://example.com/caf\xe9",  # latin-1, not UTF-8
        b"\xff\xfe",  # not UTF-8 at all
        b"http://\xe2\x82/x",  # a UTF-8 sequence cut short
        "http://bücher.example/ä".encode("utf-8"),  # UTF-8, an IRI
        b"http://a b/",  # a space in a host
        b"http://[::1/",  # an unclosed IP literal
        b"",  # an empty line: an empty reference
        b"  http://lead.example/",  # leading spaces
        b"mailto:someone@example.com?subject=hi%20there",
        b"urn:isbn:0451450523",
        b"data:,a",
        b"HTTP://EXAMPLE.COM:80/%7e",
    ]
    with open(path, "wb") as f:
        for k in range(lines):
            r = rnd.random()
            if r < 0.05:
                line = rnd.choice(odd)
            else:
                scheme = rnd.choice([b"http", b"https", b"ftp", b"HTTPS"])
                path_ = b"/".join(rnd.choice(segments) for _ in range(rnd.randint(0, 4)))
                query = b"?q=" + str(rnd.randint(0, 10**6)).encode() if rnd.random() < 0.3 else b""
                frag = b"#s" + str(rnd.randint(0, 99)).encode() if rnd.random() < 0.1 else b""
                line = scheme + b"://" + rnd.choice(hosts) + b"/" + path_ + query + frag
            end = b"\n"
            if k % 997 == 0:
                end = b"\r\n"
            elif k % 1009 == 0:
                end = b"\r"
            if k == lines - 1:
                end = b""  # no LF at the very end
            f.write(line + end)


class Reference:
    """One run of the command over the whole file, started now: its output and exit code by result()."""

    def __init__(self, command, path: str, folder: str):
        self.output = os.path.join(folder, "reference.out")
        with open(path, "rb") as stdin, open(self.output, "wb") as stdout:
            self.process = subprocess.Popen(command, stdin=stdin, stdout=stdout, stderr=subprocess.DEVNULL)

    def result(self):
        code = self.process.wait()
        with open(self.output, "rb") as f:
            return f.read(), code


def lint_records(output: bytes):
    """lint --format ndjson without its line numbers (each partition's count from 1)."""
    records = []
    for line in output.splitlines():
        r = json.loads(line)
        r.pop("line", None)
        for d in r.get("diagnostics", []):
            d.pop("line", None)
            d.pop("endLine", None)
        records.append(r)
    return records


class Cluster:
    """A dask-scheduler and dask-workers on loopback, in process groups of their own, stopped by stop()."""

    def __init__(self, folder: str, workers: int = 2):
        self.folder = folder
        self.processes = []
        self.file = os.path.join(folder, "scheduler.json")
        py = sys.executable
        self.spawn([py, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", "0", "--dashboard-address", "127.0.0.1:0", "--scheduler-file", self.file], "scheduler")
        deadline = time.monotonic() + 60
        while not os.path.exists(self.file):
            if time.monotonic() > deadline:
                raise RuntimeError("the dask-scheduler did not start in 60 s")
            time.sleep(0.1)
        for k in range(workers):
            self.spawn([py, "-m", "distributed.cli.dask_worker", "--scheduler-file", self.file, "--host", "127.0.0.1", "--nthreads", "1", "--nworkers", "1", "--dashboard-address", "127.0.0.1:0", "--local-directory", os.path.join(folder, f"w{k}"), "--name", f"w{k}"], f"worker{k}")

    def spawn(self, command, name: str) -> None:
        log = open(os.path.join(self.folder, f"{name}.log"), "wb")
        self.processes.append(subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True))

    def stop(self) -> None:
        """SIGTERM to each process group (a nanny's worker is in its nanny's), SIGKILL to what is left after 10 s."""
        for p in reversed(self.processes):
            for sig, grace in ((signal.SIGTERM, 10), (signal.SIGKILL, 5)):
                try:
                    os.killpg(p.pid, sig)
                except ProcessLookupError:
                    break
                deadline = time.monotonic() + grace
                while group(p.pid) and time.monotonic() < deadline:
                    time.sleep(0.1)
                if not group(p.pid):
                    break
            try:
                p.wait(timeout=5)
            except subprocess.TimeoutExpired:
                pass
        for p in self.processes:
            left = group(p.pid)
            check(not left, f"no process of the cluster left behind (group {p.pid}{f': {left}' if left else ''})")


def group(pgid: int):
    """The live processes of a process group (a zombie, dead and not yet reaped, is not one)."""
    members = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        if fields[0] != "Z" and int(fields[2]) == pgid:
            members.append(int(entry))
    return members


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
        return True
    except ProcessLookupError:
        return False


def main() -> int:
    options = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    options.add_argument("--lines", type=int, default=1_000_000)
    # 4 MiB, not the example's 16: eight partitions of the million lines, so that the kill comes with several to do and
    # there are seven boundaries between partitions.
    options.add_argument("--blocksize", type=int, default=4 * 1024 * 1024)
    options.add_argument("--time-limit", type=int, default=300, help="seconds before the run stops as failed (default 300)")
    args = options.parse_args()
    if not os.path.exists(CLI):
        print(f"{CLI} is missing: run npm run build first", file=sys.stderr)
        return 2
    from distributed import Client, as_completed

    # Never a hang: past the time limit, the run stops (and the cluster with it, in the finally below).
    def too_long(_signum, _frame):
        raise TimeoutError(f"test:dask took over {args.time_limit} s")

    signal.signal(signal.SIGALRM, too_long)
    signal.alarm(args.time_limit)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="urigram-dask-") as folder:
        data = os.path.join(folder, "uris.txt")
        make_input(data, args.lines)
        size = os.path.getsize(data)
        parts = dask_urigram.partitions(data, args.blocksize)
        print(f"{args.lines:,} lines, {size:,} bytes, {len(parts)} partitions of at most {args.blocksize:,} bytes", flush=True)
        cluster = Cluster(folder)
        try:
            with Client(scheduler_file=cluster.file, timeout=60) as client:
                client.wait_for_workers(2, timeout=60)
                # What urigram reads is the file's bytes: the partitions, concatenated, are the file.
                blocks = client.compute(parts, sync=True)
                with open(data, "rb") as f:
                    check(b"".join(blocks) == f.read() and all(b.endswith(b"\n") for b in blocks[:-1]), "the partitions are the file's bytes, cut after an LF")
                del blocks

                commands = {
                    "validate": ["validate", "--jobs", "1"],
                    "normalize": ["normalize", "--jobs", "1"],
                    "lint": ["lint", "--format", "ndjson", "--jobs", "1"],
                }
                expected = {}
                for name, argv in commands.items():
                    command = [NODE, CLI, *argv]
                    t0 = time.monotonic()
                    # The one --jobs 1 run goes alongside the Dask run: the machine's cores are shared, the time is not summed.
                    reference = Reference(command, data, folder)
                    out, code = dask_urigram.run(client, data, command, args.blocksize)
                    one, one_code = reference.result()
                    print(f"     {name}: {time.monotonic() - t0:.1f} s for both, {len(one):,} bytes of output", flush=True)
                    if name == "lint":
                        check(lint_records(out) == lint_records(one), f"{name}: the same URIs and findings in the same order as one --jobs 1 run")
                    else:
                        check(out == one, f"{name}: the concatenated output is one --jobs 1 run's, byte for byte")
                    check(code == one_code == 1, f"{name}: exit code {code}, one run's {one_code} (1: some input invalid, a result)")
                    expected[name] = one

                # A worker killed mid-run: SIGKILL to the worker process, not its nanny.
                command = [NODE, CLI, *commands["validate"]]
                futures = dask_urigram.submit(client, data, command, args.blocksize)
                pids = client.run(os.getpid)  # worker address -> the worker process's pid
                first = next(iter(as_completed(futures)))
                first.result()
                pending = sum(not f.done() for f in futures)
                victim = sorted(pids.values())[0]
                os.kill(victim, signal.SIGKILL)
                done = client.gather(futures)
                out = b"".join(o for o, _ in done)
                check(pending > 0 and not alive(victim), f"a worker (pid {victim}) was killed with {pending} of {len(futures)} partitions still to do")
                check(out == expected["validate"], "after the kill the output is still one --jobs 1 run's, byte for byte")
                del futures, done

                # The exit-code contract: 2 and 70 fail the task with the command's message.
                for argv, code, said in [
                    ([NODE, CLI, "validate", "--no-such-option"], 2, "--no-such-option"),
                    ([NODE, "-e", 'process.stderr.write("urigram validate: internal error (a bug in urigram): stand-in\\n"); process.exit(70)'], 70, "stand-in"),
                ]:
                    try:
                        dask_urigram.run(client, data, argv, args.blocksize)
                        raised = None
                    except dask_urigram.UrigramFailed as e:
                        raised = str(e)
                    check(raised is not None and f"exited {code}" in raised and said in raised, f"exit {code}: the task raises UrigramFailed with the command's message ({raised!r:.160})")
        finally:
            cluster.stop()
    print(f"{'passed' if not failures else f'{len(failures)} failed'} in {time.monotonic() - started:.0f} s", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
