#!/usr/bin/env bash
# Builds the browser game into web/dist/: index.html, the JS glue and the wasm (with the `web`
# size profile, then binaryen's wasm-opt -Oz), the levels and textures packed apart (data.bin),
# the service worker, the manifest and the icon,
# each beside its precompressed forms (NAME.br, NAME.gz) that web/serve.mjs sends. Needs the
# wasm32 target, wasm-bindgen's CLI at the version in Cargo.lock and Node (for binaryen from
# npm and the compression); installs the first two and the npm packages when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
rustup target list --installed | grep -q '^wasm32-unknown-unknown$' ||
  rustup target add wasm32-unknown-unknown
version=$(sed -n '/^name = "wasm-bindgen"$/{n;s/^version = "\(.*\)"/\1/p}' Cargo.lock)
if [ "$(wasm-bindgen --version 2>/dev/null | cut -d' ' -f2)" != "$version" ]; then
  echo "== cargo install wasm-bindgen-cli $version"
  cargo install -q wasm-bindgen-cli --version "$version" --no-default-features --bin wasm-bindgen
fi
if [ ! -x web/node_modules/.bin/wasm-opt ]; then
  echo "== npm ci (binaryen's wasm-opt, playwright-core)"
  (cd web && npm ci --no-audit --no-fund --loglevel=error)
fi
echo "== cargo build --profile web --target wasm32-unknown-unknown --features web-data,webrtc"
cargo build -q --locked --profile web --target wasm32-unknown-unknown --bin tilecaster \
  --features web-data,webrtc
rm -rf web/dist
mkdir -p web/dist
wasm-bindgen --target web --no-typescript --remove-name-section --remove-producers-section \
  --out-dir web/dist "${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/web/tilecaster.wasm"
before=$(wc -c <web/dist/tilecaster_bg.wasm)
echo "== wasm-opt -Oz"
# The features Rust's wasm32 target uses by default.
web/node_modules/.bin/wasm-opt -Oz --enable-bulk-memory --enable-nontrapping-float-to-int \
  --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue \
  -o web/dist/tilecaster_bg.wasm.opt web/dist/tilecaster_bg.wasm
mv web/dist/tilecaster_bg.wasm.opt web/dist/tilecaster_bg.wasm
wasm=$(wc -c <web/dist/tilecaster_bg.wasm)
# The levels and textures, apart from the code (the `web-data` feature does not embed them).
node web/pack-data.mjs web/dist/data.bin
data=$(wc -c <web/dist/data.bin)
sed -e "s/__WASM_BYTES__/$wasm/" -e "s/__DATA_BYTES__/$data/" web/index.html >web/dist/index.html
build=$(cat web/dist/tilecaster_bg.wasm web/dist/tilecaster.js web/dist/data.bin web/dist/index.html |
  sha256sum | cut -c1-12)
sed "s/__BUILD__/$build/" web/sw.js >web/dist/sw.js
cp web/manifest.webmanifest web/icon.svg web/dist/
node web/compress.mjs web/dist
gz=$(($(wc -c <web/dist/tilecaster_bg.wasm.gz) + $(wc -c <web/dist/tilecaster.js.gz)))
br=$(($(wc -c <web/dist/tilecaster_bg.wasm.br) + $(wc -c <web/dist/tilecaster.js.br)))
datagz=$(wc -c <web/dist/data.bin.gz)
echo "web/dist: wasm $wasm bytes ($before before wasm-opt); wasm and JS gzipped $gz bytes, brotli $br bytes; data $data bytes, gzipped $datagz"
