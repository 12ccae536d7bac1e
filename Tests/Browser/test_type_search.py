"""Search by type in a package's reference, as its readers use it: the
fixture package `Tests/Fixtures/PackageDocs` with a generic type and free
functions added, built with `galley build` and served by a plain static
server. A query with `->` finds functions, methods, initializers and
properties by what they take and give, exact matches first, generics
unified; a query without one is still a name."""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import BuiltPackageSite

API = '''
/// A ring of elements.
public struct Ring<Element> {
    /// A ring with room for `capacity` elements.
    public init(capacity: Int) {}
    /// How many elements it holds.
    public var count: Int { 0 }
    /// The oldest element.
    public func oldest() -> Element? { nil }
    /// Adds an element.
    public mutating func append(_ element: Element) {}
}

/// A ring of these rectangles.
public func makeRing(of rectangles: [Rectangle]) -> Ring<Rectangle> { Ring(capacity: rectangles.count) }

/// Describes a rectangle.
public func describe(_ rectangle: Rectangle) async throws -> String { "" }

/// Reads a rectangle: `3x4`.
public func parse(_ text: String) -> Rectangle? { nil }
'''

# Each query and the name its first result must have.
FIRST_RESULTS = [
    ("Ring<Int> -> Int", "Ring.count"),
    ("ring<rectangle> -> rectangle", "Ring.oldest()"),
    ("Int -> Ring<Int>", "Ring.init(capacity:)"),
    ("[Rectangle] -> Ring<Rectangle>", "makeRing(of:)"),
    ("(Rectangle) async throws -> String", "describe(_:)"),
    ("String -> Rectangle?", "parse(_:)"),
    ("Ring<String>, String ->", "Ring.append(_:)"),
    ("Int, Int -> Rectangle", "Rectangle.init(width:height:)"),
]


def add_api(package):
    (package / "Library" / "Shapes" / "Ring.swift").write_text(API, encoding="utf-8")


@pytest.fixture(scope="module")
def reference():
    site = BuiltPackageSite("galley-type-search-", "docs/", add_api)
    yield site
    site.stop()


def search(browser, reference, query):
    """Types `query` into the search box; the results' names and the texts shown."""
    browser.get(reference.page("documentation/shapes/index.html"))
    box = browser.find_element(By.ID, "galley-search")
    box.click()
    box.send_keys(query)
    WebDriverWait(browser, 10).until(
        lambda driver: driver.find_elements(By.CSS_SELECTOR, "#galley-search-results a, #galley-search-results .galley-search-empty"))
    results = browser.find_elements(By.CSS_SELECTOR, "#galley-search-results a.galley-search-symbol")
    return [r.find_element(By.CSS_SELECTOR, ".galley-search-path code").text for r in results], [r.text for r in results]


@pytest.mark.parametrize("query,first", FIRST_RESULTS)
def test_a_type_query_finds_its_function_first(browser, reference, query, first):
    names, _ = search(browser, reference, query)
    assert names and names[0] == first, f"{query!r}: {names}"


def test_the_match_shows_the_signature_and_leads_to_the_page(browser, reference):
    names, texts = search(browser, reference, "Ring<Int> -> Int")
    assert "(Ring<Element>) -> Int" in texts[0]
    browser.find_element(By.CSS_SELECTOR, "#galley-search-results a.galley-search-symbol").click()
    WebDriverWait(browser, 10).until(lambda driver: "/ring/count/" in driver.current_url)
    assert "How many elements it holds." in browser.find_element(By.TAG_NAME, "main").text


def test_exact_matches_rank_before_generic_ones(browser, reference):
    # Ring.oldest() gives Element? (the Int bound by Ring<Int>, unwrapped): after count's exact Int.
    names, _ = search(browser, reference, "Ring<Int> -> Int")
    assert names.index("Ring.count") < names.index("Ring.oldest()")
    # A generic result that no input binds answers no query: `-> Rectangle` is not every `-> Element`.
    names, _ = search(browser, reference, "-> Rectangle")
    assert names[0] == "Rectangle.init(width:height:)"
    assert "Ring.oldest()" not in names


def test_a_query_without_an_arrow_is_a_name(browser, reference):
    # The control: the same box, a name, found by name (a type query would need `->`).
    names, _ = search(browser, reference, "makeRing")
    assert names[0] == "makeRing(of:)"
    assert browser.execute_script("return window.galleySearchByType(window.galleySymbolIndex, 'makeRing')") is None
