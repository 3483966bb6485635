#!/usr/bin/env bash
# The 24-puzzle solved optimally, beside the published counts: Korf and Felner's random
# instances (benches/korf-felner24.txt, with the nodes Korf and Felner report for their 6-6-6-6
# databases, AIJ 134, 2002, and the expansions of Clausecker's 'small' zero-aware databases),
# each instance in its own process with `--jobs 2`, checked against its published length.
# INSTANCES="40 25 30" runs those (by number); else EASIEST=N (3 by default) runs the N easiest
# by Clausecker's count (38 40 44 25 1 32 37 30 ... : their order in the file's fourth column).
# CMD=steps (the default: a count, the first shortest path ends the search) or CMD=path (the
# canonical path). PDB=auto (the default: what a user gets, the databases chosen and built as
# the run goes) or a family (PDB=6-6-6-6x7z). CACHE=FOLDER reads (and keeps) the databases
# there; without it they are built from nothing into a fresh folder by the first instance.
# RESULTS=FILE appends each instance's row to FILE as it ends and skips those FILE holds: a
# campaign that is killed resumes where it stopped (scripts/campaign-24.sh).
# Prints one Markdown table: per instance its length, nodes (`--stats`'s expanded), what
# answered, time, the published counts (and Döbbelin et al.'s, the max of their three large
# databases, 1.4 TB: benches/doebbelin24.txt) and eight's nodes against them; then the sums.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v python3 >/dev/null || { echo "bench-24.sh needs python3" >&2; exit 2; }
cargo build --release --quiet
eight=$PWD/target/release/eight
python3 - "$eight" "${EASIEST:-3}" "${JOBS:-2}" "${INSTANCES:-}" "${PDB:-auto}" "${CACHE:-}" \
  "${CMD:-steps}" "${RESULTS:-}" <<'PY'
import contextlib, os, subprocess, sys, tempfile, time
eight, count, jobs, chosen, pdb, kept, cmd, results = sys.argv[1:9]
count, chosen = int(count), chosen.split()
assert cmd in ("steps", "path"), f"CMD={cmd}: steps or path"
rows = [l.split() for l in open("benches/korf-felner24.txt") if l.strip() and not l.startswith("#")]
by_number = {row[0]: row for row in rows}
# Döbbelin et al.'s max-of count, by instance (the last column)
doebbelin = {l.split()[0]: int(l.split()[-1]) for l in open("benches/doebbelin24.txt")
             if l.strip() and not l.startswith("#")}
if chosen:
    picked = [by_number[n] for n in chosen]
else:
    picked = sorted(rows, key=lambda row: (int(row[3]), int(row[0])))[:count]
done = set()
if results and os.path.exists(results):
    done = {l.split("|")[1].strip() for l in open(results) if l.startswith("| ") and l[2].isdigit()}
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
    env = dict(os.environ, XDG_CACHE_HOME=cache, EIGHT_CACHE_DIR=cache)
    common = [cmd, "--size", "5x5", "--goal", goal, "--stats", "--jobs", jobs,
              "--max-nodes", "100000000000000"]
    if pdb != "auto":
        common += ["--pdb", pdb]
    print("| instance | length | eight | nodes | method | time | Korf & Felner 2002 | Clausecker (zero-aware) | Döbbelin et al. (max of three) | eight / K&F | eight / Clausecker | eight / Döbbelin | peak memory |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    sums, first = [0, 0.0, 0, 0, 0], True
    for number, length, korf, clausecker, *cells in picked:
        if number in done:
            continue
        out, err, took, peak = run(common, " ".join(cells) + "\n", env)
        answer = out.strip()
        moves = int(answer) if cmd == "steps" else len(answer)
        assert moves == int(length), f"instance {number}: {moves} moves, published {length}"
        line = [l for l in err.splitlines() if l.startswith("eight: case")][0].split()
        nodes, method = int(line[line.index("expanded") + 1]), line[3]
        korf, clausecker, large = int(korf), int(clausecker), doebbelin[number]
        for i, value in enumerate([nodes, took, korf, clausecker, large]):
            sums[i] += value
        memory = f"{peak / 1024:.0f} MiB" if peak else ""
        built = ", the build included" if first and not kept else ""
        row = (f"| {number} | {length} | {moves} | {nodes:,} | {method} | {took:.1f} s{built} "
               f"| {korf:,} | {clausecker:,} | {large:,} | {nodes / korf:.2f} | {nodes / clausecker:.2f} "
               f"| {nodes / large:.2f} | {memory} |")
        print(row, flush=True)
        if results:
            with open(results, "a") as kept_rows:
                kept_rows.write(row + "\n")
        first = False
    nodes, took, korf, clausecker, large = sums
    if korf:
        print(f"| all {len(picked) - len(done)} | | | {nodes:,} | | {took:.1f} s | {korf:,} | {clausecker:,} "
              f"| {large:,} | {nodes / korf:.2f} | {nodes / clausecker:.2f} | {nodes / large:.2f} | |")
    files = [os.path.join(d, f) for d, _, fs in os.walk(cache) for f in fs]
    size = sum(os.path.getsize(f) for f in files if f.endswith(".bin"))
    print()
    print(f"cache files: {size / 1e6:.1f} MB")
PY
