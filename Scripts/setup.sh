#!/usr/bin/env bash
# Installs the system packages dyn needs (Debian): libedit-dev for line editing, libcairo2-dev
# and libgif-dev for pictures and animations, tmux for the terminal tests, chromium for the test
# of the HTML player. Does nothing when they are already there; uses sudo when not root.
set -euo pipefail
need=()
for pkg in libedit-dev libcairo2-dev libgif-dev tmux chromium; do
	dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || need+=("$pkg")
done
if [ "${#need[@]}" -gt 0 ]; then
	sudo=""
	[ "$(id -u)" -eq 0 ] || sudo="sudo"
	echo "installing: ${need[*]}" >&2
	$sudo apt-get install -y -qq "${need[@]}" >/dev/null 2>&1 || {
		$sudo apt-get update -qq >/dev/null && $sudo apt-get install -y -qq "${need[@]}" >/dev/null
	}
fi
