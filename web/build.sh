#!/usr/bin/env bash
# Builds the browser game into web/dist/: index.html, the JS glue and the wasm (with the `web`
# size profile, then binaryen's wasm-opt -Oz), the levels and textures packed apart (data.bin),
# those three named by their content (tilecaster.HASH.js, tilecaster_bg.HASH.wasm,
# data.HASH.bin: cached for good, a new build has new names), the service worker, the manifest
# and the icon, each beside its precompressed forms (NAME.br, NAME.gz) that web/serve.mjs
# sends; and the sizes measured into the manual's paragraph on them. Needs the
# wasm32 target, wasm-bindgen's CLI at the version in Cargo.lock and Node (for binaryen from
# npm and the compression); installs the first two and the npm packages when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
rustup target list --installed | grep -q '^wasm32-unknown-unknown$' ||
  rustup target add wasm32-unknown-unknown
version=$(sed -n '/^name = "wasm-bindgen"$/{n;s/^version = "\(.*\)"/\1/p}' Cargo.lock)
if [ "$(wasm-bindgen --version 2>/dev/null | cut -d' ' -f2)" != "$version" ]; then
  echo "== cargo install wasm-bindgen-cli $version"
  env -u RUSTC_WORKSPACE_WRAPPER cargo install -q wasm-bindgen-cli --version "$version" --no-default-features --bin wasm-bindgen
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
# The files the page loads, named by their content.
hashed() {
  local name
  name="$2.$(sha256sum "web/dist/$1" | cut -c1-12).$3"
  mv "web/dist/$1" "web/dist/$name"
  echo "$name"
}
js_name=$(hashed tilecaster.js tilecaster js)
wasm_name=$(hashed tilecaster_bg.wasm tilecaster_bg wasm)
data_name=$(hashed data.bin data bin)
sed -e "s/__WASM_BYTES__/$wasm/" -e "s/__DATA_BYTES__/$data/" -e "s/__JS__/$js_name/" \
  -e "s/__WASM__/$wasm_name/" -e "s/__DATA__/$data_name/" web/index.html >web/dist/index.html
build=$(cat "web/dist/$wasm_name" "web/dist/$js_name" "web/dist/$data_name" web/dist/index.html |
  sha256sum | cut -c1-12)
sed -e "s/__BUILD__/$build/" -e "s/__HASHED__/[\"$js_name\", \"$wasm_name\", \"$data_name\"]/" \
  web/sw.js >web/dist/sw.js
cp web/manifest.webmanifest web/icon.svg web/dist/
node web/compress.mjs web/dist
size() { wc -c <"web/dist/$1"; }
gz=$(($(size "$wasm_name.gz") + $(size "$js_name.gz")))
br=$(($(size "$wasm_name.br") + $(size "$js_name.br")))
datagz=$(size "$data_name.gz")
databr=$(size "$data_name.br")
echo "web/dist: wasm $wasm bytes ($before before wasm-opt); wasm and JS gzipped $gz bytes, brotli $br bytes; data $data bytes, gzipped $datagz, brotli $databr"
# The manual says what this build measured (between its "sizes" marks).
mb() { awk -v b="$1" 'BEGIN { printf "%.2f MB", b / 1048576 }'; }
sizes="Measured on the last build: the wasm $(mb "$wasm") ($(mb "$before") before \`wasm-opt\`), the wasm and its JS $(mb "$gz") gzipped ($(mb "$br") brotli); the levels and textures $(mb "$data"), $(mb "$datagz") gzipped ($(mb "$databr") brotli)."
node -e '
  const fs = require("fs");
  const [file, sizes] = process.argv.slice(1);
  const text = fs.readFileSync(file, "utf8");
  const marked = /(<!-- sizes -->)[^]*?(<!-- \/sizes -->)/;
  if (!marked.test(text)) { console.error(`${file}: no <!-- sizes --> marks`); process.exit(1); }
  const written = text.replace(marked, (_, open, close) => `${open}${sizes}${close}`);
  if (written !== text) fs.writeFileSync(file, written);
' docs/manual.md "$sizes"
