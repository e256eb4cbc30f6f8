#!/usr/bin/env bash
# The test command: installs what is missing, builds everything (the tests run the built
# `dyn` binary too), then runs every test (XCTest and Swift Testing, which include the
# `.dyn` scripts under Tests/Scripts and Docs/demos run through `dyn test`'s rules), and the
# demos once more through the program itself, as a user runs them.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/setup.sh
swift build --build-tests
swift test --skip-build
"$(swift build --show-bin-path)/dyn" test Docs/demos
