#!/usr/bin/env python3
"""Compares Galley's tutorial pages with `docc convert`'s (bench/tutorials.sh).

    bench/tutorials.py WORK NAME [NAME …]

WORK/NAME/docc is DocC's output, WORK/NAME/package/public Galley's site and
WORK/NAME/package/verify.json its `galley verify --format json`."""
import collections
import json
import re
import sys
from pathlib import Path


def galley_steps(body):
    """Each step of a Galley tutorial page: its file's name (None without one) and the lines marked changed."""
    steps = []
    for step in re.findall(r'<li class="tutorial-step">(.*?)</li>', body, re.S):
        figure = re.search(r'<figure class="tutorial-code[^"]*">(.*?)</figure>', step, re.S)
        if not figure:
            steps.append((None, None))
            continue
        code = re.search(r"<pre><code[^>]*>(.*?)</code></pre>", figure.group(1), re.S).group(1)
        flagged = re.sub(r'<mark class="line-changed">(.*?)</mark>', lambda m: "\x01" + m.group(1), code, flags=re.S)
        marked = {number for number, line in enumerate(flagged.split("\n"), 1) if line.startswith("\x01")}
        steps.append((re.search(r'tutorial-code-name">(.*?)<', figure.group(1)).group(1), marked))
    return steps


def main():
    work, names = Path(sys.argv[1]), sys.argv[2:]
    totals = collections.Counter()
    for name in names:
        archive = work / name / "docc" / "data"
        site = work / name / "package" / "public"
        for page in sorted(archive.glob("tutorials/**/*.json")):
            path = page.relative_to(archive).with_suffix("")
            docc = json.loads(page.read_text())
            html_file = site / path / "index.html"
            totals["docc pages"] += 1
            if not html_file.exists():
                print(f"{name} {path}: no Galley page at DocC's path")
                continue
            totals["pages at DocC's path"] += 1
            html = html_file.read_text()
            body = html[html.index("<main"):]
            text = re.sub(r"<[^>]+>", "", body)
            raw = len(re.findall(r"@(Step|Steps|Code|Section|Tutorial|Tutorials|Chapter|Intro|Choice|Justification|ContentAndMedia)\b", text))
            codes = [step.get("code") for section in docc["sections"] for task in section.get("tasks", [])
                     for step in task.get("stepsSection", []) if step.get("type") == "step"]
            uses = collections.Counter(code for code in codes if code)
            ours = galley_steps(body)
            compared = same = 0
            for code, (_, marked) in zip(codes, ours):
                if code and uses[code] == 1 and marked is not None:
                    highlights = {entry["line"] for entry in docc["references"].get(code, {}).get("highlights", [])}
                    compared += 1
                    same += highlights == marked
            missing = body.count("docc-snippet-missing")
            print(f"{name} {path}: steps {len(codes)} / {len(ours)}, with a file {sum(1 for c in codes if c)} / "
                  f"{sum(1 for c, _ in ours if c)}, changed lines as DocC's {same} of {compared}, raw directives {raw}, missing files {missing}")
            totals["docc steps"] += len(codes)
            totals["galley steps"] += len(ours)
            totals["docc files shown"] += sum(1 for c in codes if c)
            totals["galley files shown"] += sum(1 for c, _ in ours if c)
            totals["highlights compared"] += compared
            totals["highlights as DocC's"] += same
            totals["raw directives"] += raw
            totals["missing files"] += missing
        report = work / name / "package" / "verify.json"
        if report.exists():
            samples = json.loads(report.read_text()).get("samples", [])
            for sample in samples:
                if sample.get("kind") == "step_file" or sample.get("origin") == "tutorial_step":
                    totals["Swift step files checked"] += 1
                    totals[f"step files {sample.get('status')}"] += 1
    print("Totals: " + ", ".join(f"{key} {value}" for key, value in totals.items()))


if __name__ == "__main__":
    main()
