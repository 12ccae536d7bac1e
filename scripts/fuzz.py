#!/usr/bin/env python3
"""Builds Galley's libFuzzer targets and runs each for a while (`make fuzz SECONDS=N`).

Galley's own modules (GalleyCore, GalleyMarkdown, GalleyProcess, GalleyPackage, GalleySamples, GalleyPrograms, GalleyHovers, GalleyReports,
GalleyVerify, GalleyProject, GalleyReference, GalleyRender, GalleyOutput, GalleySite, GalleyServer)
are compiled again with `-sanitize=fuzzer,address` into .build-fuzz/; the
packages they use (Yams, swift-syntax, swift-crypto, Mustache, Hummingbird,
NIO, …) are linked from the ordinary debug build in .build/, uninstrumented.
Building those packages a second time with instrumentation would take far
longer on a small machine than the fuzzing itself, and their parsers are not
what these targets test. The compiler flags of each module (include paths,
module maps of C targets, defines) are the ones SwiftPM itself used, read
from .build/debug.yaml; the objects to link are those of the `galley`
product, read from its Objects.LinkFileList.

One executable per file in Fuzz/Targets/ (each defines LLVMFuzzerTestOneInput).
Each runs for SECONDS seconds from its seed corpus Fuzz/Corpus/<target>/
(read only); new inputs go to .build-fuzz/corpus/<target>/, crashes, hangs
and out-of-memory inputs to .build-fuzz/artifacts/. The script exits 1, naming
the saved inputs, when any target fails.

    python3 scripts/fuzz.py --seconds 30            # build, then run every target
    python3 scripts/fuzz.py --seconds 60 markdown   # one target
    python3 scripts/fuzz.py --build-only
    .build-fuzz/markdown crash-file                 # replay one input
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FUZZ = ROOT / "Fuzz"
OUT = ROOT / ".build-fuzz"
BUILD = ROOT / ".build"
# Instrumented in dependency order; everything else is linked as SwiftPM built it.
MODULES = ["GalleyCore", "GalleyMarkdown", "GalleyProcess", "GalleyPackage", "GalleySamples", "GalleyPrograms", "GalleyHovers", "GalleyReports", "GalleyVerify",
           "GalleyProject", "GalleyReference", "GalleyRender", "GalleyOutput", "GalleySite", "GalleyServer"]
SANITIZERS = "-sanitize=fuzzer,address"
# Per target: the longest input libFuzzer makes (pages and YAML may be long; a path or a line is short).
MAX_LEN = {"markdown": 16384, "programs": 16384, "front-matter": 8192, "site-config": 8192, "path-resolver": 1024}
DEFAULT_MAX_LEN = 4096


def log(message):
    print(f"fuzz: {message}", flush=True)


def run(command, **kwargs):
    result = subprocess.run(command, **kwargs)
    if result.returncode != 0:
        sys.exit(f"fuzz: command failed ({result.returncode}): {' '.join(map(str, command[:6]))} …")
    return result


def swiftpm_commands(swift):
    """The llbuild commands of the debug build: name → swiftc arguments."""
    run([swift, "build", "--product", "galley"], cwd=ROOT)
    manifest = BUILD / "debug.yaml"
    if not manifest.exists():
        sys.exit(f"fuzz: {manifest} not found; SwiftPM changed its build layout (see scripts/fuzz.py)")
    commands, name = {}, None
    for line in manifest.read_text().splitlines():
        header = re.match(r'^  "(.+)":$', line)
        if header:
            name = header.group(1)
        elif name and line.startswith("    args: ["):
            commands[name] = json.loads(line[len("    args: "):])
    return commands


def module_flags(args):
    """The flags of SwiftPM's compile of a module that matter to another compile of it."""
    keep, index = [], 1
    while index < len(args):
        arg = args[index]
        if arg in ("-I", "-Xcc", "-target", "-swift-version", "-package-name") and index + 1 < len(args):
            keep += [arg, args[index + 1]]
            index += 2
            continue
        if arg.startswith("-D") and arg != "-DDEBUG":
            keep.append(arg)
        index += 1
    return keep


