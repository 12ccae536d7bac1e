#!/usr/bin/env python3
"""Search by type on real packages' reference sites, in Chromium (issue 48).

    bench/type-search.py PACKAGE AFTER [BEFORE]

PACKAGE names the query list to run (a section of bench/type-search-queries.txt:
`swift-collections`, `swift-nio`); AFTER is a site Galley built of that
package (a folder with search-index.js), BEFORE optionally one built by an
earlier Galley, measured alike. Each site is served by a plain static server
and opened in headless Chromium (with the Selenium of `make browser-deps`:
.build/venv-browser/bin/python bench/type-search.py …).

Prints, per query of AFTER's list, its expected first result and the first
three Galley shows; then each site's search-index.js size and its time to
first result: from typing a query into the search box of a freshly loaded
page (the index not loaded yet) to the first result shown, median of 5, for
the list's name query and, on AFTER, its first type query. Exit status 1 when
a query's first result is not the expected one, 2 on a usage error.
"""
import functools
import http.server
import os
import shutil
import statistics
import sys
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def queries(package):
    """(query, expected first result name) of `package`'s section, and its name query."""
    rows, name_query, section = [], None, None
    for line in (HERE / "type-search-queries.txt").read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1]
            continue
        if section != package:
            continue
        query, _, expected = line.partition("=>")
        if query.startswith("name:"):
            name_query = query[5:].strip()
        else:
            rows.append((query.strip(), expected.strip()))
    return rows, name_query


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(folder):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def chromium():
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = shutil.which("chromium") or shutil.which("chromium-browser")
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=1280,900"]:
        options.add_argument(argument)
    return webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)


def first_page(site):
    """A page of the site that has the search box: the first module's root page."""
    documentation = site / "documentation"
    for module in sorted(documentation.iterdir()) if documentation.is_dir() else []:
        if (module / "index.html").is_file():
            return f"documentation/{module.name}/index.html"
    return "index.html"


def search(driver, url, query):
    """Loads `url`, types `query`: seconds to the first result, and the symbol results' names."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get(url)
    box = driver.find_element(By.ID, "galley-search")
    start = time.perf_counter()
    box.send_keys(query)
    WebDriverWait(driver, 60, poll_frequency=0.005).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "#galley-search-results a.galley-search-result, #galley-search-results .galley-search-empty"))
    elapsed = time.perf_counter() - start
    names = [element.text for element in driver.find_elements(By.CSS_SELECTOR, "#galley-search-results a.galley-search-symbol .galley-search-path code")]
    return elapsed, names


def timing(driver, url, query, runs=5):
    return statistics.median(search(driver, url, query)[0] for _ in range(runs))


def main():
    if len(sys.argv) not in (3, 4) or not (Path(sys.argv[2]) / "search-index.js").is_file():
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    package, after = sys.argv[1], Path(sys.argv[2])
    before = Path(sys.argv[3]) if len(sys.argv) == 4 else None
    rows, name_query = queries(package)
    if not rows:
        print(f"no queries for {package} in bench/type-search-queries.txt", file=sys.stderr)
        return 2
    driver = chromium()
    misses = 0
    try:
        server, root = serve(after)
        url = root + first_page(after)
        print(f"{package}: {len(rows)} type queries, in Chromium")
        for query, expected in rows:
            _, names = search(driver, url, query)
            hit = bool(names) and names[0] == expected
            misses += not hit
            print(f"  {'ok  ' if hit else 'MISS'} {query:<52} expected {expected:<40} got {' | '.join(names[:3]) or '(none)'}")
        print(f"first results as expected: {len(rows) - misses} of {len(rows)}")
        sizes = [("after", after, url)]
        if before:
            before_server, before_root = serve(before)
            sizes.insert(0, ("before", before, before_root + first_page(before)))
        for label, site, page in sizes:
            size = (site / "search-index.js").stat().st_size
            line = f"{label:<6} search-index.js {size / 1024:8.1f} KiB; first result: name query {name_query!r} {timing(driver, page, name_query) * 1000:7.0f} ms"
            if label == "after":
                line += f", type query {rows[0][0]!r} {timing(driver, page, rows[0][0]) * 1000:7.0f} ms"
            print(line)
    finally:
        driver.quit()
    return 1 if misses else 0


if __name__ == "__main__":
    sys.exit(main())
