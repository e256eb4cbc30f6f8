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
for script in Docs/pictures/*.dyn Docs/pictures/tutorial/*.dyn; do
	echo "$script" >&2
	(cd "$(dirname "$script")" && "$DYN" "$(basename "$script")")
done
# Each demo's picture: its animation, recorded by `dyn demo NAME --record` (demos without a
# `run T live` have none), into Docs/pictures/demos/. A demo whose KNOWN DEFECT assert fails
# has written its animation before it fails, so its status is not an error here.
mkdir -p Docs/pictures/demos
for script in Docs/demos/*.dyn; do
	name="$(basename "$script" .dyn)"
	grep -q '^run .* live' "$script" || continue
	echo "demo $name" >&2
	"$DYN" demo "$name" --record "Docs/pictures/demos/$name.gif" --fps 15 --size 360 >/dev/null || true
done
