#!/usr/bin/env bash
# Builds HeadlessSwiftUI, then compiles every example with plain swiftc and
# the verifier's module aliases, runs it and shows its output.
# 07-MissingEnvironmentObject.swift must crash; every other example must exit 0.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build --product HeadlessSwiftUI
BUILD="$(swift build --show-bin-path)"
SWIFTC="${SWIFTC:-swiftc}"
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT
status=0
for example in Examples/observation/*.swift; do
    name="$(basename "$example" .swift)"
    extra=()
    if grep -q '^@main' "$example"; then extra+=(-parse-as-library); fi
    echo "=== $name"
    "$SWIFTC" -swift-version 6 \
        -module-alias SwiftUI=HeadlessSwiftUI -module-alias Combine=OpenCombineShim \
        -I "$BUILD/Modules" -I "$BUILD/COpenCombineHelpers.build" \
        -L "$BUILD" -lHeadlessSwiftUI -Xlinker -rpath -Xlinker "$BUILD" \
        "${extra[@]}" "$example" -o "$OUT/$name"
    if [[ "$name" == *Missing* ]]; then
        if "$OUT/$name" 2>"$OUT/$name.err"; then
            echo "!!! $name was expected to crash"; status=1
        else
            echo "(crashed as expected: $(grep -o 'No ObservableObject.*' "$OUT/$name.err" | head -1))"
        fi
    else
        "$OUT/$name" || { echo "!!! $name failed"; status=1; }
    fi
done
exit $status
