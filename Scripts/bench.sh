#!/usr/bin/env bash
# Benchmark dyn against its peers on this machine, in one run (the scenes:
# Docs/benchmarks.md).
#
# Builds dyn-bench in release mode and the peer harnesses (Box2D 2.4 and Chipmunk 7, through
# run-peers.sh beside scenes.md, and Box2D v3.1.1 through the pip package pyb2d3, which
# run-peers.sh installs into a venv in this run's folder), then runs the four engines
# interleaved, scene by scene and run by run (dyn, Box2D 2.4, Chipmunk, Box2D v3, dyn, ...), so
# that a change in the machine's load hits all of them alike. Prints every engine's line
# (median of the runs, the peers' format) and dyn's time per step as a ratio to each peer's
# (below 1: dyn is faster). Without python3 or pip the v3 column reads "-".
#
# Usage: Scripts/bench.sh [scene|all] [runs]
#   scene: pyramid20 | pyramid100 | rain | chains | all (default all)
#   runs:  fresh worlds per scene and engine (default 3)
# Environment: PEERS=<path to run-peers.sh> (default ../shared/bench/run-peers.sh, relative to
#              the repository's root; a relative PEERS is taken from there too);
#              DYN_BENCH=<a built dyn-bench> skips the build and runs that binary;
#              BENCH_CPU=<a CPU number> runs every engine on that CPU (default: the last one,
#              where `taskset` exists; BENCH_CPU=none does not pin). On a shared machine the
#              cores' speeds differ from moment to moment (the same binary on two cores at once
#              differed by up to 30 %); on one core, run after run, the engines meet the same one.
set -euo pipefail
cd "$(dirname "$0")/.."
SCENE="${1:-all}"
RUNS="${2:-3}"
. Scripts/lib/bench-common.sh
# Builds (and installs, if needed) the peer harnesses into $OUT, the pyb2d3 venv in $OUT/venv;
# its one quick run is discarded.
BUILD_DIR="$OUT" bash "$PEERS" pyramid20 1 > /dev/null 2> "$OUT/peers.err" || { cat "$OUT/peers.err" >&2; exit 1; }
grep -E '^# box2d3' "$OUT/peers.err" >&2 || true
V3_PY="$OUT/venv/bin/python"
V3_HARNESS="$(cd "$(dirname "$PEERS")" && pwd)/peers/box2d3_py_bench.py"
have_v3=no
if [ -x "$V3_PY" ] && [ -f "$V3_HARNESS" ] && "$V3_PY" -c 'import pyb2d3' 2> /dev/null; then have_v3=yes; fi

PIN=()
CPU="${BENCH_CPU:-$(($(nproc) - 1))}"
if [ "$CPU" != none ] && command -v taskset > /dev/null; then PIN=(taskset -c "$CPU"); fi
PINNED=none
if [ ${#PIN[@]} -gt 0 ]; then PINNED="$CPU"; fi
echo "# $(date -u +%FT%TZ) $(uname -m) cores=$(nproc) pinned to CPU: $PINNED load: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')" >&2
if [ "$SCENE" = all ]; then scenes="pyramid20 pyramid100 rain chains"; else scenes="$SCENE"; fi
for s in $scenes; do
	for ((r = 0; r < RUNS; r++)); do
		${PIN[@]+"${PIN[@]}"} "$BIN" "$s" 1 2>> "$OUT/dyn.log" | grep -E '^dyn ' >> "$OUT/runs.txt" || true
		${PIN[@]+"${PIN[@]}"} "$OUT/box2d24_bench" "$s" 1 2>> "$OUT/peers-details.log" | grep -E '^box2d24 ' >> "$OUT/runs.txt" || true
		${PIN[@]+"${PIN[@]}"} "$OUT/chipmunk7_bench" "$s" 1 2>> "$OUT/peers-details.log" | grep -E '^chipmunk7 ' >> "$OUT/runs.txt" || true
		if [ "$have_v3" = yes ]; then
			${PIN[@]+"${PIN[@]}"} "$V3_PY" "$V3_HARNESS" "$s" 1 2>> "$OUT/peers-details.log" | grep -E '^box2d3 ' >> "$OUT/runs.txt" || true
		fi
	done
done
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')" >&2

# Medians per engine and scene, in the peers' line format, then the ratios.
awk '
	{ key = $1 " " $2; n[key]++; split($5, kv, "="); t[key, n[key]] = kv[2] + 0
	  line[key] = $3 " " $4; if ($6 == "ok=no") bad[key] = 1
	  if (!(key in seen)) { seen[key] = 1; keys[++k] = key } }
	END {
		for (i = 1; i <= k; i++) {
			key = keys[i]; m = n[key]
			for (a = 1; a <= m; a++) v[a] = t[key, a]
			for (a = 1; a <= m; a++) for (b = a + 1; b <= m; b++) if (v[b] < v[a]) { x = v[a]; v[a] = v[b]; v[b] = x }
			med[key] = v[int((m + 1) / 2)]
			printf "%s %s ms_per_step=%.3f ok=%s\n", key, line[key], med[key], (key in bad) ? "no" : "yes"
		}
		printf "\n%-11s %9s %9s %9s %9s %11s %13s %10s\n", "scene", "dyn", "box2d24", "chipmunk7", "box2d3",
			"dyn/box2d24", "dyn/chipmunk7", "dyn/box2d3"
		for (i = 1; i <= k; i++) {
			split(keys[i], p, " "); if (p[1] != "dyn") continue
			s = p[2]; d = med["dyn " s]; b = med["box2d24 " s]; c = med["chipmunk7 " s]; w3 = med["box2d3 " s]
			printf "%-11s %9.3f %9s %9s %9s %11s %13s %10s\n", s, d, (b == "" ? "-" : sprintf("%.3f", b)),
				(c == "" ? "-" : sprintf("%.3f", c)), (w3 == "" ? "-" : sprintf("%.3f", w3)),
				(b > 0 ? sprintf("%.2f", d / b) : "-"), (c > 0 ? sprintf("%.2f", d / c) : "-"), (w3 > 0 ? sprintf("%.2f", d / w3) : "-")
		}
	}' "$OUT/runs.txt"
echo "details: $OUT/dyn.log $OUT/peers-details.log" >&2