def build(swift, targets):
    commands = swiftpm_commands(swift)
    modules_dir = OUT / "Modules"
    objects_dir = OUT / "objects"
    for folder in (modules_dir, objects_dir):
        folder.mkdir(parents=True, exist_ok=True)
    common = ["-I", str(modules_dir), "-module-cache-path", str(OUT / "ModuleCache"),
              "-O", "-g", "-enable-testing", SANITIZERS, "-parse-as-library"]
    started = time.monotonic()
    stamp = (BUILD / "debug" / "galley").stat().st_mtime
    compiled = []
    for module in MODULES:
        key = next((k for k in commands if k.startswith(f"C.{module}-") and k.endswith("-debug.module")), None)
        if key is None:
            sys.exit(f"fuzz: no compile command for {module} in .build/debug.yaml")
        sources = sorted(str(p) for p in (ROOT / "Sources" / module).rglob("*.swift"))
        obj = objects_dir / f"{module}.o"
        # The debug build's galley is relinked whenever a package (or a module) changes.
        newest = max([Path(s).stat().st_mtime for s in sources] + [stamp])
        stale = not obj.exists() or obj.stat().st_mtime < newest or any(
            (objects_dir / f"{m}.o").stat().st_mtime > obj.stat().st_mtime for m in compiled)
        if stale:
            log(f"compiling {module} ({len(sources)} files) with {SANITIZERS}")
            run([swift + "c", "-module-name", module, "-emit-module", "-emit-module-path",
                 str(modules_dir / f"{module}.swiftmodule"), "-wmo",
                 "-c", "-o", str(obj)] + common + module_flags(commands[key]) + sources, cwd=ROOT)
            obj.touch()  # swiftc keeps an unchanged object's old time; the checks above compare times
        compiled.append(module)
    link_key = next((k for k in commands if k.startswith("C.galley-") and k.endswith("-debug.exe")), None)
    if link_key is None:
        sys.exit("fuzz: no link command for galley in .build/debug.yaml")
    link_args = commands[link_key]
    link_list = next(a[1:] for a in link_args if a.endswith("Objects.LinkFileList"))
    replaced = [f"/{m}.build/" for m in MODULES + ["galley"]]
    dependencies = [line for line in Path(link_list).read_text().splitlines()
                    if line.strip() and not any(r in line for r in replaced)]
    (OUT / "dependencies.LinkFileList").write_text("\n".join(dependencies) + "\n")
    libraries = [a for a in link_args if a.startswith("-l") or a.startswith("-L/")]
    support = sorted(str(p) for p in (FUZZ / "Support").glob("*.swift"))
    flags = module_flags(commands[next(k for k in commands if k.startswith("C.GalleyServer-") and k.endswith(".module"))])
    for target in targets:
        source = FUZZ / "Targets" / f"{target}.swift"
        executable = OUT / target
        inputs = [source, *map(Path, support)] + [objects_dir / f"{m}.o" for m in MODULES]
        if executable.exists() and all(executable.stat().st_mtime >= p.stat().st_mtime for p in inputs):
            continue
        log(f"building {target}")
        run([swift + "c", "-use-ld=lld", "-module-name", "Fuzz" + re.sub(r"[^A-Za-z0-9]", "", target.title()),
             "-emit-executable", "-o", str(executable), str(source), *support,
             *common, *flags, *[str(objects_dir / f"{m}.o") for m in MODULES],
             f"@{OUT / 'dependencies.LinkFileList'}", *libraries], cwd=ROOT)
    log(f"build done in {time.monotonic() - started:.0f} s")


