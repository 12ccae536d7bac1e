#!/usr/bin/env bash
# The DocC catalogs of real packages (issue 18): each package of the list is
# cloned from the machine's package mirror at a listed version, unedited, into
# a temporary folder, and `galley verify --format json` runs in its root with
# no configuration. bench/corpus-docc-summary.py turns the reports into the
# table of BENCHMARKS.md ("DocC catalogs of real packages (issue 18)").
#
#   bench/corpus-docc.sh [OWNER/NAME@VERSION ...]
#
# WORK=DIR keeps the clones and reports there (default: a folder in /tmp,
# kept so that failures can be read); GALLEY=/path/to/galley uses that binary
# (default: this checkout's debug build, built if missing); MIRROR=DIR is the
# folder of bare git copies (default /opt/swift-packages). Each package's
# report is WORK/NAME.report.json, its stderr WORK/NAME.log, its wall time
# WORK/NAME.time; a second, warm run also records a baseline of the failures
# (WORK/NAME.baseline.json) and builds the site with it (WORK/NAME.build.log):
# the site must build, every failure a known one.
set -uo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
export PATH=/opt/swift/usr/bin:$PATH
mirror=${MIRROR:-/opt/swift-packages}
work=${WORK:-$(mktemp -d /tmp/galley-corpus.XXXXXX)}
mkdir -p "$work"
if [ -n "${GALLEY:-}" ]; then
  galley=$GALLEY
else
  galley="$repo/.build/debug/galley"
  [ -x "$galley" ] || swift build --package-path "$repo" --product galley >/dev/null || exit 1
fi

packages=("$@")
if ((${#packages[@]} == 0)); then
  packages=(
    apple/swift-numerics@1.1.1
    apple/swift-algorithms@1.2.1
    apple/swift-argument-parser@1.8.2
    apple/swift-log@1.16.2
    pointfreeco/swift-concurrency-extras@1.4.3
    apple/swift-metrics@2.13.0
    apple/swift-collections@1.6.0
    pointfreeco/swift-case-paths@1.10.0
    swift-server/swift-service-lifecycle@2.13.0
    apple/swift-distributed-tracing@1.7.3
    pointfreeco/swift-identified-collections@1.1.1
    apple/swift-async-algorithms@1.1.4
    apple/swift-configuration@1.4.0
    pointfreeco/swift-dependencies@1.17.1
    pointfreeco/swift-parsing@0.15.2
  )
fi

for spec in "${packages[@]}"; do
  name=${spec%@*}; version=${spec#*@}; short=${name#*/}
  dir="$work/$short"
  if [ ! -d "$dir/.git" ]; then
    git clone -q "$mirror/$name.git" "$dir" || { echo "$spec: clone failed" >&2; continue; }
  fi
  git -C "$dir" checkout -q "$version" || { echo "$spec: no version $version" >&2; continue; }
  git -C "$dir" status --porcelain --untracked-files=no | grep -q . && { echo "$spec: the clone is edited" >&2; continue; }
  echo "== $spec" >&2
  start=$(date +%s.%N)
  (cd "$dir" && "$galley" verify --format json >"$work/$short.report.json" 2>"$work/$short.log")
  end=$(date +%s.%N)
  echo "$spec $(echo "$end - $start" | bc)" >"$work/$short.time"
  # Zero configuration: record the failures, then build the site with them known.
  (cd "$dir" && "$galley" build --baseline "$work/$short.baseline.json" --bless-baseline \
      >"$work/$short.bless.log" 2>&1 \
    && "$galley" build --baseline "$work/$short.baseline.json" >"$work/$short.build.log" 2>&1)
  echo "   build with baseline: exit $? ($(tail -1 "$work/$short.build.log" 2>/dev/null))" >&2
done
python3 "$repo/bench/corpus-docc-summary.py" "$work"/*.report.json
echo "reports in $work" >&2
