#!/usr/bin/env bash
# Times pictures in a release build (issue #9's targets): a terminal picture of 2,000 items,
# a live frame of 500, and a 10 s GIF of the 2,000-ball rain scene at 480 × 360.
#
# Usage: Scripts/bench-pictures.sh [show|live|record|all]
# Prints `draw NAME value=X unit target=Y ok=yes|no` lines; the GIF is left in a temporary folder.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/setup.sh
swift build -c release --product dyn-bench-draw >&2
BIN="$(swift build -c release --show-bin-path)/dyn-bench-draw"
OUT="$(mktemp -d)"
echo "# $(date -u +%FT%TZ) $(uname -m) cores=$(nproc) load: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')" >&2
"$BIN" "${1:-all}" "$OUT"
echo "# the GIF: $OUT/rain.gif" >&2
