#!/usr/bin/python3
"""urigram's line filters on a Dask distributed cluster.

A file of one URI per line is read as bytes and cut into partitions at LF by Dask
(dask.bytes.read_bytes with delimiter=b"\\n"), so what each urigram process reads is the
file's own bytes, whatever their encoding; each partition is one task that runs the
command as a subprocess with the partition on its standard input, and the outputs,
concatenated in partition order, are the output of the whole file (docs/cli.md, "As a
line filter"; docs/scale.md).

The exit-code contract: 0 and 1 are results (1: some input invalid); any other code
(2 usage, 66 no input, 70 a bug in urigram, 74 output) fails the task with the
command's message on standard error, and so the run.

    /usr/bin/python3 examples/dask_urigram.py SCHEDULER FILE [COMMAND ...]

runs `urigram validate --jobs 1` when no command is given, writes the output to
standard output, and exits as the command would have on the whole file (0 or 1), or 2
when a task failed. SCHEDULER_ADDRESS is a running dask-scheduler's (tcp://host:port).
Dask comes with Debian's python3-distributed (in /usr/bin/python3).
"""

import os
import subprocess
import sys
from typing import List, Sequence, Tuple

# The partition size: 16 MiB (some 450,000 URIs of a crawl's length). A partition costs a process start (node and
# urigram's modules, about 0.1 s) and a task; npm run bench:scale (docs/scale.md) measured the per-line wall time of
# validate under Dask with two workers at 1.17x the machine's bound with 16 MiB partitions, 1.83x with 4 MiB and 3.5x
# with 1 MiB. Larger partitions cost more to run again when a worker is lost.
BLOCKSIZE = 16 * 1024 * 1024


class UrigramFailed(RuntimeError):
    """The command exited with another code than 0 or 1: a failure of the task, not a result."""


def run_partition(data: bytes, command: Sequence[str]) -> Tuple[bytes, int]:
    """Runs the command on one partition's bytes: its standard output and exit code (0 or 1), or UrigramFailed."""
    done = subprocess.run(list(command), input=data, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if done.returncode in (0, 1):
        return done.stdout, done.returncode
    message = done.stderr.decode("utf-8", "replace").strip()
    raise UrigramFailed(f"{' '.join(command)} exited {done.returncode}: {message}")


def partitions(path: str, blocksize: int = BLOCKSIZE):
    """The file's partitions (dask.delayed objects of bytes), cut at LF, in file order."""
    from dask.bytes import read_bytes

    _sample, blocks = read_bytes(path, delimiter=b"\n", blocksize=blocksize, sample=False)
    return blocks[0]


def submit(client, path: str, command: Sequence[str], blocksize: int = BLOCKSIZE) -> List:
    """One task per partition, submitted: the futures of their outputs and exit codes, in partition order."""
    import dask

    # The workers import this module to run the tasks: send it to them (a cluster's workers need not share our files).
    client.upload_file(os.path.abspath(__file__))
    tasks = [dask.delayed(run_partition, pure=True)(part, tuple(command)) for part in partitions(path, blocksize)]
    return client.compute(tasks)


def run(client, path: str, command: Sequence[str], blocksize: int = BLOCKSIZE) -> Tuple[bytes, int]:
    """The command's output over the whole file (the partitions' outputs, concatenated in order) and its
    exit code (the highest of the partitions': 1 when some input is invalid)."""
    done = client.gather(submit(client, path, command, blocksize))
    return b"".join(out for out, _ in done), max((code for _, code in done), default=0)


def main(argv: Sequence[str]) -> int:
    if len(argv) < 2:
        sys.stderr.write(__doc__)
        return 2
    from distributed import Client

    address, path, *command = argv
    if not command:
        command = ["urigram", "validate", "--jobs", "1"]
    # A scheduler's address (tcp://host:port), or the file dask-scheduler --scheduler-file wrote.
    with (Client(scheduler_file=address) if address.endswith(".json") else Client(address)) as client:
        try:
            output, code = run(client, path, command)
        except UrigramFailed as e:
            sys.stderr.write(f"{e}\n")
            return 2
    sys.stdout.buffer.write(output)
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
