#!/usr/bin/env bash
# Serves web/dist/ (built by web/build.sh) on http://127.0.0.1:${PORT:-8080}/.
set -euo pipefail
cd "$(dirname "$0")/dist"
echo "http://127.0.0.1:${PORT:-8080}/"
exec python3 -m http.server --bind 127.0.0.1 "${PORT:-8080}"
