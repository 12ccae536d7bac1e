#!/usr/bin/env bash
# DocC's page paths against a Galley site: which of the pages `docc convert`
# makes for a package have a Galley page at the very same path (the rules are
# in bench/docc-paths.md).
#
#   PACKAGE=DIR SITE=DIR [WORK=DIR] [TARGETS="A B"] [JOBS=N] [FRESH=1] [GALLEY_LOG=FILE] bench/reference-paths.sh
#
# PACKAGE is a package root, SITE a folder Galley built (pages at
# SITE/documentation/<module>/<path>/index.html, lowercased like DocC's).
# For each Swift library target of PACKAGE (or those of TARGETS) it builds the
# symbol graphs as the swift-docc-plugin asks for them (public, synthesized
# members, no SPI, extension blocks), runs `docc convert` with the target's
# *.docc catalog if it has one (one run per target, like the plugin), lists
# DocC's pages (WORK/docc/<target>/data/documentation/**/*.json) and SITE's.
# It prints a table per module, then: DocC pages (symbols, "Implementations"
# collections, articles), Galley pages, how many DocC pages have a Galley page
# at the same path (count and percent, also per kind), up to 20 missing and up
# to 20 extra paths, the time `docc convert` took, and how many of DocC's
# symbol pages the rules of bench/docc-paths.md predict. With GALLEY_LOG (the
# output of the `galley build` that made SITE), it also compares the symbol
# links each tool leaves unresolved: DocC's "doesn't exist" warnings against
# the links Galley's warnings say it shows as code, and names those Galley
# leaves unresolved that DocC resolves.
#
# WORK keeps the builds and DocC's output (default /tmp/reference-paths/<name>-<hash>);
# a second run against the same package commit reuses them unless FRESH=1.
# JOBS is the build's parallelism (default 1); a package's dependencies must be
# resolvable offline (SwiftPM's cache). Exit status 0 whenever it could
# measure, also when a build or docc fails (it measures, it does not judge);
# 2 on a usage error. A fake SITE with DocC's own pages, to check the report:
#   bench/reference-paths.py fake-site WORK DIR
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
helper="$here/reference-paths.py"
export PATH=/opt/swift/usr/bin:$PATH
elapsed() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f\n", b - a }'; }

if [ -z "${PACKAGE:-}" ] || [ -z "${SITE:-}" ] || [ ! -f "${PACKAGE}/Package.swift" ]; then
  sed -n '6p' "$0" >&2
  echo "PACKAGE must be a package root and SITE a folder" >&2
  exit 2
fi
package=$(cd "$PACKAGE" && pwd)
site=$SITE
work=${WORK:-/tmp/reference-paths/$(basename "$package")-$(printf %s "$package" | md5sum | cut -c1-8)}
jobs=${JOBS:-1}
mkdir -p "$work"
work=$(cd "$work" && pwd)

stamp=$( (git -C "$package" rev-parse HEAD 2>/dev/null || echo none; git -C "$package" status --porcelain --untracked-files=no 2>/dev/null) | md5sum | cut -c1-16)
if [ "${FRESH:-}" = 1 ] || [ "$(cat "$work/stamp" 2>/dev/null)" != "$stamp${TARGETS:+ $TARGETS}" ]; then
  rm -rf "$work/build" "$work/graphs" "$work/docc" "$work/stamp" "$work/src"
  mkdir -p "$work/graphs" "$work/docc"
  # A Package.resolved pins revisions the machine's mirror may not have: the
  # targets are then built from a copy without it (the package is not edited),
  # resolved like Galley's own build of the library.
  source=$package
  if [ -f "$package/Package.resolved" ]; then
    source=$work/src
    mkdir -p "$source"
    tar -C "$package" --exclude=./.build --exclude=./public --exclude=./Package.resolved -cf - . | tar -C "$source" -xf -
  fi
  if ! swift package --package-path "$source" describe --type json >"$work/describe.json" 2>"$work/describe.log"; then
    echo "swift package describe failed: $work/describe.log" >&2
  fi
  python3 "$helper" targets "$work/describe.json" "$source" >"$work/targets.tsv" 2>>"$work/describe.log" || : >"$work/targets.tsv"
  if [ -n "${TARGETS:-}" ]; then
    awk -F'\t' -v want=" $TARGETS " 'index(want, " " $1 " ")' "$work/targets.tsv" >"$work/targets.wanted"
    mv "$work/targets.wanted" "$work/targets.tsv"
  fi
  [ -s "$work/targets.tsv" ] || echo "no Swift library target to document in $package" >&2

  # Symbol graphs are written while a module compiles, so the build starts from
  # an empty scratch folder. The flags match the plugin's SymbolGraphOptions
  # (minimum access public, synthesized members included, no SPI, extension
  # blocks); the compiler's defaults already give the first three.
  while IFS=$'\t' read -r target catalog; do
    echo "== build $target" >&2
    start=$(date +%s.%N)
    if ! swift build --package-path "$source" --scratch-path "$work/build" --jobs "$jobs" --target "$target" \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$work/graphs/all" \
        -Xswiftc -emit-extension-block-symbols </dev/null >"$work/build-$target.log" 2>&1; then
      echo "   build failed: $work/build-$target.log" >&2
      continue
    fi
    echo "   $(elapsed "$start") s" >&2
  done <"$work/targets.tsv"

  while IFS=$'\t' read -r target catalog; do
    graphs="$work/graphs/$target"
    mkdir -p "$graphs"
    cp "$work/graphs/all/$target.symbols.json" "$graphs/" 2>/dev/null || { echo "no symbol graph for $target" >&2; continue; }
    cp "$work/graphs/all/$target@"*.symbols.json "$graphs/" 2>/dev/null || true
    out="$work/docc/$target"
    args=(convert)
    [ -n "$catalog" ] && args+=("$catalog")
    args+=(--additional-symbol-graph-dir "$graphs" --output-path "$out"
      --fallback-display-name "$target" --fallback-bundle-identifier "$target")
    echo "== docc ${args[*]}" >&2
    start=$(date +%s.%N)
    if ! docc "${args[@]}" </dev/null >"$work/docc-$target.log" 2>&1; then
      echo "   docc convert failed: $work/docc-$target.log" >&2
      continue
    fi
    elapsed "$start" >"$work/docc-$target.time"
    python3 "$helper" docc-pages "$out" >"$out/pages.tsv.new" && mv "$out/pages.tsv.new" "$out/pages.tsv"
    mv "$work/docc-$target.time" "$out/time"
    python3 "$helper" predict "$graphs" "$target" >"$out/predicted.txt" || rm -f "$out/predicted.txt"
  done <"$work/targets.tsv"
  echo "$stamp${TARGETS:+ $TARGETS}" >"$work/stamp"
else
  echo "(DocC's pages reused from $work; FRESH=1 rebuilds them)" >&2
fi

echo "reference-paths: PACKAGE=$package SITE=$site WORK=$work"
python3 "$helper" compare "$work" "$site" || echo "the comparison failed" >&2
if [ -n "${GALLEY_LOG:-}" ]; then
  python3 "$helper" links "$work" "$GALLEY_LOG" || echo "the link comparison failed" >&2
fi
exit 0
