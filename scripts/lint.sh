#!/usr/bin/env bash
# Checks the repository's Swift style with `swift format lint --strict` and the
# rules in .swift-format; exits non-zero on any violation. `scripts/lint.sh --fix`
# rewrites the files in place instead. Test fixtures and the sample programs the
# tests read line by line are left as written (their line numbers are asserted).
# The light plugin package (plugin/) is checked too; a symbolic link (the root
# plugin's GalleyPlugin.swift, a link to plugin/'s) is checked as its target.
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(git ls-files -s -- 'Package.swift' 'Plugins/*.swift' 'Sources/*.swift' 'Tests/*.swift' 'Fuzz/*.swift' 'Examples/*.swift' \
    'plugin/*.swift' | awk '$1 != "120000"' | cut -f2 | grep -v -e '^Tests/Fixtures/' -e '^Tests/HeadlessSwiftUITests/Samples/')
if [ "${1:-}" = "--fix" ]; then
    swift format format --in-place --configuration .swift-format "${files[@]}"
else
    swift format lint --strict --configuration .swift-format "${files[@]}"
    echo "swift format lint: ${#files[@]} files, no violations"
fi
