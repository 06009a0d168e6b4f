#!/bin/sh
# Regenerate docs/claims-<slug>.md for every manifest in theorems/ with `dpcert verify --markdown`.
set -e
cd "$(dirname "$0")/.."
cargo build --release --quiet
for f in theorems/*.toml; do
    slug=$(basename "$f" .toml)
    ./target/release/dpcert verify --paper "$slug" --markdown > "docs/claims-$slug.md" || true
done
