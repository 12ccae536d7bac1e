#!/usr/bin/env bash
# "One line must resolve": a package that adds Galley (here by path) beside
# popular packages' requirements still resolves, and gets the versions those
# packages need — swift-crypto 4 (jwt-kit 5.8 needs at least 4.1), Yams 5,
# swift-syntax 602 (a macro package pinned to it), Vapor with swift-crypto 4.
# Each case is a throwaway package resolved with `swift package resolve`.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
swift="${SWIFT:-swift}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
passed=0
failed=0

# case NAME "EXPECTED_PIN..." DEPENDENCY_LINES...: each expected pin is identity=version.
case_() {
    local name="$1" expected="$2"
    shift 2
    # Not the case's name alone: a folder named like a dependency (vapor) would be that package.
    local dir="$work/adopter-$name"
    mkdir -p "$dir/Sources/Adopter"
    echo 'public let adopted = true' >"$dir/Sources/Adopter/Adopter.swift"
    {
        echo '// swift-tools-version: 6.0'
        echo 'import PackageDescription'
        echo 'let package = Package('
        echo "    name: \"Adopter\","
        echo '    dependencies: ['
        echo "        .package(path: \"$root\"),"
        for line in "$@"; do echo "        $line,"; done
        echo '    ],'
        echo '    targets: [.target(name: "Adopter")]'
        echo ')'
    } >"$dir/Package.swift"
    if ! (cd "$dir" && "$swift" package resolve >resolve.log 2>&1); then
        echo "FAILED: $name does not resolve:"
        tail -15 "$dir/resolve.log"
        failed=$((failed + 1))
        return
    fi
    local pin ok=1
    for pin in $expected; do
        local identity="${pin%%=*}" version="${pin##*=}"
        if ! python3 - "$dir/Package.resolved" "$identity" "$version" <<'PY'; then
import json, sys
pins = {p["identity"]: p["state"].get("version") for p in json.load(open(sys.argv[1]))["pins"]}
sys.exit(0 if pins.get(sys.argv[2]) == sys.argv[3] else f"{sys.argv[2]} resolved to {pins.get(sys.argv[2])}, not {sys.argv[3]}")
PY
            ok=0
        fi
    done
    if [ $ok = 1 ]; then
        echo "ok: $name ($expected)"
        passed=$((passed + 1))
    else
        echo "FAILED: $name"
        failed=$((failed + 1))
    fi
}

case_ jwt-kit "swift-crypto=4.5.2" \
    '.package(url: "https://github.com/vapor/jwt-kit.git", from: "5.8.0")'
case_ crypto-4 "swift-crypto=4.5.2" \
    '.package(url: "https://github.com/apple/swift-crypto.git", from: "4.0.0")'
case_ yams-5 "yams=5.0.1" \
    '.package(url: "https://github.com/jpsim/Yams.git", "5.0.0"..<"6.0.0")'
case_ swift-syntax-602 "swift-syntax=602.0.0" \
    '.package(url: "https://github.com/swiftlang/swift-syntax.git", "602.0.0"..<"603.0.0")'
case_ vapor "vapor=4.122.3 swift-crypto=4.5.2" \
    '.package(url: "https://github.com/vapor/vapor.git", from: "4.122.3")' \
    '.package(url: "https://github.com/apple/swift-crypto.git", from: "4.0.0")'
echo "resolve-test: $passed passed, $failed failed"
[ "$failed" = 0 ]
