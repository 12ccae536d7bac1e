#!/usr/bin/env python3
"""Writes one generated documentation corpus for two generators (bench/vs-hugo.sh).

    bench/corpus.py PAGES DIR

DIR/galley/content/  the pages as Galley reads them (home page index.md)
DIR/hugo/content/    the same files as Hugo reads them (home page _index.md)

PAGES pages in 20 sections (folders section00..section19), plus the home page.
Every page has YAML front matter (title, description, order and Hugo's weight:
the same reading order in both), an intro with inline markup, a link to the
next page's `#details` anchor and one to a page of another section, a table,
a task list, two fenced code blocks (`python` and `json`: not Swift, so Galley
compiles nothing; this measures rendering, not the compiler), headings at
levels 2 and 3, strikethrough and an autolink: about 2 KB of Markdown.
"""
import os
import sys

SECTIONS = 20


def page_path(i, pages):
    """section/pageI.md of page I (1-based), sections filled in reading order."""
    per = -(-pages // SECTIONS)
    return f"section{(i - 1) // per:02d}/page{i}.md"


def relative(from_path, to_path):
    return os.path.relpath(to_path, os.path.dirname(from_path) or ".")


def page(i, pages):
    path = page_path(i, pages)
    nxt = page_path(i % pages + 1, pages)
    other = page_path((i + pages // 2 - 1) % pages + 1, pages)
    return f"""---
title: Page {i}
description: Generated page {i} of {pages}.
order: {i}
weight: {i}
---
# Page {i}

Intro with **bold**, *emphasis*, `inline code` and a [link to the next page]({relative(path, nxt)}#details).
See also [a page in another section]({relative(path, other)}#overview).

## Overview

| Column | Value | Notes |
|---|---|---|
| a | {i} | first |
| b | {i * 2} | second |
| c | {i * 3} | third |

- [x] written
- [x] reviewed
- [ ] published

## Example

```python
def page_{i}(values):
    total = 0
    for value in values:
        total += value * {i}
    return total
```

```json
{{"page": {i}, "tags": ["generated", "bench"], "next": "{nxt}"}}
```

## Details

Text ~~old~~ new. See https://swift.org for the language, and the
overview above for the table. A longer paragraph so that the page has some
prose to index for search: the quick brown fox jumps over the lazy dog,
again and again, on page {i}.

### More

1. First step on page {i}.
2. Second step.
3. Third step.

> A quotation with `code` in it.
"""


def main():
    pages, out = int(sys.argv[1]), sys.argv[2]
    home = "---\ntitle: Home\n---\n# Home\n\nStart at [page 1](" + page_path(1, pages) + ").\n"
    for tool, home_name in (("galley", "index.md"), ("hugo", "_index.md")):
        content = os.path.join(out, tool, "content")
        for i in range(1, pages + 1):
            target = os.path.join(content, page_path(i, pages))
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "w") as f:
                f.write(page(i, pages))
        with open(os.path.join(content, home_name), "w") as f:
            f.write(home)


if __name__ == "__main__":
    main()
