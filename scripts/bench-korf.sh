#!/usr/bin/env bash
# The 15-puzzle benchmarks of issue 15, whole processes, as Markdown tables:
#  1. the pattern databases built from nothing (a fresh cache folder): time and file size;
#  2. the first Korf instances (benches/korf100.txt; KORF=N of them, 10 by default) solved by
#     eight in one process and by slidy-cli 0.4 solving each (if `slidy` is on the PATH:
#     `cargo install slidy-cli@0.4.0`);
#  3. all 100 in one process, on one thread and on two (--jobs 2), with peak memory;
#  4. the 80-move board of algs4's puzzle4x4-80.txt to the blank-last goal, on one thread and on
#     two; slidy too when SLIDY80=1 (it takes about four minutes).
# Sections 3 and 4 run with each family of databases (`--pdb 6-6-3`, `--pdb 7-8`) and with the dual
# lookup (`+dual`); every class's tables are built into the user's cache first if missing (some
# five minutes once). Section 2 runs 7-8. BUILD78=1 also times
# the 7-8 build from nothing, in a fresh folder.
# slidy's goal has the blank last and Korf's first: turning the board by 180 degrees and renaming
# each tile v to 16 - v carries one onto the other and keeps every distance. The machine is
# shared, so compare within one run.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v python3 >/dev/null || { echo "bench-korf.sh needs python3" >&2; exit 2; }
cargo build --release --quiet
eight=$PWD/target/release/eight
python3 - "$eight" "${KORF:-10}" "${SLIDY80:-0}" "${BUILD78:-0}" <<'PY'
import os, shutil, subprocess, sys, tempfile, time
eight, count, slidy80, build78 = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1", sys.argv[4] == "1"
slidy = shutil.which("slidy")
korf = [l.split() for l in open("benches/korf100.txt") if l.strip() and not l.startswith("#")]
goal = " ".join(str(v) for v in range(16))

timer = shutil.which("time") and os.path.exists("/usr/bin/time")

def run(args, stdin, env=None):
    """Runs eight; returns stdout, stderr, seconds and the peak resident memory in KiB (with
    GNU time installed: `apt-get install time`)."""
    command = ["/usr/bin/time", "-f", "@peak %M", eight] if timer else [eight]
    began = time.perf_counter()
    done = subprocess.run(command + args, input=stdin, capture_output=True, text=True,
                          check=True, env=env)
    took = time.perf_counter() - began
    err, peak = done.stderr, None
    if timer:
        err, _, last = err.rstrip("\n").rpartition("\n")
        peak = int(last.split()[1])
        err += "\n"
    return done.stdout, err, took, peak

def slidy_state(cells):
    turned = [0 if cells[15 - i] == 0 else 16 - cells[15 - i] for i in range(16)]
    return "/".join(" ".join(str(v) for v in turned[r * 4:r * 4 + 4]) for r in range(4))

def boards(rows):
    return "".join(" ".join(r[1:]) + "\n" for r in rows)

# 1. a cold build
with tempfile.TemporaryDirectory() as cache:
    env = dict(os.environ, XDG_CACHE_HOME=cache)
    _, _, took, peak = run(["steps", "--size", "4x4", "--goal", goal], boards(korf[:1]), env)
    files = [os.path.join(d, f) for d, _, fs in os.walk(cache) for f in fs]
    size = sum(os.path.getsize(f) for f in files)
print("| databases built from nothing (Korf #1 with them) | cache file | peak memory |")
print("|---|---|---|")
print(f"| 6-6-3: {took:.2f} s | {size / 1e6:.1f} MB | {f'{peak / 1024:.0f} MiB' if peak else ''} |")
if build78:
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, XDG_CACHE_HOME=cache)
        _, _, took, peak = run(["steps", "--size", "4x4", "--goal", goal, "--pdb", "7-8"],
                               boards(korf[:1]), env)
        files = [os.path.join(d, f) for d, _, fs in os.walk(cache) for f in fs]
        size = sum(os.path.getsize(f) for f in files)
    print(f"| 7-8: {took:.2f} s | {size / 1e6:.1f} MB | {f'{peak / 1024:.0f} MiB' if peak else ''} |")
