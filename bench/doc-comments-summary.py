#!/usr/bin/env python3
"""Issue 32's table: the doc comments' listings in `galley verify --format json`
reports (one per package, NAME.json in a folder), by status and cause.

    bench/doc-comments-summary.py DIR [NAME ...]

A listing is a sample of a Swift file that is not a whole snippet file
(its first code line is past the file's first line).
"""
import collections
import glob
import json
import os
import sys


def main():
    folder = sys.argv[1]
    names = sys.argv[2:] or sorted(os.path.basename(p)[:-5] for p in glob.glob(os.path.join(folder, "*.json")))
    print("| package | listings | files | passed | failed: docs | context | environment | galley | skipped |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    total = collections.Counter()
    for name in names:
        with open(os.path.join(folder, f"{name}.json")) as handle:
            report = json.load(handle)
        listings = [s for s in report["samples"] if s["page"].endswith(".swift") and s.get("firstCodeLine", 1) > 1]
        status = collections.Counter(s["status"] for s in listings)
        causes = collections.Counter(s.get("cause") or "docs" for s in listings if s["status"] == "failed")
        files = len({s["page"] for s in listings})
        row = collections.Counter(listings=len(listings), files=files, passed=status["passed"], skipped=status["skipped"], **causes)
        total += row
        print(f"| {name} | {len(listings)} | {files} | {status['passed']} | {causes['docs']} | {causes['context']}"
              f" | {causes['environment']} | {causes['galley']} | {status['skipped']} |")
    print(f"| **all** | {total['listings']} | {total['files']} | {total['passed']} | {total['docs']} | {total['context']}"
          f" | {total['environment']} | {total['galley']} | {total['skipped']} |")


if __name__ == "__main__":
    main()
