#!/usr/bin/env bash
# The projects DocC tutorials build: what Galley's verdicts on them are, and
# what building them costs against SwiftPM building the same package by hand.
#
#   [GALLEY=path] [WORK=DIR] [TUTORIALS="owner/name@version:path/to/X.tutorial …"] bench/tutorial-projects.sh
#
# For each tutorial it exports the whole package at that version from the
# mirror (/opt/swift-packages, unedited) and runs `galley verify` on the
# tutorial alone, cold (no .build), then warm (hyperfine). Its baseline, in
# the same job: `swift build` of the last project Galley built (the files it
# placed, its manifest pointed at the checkout), in a build folder of its own,
# cold. It prints each tutorial's verdicts (passed, docs, environment,
# intermediate steps, not built), the cold times side by side and the warm
# time. Exit 0 whenever it could measure.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
export PATH=/opt/swift/usr/bin:$PATH
GALLEY=${GALLEY:-"$here/../.build/debug/galley"}
WORK=${WORK:-/tmp/galley-tutorial-projects}
TUTORIALS=${TUTORIALS:-"swiftlang/swift-syntax@603.0.1:Sources/SwiftSyntax/Documentation.docc/Tutorials/SwiftSyntax?By?Example.tutorial apple/swift-openapi-generator@1.14.3:Sources/swift-openapi-generator/Documentation.docc/Tutorials/ClientSwiftPM.tutorial"}
command -v hyperfine >/dev/null || apt-get install -y -qq hyperfine >/dev/null
mkdir -p "$WORK"
printf '%-34s %6s %5s %5s %5s %5s %9s %9s %7s\n' tutorial passed docs env inter other galley_s swiftpm_s warm_s
for entry in $TUTORIALS; do
  repo=${entry%%@*}; rest=${entry#*@}; version=${rest%%:*}; tutorial=${rest#*:}; tutorial=${tutorial//\?/ }
  name=$(basename "$repo")
  root="$WORK/$name"
  rm -rf "$root"; mkdir -p "$root"
  git -C "/opt/swift-packages/$repo.git" archive "$version" | tar -x -C "$root"
  cd "$root"
  start=$(date +%s.%N)
  "$GALLEY" verify --format json "$tutorial" > "$WORK/$name.json" 2> "$WORK/$name.log" || true
  cold=$(echo "$(date +%s.%N) - $start" | bc)
  counts=$(python3 - "$WORK/$name.json" <<'P'
import json, sys
samples = [s for s in json.load(open(sys.argv[1]))["samples"] if s.get("origin") == "tutorial_step"]
def count(test): return sum(1 for s in samples if test(s))
passed = count(lambda s: s["status"] == "passed")
docs = count(lambda s: s["status"] == "failed" and s.get("cause") == "docs")
env = count(lambda s: s["status"] == "failed" and s.get("cause") == "environment")
inter = count(lambda s: s["status"] == "skipped" and "intermediate step" in s.get("skipReason", ""))
print(passed, docs, env, inter, len(samples) - passed - docs - env - inter)
P
)
  # The baseline: the last project Galley placed, built by SwiftPM alone in a fresh build folder.
  project=$(ls -d "$root"/.build/galley/tutorials/*/project | head -1)
  rm -rf "$WORK/baseline-build"
  start=$(date +%s.%N)
  swift build --package-path "$project" --scratch-path "$WORK/baseline-build" > "$WORK/$name.baseline.log" 2>&1 || true
  baseline=$(echo "$(date +%s.%N) - $start" | bc)
  rm -rf "$WORK/baseline-build"
  hyperfine --style none --warmup 1 --runs 5 --export-json "$WORK/$name.warm.json" \
    "'$GALLEY' verify '$tutorial' > /dev/null 2>&1 || true" > /dev/null
  warm=$(python3 -c "import json;print(round(json.load(open('$WORK/$name.warm.json'))['results'][0]['mean'],2))")
  # shellcheck disable=SC2086
  printf '%-34s %6s %5s %5s %5s %5s %9.1f %9.1f %7s\n' "$(basename "$tutorial" .tutorial | cut -c1-34)" $counts "$cold" "$baseline" "$warm"
  cd "$here"
done
