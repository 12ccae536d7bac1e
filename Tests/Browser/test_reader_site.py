"""The reader's site in a real browser: search, hidden lines, theme toggle,
keyboard, small screens, contrast, console errors and live reload."""

import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait


def wait(driver, seconds=10):
    return WebDriverWait(driver, seconds)


def open_page(driver, url):
    driver.get(url)
    wait(driver).until(lambda d: d.execute_script("return document.readyState") == "complete")


def test_search_opens_the_page_at_the_heading(browser, site):
    open_page(browser, site.page("index.html"))
    browser.find_element(By.TAG_NAME, "body").send_keys("/")
    box = browser.switch_to.active_element
    assert box.get_attribute("id") == "galley-search", "'/' focuses the search box"
    box.send_keys("quuxinator")
    results = wait(browser).until(EC.presence_of_all_elements_located((By.CSS_SELECTOR, "#galley-search-results a")))
    assert "Introduction › Quuxinator Settings" in results[0].text
    assert results[0].find_elements(By.TAG_NAME, "mark"), "the match is highlighted"
    box.send_keys(Keys.ENTER)
    wait(browser).until(lambda d: d.current_url.endswith("guide/intro.html#quuxinator-settings"))


def test_search_without_a_match_says_no_results(browser, site):
    open_page(browser, site.page("index.html"))
    box = browser.find_element(By.ID, "galley-search")
    box.click()
    box.send_keys("zzyzxnowhere")
    empty = wait(browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#galley-search-results .galley-search-empty")))
    assert empty.text == "No results"
    box.send_keys(Keys.ESCAPE)
    assert not browser.find_element(By.ID, "galley-search-results").is_displayed()


def test_s_also_focuses_search(browser, site):
    open_page(browser, site.page("guide/advanced.html"))
    browser.find_element(By.TAG_NAME, "body").send_keys("s")
    assert browser.switch_to.active_element.get_attribute("id") == "galley-search"


def test_eye_reveals_hidden_lines_and_copy_copies_them(browser, site):
    open_page(browser, site.page("index.html"))
    figure = browser.find_element(By.CSS_SELECTOR, "figure.sample[data-hidden-lines]")
    hidden = figure.find_element(By.CSS_SELECTOR, ".sample-hidden-line")
    assert not hidden.is_displayed()
    browser.execute_script(
        "window.__copied = null; navigator.clipboard.writeText = function (t) { window.__copied = t; return Promise.resolve(); };"
    )
    copy = figure.find_element(By.CSS_SELECTOR, "button.copy")
    copy.click()
    wait(browser).until(lambda d: d.execute_script("return window.__copied") is not None)
    assert browser.execute_script("return window.__copied") == 'print("visible line")'
    eye = figure.find_element(By.CSS_SELECTOR, "button.sample-eye")
    assert eye.get_attribute("aria-pressed") == "false"
    eye.click()
    assert hidden.is_displayed()
    assert eye.get_attribute("aria-pressed") == "true"
    browser.execute_script("window.__copied = null;")
    copy.click()
    wait(browser).until(lambda d: d.execute_script("return window.__copied") is not None)
    assert browser.execute_script("return window.__copied") == 'let hiddenSetup = "harness"\nprint("visible line")'


def theme_colors(driver):
    return driver.execute_script(
        "var s = getComputedStyle(document.body);"
        "return [s.color, s.backgroundColor, document.documentElement.getAttribute('data-theme')];"
    )


def test_theme_toggle_survives_a_reload_without_a_flash(browser, site):
    open_page(browser, site.page("index.html"))
    browser.execute_script("localStorage.removeItem('galley-theme')")
    open_page(browser, site.page("index.html"))
    toggle = browser.find_element(By.ID, "galley-theme-toggle")
    for _ in range(3):
        if browser.execute_script("return document.documentElement.getAttribute('data-theme')") == "dark":
            break
        toggle.click()
    assert browser.execute_script("return document.documentElement.getAttribute('data-theme')") == "dark"
    dark = theme_colors(browser)
    browser.refresh()
    # The theme is applied by a script in <head>, before the first paint.
    assert browser.execute_script("return document.documentElement.getAttribute('data-theme')") == "dark"
    assert theme_colors(browser)[:2] == dark[:2]
    browser.execute_script("localStorage.removeItem('galley-theme')")


def relative_luminance(rgb):
    def channel(value):
        value = value / 255
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    r, g, b = rgb
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def parse_rgb(text):
    numbers = text[text.index("(") + 1:text.index(")")].split(",")
    return tuple(float(n) for n in numbers[:3])


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_body_text_contrast_is_at_least_4_5(browser, site, screenshots, theme):
    open_page(browser, site.page("index.html"))
    browser.execute_script("localStorage.setItem('galley-theme', arguments[0])", theme)
    open_page(browser, site.page("index.html"))
    assert browser.execute_script("return document.documentElement.getAttribute('data-theme')") == theme
    colors = browser.execute_script(
        "var p = document.querySelector('main p');"
        "var s = getComputedStyle(p); var bg = getComputedStyle(document.body).backgroundColor;"
        "return [s.color, bg];"
    )
    foreground, background = (relative_luminance(parse_rgb(c)) for c in colors)
    lighter, darker = max(foreground, background), min(foreground, background)
    ratio = (lighter + 0.05) / (darker + 0.05)
    assert ratio >= 4.5, f"{theme}: {colors} has contrast {ratio:.2f}"
    browser.save_screenshot(str(screenshots / f"home-{theme}.png"))
    browser.execute_script("localStorage.removeItem('galley-theme')")


def test_arrow_keys_go_to_the_previous_and_next_page(browser, site):
    open_page(browser, site.page("guide/intro.html"))
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    wait(browser).until(lambda d: d.current_url.endswith("guide/advanced.html"))
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
    wait(browser).until(lambda d: d.current_url.endswith("guide/intro.html"))


def test_no_page_scrolls_sideways_at_375_pixels(phone, site):
    for path in site.pages():
        open_page(phone, site.page(path))
        width, inner = phone.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
        assert width <= inner, f"{path}: scrollWidth {width} > innerWidth {inner}"
    open_page(phone, site.page("index.html"))
    nav = phone.find_element(By.CSS_SELECTOR, ".site-nav")
    assert not nav.is_displayed(), "the sidebar collapses behind a button"
    phone.find_element(By.CSS_SELECTOR, ".nav-toggle-label").click()
    assert nav.is_displayed()


def test_no_console_errors_on_any_page(browser, site):
    browser.get_log("browser")  # drop what earlier tests logged
    for path in site.pages() + ["404.html", "no-such-page.html"]:
        open_page(browser, site.page(path))
        time.sleep(0.2)
        # A 404 page's own status is logged as a failed load; anything else is a fault.
        own_status = path in ("404.html", "no-such-page.html")
        severe = [entry for entry in browser.get_log("browser")
                  if entry["level"] == "SEVERE"
                  and not (own_status and entry["source"] == "network" and site.page(path) + " " in entry["message"] + " ")]
        assert not severe, f"{path}: {severe}"


def test_landmarks_and_skip_link(browser, site):
    open_page(browser, site.page("guide/intro.html"))
    for selector in ["nav", "main", "aside", "a.skip-link[href='#content']", "link[rel='icon']"]:
        assert browser.find_elements(By.CSS_SELECTOR, selector), f"missing {selector}"


def test_live_reload_keeps_the_scroll_position_and_shows_failures(browser, site):
    open_page(browser, site.page("index.html"))
    browser.set_window_size(1280, 500)
    browser.execute_script("window.scrollTo(0, 150)")
    time.sleep(0.3)
    before = browser.execute_script("return window.scrollY")
    assert before > 0
    original = site.read("content/index.md")
    site.write("content/index.md", original.replace("Plain prose, repeated", "Edited prose, repeated"))
    wait(browser, 60).until(lambda d: "Edited prose" in d.find_element(By.TAG_NAME, "main").text)
    time.sleep(0.3)
    assert abs(browser.execute_script("return window.scrollY") - before) <= 2
    # A failing sample is marked on its rendered page, and a panel lists it with a link to its line;
    # fixing it removes both.
    site.write("content/index.md", original.replace('print("visible line")', 'print("visible line") // Prints "wrong"'))
    overlay = wait(browser, 60).until(EC.visibility_of_element_located((By.ID, "galley-overlay")))
    assert "content/index.md:" in overlay.text
    assert overlay.find_elements(By.CSS_SELECTOR, "a[href*='#L']"), overlay.get_attribute("innerHTML")
    marked = browser.find_element(By.CSS_SELECTOR, ".sample-failure")
    assert "Error in the docs" in marked.text
    site.write("content/index.md", original)
    wait(browser, 60).until(lambda d: not d.find_elements(By.ID, "galley-overlay")
                            or not d.find_element(By.ID, "galley-overlay").is_displayed())
    browser.set_window_size(1280, 900)


def test_search_works_from_file_urls(browser, site):
    # Opened straight from disk, as a downloaded copy of the docs would be.
    open_page(browser, (site.directory / "public" / "index.html").as_uri())
    box = browser.find_element(By.ID, "galley-search")
    box.click()
    box.send_keys("quuxinator")
    result = wait(browser).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#galley-search-results a")))
    assert "Quuxinator Settings" in result.text
    assert result.get_attribute("href").startswith("file://")


SYMBOLS = [
    {"n": "Deque.appendContents", "m": "DequeModule", "k": "Instance Method", "u": "a", "x": ""},
    {"n": "Deque.append(contentsOf:)", "m": "DequeModule", "k": "Instance Method", "u": "b", "x": ""},
    {"n": "Deque.append(_:)", "m": "DequeModule", "k": "Instance Method", "u": "c", "x": ""},
    {"n": "Deque", "m": "DequeModule", "k": "Structure", "u": "d", "x": ""},
    {"n": "Heap.insert(contentsOf:)", "m": "HeapModule", "k": "Instance Method", "u": "e", "x": ""},
    {"n": "OrderedSet.appending(_:)", "m": "OrderedCollections", "k": "Instance Method", "u": "f", "x": ""},
]


def rank(browser, query):
    return browser.execute_script("return window.galleyRankSymbols(arguments[0], arguments[1]).map(function (s) { return s.n; });", SYMBOLS, query)


def test_symbol_search_ranks_names_before_partial_matches(browser, site):
    open_page(browser, site.page("index.html"))
    # A qualified name without parameters: both overloads, the shorter first, before a name that only starts with it.
    assert rank(browser, "Deque.append") == ["Deque.append(_:)", "Deque.append(contentsOf:)", "Deque.appendContents"]
    # A member's full name, whatever its type; case and spaces do not matter.
    assert rank(browser, "append(contentsOf:)")[0] == "Deque.append(contentsOf:)"
    assert rank(browser, "INSERT (contentsOf:)") == ["Heap.insert(contentsOf:)"]
    # A type's name: the type first, then its members.
    assert rank(browser, "deque")[0] == "Deque"
    # A member's base name: members named so before those that only start with it, before those that contain it.
    assert rank(browser, "append") == [
        "Deque.append(_:)", "Deque.append(contentsOf:)", "Deque.appendContents", "OrderedSet.appending(_:)"]
    assert rank(browser, "zzz") == []
