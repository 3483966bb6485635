#!/usr/bin/env bash
# All 50 of Korf and Felner's 24-puzzle instances, easiest first (by Clausecker's count), each
# row appended to RESULTS (korf-felner24.results by default) as its instance ends: safe to kill,
# and run again it resumes with the first instance the file does not hold. The databases are
# kept in the user's cache (CACHE=FOLDER for another), built by the first instance that pays for
# them. What it would take: the README's 24-puzzle section.
set -euo pipefail
cd "$(dirname "$0")/.."
cache=${CACHE:-${EIGHT_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/eight}}
mkdir -p "$cache"
RESULTS=${RESULTS:-korf-felner24.results} EASIEST=50 CACHE=$cache exec scripts/bench-24.sh
