#!/usr/bin/env bash
# Fuzzes the language for SECONDS seconds (default 60): builds the libFuzzer target
# `dyn-fuzz` (lexer, parser, checker and interpreter under a step budget; not part of normal
# builds), seeds it with every .dyn script of Tests/Scripts and Docs/demos, and runs it in a
# scratch folder. Exit status 0 when it found nothing; a crash leaves its input as
# .build/fuzz/crash-* (replay: .build/fuzz/dyn-fuzz .build/fuzz/crash-...) and exits non-zero.
#
#   Scripts/fuzz.sh 1800          # half an hour
#   FUZZ_JOBS=2 Scripts/fuzz.sh   # two processes
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
root="$PWD"
work="$root/.build/fuzz"
mkdir -p "$work/corpus" "$work/scratch"

DYN_FUZZ=1 swift build -c release --product dyn-fuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld \
    --scratch-path "$root/.build/fuzz-build" >&2
binary="$(DYN_FUZZ=1 swift build -c release --product dyn-fuzz --scratch-path "$root/.build/fuzz-build" --show-bin-path)/dyn-fuzz"
cp "$binary" "$work/dyn-fuzz"

# The seed corpus: the test scripts and the demos, one input each (libFuzzer keeps what it
# learns in the same folder, so later runs start from there).
seeds="$work/seeds"
rm -rf "$seeds" && mkdir -p "$seeds"
find Tests/Scripts Docs/demos -name '*.dyn' -size -4k | while read -r f; do
    cp "$f" "$seeds/$(echo "$f" | tr '/' '_')"
done

cd "$work/scratch"
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}"
jobs="${FUZZ_JOBS:-1}"
extra=()
if [ "$jobs" -gt 1 ]; then extra=(-fork="$jobs"); fi
"$work/dyn-fuzz" "$work/corpus" "$seeds" \
    -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=4096 \
    -artifact_prefix="$work/" -print_final_stats=1 "${extra[@]}"
