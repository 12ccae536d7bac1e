#!/usr/bin/env bash
# Issue 31's figures: in the root of each package clone (as bench/corpus-docc.sh
# leaves them in WORK), unedited, four runs of `galley verify --format json`:
#
#   NAME.noassume.json   no setup, --no-assume: every failure by its cause
#   NAME.assume.json     no setup: fragments type-checked against assumed names
#   NAME.suggested.json  after `galley verify --suggest-setup`, the setup unedited
#   NAME.reviewed.json   with REVIEWED/NAME/<catalog path with % for />[.txt], a
#                        setup reviewed by hand (only for packages that have one;
#                        bench/setups/ holds this repository's, as .txt so that
#                        the build and the linter leave them alone)
#
# Each run starts by removing the setup files git does not track; the last
# leaves them. bench/corpus-setup-summary.py prints the tables of BENCHMARKS.md.
#
#   WORK=DIR GALLEY=/path/to/galley [REVIEWED=DIR] bench/corpus-setup.sh [NAME ...]
set -uo pipefail
work=${WORK:?WORK=DIR: the folder of package clones bench/corpus-docc.sh kept}
galley=${GALLEY:?GALLEY=/path/to/galley}
reviewed=${REVIEWED:-}
names=("$@")
if ((${#names[@]} == 0)); then
  for dir in "$work"/*/; do names+=("$(basename "$dir")"); done
fi

clean() { # removes the setup files git does not track
  (cd "$1" && find . -path ./.build -prune -o -name galley-setup.swift -print | while read -r file; do
    git ls-files --error-unmatch "$file" >/dev/null 2>&1 || rm -f "$file"
  done)
}

for name in "${names[@]}"; do
  dir="$work/$name"
  [ -d "$dir/.git" ] || continue
  clean "$dir"
  (cd "$dir" && "$galley" verify --format json --no-assume >"$work/$name.noassume.json" 2>/dev/null)
  (cd "$dir" && "$galley" verify --format json >"$work/$name.assume.json" 2>/dev/null)
  (cd "$dir" && "$galley" verify --suggest-setup >/dev/null 2>"$work/$name.suggest.log")
  (cd "$dir" && "$galley" verify --format json >"$work/$name.suggested.json" 2>/dev/null)
  mkdir -p "$work/$name.setups"
  (cd "$dir" && find . -path ./.build -prune -o -name galley-setup.swift -print | while read -r file; do
    cp "$file" "$work/$name.setups/$(echo "${file#./}" | tr / %)"
  done)
  if [ -n "$reviewed" ] && [ -d "$reviewed/$name" ]; then
    clean "$dir"
    for file in "$reviewed/$name"/*; do
      target=$(basename "$file" | tr % /)
      cp "$file" "$dir/${target%.txt}"
    done
    (cd "$dir" && "$galley" verify --format json >"$work/$name.reviewed.json" 2>/dev/null)
  fi
  echo "$name done"
done
