#!/usr/bin/env bash
# The test command: installs what is missing, builds everything (the tests run the built
# `dyn` binary too), then runs every test (XCTest and Swift Testing, which include the
# `.dyn` scripts under Tests/Scripts, Docs/demos and Docs/lessons run through `dyn test`'s rules),
# and the demos once more through the program itself, as a user runs them.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/setup.sh
swift build --build-tests
swift test --skip-build
"$(swift build --show-bin-path)/dyn" test Docs/demos
# A minute of fuzzing (Scripts/fuzz.sh: the libFuzzer target over the lexer, parser and
# interpreter, seeded with the test scripts and demos). DYN_SKIP_FUZZ=1 leaves it out.
if [ "${DYN_SKIP_FUZZ:-0}" != 1 ]; then
    bash Scripts/fuzz.sh 60
fi
