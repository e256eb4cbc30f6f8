#!/usr/bin/env bash
# Count the instructions dyn and its peers execute on a standard scene, with callgrind.
#
# Timings on a shared machine move by 10–25 % from run to run; instruction counts do not
# (the same binary and input give the same count whatever else the machine does). So a
# change to the engine is best judged here first, then confirmed with Scripts/bench.sh.
#
# Builds dyn-bench in release mode, runs the scene once under `valgrind --tool=callgrind`
# (the whole program: building the scene, then its steps), prints the total and the
# functions that take the most (inclusive), and with --peers the totals of Box2D 2.4 and
# Chipmunk 7 on the same scene (built by ../shared/bench/run-peers.sh), and with --v3 (or
# --peers when BOX2D3_SRC is set) Box2D v3's: Scripts/peers/box2d3_bench.c built against a
# Box2D v3 source tree (github.com/erincatto/box2d, 3.2 API; never part of this repository)
# with its default options (SSE2, -O3 -DNDEBUG -ffp-contract=off, as its CMake Release build),
# whole program as dyn's, and its step loop alone (callgrind --toggle-collect). The callgrind
# files are kept (the path is printed) for callgrind_annotate.
#
# Usage: Scripts/profile.sh [scene] [--peers] [--v3] [--top N]
#   scene: pyramid20 | pyramid100 | rain | chains (default chains)
# Environment: PEERS=<path to run-peers.sh> (default ../shared/bench/run-peers.sh);
#              DYN_BENCH=<a built dyn-bench> skips the build;
#              BOX2D3_SRC=<a Box2D v3 source tree> (with src/ and include/);
#              BOX2D3_BUILD=<folder for its objects> (default /tmp/dyn-box2d3-build, reused).
set -euo pipefail
cd "$(dirname "$0")/.."
SCENE=chains
WITH_PEERS=no
WITH_V3=no
TOP=15
while [ $# -gt 0 ]; do
	case "$1" in
	--peers) WITH_PEERS=yes; [ -n "${BOX2D3_SRC:-}" ] && WITH_V3=yes ;;
	--v3) WITH_V3=yes ;;
	--top) TOP="$2"; shift ;;
	-h | --help) sed -n '2,25p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	*) SCENE="$1" ;;
	esac
	shift
done
command -v valgrind > /dev/null || { echo "profile.sh: valgrind is not installed (apt-get install -y valgrind)" >&2; exit 1; }
. Scripts/lib/bench-common.sh

# count NAME COMMAND...: runs the command under callgrind, prints "NAME total".
count() {
	local name="$1"
	shift
	valgrind --tool=callgrind --callgrind-out-file="$OUT/$name.out" "$@" > "$OUT/$name.log" 2>&1 \
		|| { cat "$OUT/$name.log" >&2; exit 1; }
	local total
	total="$(grep -E '^summary:' "$OUT/$name.out" | awk '{print $2}')"
	printf '%-10s %-10s %14s instructions\n' "$name" "$SCENE" "$total"
}

# box2d3_bin: builds Box2D v3 from $BOX2D3_SRC (once per source tree) and the harness.
box2d3_bin() {
	local src="${BOX2D3_SRC:?--v3 needs BOX2D3_SRC, a Box2D v3 source tree}" dir="${BOX2D3_BUILD:-/tmp/dyn-box2d3-build}"
	[ -d "$src/src" ] && [ -d "$src/include" ] || { echo "profile.sh: $src has no src/ and include/" >&2; exit 1; }
	mkdir -p "$dir"
	if [ ! -f "$dir/libbox2d.a" ] || [ -n "$(find "$src/src" "$src/include" -newer "$dir/libbox2d.a" -name '*.[ch]' | head -1)" ]; then
		echo "building Box2D v3 from $src into $dir" >&2
		rm -f "$dir"/*.o
		for f in "$src"/src/*.c; do
			gcc -O3 -DNDEBUG -std=c17 -ffp-contract=off -I"$src/include" -I"$src/src" -c "$f" -o "$dir/$(basename "${f%.c}").o" >&2
		done
		ar rcs "$dir/libbox2d.a" "$dir"/*.o
	fi
	gcc -O2 -DNDEBUG -I"$src/include" -o "$OUT/box2d3_bench" Scripts/peers/box2d3_bench.c "$dir/libbox2d.a" -lm -lpthread >&2
	echo "$OUT/box2d3_bench"
}

count dyn "$BIN" "$SCENE" 1
if [ "$WITH_PEERS" = yes ]; then
	BUILD_DIR="$OUT" bash "$PEERS" "$SCENE" 1 > /dev/null 2> "$OUT/peers.err" || { cat "$OUT/peers.err" >&2; exit 1; }
	count box2d24 "$OUT/box2d24_bench" "$SCENE" 1
	count chipmunk7 "$OUT/chipmunk7_bench" "$SCENE" 1
fi
if [ "$WITH_V3" = yes ]; then
	V3="$(box2d3_bin)"
	count box2d3 "$V3" "$SCENE" 1
	valgrind --tool=callgrind --toggle-collect=bench_steps --callgrind-out-file="$OUT/box2d3-steps.out" "$V3" "$SCENE" 1 \
		> /dev/null 2>&1 || true
	printf '%-10s %-10s %14s instructions (its step loop alone)\n' box2d3 "$SCENE" \
		"$(grep -E '^summary:' "$OUT/box2d3-steps.out" | awk '{print $2}')"
fi

echo
echo "dyn, the engine functions that take the most (inclusive, whole program; a function"
echo "can appear twice, once for its own lines and once for code inlined into it):"
demangle() { if command -v swift-demangle > /dev/null; then swift-demangle --simplified --compact; else cat; fi; }
callgrind_annotate --inclusive=yes "$OUT/dyn.out" 2> /dev/null \
	| grep -E '^ *[0-9,]+ \( *[0-9.]+%\) ' \
	| grep -vE 'PROGRAM TOTALS|below main|libc-start|\?\?\?:0x|dyn_bench_main' \
	| sed -E 's/ \[[^]]*\]$//; s#[^ ]*/Sources/##; s#//<compiler-generated>:##' \
	| demangle | head -n "$TOP"
echo
echo "callgrind files: $OUT (callgrind_annotate $OUT/dyn.out)"
