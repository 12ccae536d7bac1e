"""The API reference of a package as its readers get it: the fixture package
`Tests/Fixtures/PackageDocs` built with `galley build` and served by a plain
static server under a sub-path (`/docs/shapes/`), as GitHub Pages serves a
project site. Its symbol pages are read with JavaScript off and on."""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from conftest import BuiltPackageSite

SUBPATH = "docs/shapes/"


def add_members(package):
    """Members in an extension and a second type, for the reference's pages."""
    (package / "Library" / "Shapes" / "Members.swift").write_text(
        "extension Rectangle {\n"
        "    /// Twice as wide.\n"
        "    public var doubled: Rectangle { Rectangle(width: width * 2, height: height) }\n"
        "}\n\n"
        "/// A circle.\npublic struct Circle { /// Its radius.\n public var radius: Int }\n",
        encoding="utf-8")


@pytest.fixture(scope="module")
def reference():
    site = BuiltPackageSite("galley-reference-", SUBPATH, add_members)
    yield site
    site.stop()


def wait(driver, seconds=10):
    return WebDriverWait(driver, seconds)


def test_a_symbol_page_reads_without_javascript(browser_without_javascript, reference):
    driver = browser_without_javascript
    driver.get(reference.page("documentation/shapes/rectangle/index.html"))
    text = driver.find_element(By.TAG_NAME, "main").text
    # Declaration, doc comment, members and relationships are in the HTML itself.
    assert "struct Rectangle" in text
    assert "A rectangle with whole-number sides." in text
    assert "Topics" in text and "Instance Properties" in text and "doubled" in text
    assert "Relationships" in text
    # The script that adds things did not run: no filter box was added to the sidebar.
    assert not driver.find_elements(By.CSS_SELECTOR, ".nav-filter")
    # The sidebar's symbol groups are there, folded.
    assert driver.find_elements(By.CSS_SELECTOR, ".nav-symbols details")


def test_the_site_works_under_a_sub_path(browser, reference):
    browser.get(reference.page("documentation/shapes/rectangle/area/index.html"))
    # The stylesheet and the script loaded from the sub-path.
    assert browser.execute_script(
        "var want = arguments[0]; return Array.from(document.styleSheets).some(function (s) {"
        " return s.href === want && s.cssRules.length > 0; })", reference.page("assets/galley.css"))
    assert browser.find_elements(By.CSS_SELECTOR, ".nav-filter"), "galley.js ran"
    link = browser.find_element(By.CSS_SELECTOR, ".site-title")
    assert link.get_attribute("href") == reference.page("index.html")
    # A link in the page leads to a page of the site, under the sub-path.
    browser.get(reference.page("documentation/shapes/rectangle/index.html"))
    member = browser.find_element(By.CSS_SELECTOR, "main a[href*='rectangle/area/']")
    assert member.get_attribute("href").startswith(reference.url)
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'}); arguments[0].click();", member)
    wait(browser).until(lambda d: d.current_url.startswith(reference.page("documentation/shapes/rectangle/area/")))
    assert "area" in browser.find_element(By.TAG_NAME, "h1").text


def test_the_sidebar_opens_the_current_symbols_group_and_filters(browser, reference):
    browser.get(reference.page("documentation/shapes/rectangle/area/index.html"))
    opened = browser.execute_script(
        "return Array.from(document.querySelectorAll('.nav-symbols details[open] summary')).map(function (s) { return s.textContent; })")
    assert len(opened) == 1 and opened[0].startswith("Structures")
    ancestor = browser.find_element(By.CSS_SELECTOR, ".nav-symbols a.current-ancestor")
    assert ancestor.text == "Rectangle"
    box = browser.find_element(By.CSS_SELECTOR, ".nav-filter")
    box.send_keys("circ")
    visible = browser.execute_script(
        "return Array.from(document.querySelectorAll('.nav-symbols a')).filter(function (a) { return a.offsetParent !== null; })"
        ".map(function (a) { return a.textContent; })")
    assert visible == ["Circle"]
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.DELETE)
    assert browser.find_element(By.CSS_SELECTOR, ".nav-symbols a.current-ancestor").is_displayed()
    # No page scrolls sideways, long names included.
    assert not browser.execute_script("return document.documentElement.scrollWidth > document.documentElement.clientWidth")


def test_symbol_search_finds_a_member_by_its_qualified_name_first(browser, reference):
    browser.get(reference.page("index.html"))
    box = browser.find_element(By.ID, "galley-search")
    box.click()
    box.send_keys("Rectangle.area")
    first = wait(browser).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#galley-search-results a")))
    assert "Rectangle.area" in first.text and "Instance Property" in first.text
    assert first.get_attribute("href") == reference.page("documentation/shapes/rectangle/area/index.html")


def test_a_declarations_type_shows_its_popover_and_leads_to_its_page(browser, reference):
    from selenium.webdriver.common.action_chains import ActionChains

    browser.get(reference.page("documentation/shapes/rectangle/doubled/index.html"))
    trigger = browser.find_element(By.CSS_SELECTOR, "main pre.has-hovers a.hv")
    assert trigger.text == "Rectangle"
    popover = browser.find_element(By.ID, "galley-hover")
    assert not popover.is_displayed()
    ActionChains(browser).move_to_element(trigger).perform()
    wait(browser).until(lambda d: popover.is_displayed())
    assert "struct Rectangle" in popover.text
    assert "A rectangle with whole-number sides." in popover.text
    # From the keyboard: Tab to the declaration, → to the type, Enter follows the popover's link to the type's page.
    ActionChains(browser).move_by_offset(0, 300).perform()
    pre = browser.find_element(By.CSS_SELECTOR, "main pre.has-hovers")
    browser.execute_script("arguments[0].focus()", pre)
    pre.send_keys(Keys.ARROW_RIGHT)
    assert browser.switch_to.active_element == trigger
    browser.switch_to.active_element.send_keys(Keys.ENTER)
    wait(browser).until(lambda d: d.current_url == reference.page("documentation/shapes/rectangle/index.html"))
