#!/usr/bin/env bash
# The light plugin (plugin/, a package that depends on nothing) end to end, in
# two packages Galley itself depends on, which cannot add Galley's own plugin
# (SwiftPM 6.3.1 segfaults on swift-log 1.16.2, and reports a cyclic dependency
# for swift-algorithms 1.2.1): each is cloned at its release with one line
# added to its manifest, `.package(path: "<this repository>/plugin")`, then
# `swift package galley verify` runs the galley named by GALLEY (the plugin
# finds it through the variable), then the same galley found on PATH. Last,
# with no galley anywhere, the command fails with the line that says how to
# install it. Nothing of Galley is built here: GALLEY must name a built galley
# (`make plugin-test` passes the debug build).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
swift="$(command -v "${SWIFT:-swift}")"
fail() { echo "light-plugin-test: FAILED: $*" >&2; exit 1; }
[ -n "${GALLEY:-}" ] && [ -x "$GALLEY" ] || fail "GALLEY must name a galley executable (got '${GALLEY:-}')"
galley="$(cd "$(dirname "$GALLEY")" && pwd)/$(basename "$GALLEY")"
unset GALLEY
# WORK=/some/folder keeps the clones and each run's output there (emptied first).
if [ -n "${WORK:-}" ]; then
    work="$WORK"
    rm -rf "$work/swift-log" "$work/swift-algorithms"
    mkdir -p "$work"
else
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT
fi
# Each verify builds the package and compiles its samples: minutes on two cores.
limit=1800

# PATH without any folder that holds a galley (for the PATH run's opposite, the negative control).
bare_path=""
IFS=: read -r -a folders <<<"$PATH"
for folder in "${folders[@]}"; do
    [ -n "$folder" ] && [ ! -x "$folder/galley" ] && bare_path="${bare_path:+$bare_path:}$folder"
done

# Clones $1 (apple/NAME) at tag $2 and adds the light plugin to its manifest's dependencies.
prepare() {
    local package="$work/$1"
    git clone -q -c advice.detachedHead=false -b "$2" "https://github.com/apple/$1" "$package" || fail "cannot clone $1 $2"
    python3 - "$package/Package.swift" "$root/plugin" <<'PY'
import sys
path, plugin = sys.argv[1], sys.argv[2]
text = open(path).read()
line = '.package(path: "%s"),' % plugin
# swift-algorithms has a dependencies list (swift-numerics): the line goes first in it.
# swift-log has none (only its targets' `dependencies: []`, further in): it gets one before targets.
if "\n    dependencies: [\n" in text:
    assert text.count("\n    dependencies: [\n") == 1
    text = text.replace("\n    dependencies: [\n", "\n    dependencies: [\n        %s\n" % line, 1)
else:
    assert text.count("\n    targets: [\n") == 1 and "\n    dependencies:" not in text
    text = text.replace("\n    targets: [\n", "\n    dependencies: [%s],\n    targets: [\n" % line, 1)
open(path, "w").write(text)
PY
    git -C "$package" diff --stat | tail -1
}

# Runs `swift package galley verify` in package $1, run $2 (a name for the output files), with env
# arguments $3…; checks the exit status is galley's own verdict and its summary line appeared.
verify() {
    local name="$1" run="$work/$2" label="$2" status=0 started took summary failed
    local package="$work/$name"
    shift 2
    started=$(date +%s.%N)
    (cd "$package" && env "$@" timeout "$limit" "$swift" package --allow-writing-to-package-directory galley verify \
        >"$run.out" 2>"$run.err") || status=$?
    took=$(python3 -c "import sys; print('%.1f' % (float(sys.argv[2]) - float(sys.argv[1])))" "$started" "$(date +%s.%N)")
    if grep -q -e 'cyclic dependency' -e 'Segmentation fault' -e 'Stack dump' "$run.out" "$run.err"; then
        tail -20 "$run.err" >&2
        fail "$label: SwiftPM failed before the plugin ran"
    fi
    # SwiftPM passes what galley writes to standard error on to its standard output: read both.
    summary=$(grep -h -E '^[0-9]+ passed, [0-9]+ failed' "$run.out" "$run.err" | tail -1) || true
    [ -n "$summary" ] || { tail -20 "$run.out" "$run.err" >&2; fail "$label: exit $status and no galley summary line"; }
    # The failures in the docs: all of them, or those the summary says apart from the ones that are not the docs' error.
    failed=$(sed -E 's/^[0-9]+ passed, ([0-9]+) failed( \(([0-9]+) in the docs)?.*/\1 \3/' <<<"$summary" | awk '{ print ($2 == "" ? $1 : $2) }')
    # galley exits 0 when the docs pass, 1 when some of their samples fail: nothing else is its verdict.
    case "$status" in
        0) ;;
        1) [ "$failed" -gt 0 ] || { tail -20 "$run.err" >&2; fail "$label: exit 1 with no failed sample in the docs ($summary)"; } ;;
        *) tail -20 "$run.out" "$run.err" >&2; fail "$label: exit $status" ;;
    esac
    echo "light-plugin-test: $label: exit $status in ${took}s: $summary"
}

cd "$work"
for spec in swift-log:1.16.2 swift-algorithms:1.2.1; do
    name="${spec%%:*}"
    prepare "$name" "${spec#*:}"
    verify "$name" "$name-GALLEY" "GALLEY=$galley"
    # As with Galley's own plugin: samples in bubblewrap (--sandbox on added), the package built in the plugin's work folder.
    grep -q 'samples ran sandboxed (bubblewrap' "$work/$name-GALLEY.out" "$work/$name-GALLEY.err" || fail "$name: samples did not run in bubblewrap"
    [ -n "$(ls -A "$work/$name/.build/plugins/GalleyPlugin/outputs/scratch" 2>/dev/null)" ] \
        || fail "$name: no build of the package under .build/plugins/GalleyPlugin/outputs/scratch"
    # The same galley found on PATH (its folder first), GALLEY unset: the second run, galley's cache warm.
    verify "$name" "$name-PATH" -u GALLEY "PATH=$(dirname "$galley"):$PATH"
done

# --galley-path as the first arguments names galley, and is not passed on to it.
version=$(cd "$work/swift-log" && env -u GALLEY "PATH=$bare_path" timeout 600 "$swift" package \
    --allow-writing-to-package-directory galley --galley-path "$galley" --version 2>&1) || fail "--galley-path: $version"
grep -qxF "$("$galley" --version)" <<<"$version" || fail "--galley-path did not run galley --version: $version"
echo "light-plugin-test: --galley-path: $("$galley" --version)"

# No galley in GALLEY, none on PATH: the command fails, saying how to install it.
status=0
(cd "$work/swift-log" && env -u GALLEY "PATH=$bare_path" timeout 600 "$swift" package \
    --allow-writing-to-package-directory galley verify >"$work/missing.out" 2>"$work/missing.err") || status=$?
[ "$status" -ne 0 ] || fail "with no galley anywhere, the command exited 0"
grep -q 'galley not found on PATH: install it' "$work/missing.out" "$work/missing.err" || { cat "$work/missing.out" "$work/missing.err" >&2; fail "no install hint"; }
echo "light-plugin-test: no galley: exit $status: $(grep -h 'galley not found' "$work/missing.out" "$work/missing.err")"
echo "light-plugin-test: 6 passed, 0 failed"
