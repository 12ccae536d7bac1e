#!/usr/bin/env bash
# DocC tutorials: Galley's tutorial pages against `docc convert`'s, on the
# packages of the local mirror that ship tutorials.
#
#   [GALLEY=path] [WORK=DIR] [PACKAGES="owner/name@version:Catalog/Path.docc …"] bench/tutorials.sh
#
# For each package it exports the catalog at that version from the mirror
# (/opt/swift-packages, unedited), runs `docc convert` on it alone, and builds
# it with Galley inside a one-target package named after the catalog's module
# (the catalog's articles then fail against the empty library: the build
# records them in a baseline, as they are not what is measured; the tutorials'
# step files are checked either way, since they are never compiled against it).
# It prints per tutorial page: DocC's steps and Galley's, the steps that show a
# file, the files whose changed lines are the lines DocC highlights (files
# shown once; DocC keeps one highlight list per file), directive text left raw,
# files not found; then the totals, the Swift step files checked and their
# verdicts, and a warm `galley verify` with the tutorials against one without
# them (hyperfine, same run). Exit 0 whenever it could measure.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
export PATH=/opt/swift/usr/bin:$PATH
GALLEY=${GALLEY:-"$here/../.build/debug/galley"}
WORK=${WORK:-/tmp/galley-tutorials}
PACKAGES=${PACKAGES:-"swiftlang/swift-syntax@603.0.1:Sources/SwiftSyntax/Documentation.docc apple/swift-openapi-generator@1.14.3:Sources/swift-openapi-generator/Documentation.docc grpc/grpc-swift-2@2.4.3:Sources/GRPCCore/Documentation.docc"}
command -v hyperfine >/dev/null || apt-get install -y -qq hyperfine >/dev/null
mkdir -p "$WORK"
sites=()
for entry in $PACKAGES; do
  repo=${entry%%@*}; rest=${entry#*@}; version=${rest%%:*}; catalog=${rest#*:}
  module=$(basename "$(dirname "$catalog")")
  name=$(basename "$repo")
  root="$WORK/$name"
  rm -rf "$root"; mkdir -p "$root/export" "$root/package/Sources/$module"
  git -C "/opt/swift-packages/$repo.git" archive "$version" "$catalog" | tar -x -C "$root/export"
  # A module name SwiftPM cannot import (swift-openapi-generator) is a C99 name for the target; Info.plist keeps DocC's name.
  target=$(echo "$module" | tr -c 'A-Za-z0-9_\n' '_')
  mkdir -p "$root/package/Sources/$target"
  cat > "$root/package/Package.swift" <<P
// swift-tools-version: 5.9
import PackageDescription
let package = Package(name: "$name", products: [.library(name: "$target", targets: ["$target"])], targets: [.target(name: "$target")])
P
  echo "public let placeholder = 1" > "$root/package/Sources/$target/Placeholder.swift"
  cp -r "$root/export/$catalog" "$root/package/Sources/$target/"
  docc convert "$root/export/$catalog" --output-path "$root/docc" --fallback-display-name "$module" \
    --fallback-bundle-identifier "$module" > "$root/docc.log" 2>&1 || echo "docc convert failed for $name (see $root/docc.log)"
  (cd "$root/package" && rm -f known.json && "$GALLEY" build --baseline known.json --bless-baseline > build.log 2>&1) \
    || echo "galley build failed for $name (see $root/package/build.log)"
  # Exits 1 for the articles' failures against the empty library; its report is what is read.
  (cd "$root/package" && "$GALLEY" verify --format json > verify.json 2> /dev/null) || true
  sites+=("$name")
done
python3 "$here/tutorials.py" "$WORK" "${sites[@]}"
first=${sites[0]}
bare="$WORK/$first-without-tutorials"
rm -rf "$bare"; cp -r "$WORK/$first/package" "$bare"; find "$bare/Sources" -name "*.tutorial" -delete
(cd "$bare" && "$GALLEY" verify > /dev/null 2>&1 || true)
echo "Warm galley verify of $first's catalog, with its tutorials and without them:"
hyperfine -w 1 -r 8 -i "cd $WORK/$first/package && $GALLEY verify" "cd $bare && $GALLEY verify" 2>&1 | grep -E "Benchmark|Time"
