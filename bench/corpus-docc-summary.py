#!/usr/bin/env python3
"""Summarises the reports of bench/corpus-docc.sh: one Markdown row per package.

    bench/corpus-docc-summary.py WORK/*.report.json          # the table
    bench/corpus-docc-summary.py --list WORK/*.report.json   # every failure, with its cause

A failure's cause is read from its message (the first compiler error of a
"does not compile", or the verdict's own words):

  out of scope       cannot find 'X' in scope / type 'X' (a fragment using names of unseen context)
  missing module     no such module / missing required module
  API listing drift  a declaration the library's public API does not have, or has with another signature
  no member          value of type 'X' has no member 'y' (wrong API name, or an extension the page did not show)
  type mismatch      cannot convert / argument type / generic requirement / missing or extra argument
  other compile error  any other compiler error
  in another sample  an error in another sample of the page (reports before page isolation)
  blocked            uses a declaration of a block that does not compile (failureKind "blocked")
  not run            after a block that trapped in the same program (failureKind "not_run")
  output mismatch    printed output differs from // Prints or the output block
  trap               crashed
  timeout            timed out
  link/driver error  linker or driver errors (no file and line)
  passes now         listed in a baseline, passes now
"""
import json
import re
import sys
from collections import Counter

ORDER = ["out of scope", "missing module", "API listing drift", "no member", "type mismatch", "other compile error",
         "in another sample", "blocked", "not run", "output mismatch", "trap", "timeout", "link/driver error", "passes now", "problem"]


def first_error(message):
    for line in message.splitlines():
        m = re.search(r"\berror: (.*)", line)
        if m:
            return m.group(1)
    return message.splitlines()[0] if message else ""


def cause(entry):
    message = entry.get("failure") or ""
    head = message.splitlines()[0] if message else ""
    if head.startswith("passes now"):
        return "passes now"
    if entry.get("failureKind") == "blocked":
        return "blocked"
    if entry.get("failureKind") == "not_run":
        return "not run"
    if "the library's public API has no" in message or "declares" in message and "with another signature" in message:
        return "API listing drift"
    if head.startswith("printed output does not match"):
        return "output mismatch"
    if head.startswith("crashed") or head.startswith("ran to completion"):
        return "trap"
    if head.startswith("timed out"):
        return "timeout"
    error = first_error(message)
    if "an error in another sample" in head and not re.search(r"\berror: ", message):
        return "in another sample"
    if re.search(r"no such module|missing required module|could not build (Objective-)?C module", error):
        return "missing module"
    if re.search(r"cannot find (type )?'[^']+' in scope", error):
        return "out of scope"
    if re.search(r"has no member|has no dynamic member|no exact matches|has no effect", error):
        return "no member"
    if re.search(r"cannot convert|argument type|requires that|does not conform|missing argument|extra argument|"
                 r"incorrect argument label|cannot infer|ambiguous|generic parameter", error):
        return "type mismatch"
    if re.search(r"undefined reference|linker command failed|link command failed|ld: |<unknown>:0", message):
        return "link/driver error"
    if "in another sample" in head:
        return "in another sample"
    return "other compile error"


def load(path):
    with open(path) as f:
        return json.load(f)


def main(args):
    listing = "--list" in args
    paths = [a for a in args if a != "--list"]
    print("| package | samples | passed | blocked | failed | skipped | failed, by cause |")
    print("|---|---:|---:|---:|---:|---:|---|")
    totals = Counter()
    for path in paths:
        name = path.rsplit("/", 1)[-1].removesuffix(".report.json")
        try:
            report = load(path)
        except (OSError, json.JSONDecodeError) as error:
            print(f"| {name} | — | — | — | — | — | no report ({error}) |")
            continue
        samples = report["samples"]
        failed = [s for s in samples if s["status"] in ("failed", "known_failure")]
        causes = Counter(cause(s) for s in failed)
        problems = [p for p in report["problems"]]
        if problems:
            causes["problem"] += len(problems)
        text = ", ".join(f"{causes[c]} {c}" for c in ORDER if causes[c]) or "—"
        passed = sum(1 for s in samples if s["status"] == "passed")
        skipped = sum(1 for s in samples if s["status"] == "skipped")
        blocked = causes["blocked"] + causes["not run"]
        print(f"| {name} | {len(samples)} | {passed} | {blocked} | {len(failed) + len(problems)} | {skipped} | {text} |")
        totals.update(samples=len(samples), passed=passed, blocked=blocked, failed=len(failed) + len(problems), skipped=skipped)
        if listing:
            for s in failed:
                print(f"    {s['page']}:{s['line']} [{cause(s)}] {first_error(s.get('failure') or '')[:160]}", file=sys.stderr)
            for p in problems:
                print(f"    {p['path']}:{p.get('line')} [problem] {p['message'][:160]}", file=sys.stderr)
    print(f"| **all** | {totals['samples']} | {totals['passed']} | {totals['blocked']} | {totals['failed']} | {totals['skipped']} | |")


if __name__ == "__main__":
    main(sys.argv[1:])
