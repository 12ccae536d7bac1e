#!/usr/bin/env bash
# A versioned site (issue 45): N versions of one package built with
# `galley build --versions`, cold (every version built), warm (every version
# reused), with all but one cached (one version's build removed), and after
# one new tag is added to an already-built site. Each is timed once (a cold
# build of N versions takes minutes); the baseline is the cold build of the
# same job: a build with all but one cached must cost about 1/N of it. The
# programs each run compiled (Galley's count) are printed beside the times.
#
#   bench/versions.sh                 # the fixture package, N=4 tags made here
#   PACKAGE=/path/to/clone N=3 bench/versions.sh   # a real package's newest N release tags
#
# GALLEY=/path/to/galley times that binary (default: this checkout's release build).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
export PATH=/opt/swift/usr/bin:$PATH
source "$repo/bench/lib.sh"
bench_galley
n=${N:-4}
work=$(mktemp -d /tmp/galley-versions-XXXX)
package="$work/package"
if [ -n "${PACKAGE:-}" ]; then
  git clone -q "$PACKAGE" "$package"
  printf 'versions:\n  keep: %s\n' "$n" > "$work/galley.yml"
  newtag=""
else
  cp -r "$repo/Tests/Fixtures/PackageDocs" "$package"
  rm -rf "$package"/.build* "$package/public"
  git -C "$package" init -q -b main
  for i in $(seq 1 "$n"); do
    printf '\nextension Rectangle {\n    /// Added in %s.0.0.\n    public var added%s: Int { %s }\n}\n' "$i" "$i" "$i" >> "$package/Library/Shapes/Rectangle.swift"
    git -C "$package" add -A
    git -C "$package" -c user.name=bench -c user.email=bench@galley.invalid commit -qm "$i.0.0"
    git -C "$package" tag "$i.0.0"
  done
  printf 'versions:\n  keep: 0\n' > "$work/galley.yml"
  newtag="$((n + 1)).0.0"
fi
cd "$package"
run() { # label, then the command's arguments: prints the seconds and the assembly line
  local start end line
  start=$(date +%s.%N)
  line=$("$galley" build --config "$work/galley.yml" --versions 2>/dev/null | grep '^Assembled' || true)
  end=$(date +%s.%N)
  printf '%-28s %8.1f s   %s\n' "$1" "$(echo "$end - $start" | bc)" "$line"
  echo "$end - $start" | bc > "$work/$2.seconds"
}
echo "galley build --versions on $n versions of $(basename "${PACKAGE:-PackageDocs}") (work: $work)"
run "cold (all built)" cold
run "warm (all reused)" warm
newest=$(ls .build/galley/versions | sort -V | tail -1)
rm -rf ".build/galley/versions/$newest"   # its files, library build and results too: built from nothing
run "all but one cached" one
if [ -n "$newtag" ]; then
  printf '\n// %s\n' "$newtag" >> Library/Shapes/Rectangle.swift
  git add -A && git -c user.name=bench -c user.email=bench@galley.invalid commit -qm "$newtag" && git tag "$newtag"
  run "one tag added" added
fi
python3 - "$work" "$n" <<'PY'
import sys, pathlib
work, n = pathlib.Path(sys.argv[1]), int(sys.argv[2])
cold = float((work / "cold.seconds").read_text())
one = float((work / "one.seconds").read_text())
print(f"\nall but one cached: {one / cold:.2f} of the cold build (1/N = {1 / n:.2f}); "
      + ("PASS" if one / cold <= 1.5 / n else "MISS") + " (bar: at most 1.5/N)")
PY
