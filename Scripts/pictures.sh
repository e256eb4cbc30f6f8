#!/usr/bin/env bash
# Makes the pictures of the documentation anew: every Docs/pictures/*.dyn script runs in its
# folder and writes its pictures beside it (the README's GIF among them). The same scripts give
# the same bytes every run, so a change in a picture is a change in dyn.
#
# Usage: Scripts/pictures.sh
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/setup.sh
swift build --product dyn >&2
DYN="$(swift build --show-bin-path)/dyn"
for script in Docs/pictures/*.dyn; do
	echo "$script" >&2
	(cd "$(dirname "$script")" && "$DYN" "$(basename "$script")")
done
