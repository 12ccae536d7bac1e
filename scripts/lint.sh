#!/usr/bin/env bash
# Checks the repository's Swift style with `swift format lint --strict` and the
# rules in .swift-format; exits non-zero on any violation. `scripts/lint.sh --fix`
# rewrites the files in place instead. Test fixtures and the sample programs the
# tests read line by line are left as written (their line numbers are asserted).
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(git ls-files -- 'Package.swift' 'Plugins/*.swift' 'Sources/*.swift' 'Tests/*.swift' 'Fuzz/*.swift' 'Examples/*.swift' \
    | grep -v -e '^Tests/Fixtures/' -e '^Tests/HeadlessSwiftUITests/Samples/')
if [ "${1:-}" = "--fix" ]; then
    swift format format --in-place --configuration .swift-format "${files[@]}"
else
    swift format lint --strict --configuration .swift-format "${files[@]}"
    echo "swift format lint: ${#files[@]} files, no violations"
fi
