#!/usr/bin/env bash
# Benchmark of `galley build` on a generated 1,000-page site (issue 2): each page
# has front matter, a table, a task list, headings and a link to the next page's
# anchor. No Swift samples, so the figure is Markdown, link checking, templates
# and output only. Prints wall time and peak memory (GNU time).
# Usage: bench/site.sh [pages] [work-dir]
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
pages=${1:-1000}
work=${2:-$(mktemp -d /tmp/galley-site-XXXX)}
swift build -c release --product galley --package-path "$repo" >/dev/null
galley="$(swift build -c release --show-bin-path --package-path "$repo")/galley"
rm -rf "$work/content"; mkdir -p "$work/content"
printf -- '---\ntitle: Home\n---\n# Home\n\nStart at [page 1](section1/page1.md).\n' > "$work/content/index.md"
for i in $(seq 1 "$pages"); do
  s=$((i % 20)); n=$((i + 1)); ns=$((n % 20))
  mkdir -p "$work/content/section$s"
  cat > "$work/content/section$s/page$i.md" <<MD
---
title: Page $i
order: $i
---
# Page $i

Intro with **bold**, \`code\` and a [link to the next page](../section$ns/page$n.md#details).

## Overview

| Column | Value |
|---|---|
| a | $i |

- [x] done
- [ ] todo

## Details

### More

Text ~~old~~ new. See https://swift.org.
MD
done
mkdir -p "$work/content/section$(( (pages + 1) % 20 ))"
printf -- '# Last\n\n## Details\n' > "$work/content/section$(( (pages + 1) % 20 ))/page$((pages + 1)).md"
cd "$work"
/usr/bin/time -f "wall %e s, peak memory %M KB" "$galley" build
