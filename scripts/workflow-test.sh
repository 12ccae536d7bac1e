#!/usr/bin/env bash
# Every workflow `galley init` writes — a new site's and a package's, each with
# one verify job and sharded — validates against GitHub's workflow schema
# (check-jsonschema's bundled copy, no network), and a broken one does not.
# Usage: scripts/workflow-test.sh GALLEY CHECK_JSONSCHEMA (make workflow-test passes both).
set -euo pipefail
galley="$(realpath "$1")"
check="$(realpath "$2")"
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
validate() { # name file
    if "$check" --builtin-schema vendor.github-workflows "$2" >"$work/check.out" 2>&1; then
        echo "ok: $1"
        passed=$((passed + 1))
    else
        echo "FAILED: $1"
        cat "$work/check.out"
        failed=$((failed + 1))
    fi
}

"$galley" init "$work/site" >/dev/null
validate "a new site's workflow" "$work/site/.github/workflows/docs.yml"
"$galley" init --shards 3 "$work/site-sharded" >/dev/null
validate "a new site's workflow, 3 shards" "$work/site-sharded/.github/workflows/docs.yml"

for shards in 1 4; do
    package="$work/package-$shards"
    mkdir -p "$package"
    (cd "$root/Tests/Fixtures/PackageDocs" && tar cf - --exclude .build .) | (cd "$package" && tar xf -)
    (cd "$package" && "$galley" init --no-setup --ci github --shards "$shards" >/dev/null)
    file="$package/.github/workflows/docs.yml"
    validate "a package's workflow, $shards shard(s)" "$file"
    for needed in "kernel.apparmor_restrict_unprivileged_userns=0" "--format github" "galley-baseline.json" \
        "actions/configure-pages@" "--base-url" "actions/upload-pages-artifact@" "actions/deploy-pages@"; do
        grep -qF -- "$needed" "$file" || { echo "FAILED: the package's workflow ($shards) has no '$needed'"; failed=$((failed + 1)); }
    done
done

# A versioned site: one job per version, then the assembly.
package="$work/package-versions"
mkdir -p "$package"
(cd "$root/Tests/Fixtures/PackageDocs" && tar cf - --exclude .build .) | (cd "$package" && tar xf -)
(cd "$package" && "$galley" init --no-setup --ci github --versions >/dev/null)
file="$package/.github/workflows/docs.yml"
validate "a package's workflow, a versioned site" "$file"
for needed in "--list-versions" "fromJSON(needs.versions.outputs.list)" "--version \"\${{ matrix.version.name }}\"" "--versions --assemble" "actions/deploy-pages@"; do
    grep -qF -- "$needed" "$file" || { echo "FAILED: the versioned workflow has no '$needed'"; failed=$((failed + 1)); }
done

# The check can fail: a job with no runs-on (and a step of neither run nor uses) is not a workflow.
sed -e 's/^    runs-on: ubuntu-24.04$//' "$work/package-1/.github/workflows/docs.yml" >"$work/broken.yml"
if "$check" --builtin-schema vendor.github-workflows "$work/broken.yml" >/dev/null 2>&1; then
    echo "FAILED: a workflow without runs-on validated"
    failed=$((failed + 1))
else
    echo "ok: a workflow without runs-on is refused"
    passed=$((passed + 1))
fi
echo "workflow-test: $passed passed, $failed failed"
[ "$failed" = 0 ]
