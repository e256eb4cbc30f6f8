#!/usr/bin/env bash
# The test command: installs what is missing, builds everything (the tests run the built
# `dyn` binary too), then runs every test (XCTest and Swift Testing, which include the
# `.dyn` scripts under Tests/Scripts, Docs/demos and Docs/lessons run through `dyn test`).
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/setup.sh
swift build --build-tests
swift test --skip-build
