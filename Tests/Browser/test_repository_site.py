"""This repository's own site as its readers get it: the guides of
`content/` and the manual's catalog (`Sources/galley/Galley.docc`), built
with `galley build` into a folder of the test's (not `public/`) and served by
a plain static server. The manual reads in the order its root page's Topics
curate, under its own heading, beside the guides in theirs.

The expected order is read here, independently of Galley, from the root
page's `## Topics` section as written."""

import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from conftest import ROOT, galley_binary, serve_static

MANUAL = ROOT / "Sources" / "galley" / "Galley.docc"


def curated_groups():
    """The root page's Topics as written: [(group title, [article file names])]."""
    text = (MANUAL / "Galley.md").read_text()
    topics = text.split("\n## Topics\n", 1)[1]
    topics = re.split(r"\n## ", topics, maxsplit=1)[0]
    groups = []
    for line in topics.splitlines():
        if line.startswith("### "):
            groups.append((line[4:].strip(), []))
        match = re.match(r"\s*- <doc:([^>#]+)>", line)
        if match and groups:
            groups[-1][1].append(match.group(1))
    return groups


def guide_titles():
    """The guides' titles in their front matter order (the home page first)."""
    ordered = []
    for path in (ROOT / "content").glob("*.md"):
        text = path.read_text()
        order = re.search(r"^order:\s*(\d+)", text, re.M)
        title = re.search(r"^title:\s*(.+)$", text, re.M) or re.search(r"^# (.+)$", text, re.M)
        ordered.append((path.name != "index.md", int(order.group(1)) if order else 10**9, path.name, title.group(1).strip()))
    return [title for *_, title in sorted(ordered)]


@pytest.fixture(scope="module")
def repository_site():
    work = Path(tempfile.mkdtemp(prefix="galley-repository-site-"))
    build = subprocess.run(
        [galley_binary(), "build", "--output", str(work / "public")], cwd=ROOT, capture_output=True, text=True, timeout=1800
    )
    if build.returncode != 0:
        raise RuntimeError("galley build of this repository failed:\n" + build.stdout + build.stderr)
    server, url = serve_static(work / "public", work / "served", "site/")
    yield url
    server.shutdown()
    shutil.rmtree(work, ignore_errors=True)


def test_manual_in_its_topics_order(browser, repository_site, screenshots):
    groups = curated_groups()
    assert len(groups) >= 3 and all(names for _, names in groups), groups
    browser.get(repository_site + "galley/Verifying.html")
    nav = browser.find_element(By.CSS_SELECTOR, ".site-nav")
    # The manual is a section of its own, headed by its root page, its groups nested under it.
    root = nav.find_element(By.XPATH, ".//li[a[contains(@href, 'galley/Galley.html')]]")
    assert root.find_element(By.CSS_SELECTOR, "a").text == "Galley"
    shown = []
    for group in root.find_elements(By.CSS_SELECTOR, ":scope > ul.nav-topics > li.nav-topic-group"):
        title = group.find_element(By.CSS_SELECTOR, ".nav-group-title").text
        links = group.find_elements(By.CSS_SELECTOR, ":scope > ul > li > a")
        shown.append((title, [Path(link.get_attribute("href")).stem for link in links]))
    assert shown == groups
    current = nav.find_element(By.CSS_SELECTOR, "a[aria-current='page']")
    assert Path(current.get_attribute("href")).stem == "Verifying"
    browser.save_screenshot(str(screenshots / "repository-manual-sidebar.png"))


def test_guides_keep_their_order_before_the_manual(browser, repository_site):
    browser.get(repository_site + "index.html")
    nav = browser.find_element(By.CSS_SELECTOR, ".site-nav")
    top = [item.find_element(By.CSS_SELECTOR, ":scope > a").text for item in nav.find_elements(By.CSS_SELECTOR, ":scope > ul > li")]
    guides = guide_titles()
    assert top[: len(guides)] == guides
    assert top[len(guides):] == ["Galley"], "the manual is one entry after the guides: its root page"


def test_previous_and_next_follow_the_curation(browser, repository_site):
    groups = curated_groups()
    order = ["Galley"] + [name for _, names in groups for name in names]
    browser.get(repository_site + f"galley/{order[1]}.html")
    previous = browser.find_element(By.CSS_SELECTOR, "a.pagination-prev").get_attribute("href")
    following = browser.find_element(By.CSS_SELECTOR, "a.pagination-next").get_attribute("href")
    assert Path(previous).stem == order[0]
    assert Path(following).stem == order[2]