def fuzz(target, seconds):
    """Runs one target; returns (ok, summary line, saved inputs)."""
    seeds = FUZZ / "Corpus" / target
    corpus = OUT / "corpus" / target
    artifacts = OUT / "artifacts"
    corpus.mkdir(parents=True, exist_ok=True)
    artifacts.mkdir(parents=True, exist_ok=True)
    before = set(artifacts.iterdir())
    command = [str(OUT / target), str(corpus), str(seeds),
               f"-max_total_time={seconds}", "-timeout=10", "-rss_limit_mb=2048",
               f"-max_len={MAX_LEN.get(target, DEFAULT_MAX_LEN)}", "-print_final_stats=1",
               "-detect_leaks=0", f"-artifact_prefix={artifacts}/{target}-"]
    dictionary = FUZZ / "Dictionaries" / f"{target}.dict"
    if dictionary.exists():
        command.append(f"-dict={dictionary}")
    log(f"running {target} for {seconds} s")
    logfile = OUT / "logs" / f"{target}.log"
    logfile.parent.mkdir(exist_ok=True)
    # libFuzzer and ASan print the trap and its stack; the Swift runtime's backtracer would print it again.
    # Leak detection is off: Foundation's Data(contentsOf:) in this toolchain leaks 4 KB when it
    # reads an empty file, which site-config would report as a crash on the empty input.
    env = dict(os.environ, SWIFT_BACKTRACE="enable=no", ASAN_OPTIONS="detect_leaks=0:" + os.environ.get("ASAN_OPTIONS", ""))
    with open(logfile, "w") as output:
        result = subprocess.run(command, stdout=output, stderr=subprocess.STDOUT, cwd=ROOT, env=env)
    text = logfile.read_text(errors="replace")
    stats = dict(re.findall(r"^stat::(\w+):\s+(\d+)", text, re.M))
    saved = sorted(set(artifacts.iterdir()) - before)
    seed_count = sum(1 for p in seeds.iterdir() if p.is_file()) if seeds.exists() else 0
    summary = (f"{target:<18} {int(stats.get('number_of_executed_units', 0)):>10} runs  "
               f"{int(stats.get('average_exec_per_sec', 0)):>7} exec/s  "
               f"corpus {seed_count} seeds + {sum(1 for _ in corpus.iterdir())} found")
    if result.returncode != 0:
        tail = "\n".join(text.splitlines()[-40:])
        print(tail, flush=True)
        return False, summary + f"  FAILED (exit {result.returncode}, log {logfile.relative_to(ROOT)})", saved
    return True, summary, saved


def main():
    parser = argparse.ArgumentParser(description="Build and run Galley's libFuzzer targets.")
    parser.add_argument("--seconds", type=int, default=30, help="how long each target runs (default 30)")
    parser.add_argument("--build-only", action="store_true", help="build the targets, run none")
    parser.add_argument("targets", nargs="*", help="targets to run (default: every file in Fuzz/Targets/)")
    options = parser.parse_args()
    available = sorted(p.stem for p in (FUZZ / "Targets").glob("*.swift"))
    targets = options.targets or available
    unknown = [t for t in targets if t not in available]
    if unknown:
        sys.exit(f"fuzz: unknown target(s) {', '.join(unknown)}; the targets are {', '.join(available)}")
    swift = os.environ.get("SWIFT", "swift")
    if shutil.which(swift) is None:
        sys.exit(f"fuzz: '{swift}' not found; put the Swift toolchain on PATH")
    build(swift, targets)
    if options.build_only:
        return
    results = [fuzz(t, options.seconds) for t in targets]
    print("\nfuzz summary:")
    for _, summary, _ in results:
        print("  " + summary)
    saved = [p for _, _, inputs in results for p in inputs]
    if saved or not all(ok for ok, _, _ in results):
        print("\nfuzz: saved inputs (replay with .build-fuzz/<target> <file>; see README, Fuzzing):")
        for path in saved:
            print(f"  {path.relative_to(ROOT)}")
        sys.exit(1)


if __name__ == "__main__":
    main()
