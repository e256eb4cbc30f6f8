#!/usr/bin/env bash
# Benchmark dyn against its peers on this machine, in one run (scenes: /work/shared/bench/scenes.md).
#
# Builds dyn-bench in release mode, runs it, runs the peer harnesses (Box2D 2.4 and
# Chipmunk 7, through run-peers.sh beside scenes.md), prints every engine's line, then dyn's
# time per step as a ratio to each peer's (below 1: dyn is faster).
#
# Usage: Scripts/bench.sh [scene|all] [runs]
#   scene: pyramid20 | pyramid100 | rain | all (default all; dyn has no chains scene yet)
#   runs:  fresh worlds per scene and engine, median reported (default 3)
# Environment: PEERS=<path to run-peers.sh> (default /work/shared/bench/run-peers.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
SCENE="${1:-all}"
RUNS="${2:-3}"
PEERS="${PEERS:-/work/shared/bench/run-peers.sh}"
OUT="$(mktemp -d)"

swift build -c release --product dyn-bench >&2
BIN="$(swift build -c release --show-bin-path)/dyn-bench"

{
	echo "# $(date -u +%FT%TZ) $(uname -m) cores=$(nproc) load: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
} >&2
"$BIN" "$SCENE" "$RUNS" > "$OUT/dyn.txt" 2> "$OUT/dyn.log"
BUILD_DIR="$OUT" bash "$PEERS" "$SCENE" "$RUNS" > "$OUT/peers.txt" 2> "$OUT/peers.err" || true
cat "$OUT/dyn.txt" "$OUT/peers.txt"

echo
awk '
	{ for (i = 3; i <= NF; i++) if ($i ~ /^ms_per_step=/) { split($i, kv, "="); ms[$1, $2] = kv[2] }
	  scenes[$2] = 1; if ($1 == "dyn") order[++n] = $2 }
	END {
		printf "%-11s %10s %10s %10s %12s %12s\n", "scene", "dyn", "box2d24", "chipmunk7", "dyn/box2d24", "dyn/chipmunk7"
		for (k = 1; k <= n; k++) {
			s = order[k]; d = ms["dyn", s]; b = ms["box2d24", s]; c = ms["chipmunk7", s]
			printf "%-11s %10s %10s %10s %12s %12s\n", s, d, (b == "" ? "-" : b), (c == "" ? "-" : c),
				(b > 0 ? sprintf("%.2f", d / b) : "-"), (c > 0 ? sprintf("%.2f", d / c) : "-")
		}
	}' "$OUT/dyn.txt" "$OUT/peers.txt"
echo "details: $OUT/dyn.log $OUT/peers-details.log" >&2
