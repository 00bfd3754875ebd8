#!/usr/bin/env bash
# Serves web/dist/ (built by web/build.sh) on http://127.0.0.1:${PORT:-8080}/, each file
# precompressed (brotli or gzip, as the browser accepts) by web/serve.mjs (Node).
set -euo pipefail
exec node "$(dirname "$0")/serve.mjs" "${PORT:-8080}"
