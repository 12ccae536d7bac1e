#!/usr/bin/env bash
# The command plugin end to end, as a package author uses it: a copy of the
# Shapes fixture (Tests/Fixtures/PackageDocs) with one line added, a dependency
# on this repository by path, then `swift package galley verify` and `build`.
# SwiftPM builds Galley inside the copy first (several minutes on two cores),
# so this runs once, from `make plugin-test` (part of `make test`), not in `swift test`.
# WORK=/some/folder keeps the copy (and its build) there for a second run.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
swift="${SWIFT:-swift}"
if [ -n "${WORK:-}" ]; then
    work="$WORK"
else
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT
fi
package="$work/Shapes"
fail() { echo "plugin-test: FAILED: $*" >&2; exit 1; }

mkdir -p "$package"
# The fixture as it is (its sources, catalog and snippet), its manifest given the one line.
(cd "$root/Tests/Fixtures/PackageDocs" && tar cf - --exclude .build --exclude public .) | (cd "$package" && tar xf -)
python3 - "$package/Package.swift" "$root" <<'PY'
import sys
path, galley = sys.argv[1], sys.argv[2]
text = open(path).read()
line = '    dependencies: [.package(path: "%s")],\n' % galley
assert "    targets: [\n" in text and "dependencies: [.package" not in text
open(path, "w").write(text.replace("    targets: [\n", line + "    targets: [\n", 1))
PY

cd "$package"
started=$(date +%s)
# A deadlock on SwiftPM's lock of .build would hang here: the timeout makes it a failure.
timeout 2400 "$swift" package --allow-writing-to-package-directory galley verify --no-cache >verify.out 2>verify.err || {
    cat verify.out verify.err >&2
    fail "swift package galley verify exited $?"
}
took=$(($(date +%s) - started))
cat verify.out
# SwiftPM passes on what galley writes to standard error on its standard output.
grep -q '^4 passed, 0 failed, 0 skipped' verify.out || { cat verify.err >&2; fail "verify did not report 4 passed"; }
# grep reads the files itself: `cat … | grep -q` under pipefail fails when grep stops
# reading at its match and cat, still writing SwiftPM's long build log, gets SIGPIPE.
grep -q 'samples ran sandboxed (bubblewrap' verify.out verify.err || { cat verify.err >&2; fail "the plugin's verify did not run the samples in bubblewrap"; }
# galley's builds of the package went to the plugin's scratch path, not to the locked .build
# (where SwiftPM's plan makes an empty Shapes.build/ for every target, but compiles none of the package's).
objects() { find "$1" -name '*.o' -path '*/Shapes.build/*' 2>/dev/null | head -1; }
[ -z "$(objects .build/debug/)" ] || fail "galley compiled the package in its locked .build: $(objects .build/debug/)"
[ -n "$(objects .build/plugins/GalleyPlugin/outputs/scratch/)" ] || fail "no build of Shapes under .build/plugins/GalleyPlugin/outputs/scratch"
echo "plugin-test: swift package galley verify passed in ${took}s (building Galley included)"

# Every option passes through: --output names the folder build writes.
"$swift" package --allow-writing-to-package-directory galley build --output site >build.out 2>build.err || {
    cat build.out build.err >&2
    fail "swift package galley build exited $?"
}
[ -f site/index.html ] && [ -f site/documentation/shapes/index.html ] || { ls -R site | head -20 >&2; fail "build wrote no site/ with the API reference"; }
# A failure is passed on: galley's exit status 1 fails the command.
"$swift" package --allow-writing-to-package-directory galley verify --format nonsense >bad.out 2>bad.err && fail "a bad option did not fail"
grep -q "nonsense" bad.out bad.err || { cat bad.err >&2; fail "galley's error was not shown"; }
echo "plugin-test: 3 passed, 0 failed"
