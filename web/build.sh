#!/usr/bin/env bash
# Builds the browser game into web/dist/ (index.html, the JS glue and the wasm), with the
# `web` size profile. Needs the wasm32 target and wasm-bindgen's CLI at the version in
# Cargo.lock; installs both when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
rustup target list --installed | grep -q '^wasm32-unknown-unknown$' ||
  rustup target add wasm32-unknown-unknown
version=$(sed -n '/^name = "wasm-bindgen"$/{n;s/^version = "\(.*\)"/\1/p}' Cargo.lock)
if [ "$(wasm-bindgen --version 2>/dev/null | cut -d' ' -f2)" != "$version" ]; then
  echo "== cargo install wasm-bindgen-cli $version"
  cargo install -q wasm-bindgen-cli --version "$version" --no-default-features --bin wasm-bindgen
fi
echo "== cargo build --profile web --target wasm32-unknown-unknown"
cargo build -q --locked --profile web --target wasm32-unknown-unknown --bin tilecaster
rm -rf web/dist
mkdir -p web/dist
wasm-bindgen --target web --no-typescript --remove-name-section --remove-producers-section \
  --out-dir web/dist "${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/web/tilecaster.wasm"
cp web/index.html web/dist/
wasm=$(wc -c <web/dist/tilecaster_bg.wasm)
gz=$(cat web/dist/tilecaster_bg.wasm web/dist/tilecaster.js | gzip -9 | wc -c)
echo "web/dist: wasm $wasm bytes; wasm and JS gzipped $gz bytes"
