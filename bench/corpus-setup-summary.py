#!/usr/bin/env python3
"""Issue 31's tables from bench/corpus-setup.sh's reports in WORK: per package,
failures by cause with no setup, the fragments type-checked against assumed
names, and the passes with no setup, the suggested setup unedited and a
reviewed one (its lines of code).

    REVIEWED=DIR bench/corpus-setup-summary.py WORK [NAME ...]

REVIEWED is the folder of reviewed setups bench/corpus-setup.sh copied in.
"""
import collections
import glob
import json
import os
import sys


def load(work, name, tag):
    try:
        with open(os.path.join(work, f"{name}.{tag}.json")) as handle:
            return json.load(handle)
    except (OSError, ValueError):
        return None


def code_lines(folder):
    count = 0
    for path in glob.glob(os.path.join(folder, "*")):
        with open(path) as handle:
            count += sum(1 for line in handle if line.strip() and not line.strip().startswith("//"))
    return count


def main():
    work = sys.argv[1]
    names = sys.argv[2:] or sorted(
        os.path.basename(path)[: -len(".noassume.json")] for path in glob.glob(os.path.join(work, "*.noassume.json")))
    print("| package | samples | passed | docs | context | environment | galley | assumed: type-check | assumed: docs |"
          " passes, suggested setup | passes, reviewed setup (lines) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    totals = collections.Counter()
    bugs = []
    for name in names:
        plain, assumed = load(work, name, "noassume"), load(work, name, "assume")
        suggested, reviewed = load(work, name, "suggested"), load(work, name, "reviewed")
        if not plain:
            continue
        causes = collections.Counter(r.get("cause") or "docs" for r in plain["samples"] if r["status"] == "failed")
        checks = collections.Counter()
        for result in (assumed or {}).get("samples", []):
            if result.get("assumed"):
                checks["ok" if result["status"] == "skipped" else "docs"] += 1
                if result["status"] == "failed":
                    bugs.append(f"{name}: {(result.get('failure') or '').splitlines()[-1].strip()}")
        lines = code_lines(os.path.join(os.environ.get("REVIEWED", ""), name)) if reviewed else 0
        row = {"samples": len(plain["samples"]), "passed": plain["passed"], **causes,
               "ok": checks["ok"], "assumed_docs": checks["docs"],
               "suggested": suggested["passed"] if suggested else 0}
        totals.update(row)
        if reviewed:
            totals["reviewed"] += reviewed["passed"]
            totals["reviewed_base"] += plain["passed"]
            totals["lines"] += lines
        print(f"| {name} | {row['samples']} | {row['passed']} | {causes['docs']} | {causes['context']} | {causes['environment']}"
              f" | {causes['galley']} | {checks['ok']} | {checks['docs']} | {row['suggested']}"
              f" | {(str(reviewed['passed']) + f' ({lines})') if reviewed else '—'} |")
    print(f"| **all** | {totals['samples']} | {totals['passed']} | {totals['docs']} | {totals['context']} | {totals['environment']}"
          f" | {totals['galley']} | {totals['ok']} | {totals['assumed_docs']} | {totals['suggested']}"
          f" | {totals['reviewed']} of the reviewed packages' {totals['reviewed_base']} ({totals['lines']}) |")
    if bugs:
        print("\nFragments that do not type-check with their assumed names:\n")
        for bug in bugs:
            print(f"- {bug}")


if __name__ == "__main__":
    main()
