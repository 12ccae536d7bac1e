#!/usr/bin/env bash
# Issue 32's figures: in the root of each package clone in WORK (as
# bench/corpus-docc.sh leaves them, libraries built), unedited, without any
# setup file git does not track:
#
#   OUT/NAME.json   `galley verify --no-cache --format json`: every listing's verdict
#   OUT/times.tsv   per package: listings' cold seconds (with the doc comments,
#                   --no-cache) and warm seconds with and without them (the
#                   median of 3 runs when nothing changed)
#
# bench/doc-comments-summary.py OUT prints the verdict table of BENCHMARKS.md.
#
#   WORK=DIR OUT=DIR GALLEY=/path/to/galley bench/doc-comments.sh [NAME ...]
set -uo pipefail
work=${WORK:?WORK=DIR: the folder of package clones}
out=${OUT:?OUT=DIR: where the reports go}
galley=${GALLEY:?GALLEY=/path/to/galley}
names=("$@")
if ((${#names[@]} == 0)); then
  for dir in "$work"/*/; do names+=("$(basename "$dir")"); done
fi
mkdir -p "$out"

clean() { # removes the setup files git does not track
  (cd "$1" && find . -path ./.build -prune -o -name galley-setup.swift -print | while read -r file; do
    git ls-files --error-unmatch "$file" >/dev/null 2>&1 || rm -f "$file"
  done)
}

since() { # seconds since $1 (an $EPOCHREALTIME)
  awk -v start="$1" -v end="$EPOCHREALTIME" 'BEGIN { printf "%.3f\n", end - start }'
}

seconds() { # seconds one run of "$@" takes, its output thrown away
  local start=$EPOCHREALTIME
  "$@" >/dev/null 2>&1
  since "$start"
}

median3() { # the median of three runs of "$@"
  { seconds "$@"; seconds "$@"; seconds "$@"; } | sort -n | sed -n 2p
}

printf 'package\tcold\twarm\twarm_without\n' >"$out/times.tsv"
for name in "${names[@]}"; do
  dir="$work/$name"
  [ -f "$dir/Package.swift" ] || { echo "skipping $name: no Package.swift in $dir" >&2; continue; }
  clean "$dir"
  echo "== $name" >&2
  start=$EPOCHREALTIME
  (cd "$dir" && "$galley" verify --no-cache --format json >"$out/$name.json" 2>"$out/$name.log")
  cold=$(since "$start")
  warm=$(cd "$dir" && median3 "$galley" verify)
  without=$(cd "$dir" && median3 "$galley" verify --no-doc-comments)
  printf '%s\t%.2f\t%.2f\t%.2f\n' "$name" "$cold" "$warm" "$without" | tee -a "$out/times.tsv" >&2
done