print()
# warm the user's cache for what follows
for pdb in ["6-6-3+dual", "7-8+dual"]:  # every class's tables, for the dual lookups
    run(["steps", "--size", "4x4", "--goal", goal, "--pdb", pdb], boards(korf[:1]))

# 2. the first instances, vs slidy
rows = korf[:count]
out, err, whole, _ = run(["steps", "--size", "4x4", "--goal", goal, "--stats", "--pdb", "7-8"],
                        boards(rows))
lengths = out.split()
stats = [l for l in err.splitlines() if l.startswith("eight: case")]
print("| instance | length | eight nodes | eight | slidy-cli 0.4 | slidy / eight |")
print("|---|---|---|---|---|---|")
total_slidy = 0.0
for number, (row, length, line) in enumerate(zip(rows, lengths, stats), 1):
    assert int(length) == int(row[0]), f"instance {number}: {length}, the paper says {row[0]}"
    fields = line.split()
    nodes, ms = int(fields[fields.index("expanded") + 1]), float(fields[-2])
    shown, ratio = "not installed", ""
    if slidy:
        began = time.perf_counter()
        subprocess.run([slidy, "solve", slidy_state([int(v) for v in row[1:]])],
                       capture_output=True, text=True, check=True)
        took = time.perf_counter() - began
        total_slidy += took
        shown, ratio = f"{took * 1000:.0f} ms", f"{took * 1000 / max(ms, 0.001):.2f}x"
    print(f"| {number} | {length} | {nodes:,} | {ms:.0f} ms | {shown} | {ratio} |")
print(f"| all {len(rows)} | | | {whole:.2f} s (one process) | {total_slidy:.2f} s | "
      f"{(total_slidy / whole if slidy else 0):.2f}x |")
print()

# 3. all 100
print("| Korf's 100, one process | time | nodes | peak memory |")
print("|---|---|---|---|")
for pdb, jobs in [(p, j) for p in ["6-6-3", "7-8", "6-6-3+dual", "7-8+dual"] for j in ["1", "2"]]:
    out, err, took, peak = run(["steps", "--size", "4x4", "--goal", goal, "--stats",
                                "--jobs", jobs, "--pdb", pdb], boards(korf))
    assert [int(v) for v in out.split()] == [int(r[0]) for r in korf], "a length differs"
    nodes = sum(int(l.split()[l.split().index("expanded") + 1])
                for l in err.splitlines() if l.startswith("eight: case"))
    memory = f"{peak / 1024:.0f} MiB" if peak else "(needs GNU time)"
    print(f"| {pdb}, --jobs {jobs} | {took:.2f} s | {nodes:,} | {memory} |")
print()

# 4. the 80-move board
board = "0 12 9 13 15 11 10 14 3 7 5 6 4 8 2 1"
# and its mirror image on the diagonal, renamed for the same goal: 80 moves too
mate = "0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1"
print("| an 80-move board | time | nodes |")
print("|---|---|---|")
for shown, cells in [("", board), ("its mirror, ", mate)]:
    for pdb, jobs in [(p, j) for p in ["6-6-3", "7-8", "7-8+dual"] for j in ["1", "2"]]:
        out, err, took, _ = run(["path", "--size", "4x4", "--stats", "--jobs", jobs, "--pdb", pdb],
                                cells + "\n")
        assert len(out.strip()) == 80, out
        nodes = int(err.split("expanded")[1].split()[0])
        print(f"| {shown}eight {pdb} --jobs {jobs} | {took:.2f} s | {nodes:,} |")
if slidy and slidy80:
    cells = [int(v) for v in board.split()]
    state = "/".join(" ".join(str(v) for v in cells[r * 4:r * 4 + 4]) for r in range(4))
    began = time.perf_counter()
    subprocess.run([slidy, "solve", state], capture_output=True, text=True, check=True)
    print(f"| slidy-cli 0.4 | {time.perf_counter() - began:.2f} s | |")
PY
