#!/usr/bin/env bash
# The 24-puzzle solved optimally, beside the published counts: Korf and Felner's random
# instances (benches/korf-felner24.txt, with the nodes Korf and Felner report for their 6-6-6-6
# databases, AIJ 134, 2002, and the expansions of Clausecker's 'small' zero-aware databases),
# the 6-6-6-6 databases built from nothing into a fresh cache folder by the first instance, then
# each instance in its own process with `--jobs 2`, checked against its published length.
# INSTANCES="40 25 30" runs those (by number); else EASIEST=N (3 by default) runs the N shortest.
# PDB=6-6-6-6x7 searches the catalogue of seven splits instead (its build: some 15 minutes);
# CACHE=FOLDER reads (and keeps) the databases there rather than building them from nothing.
# Prints one Markdown table: per instance its length, nodes (`--stats`'s expanded), time, the
# published counts and eight's nodes against them; then the sums over the instances run.
# Minutes: the build takes some one or two, an 88-move instance more.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v python3 >/dev/null || { echo "bench-24.sh needs python3" >&2; exit 2; }
cargo build --release --quiet
eight=$PWD/target/release/eight
python3 - "$eight" "${EASIEST:-3}" "${JOBS:-2}" "${INSTANCES:-}" "${PDB:-6-6-6-6}" "${CACHE:-}" <<'PY'
import contextlib, os, subprocess, sys, tempfile, time
eight, count, jobs, chosen, pdb, kept = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4].split(), sys.argv[5], sys.argv[6]
rows = [l.split() for l in open("benches/korf-felner24.txt") if l.strip() and not l.startswith("#")]
by_number = {row[0]: row for row in rows}
if chosen:
    picked = [by_number[n] for n in chosen]
else:
    picked = sorted(rows, key=lambda row: (int(row[1]), int(row[0])))[:count]
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

with (contextlib.nullcontext(kept) if kept else tempfile.TemporaryDirectory()) as cache:
    env = dict(os.environ, XDG_CACHE_HOME=cache, EIGHT_CACHE_DIR=kept)
    common = ["path", "--size", "5x5", "--goal", goal, "--stats", "--jobs", jobs, "--pdb", pdb,
              "--max-nodes", "100000000000000"]
    print("| instance | length | eight | nodes | time | Korf & Felner 2002 | Clausecker (zero-aware) | eight / K&F | eight / Clausecker | peak memory |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    sums = [0, 0.0, 0, 0]
    for number, length, korf, clausecker, *cells in picked:
        out, err, took, peak = run(common, " ".join(cells) + "\n", env)
        path = out.strip()
        assert len(path) == int(length), f"instance {number}: {len(path)} moves, published {length}"
        line = [l for l in err.splitlines() if l.startswith("eight: case")][0].split()
        nodes = int(line[line.index("expanded") + 1])
        korf, clausecker = int(korf), int(clausecker)
        for i, value in enumerate([nodes, took, korf, clausecker]):
            sums[i] += value
        memory = f"{peak / 1024:.0f} MiB" if peak else ""
        first = ", the build included" if number == picked[0][0] and not kept else ""
        print(f"| {number} | {length} | {len(path)} | {nodes:,} | {took:.1f} s{first} | {korf:,} "
              f"| {clausecker:,} | {nodes / korf:.2f} | {nodes / clausecker:.2f} | {memory} |")
    nodes, took, korf, clausecker = sums
    print(f"| all {len(picked)} | | | {nodes:,} | {took:.1f} s | {korf:,} | {clausecker:,} "
          f"| {nodes / korf:.2f} | {nodes / clausecker:.2f} | |")
    files = [os.path.join(d, f) for d, _, fs in os.walk(cache) for f in fs]
    size = sum(os.path.getsize(f) for f in files if f.endswith(".bin"))
    print()
    print(f"cache files: {size / 1e6:.1f} MB")
PY
