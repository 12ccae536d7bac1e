#!/usr/bin/env python3
"""Checks the shape ARCHITECTURE.md asks of the code, and exits 1 on a breach.

- no Swift file in Sources/ over 500 lines (the generated theme excepted);
- no function, initializer or accessor body over 60 lines;
- no module over 4,000 lines;
- no Galley module but GalleySite, GalleyServer and the CLI imports GalleyVerify;
- no target dependency in Package.swift that the target never imports
  (read from `swift package dump-package`; dependencies marked in
  Package.swift as built-for-tests only are listed in ALLOWED_UNIMPORTED).

Usage: scripts/code-shape.py [--no-package]  (--no-package skips the
dump-package check, for a machine without the toolchain).
"""
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GENERATED = {"Sources/GalleyTheme/DefaultTheme.swift"}
MAX_FILE, MAX_FUNCTION, MAX_MODULE = 500, 60, 4000
VERIFY_IMPORTERS = {"GalleySite", "GalleyServer", "galley"}
# Dependencies a target needs built but does not import, each with its reason in Package.swift.
ALLOWED_UNIMPORTED = {
    ("GalleyPackageModuleTests", "NIOCore"),  # a real module whose symbol graph the tests extract
    ("CcmarkArena", "Ccmark"),  # a C target: its headers include cmark's
    ("GalleyPlugin", "galley"),  # the plugin runs the executable
}

DECL = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|private|fileprivate|internal|open|static|class|mutating|nonmutating|override|final|convenience|required|nonisolated|dynamic)\s+)*(func\s+[^\s(<]+|init[?!]?\s*[(<]|(?:var|subscript)\b[^{=]*\{\s*$)")


def strip_strings(line):
    """The line without string literals and line comments (braces in them do not count)."""
    line = re.sub(r'"(?:\\.|[^"\\])*"', '""', line)
    return line.split("//", 1)[0]


def long_functions(path, lines):
    found = []
    in_multiline_string = False
    for index, raw in enumerate(lines):
        if raw.count('"""') % 2 == 1:
            in_multiline_string = not in_multiline_string
            continue
        if in_multiline_string or not DECL.match(raw):
            continue
        depth, started, end = 0, False, None
        multiline = False
        for j in range(index, len(lines)):
            text = lines[j]
            if text.count('"""') % 2 == 1:
                multiline = not multiline
                continue
            if multiline:
                continue
            code = strip_strings(text)
            for char in code:
                if char == "{":
                    depth += 1
                    started = True
                elif char == "}":
                    depth -= 1
            if started and depth <= 0:
                end = j
                break
            if not started and j > index + 8:
                break  # a requirement or a declaration without a body
        if end is not None and end - index + 1 > MAX_FUNCTION:
            name = DECL.match(raw).group(1).strip()
            found.append(f"{path}:{index + 1}: {name} is {end - index + 1} lines (at most {MAX_FUNCTION})")
    return found


def main():
    problems = []
    module_lines = {}
    imports = {}
    sources = os.path.join(ROOT, "Sources")
    for module in sorted(os.listdir(sources)):
        folder = os.path.join(sources, module)
        if not os.path.isdir(folder):
            continue
        total = 0
        imports[module] = set()
        for base, _, files in os.walk(folder):
            for name in files:
                if not name.endswith(".swift"):
                    continue
                full = os.path.join(base, name)
                path = os.path.relpath(full, ROOT)
                with open(full, encoding="utf-8") as handle:
                    lines = handle.read().split("\n")
                count = len(lines) - (1 if lines and lines[-1] == "" else 0)
                total += count
                for line in lines:
                    match = re.match(r"^(?:@_exported |@testable |public |package |internal )?import (?:struct |class |enum |func |protocol |typealias )?(\w+)", line)
                    if match:
                        imports[module].add(match.group(1))
                if path in GENERATED:
                    continue
                if count > MAX_FILE:
                    problems.append(f"{path}: {count} lines (at most {MAX_FILE})")
                problems += long_functions(path, lines)
        module_lines[module] = total
        if total > MAX_MODULE and module != "HeadlessSwiftUI":
            problems.append(f"Sources/{module}: {total} lines (at most {MAX_MODULE})")
    for module, names in sorted(imports.items()):
        if "GalleyVerify" in names and module not in VERIFY_IMPORTERS:
            problems.append(f"Sources/{module} imports GalleyVerify: only {', '.join(sorted(VERIFY_IMPORTERS))} may")
    if "--no-package" not in sys.argv:
        problems += unused_dependencies()
    for module, total in sorted(module_lines.items(), key=lambda item: -item[1]):
        print(f"{total:6d}  {module}")
    if problems:
        print("\n".join(problems), file=sys.stderr)
        print(f"code shape: {len(problems)} problem(s)", file=sys.stderr)
        return 1
    print("code shape: files, functions, modules and imports within bounds; every target dependency imported")
    return 0


def unused_dependencies():
    """Target dependencies of Package.swift that no file of the target imports."""
    dump = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True, capture_output=True, text=True).stdout)
    problems = []
    for target in dump["targets"]:
        name = target["name"]
        if target.get("type") == "system":
            continue
        folder = target.get("path") or os.path.join("Tests" if target["type"] == "test" else ("Plugins" if target["type"] == "plugin" else "Sources"), name)
        names = set()
        for base, _, files in os.walk(os.path.join(ROOT, folder)):
            if "Fixtures" in base.split(os.sep) or "Samples" in base.split(os.sep):
                continue
            for file in files:
                if file.endswith(".swift"):
                    with open(os.path.join(base, file), encoding="utf-8") as handle:
                        for line in handle:
                            match = re.match(r"^\s*(?:@_exported |@testable |public |package |internal )?import (?:struct |class |enum |func |protocol |typealias )?(\w+)", line)
                            if match:
                                names.add(match.group(1))
        for dependency in target.get("dependencies", []):
            if "byName" in dependency:
                dep = dependency["byName"][0]
            elif "product" in dependency:
                dep = dependency["product"][0]
            elif "target" in dependency:
                dep = dependency["target"][0]
            else:
                continue
            if dep not in names and (name, dep) not in ALLOWED_UNIMPORTED:
                problems.append(f"Package.swift: {name} depends on {dep}, which none of its files imports")
    return problems


if __name__ == "__main__":
    sys.exit(main())
