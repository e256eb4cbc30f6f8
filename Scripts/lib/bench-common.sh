# Sourced by Scripts/bench.sh and Scripts/profile.sh (from the repository's root): what both
# need before they run a scene.
#   PEERS  the peers' harness (default ../shared/bench/run-peers.sh, relative to the root)
#   OUT    a new temporary folder for this run's files
#   BIN    the release dyn-bench: $DYN_BENCH if given, else built here
PEERS="${PEERS:-../shared/bench/run-peers.sh}"
OUT="$(mktemp -d)"
if [ -n "${DYN_BENCH:-}" ]; then
	BIN="$DYN_BENCH"
else
	swift build -c release --product dyn-bench >&2
	BIN="$(swift build -c release --show-bin-path)/dyn-bench"
fi
