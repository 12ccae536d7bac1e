#!/usr/bin/env python3
"""Generates the programs of every listing of every package of the local mirror, without compiling (`make sweep`).

For each package under /opt/swift-packages (OWNER/NAME.git), at each tag the
mirror lists (or only the newest with --newest), the DocC catalogs' articles
and the doc comments of `Sources/` are read as Galley reads them and their
samples turned into programs by the program generator — the libFuzzer target
Fuzz/Targets/programs.swift, built by scripts/fuzz.py, run once over every
input with -runs=0. A crash in generation stops the run with the input that
caused it; the script exits 1 and names the package, version and file.

    python3 scripts/sweep.py                 # every tag of every package
    python3 scripts/sweep.py --newest        # the newest tag of each
    python3 scripts/sweep.py --mirror DIR    # another mirror
"""

import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / ".build-fuzz"
TARGET = OUT / "programs"


def tags(repository):
    names = subprocess.run(["git", "-C", str(repository), "tag"], capture_output=True, text=True).stdout.split()
    def key(tag):
        return [int(part) if part.isdigit() else 0 for part in re.split(r"[.\-]", tag.lstrip("v"))]
    return sorted(names, key=key)


def files(repository, tag):
    """The (path, text) of the catalogs' articles and the Swift files under Sources/ at `tag`."""
    listing = subprocess.run(["git", "-C", str(repository), "ls-tree", "-r", "--name-only", tag],
                             capture_output=True, text=True).stdout.splitlines()
    wanted = [path for path in listing
              if (".docc/" in path and path.endswith(".md")) or (path.startswith("Sources/") and path.endswith(".swift"))]
    if not wanted:
        return
    batch = subprocess.run(["git", "-C", str(repository), "cat-file", "--batch"],
                           input="".join(f"{tag}:{path}\n" for path in wanted).encode(), capture_output=True).stdout
    offset = 0
    for path in wanted:
        header_end = batch.index(b"\n", offset)
        header = batch[offset:header_end].split()
        if len(header) < 3 or header[1] != b"blob":
            offset = header_end + 1
            continue
        size = int(header[2])
        body = batch[header_end + 1:header_end + 1 + size]
        offset = header_end + 1 + size + 1
        yield path, body.decode("utf-8", errors="replace")


def doc_comments(text):
    """The `///` comments of a Swift file that hold a listing, their markers removed."""
    comment = []
    for line in text.split("\n") + [""]:
        stripped = line.lstrip()
        if stripped.startswith("///"):
            body = stripped[3:]
            comment.append(body[1:] if body.startswith(" ") else body)
            continue
        if comment:
            joined = "\n".join(comment) + "\n"
            if "```" in joined or re.search(r"\n\n {4,}\S", joined):
                yield joined
            comment = []


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirror", default="/opt/swift-packages")
    parser.add_argument("--newest", action="store_true", help="only the newest tag of each package")
    arguments = parser.parse_args()
    mirror = Path(arguments.mirror)
    repositories = sorted(mirror.glob("*/*.git"))
    if not repositories:
        sys.exit(f"sweep: no packages in {mirror} (OWNER/NAME.git folders)")
    if not TARGET.exists():
        subprocess.run([sys.executable, str(ROOT / "scripts" / "fuzz.py"), "--build-only", "programs"], check=True)
    inputs = OUT / "sweep"
    shutil.rmtree(inputs, ignore_errors=True)
    inputs.mkdir(parents=True)
    origins = {}
    versions = 0
    start = time.time()
    for repository in repositories:
        name = f"{repository.parent.name}/{repository.name[:-4]}"
        chosen = tags(repository)
        for tag in chosen[-1:] if arguments.newest else chosen:
            versions += 1
            for path, text in files(repository, tag):
                pieces = [text] if path.endswith(".md") else list(doc_comments(text))
                for piece in pieces:
                    # Named by its SHA-1, as libFuzzer names a crashing input: a text several versions share is read once.
                    digest = hashlib.sha1(piece.encode()).hexdigest()
                    if digest not in origins:
                        (inputs / digest).write_text(piece)
                        origins[digest] = f"{name}@{tag}:{path}"
    print(f"sweep: {len(origins)} different catalog pages and doc comments with listings from {versions} versions "
          f"of {len(repositories)} packages ({time.time() - start:.0f} s to read)", flush=True)
    artifacts = OUT / "sweep-artifacts"
    artifacts.mkdir(exist_ok=True)
    run = subprocess.run([str(TARGET), "-runs=0", "-rss_limit_mb=4096", "-timeout=60", f"-artifact_prefix={artifacts}/", str(inputs)],
                         capture_output=True, text=True)
    if run.returncode != 0:
        crashed = re.findall(r"Test unit written to \S*?-([0-9a-f]{40})", run.stderr)
        where = [origins.get(item, item) for item in crashed]
        sys.stderr.write(run.stderr[-4000:])
        sys.exit(f"sweep: the program generator crashed ({run.returncode}); input: {', '.join(where) or 'see above'}")
    print(f"sweep: programs generated for every input, 0 crashes ({time.time() - start:.0f} s in all)")


if __name__ == "__main__":
    main()
