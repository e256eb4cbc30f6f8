#!/usr/bin/env bash
# Times the language side of dyn (the interpreter, not the engine's step), release build.
#
# 1. Whole scripts: 10,000 literal `add view` lines (without and with `undo` in the script,
#    which makes every command keep its undo entry, as at the prompt), one loop that adds
#    50,000 items, one loop of 100,000 iterations that only evaluates expressions. Each is
#    also run at a tenth of its size: the time per line or iteration must stay about the same.
# 2. Per command against the world's size: a world of N items (1,000 to 50,000, made by a
#    loop), then K literal commands of one kind (`add view`, `set`, `print`, `gravity on`,
#    `push … instant`, `attach anchor`, `remove` (at most half the items), `add group` of two
#    items (as many), `step 1`) with
#    `undo` history on. The script says `undo` once, right after the world (taking back one
#    `add view`), so that the history is kept for every command after it as at the prompt, and
#    no rebuild by `undo` at the end is timed with the commands. One more `add view` follows
#    in the world's own part: the first command after the loop keeps the world as a checkpoint
#    and pays its copy, once (10 ms on 50,000 items); the K commands show the steady cost. The time per command is
#    (T(world + K commands) - T(world)) / K, the median over RUNS rounds (each round runs the
#    world alone and every kind once, so that drift cancels; wall time to the microsecond). K = 10,000 spans several checkpoints of the history at every size (the
#    commands between two of them take four copies of the world: on 50,000 items 3,500
#    `add view`s or 12,000 `set`s), so each command shows its steady share of the copies;
#    with 2,000 the window on 50,000 items held one copy and no whole period. `step 1` is
#    timed with K_STEP = 200 (its cost is the engine's, which grows with the world).
#
# Prints wall seconds and peak resident memory (MiB, GNU time's maximum RSS) and the load.
# With COUNT=1 it counts instructions instead (valgrind's callgrind, whole program; one run is
# enough, counts do not move with the machine's load): the "seconds" columns are then
# millions of instructions and the per-command columns instructions.
#
# Usage: Scripts/bench-lang.sh [runs] [sizes...]   (default 3 runs; sizes 1000 5000 20000 50000)
# With WORLD=asleep the per-command worlds are `uikit` worlds whose items collide and have
# been stepped until every item sleeps (islands found, the world paused), so that the commands
# that wake items (push, attach, a group made) show what waking costs as the world grows.
# Environment: DYN=<a built dyn> skips the build; K=<commands per kind> (default 10000);
#              WORLD=plain|asleep (default plain);
#              K_STEP=<steps> (default 200);
#              LITERAL_SIZES (default "1000 10000"); COUNT=1 counts instructions.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS="${1:-3}"
shift || true
SIZES=("$@")
[ ${#SIZES[@]} -gt 0 ] || SIZES=(1000 5000 20000 50000)
K="${K:-10000}"
K_STEP="${K_STEP:-200}"
if [ -z "${DYN:-}" ]; then
	swift build -c release --product dyn >&2
	DYN="$(swift build -c release --show-bin-path)/dyn"
fi
OUT="$(mktemp -d)"
if [ "${COUNT:-0}" = 1 ]; then WHAT="M instructions"; EACH="instructions"; else WHAT="seconds"; EACH="µs"; fi
trap 'rm -rf "$OUT"' EXIT

# measure FILE: prints "seconds maxrss_kib" of one run of dyn on FILE (its output dropped).
measure() {
	if [ "${COUNT:-0}" = 1 ]; then
		valgrind --tool=callgrind --callgrind-out-file=/dev/null "$DYN" "$1" > /dev/null 2> "$OUT/err" || { cat "$OUT/err" >&2; exit 1; }
		echo "$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$OUT/err" | awk '{ print $1 / 1000000 }') 0"
		return
	fi
	local start end
	start=$(date +%s%N)
	/usr/bin/time -f "%M" -o "$OUT/time" "$DYN" "$1" > /dev/null 2> "$OUT/err" || { cat "$OUT/err" >&2; exit 1; }
	end=$(date +%s%N)
	echo "$(echo "($end - $start) / 1000000000" | bc -l) $(cat "$OUT/time")"
}

# median FILE: the median seconds of RUNS runs, and the largest peak memory (MiB).
median() {
	local i times=() mem=0 t m
	for ((i = 0; i < RUNS; i++)); do
		read -r t m < <(measure "$1")
		times+=("$t")
		((m > mem)) && mem=$m
	done
	printf '%s %d\n' "$(printf '%s\n' "${times[@]}" | sort -g | sed -n "$(((RUNS + 1) / 2))p")" $((mem / 1024))
}

echo "load: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores"
echo
echo "## Whole scripts (median of $RUNS runs; $WHAT, peak MiB, $EACH per line or iteration)"

# literal N [undo]: N `add view` lines, 20 items to a row of 10 pt squares.
literal() {
	local n=$1 i
	for ((i = 0; i < n; i++)); do
		echo "add view v$i frame $((i % 200 * 12)) $((i / 200 * 12)) 10 10"
	done
	[ "${2:-}" = undo ] && echo "undo"
	return 0
}
row() { # name file count
	local s m
	read -r s m < <(median "$2")
	printf '%-36s %10.3f %6d MiB %11.2f each\n' "$1" "$s" "$m" "$(echo "$s * 1000000 / $3" | bc -l)"
}
for n in ${LITERAL_SIZES:-1000 10000}; do
	literal $n > "$OUT/lit$n.dyn"
	row "$n literal add view" "$OUT/lit$n.dyn" $n
	literal $n undo > "$OUT/litu$n.dyn"
	row "$n literal add view (undo on)" "$OUT/litu$n.dyn" $n
done
for n in 5000 50000; do
	echo "for i in 0..<$n { add view \"b{i}\" frame (i % 200 * 12) (floor(i / 200) * 12) 10 10 }" > "$OUT/loop$n.dyn"
	row "loop adding $n items" "$OUT/loop$n.dyn" $n
done
for n in 10000 100000; do
	printf 'let x = 0\nfor i in 0..<%d { set x = x + (i * 3 + 1) %% 7 - sqrt(i) / 2 }\nprint x\n' $n > "$OUT/expr$n.dyn"
	row "expression loop, $n iterations" "$OUT/expr$n.dyn" $n
done

echo
echo "## Per command against world size (undo on; median of $RUNS rounds; K = $K commands, $K_STEP steps; $EACH each)"
WORLD="${WORLD:-plain}"
echo "(world: $WORLD)"
printf '%-8s %10s %10s %10s %10s %10s %10s %10s %10s %10s %10s\n' items "add view" "set" "print" "gravity" "push" "attach" "remove" "group" "step 1" "peak MiB"
KINDS=(add set print gravity push attach remove group step)
# count KIND N: how many commands of the kind a script runs (`remove` takes at most half the
# world's items; `step 1` is the engine's work, timed over K_STEP).
count() {
	case $1 in
	step) echo "$K_STEP" ;;
	remove | group) echo $((K < $2 / 2 ? K : $2 / 2)) ;;
	*) echo "$K" ;;
	esac
}
for n in "${SIZES[@]}"; do
	base="$OUT/base$n.dyn"
	{
		if [ "$WORLD" = asleep ]; then echo 'set world.model "uikit"'; fi
		echo "for i in 0..<$n { add view \"b{i}\" frame (i % 200 * 12) (floor(i / 200) * 12) 10 10 }"
		if [ "$WORLD" = asleep ]; then echo 'collide all'; fi
	} > "$base"
	{
		cat "$base"
		echo "add view z frame 0 -100 10 10"; echo undo; echo "add view y frame 0 -200 10 10"
		# Items 2 pt apart: every neighbour is a measured contact; all sleep after 31 frames
		# (after the adds, which wake every item).
		if [ "$WORLD" = asleep ]; then echo 'step 60'; fi
	} > "$OUT/b0.dyn"
	for kind in "${KINDS[@]}"; do
		count=$(count $kind $n)
		{
			cat "$OUT/b0.dyn"
			for ((k = 0; k < count; k++)); do
				case $kind in
				add) echo "add view c$k frame $((k % 100 * 12)) $((3000 + k / 100 * 12)) 10 10" ;;
				set) echo "set b$((k * 7 % n)).x $((k % 300))" ;;
				print) echo "print b$((k * 7 % n)).x" ;;
				gravity) echo "gravity on b$((k * 7 % n))" ;;
				push) echo "push b$((k * 7 % n)) instant 0 1" ;;
				attach) echo "attach anchor b$((k * 7 % n)) to 5 5" ;;
				remove) echo "remove b$((k * 2))" ;;
				group) echo "add group g$k b$((k * 2)) b$((k * 2 + 1))" ;;
				step) echo "step 1" ;;
				esac
			done
		} > "$OUT/$kind$n.dyn"
	done
	# Rounds: the world alone, then each kind, in turn; a kind's figure is the median over the
	# rounds of (its time - the world's time in the same round) / its count, so that the
	# machine's drift between rounds cancels.
	declare -A per=()
	peak=0
	for ((r = 0; r < RUNS; r++)); do
		read -r t0 m < <(measure "$OUT/b0.dyn")
		((m > peak)) && peak=$m
		for kind in "${KINDS[@]}"; do
			count=$(count $kind $n)
			read -r t m < <(measure "$OUT/$kind$n.dyn")
			((m > peak)) && peak=$m
			per[$kind]+="$(echo "($t - $t0) * 1000000 / $count" | bc -l) "
		done
	done
	line="$(printf '%-8s' "$n")"
	for kind in "${KINDS[@]}"; do
		line+="$(printf ' %10.1f' "$(printf '%s\n' ${per[$kind]} | sort -g | sed -n "$(((RUNS + 1) / 2))p")")"
	done
	echo "$line $(printf '%10d' $((peak / 1024)))"
	unset per
done
echo
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
