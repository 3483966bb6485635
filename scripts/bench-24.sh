#!/usr/bin/env bash
# The 24-puzzle solved optimally (issue 23): Korf and Felner's easiest random instances
# (benches/korf-felner24.txt; EASIEST=N of them, 3 by default), with the 6-6-6-6 databases
# built from nothing into a fresh cache folder, then each instance in its own process with
# `--jobs 2`, checked against its published length. Prints Markdown tables: the build (time,
# files, peak memory) and per instance its length, nodes (`--stats`'s expanded) and time.
# Minutes: the build takes some two, the 88-move instance more.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v python3 >/dev/null || { echo "bench-24.sh needs python3" >&2; exit 2; }
cargo build --release --quiet
eight=$PWD/target/release/eight
python3 - "$eight" "${EASIEST:-3}" "${JOBS:-2}" <<'PY'
import os, subprocess, sys, tempfile, time
eight, count, jobs = sys.argv[1], int(sys.argv[2]), sys.argv[3]
rows = [l.split() for l in open("benches/korf-felner24.txt") if l.strip() and not l.startswith("#")]
numbered = sorted(enumerate(rows, 1), key=lambda nr: (int(nr[1][0]), nr[0]))[:count]
goal = " ".join(str(v) for v in range(25))
timer = os.path.exists("/usr/bin/time")

def run(args, stdin, env):
    command = (["/usr/bin/time", "-f", "@peak %M"] if timer else []) + [eight] + args
    began = time.perf_counter()
    done = subprocess.run(command, input=stdin, capture_output=True, text=True, check=True, env=env)
    took = time.perf_counter() - began
    err, peak = done.stderr, None
    if timer:
        err, _, last = err.rstrip("\n").rpartition("\n")
        peak = int(last.split()[1])
    return done.stdout, err, took, peak

with tempfile.TemporaryDirectory() as cache:
    env = dict(os.environ, XDG_CACHE_HOME=cache)
    common = ["path", "--size", "5x5", "--goal", goal, "--stats", "--jobs", jobs, "--pdb", "6-6-6-6",
              "--max-nodes", "100000000000"]
    print("| instance | published length | eight | nodes | time (one process each) | peak memory |")
    print("|---|---|---|---|---|---|")
    total = 0.0
    for number, row in numbered:
        board = " ".join(row[1:]) + "\n"
        out, err, took, peak = run(common, board, env)
        path = out.strip()
        assert len(path) == int(row[0]), f"instance {number}: {len(path)} moves, published {row[0]}"
        line = [l for l in err.splitlines() if l.startswith("eight: case")][0].split()
        nodes, ms = int(line[line.index("expanded") + 1]), float(line[-2])
        total += took
        memory = f"{peak / 1024:.0f} MiB" if peak else ""
        print(f"| {number} | {row[0]} | {len(path)} | {nodes:,} | {took:.1f} s | {memory} |")
    files = [os.path.join(d, f) for d, _, fs in os.walk(cache) for f in fs]
    size = sum(os.path.getsize(f) for f in files if f.endswith(".bin"))
    print(f"| all {len(numbered)}, the databases' build from nothing included | | | | {total:.1f} s | |")
    print()
    print(f"cache files: {size / 1e6:.1f} MB")
PY
