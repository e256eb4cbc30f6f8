#!/usr/bin/env bash
# Runs dyn on a demo script (default: the projectile demo), installing what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/setup.sh
swift build --product dyn >&2
exec .build/debug/dyn "${1:-Docs/demos/projectile.dyn}"
