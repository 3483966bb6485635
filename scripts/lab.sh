#!/usr/bin/env bash
# The lab's page: eight's searches compiled to WebAssembly (web/, the crate eight-lab), inlined in
# one HTML file that works offline. usage: scripts/lab.sh PAGE
# As the guide's mdbook preprocessor (docs/book.toml: `scripts/lab.sh --book`), it writes the page
# to docs/src/lab.html (which git ignores), so that `mdbook build docs` copies it beside the
# chapters, and passes the book through unchanged.
# It needs rustup's wasm32-unknown-unknown target, and adds it if rustup is there.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
book=false
if [ "${1:-}" = --book ]; then
  # mdbook asks first whether a renderer is supported: every one is
  [ "${2:-}" = supports ] && exit 0
  book=true
  page="$root/docs/src/lab.html"
else
  page=$(realpath -m "${1:?usage: scripts/lab.sh PAGE}")
fi
cd "$root"
if command -v rustup >/dev/null && ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown >&2
fi
# the cargo that runs this (a test's), else the one on the PATH
cargo=${CARGO:-cargo}
"$cargo" build --locked --quiet -p eight-lab --lib --target wasm32-unknown-unknown --profile lab
target=$(realpath -m "${CARGO_TARGET_DIR:-target}")
"$cargo" run --locked --quiet -p eight-lab --example page -- \
  "$target/wasm32-unknown-unknown/lab/eight_lab.wasm" "$page"
echo "lab: $page ($(($(stat -c %s "$page") / 1024)) KiB)" >&2
if $book; then
  "$cargo" run --locked --quiet -p eight-lab --example book
fi
