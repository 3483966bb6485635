#!/usr/bin/env bash
# The first Korf instances (benches/korf100.txt; KORF=N of them, 10 by default) solved by eight in
# one process and by slidy-cli 0.4 solving each (if `slidy` is on the PATH: `cargo install
# slidy-cli@0.4.0`). slidy's goal has the blank last and Korf's first: turning the board by
# 180 degrees and renaming each tile v to 16 - v carries one onto the other and keeps every
# distance. Prints a Markdown table; the machine is shared, so compare within one run.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v python3 >/dev/null || { echo "bench-korf.sh needs python3" >&2; exit 2; }
cargo build --release --quiet
eight=$PWD/target/release/eight
python3 - "$eight" "${KORF:-10}" <<'PY'
import shutil, subprocess, sys, time
eight, count = sys.argv[1], int(sys.argv[2])
rows = [l.split() for l in open("benches/korf100.txt") if l.strip() and not l.startswith("#")][:count]
goal = " ".join(str(v) for v in range(16))
boards = "".join(" ".join(r[1:]) + "\n" for r in rows)
began = time.perf_counter()
run = subprocess.run([eight, "steps", "--size", "4x4", "--goal", goal, "--stats"],
                     input=boards, capture_output=True, text=True, check=True)
whole = time.perf_counter() - began
lengths = run.stdout.split()
stats = [l for l in run.stderr.splitlines() if l.startswith("eight: case")]
slidy = shutil.which("slidy")
print("| instance | length | eight nodes | eight | slidy-cli 0.4 | slidy / eight |")
print("|---|---|---|---|---|---|")
total_slidy = 0.0
for number, (row, length, line) in enumerate(zip(rows, lengths, stats), 1):
    assert int(length) == int(row[0]), f"instance {number}: {length}, the paper says {row[0]}"
    fields = line.split()
    nodes, ms = int(fields[fields.index("expanded") + 1]), float(fields[-2])
    cells = [int(v) for v in row[1:]]
    turned = [0 if cells[15 - i] == 0 else 16 - cells[15 - i] for i in range(16)]
    state = "/".join(" ".join(str(v) for v in turned[r * 4:r * 4 + 4]) for r in range(4))
    shown = "not installed"
    ratio = ""
    if slidy:
        began = time.perf_counter()
        out = subprocess.run([slidy, "solve", state], capture_output=True, text=True, check=True)
        took = time.perf_counter() - began
        total_slidy += took
        shown = f"{took * 1000:.0f} ms"
        ratio = f"{took * 1000 / ms:.2f}x"
    print(f"| {number} | {length} | {nodes:,} | {ms:.0f} ms | {shown} | {ratio} |")
print(f"| all {len(rows)} | | | {whole:.2f} s (one process) | {total_slidy:.2f} s | "
      f"{(total_slidy / whole if slidy else 0):.2f}x |")
PY
