#!/usr/bin/env python3
"""How many identifiers in a built site's visible sample code have a popover.

    python3 scripts/hover-coverage.py [public] [--min 95] [--include-unverified]

Reads every `*.html` file under the site folder (default `public/`) and prints,
per page with samples and in total, `covered/identifiers (percent)`. With
`--min P` it exits 1 when the total is below P percent.

The counting rule, on the markup `SampleHTML` writes (swift-syntax's
highlighter classes, `tok-*`):

- Code counted: the `<pre><code>` of each `<figure class="sample …">`, except
  figures marked `sample-not-verified` (`ignore` samples, DocC snippets: never
  compiled, so the compiler cannot describe them; counted apart and left out
  unless `--include-unverified`). Inside it, hidden lines
  (`.sample-hidden-line`), compiler messages (`.sample-diagnostic`) and
  `// ^?` answers (`.sample-callout`) are not visible code and are skipped.
- Not identifiers: text in `tok-keyword`, `tok-string`, `tok-number`,
  `tok-comment` and `tok-operator` spans (keywords, literals, comments,
  operators), and every character of unclassified text that is not part of
  an identifier (punctuation, spaces).
- Identifiers: each maximal run of `tok-type` text and each run of
  `tok-attribute` text (`@Observable` is one) is one identifier; in
  unclassified text, each match of `` `…` ``, `$?[A-Za-z_][A-Za-z0-9_]*` or
  `$[0-9]+` (`$0`) is one.
- Not identifiers either: `_` alone (the wildcard of `_ = x`, `func f(_ a:)`,
  which names nothing; Xcode's Quick Help has nothing for it).
- Covered: an identifier whose first character — after the `@` of an
  attribute, which the popover of `Observable` in `@Observable` leaves out —
  is inside a popover trigger (`<span class="hv" …>`).
"""

import argparse
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

NOT_IDENTIFIERS = {"tok-keyword", "tok-string", "tok-number", "tok-comment", "tok-operator"}
RUN_IDENTIFIERS = {"tok-type", "tok-attribute"}
SKIPPED = {"sample-hidden-line", "sample-diagnostic", "sample-callout"}
PLAIN_IDENTIFIER = re.compile(r"`[^`\n]+`|\$?[A-Za-z_][A-Za-z0-9_]*|\$[0-9]+")


class SampleCode(HTMLParser):
    """Collects, per sample, the visible code as (character, class, covered) triples."""

    def __init__(self, include_unverified):
        super().__init__(convert_charrefs=True)
        self.include_unverified = include_unverified
        self.stack = []  # (tag, classes) of open elements
        self.samples = []  # each a list of (char, token class or None, covered)
        self.unverified = 0
        self.current = None

    def _classes(self, attrs):
        return set((dict(attrs).get("class") or "").split())

    def _inside(self, name):
        return any(name in classes for _, classes in self.stack)

    def handle_starttag(self, tag, attrs):
        classes = self._classes(attrs)
        self.stack.append((tag, classes))
        if tag == "figure" and "sample" in classes:
            if "sample-not-verified" in classes and not self.include_unverified:
                self.unverified += 1
            else:
                self.current = []
                self.samples.append(self.current)
                self.stack[-1] = (tag, classes | {"counted-sample"})

    def handle_endtag(self, tag):
        while self.stack:
            open_tag, classes = self.stack.pop()
            if open_tag == "figure" and "counted-sample" in classes:
                self.current = None
            if open_tag == tag:
                break

    def handle_data(self, data):
        if self.current is None:
            return
        tags = [t for t, _ in self.stack]
        if "pre" not in tags or "code" not in tags or any(self._inside(name) for name in SKIPPED):
            return
        token = None
        for _, classes in reversed(self.stack):
            found = [c for c in classes if c.startswith("tok-")]
            if found:
                token = found[0]
                break
        covered = self._inside("hv")
        self.current.extend((char, token, covered) for char in data)


def count(triples):
    """(identifiers, covered) in one sample's visible code."""
    identifiers = covered = 0
    index = 0
    while index < len(triples):
        char, token, is_covered = triples[index]
        if token in RUN_IDENTIFIERS:
            end = index
            while end < len(triples) and triples[end][1] == token:
                end += 1
            identifiers += 1
            first = index + 1 if char == "@" and index + 1 < end else index
            covered += triples[first][2]
            index = end
        elif token is None:
            end = index
            while end < len(triples) and triples[end][1] is None:
                end += 1
            text = "".join(t[0] for t in triples[index:end])
            for match in PLAIN_IDENTIFIER.finditer(text):
                if match.group() == "_":
                    continue
                identifiers += 1
                covered += triples[index + match.start()][2]
            index = end
        else:
            index += 1
    return identifiers, covered


def coverage(site, include_unverified=False):
    """Per page (relative path → (identifiers, covered)), and the unverified figures left out."""
    pages = {}
    unverified = 0
    for path in sorted(Path(site).rglob("*.html")):
        parser = SampleCode(include_unverified)
        parser.feed(path.read_text(encoding="utf-8"))
        unverified += parser.unverified
        if not parser.samples:
            continue
        totals = [count(sample) for sample in parser.samples]
        pages[str(path.relative_to(site))] = (sum(t[0] for t in totals), sum(t[1] for t in totals))
    return pages, unverified


def percent(covered, identifiers):
    return 100.0 * covered / identifiers if identifiers else 100.0


def main(arguments=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", nargs="?", default="public")
    parser.add_argument("--min", type=float, default=None, help="exit 1 when the total is below this percentage")
    parser.add_argument("--include-unverified", action="store_true", help="count samples marked not verified too")
    options = parser.parse_args(arguments)
    if not Path(options.site).is_dir():
        print(f"{options.site}: no such folder (build the site first: make site)", file=sys.stderr)
        return 2
    pages, unverified = coverage(options.site, options.include_unverified)
    total_identifiers = total_covered = 0
    for page, (identifiers, covered) in pages.items():
        total_identifiers += identifiers
        total_covered += covered
        print(f"{page}: {covered}/{identifiers} ({percent(covered, identifiers):.1f} %)")
    total = percent(total_covered, total_identifiers)
    print(f"Total: {total_covered}/{total_identifiers} identifiers have a popover ({total:.1f} %)"
          + (f"; {unverified} not-verified sample{'s' if unverified != 1 else ''} left out" if unverified else ""))
    if options.min is not None and total < options.min:
        print(f"Below {options.min:g} %", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
