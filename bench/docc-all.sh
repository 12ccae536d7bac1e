#!/bin/sh
# `docc convert` of every library target of a bench/reference-paths.sh WORK
# folder, one run per target as swift-docc-plugin runs it, with the symbol
# graphs that script extracted and each target's catalog where it has one:
# the DocC side of a speed comparison (`farm-bench --vs "bench/docc-all.sh WORK" -- galley build --force`: without --force, a galley build with nothing changed replays the last one).
#
#   bench/docc-all.sh WORK
#
# Writes into /tmp/docc-all-out-<WORK's name>; prints nothing; exit status 0.
work=${1:?usage: bench/docc-all.sh WORK (a folder bench/reference-paths.sh filled)}
docc=${DOCC:-docc}
out=/tmp/docc-all-out-$(basename "$work")
rm -rf "$out"
mkdir -p "$out"
tab=$(printf '\t')
while IFS="$tab" read -r target catalog; do
  [ -d "$work/graphs/$target" ] || continue
  if [ -n "$catalog" ]; then
    "$docc" convert "$catalog" --additional-symbol-graph-dir "$work/graphs/$target" --output-path "$out/$target" \
      --fallback-display-name "$target" --fallback-bundle-identifier "$target" >/dev/null 2>&1
  else
    "$docc" convert --additional-symbol-graph-dir "$work/graphs/$target" --output-path "$out/$target" \
      --fallback-display-name "$target" --fallback-bundle-identifier "$target" >/dev/null 2>&1
  fi
done <"$work/targets.tsv"
exit 0
