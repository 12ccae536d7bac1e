"""A versioned site as its readers get it: the fixture package
`Tests/Fixtures/PackageDocs` in a git repository with two tags, built with
`galley build --versions` and served by a plain static server under a
sub-path. The version switcher is used with JavaScript on and off: it must
land on the same page in the other version, or the nearest one it has."""

import subprocess

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import BuiltPackageSite

SUBPATH = "docs/shapes/"
RECTANGLE = "documentation/shapes/rectangle/"


def git(package, *arguments):
    subprocess.run(["git", "-C", str(package), "-c", "user.name=Galley Tests", "-c", "user.email=tests@galley.invalid", *arguments],
                   check=True, capture_output=True)


def tag_two_versions(package):
    """Tags 1.0.0 (Rectangle has `perimeter`) and 2.0.0 (`perimeter` gone, `scaled(by:)` new)."""
    rectangle = package / "Library" / "Shapes" / "Rectangle.swift"
    original = rectangle.read_text(encoding="utf-8")
    git(package, "init", "-q", "-b", "main")
    rectangle.write_text(original + "\nextension Rectangle {\n    /// Around it.\n    public var perimeter: Int { 2 * (width + height) }\n}\n",
                         encoding="utf-8")
    git(package, "add", "-A")
    git(package, "commit", "-q", "-m", "1.0")
    git(package, "tag", "1.0.0")
    rectangle.write_text(original + "\nextension Rectangle {\n    /// Both sides times `factor`.\n"
                         "    public func scaled(by factor: Int) -> Rectangle { Rectangle(width: width * factor, height: height * factor) }\n}\n",
                         encoding="utf-8")
    git(package, "commit", "-q", "-am", "2.0")
    git(package, "tag", "2.0.0")


@pytest.fixture(scope="module")
def versioned():
    site = BuiltPackageSite("galley-versions-", SUBPATH, tag_two_versions, arguments=("build", "--versions"))
    yield site
    site.stop()


def switch(driver, version):
    """Opens the switcher and follows its link to `version`."""
    switcher = driver.find_element(By.CSS_SELECTOR, "nav.version-switcher")
    switcher.find_element(By.TAG_NAME, "summary").click()
    link = switcher.find_element(By.CSS_SELECTOR, f'a[data-version="{version}"]')
    assert link.is_displayed(), "the opened switcher shows its versions"
    link.click()


@pytest.mark.parametrize("javascript", [True, False], ids=["javascript", "no-javascript"])
def test_the_switcher_lands_on_the_same_page_in_the_other_version(versioned, browser, browser_without_javascript, javascript):
    driver = browser if javascript else browser_without_javascript
    driver.get(versioned.page("2.0.0/" + RECTANGLE + "width/index.html"))
    assert "Version 2.0.0 (latest)" in driver.find_element(By.CSS_SELECTOR, "nav.version-switcher summary").text
    switch(driver, "1.0.0")
    assert driver.current_url == versioned.page("1.0.0/" + RECTANGLE + "width/index.html")
    assert "width" in driver.find_element(By.TAG_NAME, "h1").text
    assert "Version 1.0.0" in driver.find_element(By.CSS_SELECTOR, "nav.version-switcher summary").text


@pytest.mark.parametrize("javascript", [True, False], ids=["javascript", "no-javascript"])
def test_a_page_the_other_version_lacks_lands_on_the_nearest_page_it_has(versioned, browser, browser_without_javascript, javascript):
    driver = browser if javascript else browser_without_javascript
    driver.get(versioned.page("1.0.0/" + RECTANGLE + "perimeter/index.html"))
    switch(driver, "2.0.0")
    assert driver.current_url == versioned.page("2.0.0/" + RECTANGLE + "index.html")
    assert "Rectangle" in driver.find_element(By.TAG_NAME, "h1").text


@pytest.mark.parametrize("javascript", [True, False], ids=["javascript", "no-javascript"])
def test_the_root_sends_readers_to_the_latest_release_and_its_changes_page(versioned, browser, browser_without_javascript, javascript):
    driver = browser if javascript else browser_without_javascript
    driver.get(versioned.page(""))
    WebDriverWait(driver, 10).until(lambda d: d.current_url == versioned.page("latest/index.html"))
    switcher = driver.find_element(By.CSS_SELECTOR, "nav.version-switcher")
    switcher.find_element(By.TAG_NAME, "summary").click()
    switcher.find_element(By.PARTIAL_LINK_TEXT, "What changed in 2.0.0").click()
    assert driver.current_url == versioned.page("2.0.0/changes.html")
    added = driver.find_element(By.CSS_SELECTOR, "ul.api-added").text
    removed = driver.find_element(By.CSS_SELECTOR, "ul.api-removed").text
    assert "Rectangle.scaled(by:)" in added and "Rectangle.perimeter" in removed
    driver.find_element(By.LINK_TEXT, "Rectangle.perimeter").click()
    assert driver.current_url == versioned.page("1.0.0/" + RECTANGLE + "perimeter/index.html"), "a removed symbol links its page in the older version"
