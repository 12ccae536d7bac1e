"""Declaration popovers and `// ^?` callouts in a real browser, on the fixture
page guide/hovers.html, whose popovers are sourcekitd's real answers (the
fixture site builds with hovers on): hover, keyboard, tap on a phone,
callouts, copy, search, contrast, no layout shift and no console error."""

import time

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from test_reader_site import parse_rgb, relative_luminance

PAGE = "guide/hovers.html"


def wait(driver, seconds=10):
    return WebDriverWait(driver, seconds)


def open_hovers(driver, site, theme=None):
    driver.get(site.page(PAGE))
    wait(driver).until(lambda d: d.execute_script("return document.readyState") == "complete")
    driver.execute_script(
        "if (arguments[0]) localStorage.setItem('galley-theme', arguments[0]); else localStorage.removeItem('galley-theme');", theme)
    driver.get(site.page(PAGE))
    wait(driver).until(lambda d: d.execute_script("return document.readyState") == "complete")
    ActionChains(driver).move_to_element(driver.find_element(By.TAG_NAME, "h1")).perform()


def popover(driver):
    return driver.find_element(By.ID, "galley-hover")


def first_sample(driver):
    return driver.find_elements(By.CSS_SELECTOR, "figure.sample")[0]


def trigger(driver, text, index=0):
    matches = [node for node in first_sample(driver).find_elements(By.CSS_SELECTOR, ".hv") if node.text == text]
    return matches[index]


def box(driver, element):
    return driver.execute_script("var r = arguments[0].getBoundingClientRect(); return [r.left + window.scrollX, r.top + window.scrollY, r.width, r.height];", element)


def assert_next_to(driver, pop, trigger_element):
    """The popover is right below (or above) its identifier, starts near it, and is on top where it is drawn."""
    pop_box, trigger_box = box(driver, pop), box(driver, trigger_element)
    below = 0 <= pop_box[1] - (trigger_box[1] + trigger_box[3]) <= 12
    above = 0 <= trigger_box[1] - (pop_box[1] + pop_box[3]) <= 12
    assert below or above, f"popover {pop_box} is not next to its identifier {trigger_box}"
    assert pop_box[0] <= trigger_box[0] + 1, "it starts at or before the identifier's left edge"
    assert driver.execute_script(
        "var r = arguments[0].getBoundingClientRect(); var hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);"
        "return arguments[0].contains(hit);", pop), "the popover is drawn over the page, not hidden behind it"


def test_hover_shows_the_declaration_and_summary_without_moving_the_code(browser, site):
    open_hovers(browser, site)
    pop = popover(browser)
    assert not pop.is_displayed(), "closed until asked"
    pre = first_sample(browser).find_element(By.TAG_NAME, "pre")
    before = box(browser, pre)
    figure_before = box(browser, first_sample(browser))
    scoreboard = trigger(browser, "Scoreboard", 1)
    ActionChains(browser).move_to_element(scoreboard).perform()
    wait(browser).until(lambda d: pop.is_displayed())
    assert pop.find_element(By.CSS_SELECTOR, ".hv-decl").text == "struct Scoreboard"
    assert pop.find_element(By.CSS_SELECTOR, ".hv-decl .tok-keyword").text == "struct", "the declaration is highlighted"
    # The summary is the first paragraph of the (hidden) doc comment.
    assert pop.find_element(By.CSS_SELECTOR, ".hv-summary").text == "The score of a game, kept by the board."
    assert pop.get_attribute("role") == "tooltip"
    assert scoreboard.get_attribute("aria-describedby").startswith("hv-")
    # Declared on the same page: the popover links to the declaring line, which exists.
    link = pop.find_element(By.CSS_SELECTOR, "a.hv-link")
    assert link.get_attribute("href").endswith("#L15")
    assert browser.find_element(By.ID, "L15").text == "struct Scoreboard {"
    # Below the identifier, and nothing in the page moved.
    assert_next_to(browser, pop, scoreboard)
    assert box(browser, pre) == before, "opening a popover does not move or resize the code"
    assert box(browser, first_sample(browser)) == figure_before
    # Away from the identifier, it closes.
    ActionChains(browser).move_to_element(browser.find_element(By.TAG_NAME, "h1")).perform()
    wait(browser).until(lambda d: not pop.is_displayed())


def test_popover_bodies_are_written_once_per_declaration(browser, site):
    open_hovers(browser, site)
    bodies = browser.find_elements(By.CSS_SELECTOR, ".hv-defs .hv-body")
    triggers = browser.find_elements(By.CSS_SELECTOR, ".hv")
    # 9 in the first sample, answer/print/answer in the second, count/Int in the compile_fail one.
    assert len(triggers) == 14
    # struct Scoreboard, points, board, total, print, answer, count, Int: 8 distinct
    # (the two Scoreboards, the two prints share one).
    assert len(bodies) == 8
    ids = {t.get_attribute("aria-describedby") for t in triggers}
    assert ids == {b.get_attribute("id") for b in bodies}
    assert len(browser.find_elements(By.CSS_SELECTOR, ".hv-defs")) == 1, "one table for the page's samples"


def test_the_keyboard_steps_through_identifiers_and_escape_closes(browser, site):
    open_hovers(browser, site)
    pre = first_sample(browser).find_element(By.TAG_NAME, "pre")
    assert pre.get_attribute("tabindex") == "0", "a sample with popovers takes focus"
    assert {t.get_attribute("tabindex") for t in pre.find_elements(By.CSS_SELECTOR, ".hv")} == {"-1"}, \
        "identifiers are focusable by script, not Tab stops"
    browser.execute_script("arguments[0].focus()", pre)
    url = browser.current_url
    active = browser.switch_to.active_element
    active.send_keys(Keys.ARROW_RIGHT)
    active = browser.switch_to.active_element
    assert active.text == "Scoreboard" and "hv" in active.get_attribute("class")
    pop = popover(browser)
    assert pop.is_displayed() and pop.find_element(By.CSS_SELECTOR, ".hv-decl").text == "struct Scoreboard"
    assert_next_to(browser, pop, active)
    active.send_keys(Keys.ARROW_RIGHT)
    active = browser.switch_to.active_element
    assert active.text == "points"
    assert pop.find_element(By.CSS_SELECTOR, ".hv-decl").text == "var points: Int"
    active.send_keys(Keys.ARROW_LEFT)
    assert browser.switch_to.active_element.text == "Scoreboard"
    browser.switch_to.active_element.send_keys(Keys.END)
    last = browser.switch_to.active_element
    assert last.text == "total" and last.get_attribute("aria-describedby") == trigger(browser, "total").get_attribute("aria-describedby")
    assert browser.current_url == url, "the arrow keys inside a sample do not turn the page"
    last.send_keys(Keys.ESCAPE)
    assert not pop.is_displayed()
    assert browser.switch_to.active_element == pre, "Esc returns focus to the code"
    # Enter on an identifier declared on the page goes to its line.
    pre.send_keys(Keys.HOME)
    browser.switch_to.active_element.send_keys(Keys.ENTER)
    wait(browser).until(lambda d: d.current_url.endswith("#L15"))


def test_tap_opens_and_tap_elsewhere_closes_on_a_phone(phone, site):
    open_hovers(phone, site)
    width = phone.execute_script("return window.innerWidth")
    assert width <= 400
    phone.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})

    def tap(element):
        phone.execute_script("arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", element)
        x, y, w, h = phone.execute_script("var r = arguments[0].getBoundingClientRect(); return [r.left, r.top, r.width, r.height];", element)
        point = {"x": x + w / 2, "y": y + h / 2}
        phone.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
        phone.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

    pop = popover(phone)
    board = trigger(phone, "board", 1)
    pre_box = box(phone, first_sample(phone).find_element(By.TAG_NAME, "pre"))
    tap(board)
    wait(phone).until(lambda d: pop.is_displayed())
    assert pop.find_element(By.CSS_SELECTOR, ".hv-decl").text == "let board: Scoreboard"
    pop_box = box(phone, pop)
    assert pop_box[0] >= 0 and pop_box[0] + pop_box[2] <= width, "the popover fits the phone's width"
    assert_next_to(phone, pop, board)
    assert box(phone, first_sample(phone).find_element(By.TAG_NAME, "pre")) == pre_box
    time.sleep(0.4)
    assert pop.is_displayed(), "a tapped popover stays open"
    tap(phone.find_element(By.CSS_SELECTOR, "main p"))
    wait(phone).until(lambda d: not pop.is_displayed())
    tap(board)
    wait(phone).until(lambda d: pop.is_displayed())
    tap(board)
    wait(phone).until(lambda d: not pop.is_displayed())


def test_type_query_shows_a_callout_and_hides_the_query_line(browser, site):
    open_hovers(browser, site)
    code = first_sample(browser).find_element(By.CSS_SELECTOR, "pre code")
    callout = code.find_element(By.CSS_SELECTOR, ".sample-callout")
    assert callout.is_displayed()
    assert callout.find_element(By.CSS_SELECTOR, ".sample-callout-type").text == "let board: Scoreboard"
    assert "^?" not in code.text, "the query line is not shown"
    # The caret sits under the column the query points at (the `b` of `board`).
    caret_right = browser.execute_script(
        "var c = arguments[0]; var r = document.createRange(); var t = c.firstChild;"
        "r.setStart(t, t.length - 1); r.setEnd(t, t.length); return r.getBoundingClientRect().left;",
        callout.find_element(By.CSS_SELECTOR, ".sample-callout-caret"))
    assert abs(caret_right - box(browser, trigger(browser, "board", 1))[0]) <= 1
    # It is under the line above the query, before the next line.
    above, below = browser.find_element(By.ID, "L22"), browser.find_element(By.ID, "L24")
    assert box(browser, above)[1] < box(browser, callout)[1] < box(browser, below)[1]
    assert not browser.find_elements(By.ID, "L23")


def test_compile_fail_error_shows_under_its_line(browser, site):
    open_hovers(browser, site)
    figure = browser.find_element(By.CSS_SELECTOR, "figure.sample-expected-failure")
    message = figure.find_element(By.CSS_SELECTOR, "pre code .sample-diagnostic")
    assert "cannot convert value of type 'String'" in message.text
    line = figure.find_element(By.ID, "L35")
    assert box(browser, message)[1] >= box(browser, line)[1] + box(browser, line)[3] - 1, "the error is below its line"
    assert line.find_element(By.CSS_SELECTOR, ".hv").text == "count"


def test_an_indented_sample_maps_columns_past_the_fence_indent(browser, site):
    open_hovers(browser, site)
    figure = browser.find_elements(By.CSS_SELECTOR, "figure.sample")[1]
    assert [t.text for t in figure.find_elements(By.CSS_SELECTOR, ".hv")] == ["answer", "print", "answer"]


def test_copy_copies_the_visible_code_only(browser, site):
    open_hovers(browser, site)
    browser.execute_script(
        "window.__copied = null; navigator.clipboard.writeText = function (t) { window.__copied = t; return Promise.resolve(); };")
    browser.execute_script("arguments[0].click()", first_sample(browser).find_element(By.CSS_SELECTOR, "button.copy"))
    wait(browser).until(lambda d: d.execute_script("return window.__copied") is not None)
    assert browser.execute_script("return window.__copied") == (
        "struct Scoreboard {\n    var points = 0\n}\nlet board = Scoreboard()\nlet total = board.points + 1\nprint(total)")
    browser.execute_script("window.__copied = null;")
    browser.execute_script("arguments[0].click()", browser.find_element(By.CSS_SELECTOR, "figure.sample-expected-failure button.copy"))
    wait(browser).until(lambda d: d.execute_script("return window.__copied") is not None)
    assert browser.execute_script("return window.__copied") == 'let count: Int = "three"'


def test_search_ignores_popover_text(browser, site):
    index = site.read("public/search-index.js")
    assert "zqxhoverword" in site.read("public/guide/hovers.html"), "the popover text is in the page"
    assert "zqxhoverword" not in index and "kept by the board" not in index
    open_hovers(browser, site)
    search = browser.find_element(By.ID, "galley-search")
    search.click()
    search.send_keys("zqxhoverword")
    empty = wait(browser).until(lambda d: d.find_element(By.CSS_SELECTOR, "#galley-search-results .galley-search-empty"))
    assert empty.text == "No results"
    search.send_keys(Keys.ESCAPE)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_popover_text_contrast_is_at_least_4_5(browser, site, screenshots, theme):
    open_hovers(browser, site, theme)
    assert browser.execute_script("return document.documentElement.getAttribute('data-theme')") == theme
    ActionChains(browser).move_to_element(trigger(browser, "print")).perform()
    pop = popover(browser)
    wait(browser).until(lambda d: pop.is_displayed())
    pairs = browser.execute_script(
        "var pop = arguments[0]; var bg = getComputedStyle(pop).backgroundColor; var out = [];"
        "pop.querySelectorAll('*').forEach(function (n) {"
        "  if (!Array.prototype.some.call(n.childNodes, function (c) { return c.nodeType === 3 && c.textContent.trim(); })) return;"
        "  out.push([n.className || n.tagName, getComputedStyle(n).color, bg]); });"
        "return out;", pop)
    assert len(pairs) >= 4, pairs  # keywords, types, plain declaration text, the summary
    for name, foreground, background in pairs:
        fg, bg = relative_luminance(parse_rgb(foreground)), relative_luminance(parse_rgb(background))
        ratio = (max(fg, bg) + 0.05) / (min(fg, bg) + 0.05)
        assert ratio >= 4.5, f"{theme}: {name} {foreground} on {background} has contrast {ratio:.2f}"
    callout = browser.find_element(By.CSS_SELECTOR, ".sample-callout-type")
    colors = browser.execute_script("var s = getComputedStyle(arguments[0]); return [s.color, s.backgroundColor];", callout)
    fg, bg = (relative_luminance(parse_rgb(c)) for c in colors)
    assert (max(fg, bg) + 0.05) / (min(fg, bg) + 0.05) >= 4.5, f"{theme}: callout {colors}"
    browser.save_screenshot(str(screenshots / f"hovers-{theme}.png"))
    browser.execute_script("localStorage.removeItem('galley-theme')")


def test_no_console_errors_while_using_popovers(browser, site):
    open_hovers(browser, site)
    browser.get_log("browser")
    open_hovers(browser, site)
    for text in ["Scoreboard", "points", "board", "total", "print"]:
        ActionChains(browser).move_to_element(trigger(browser, text)).click().perform()
    pre = first_sample(browser).find_element(By.TAG_NAME, "pre")
    browser.execute_script("arguments[0].focus()", pre)
    for key in [Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ESCAPE]:
        browser.switch_to.active_element.send_keys(key)
    time.sleep(0.2)
    severe = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert not severe, severe


def test_popovers_work_from_file_urls(browser, site):
    browser.get((site.directory / "public" / "guide" / "hovers.html").as_uri())
    wait(browser).until(lambda d: d.execute_script("return document.readyState") == "complete")
    ActionChains(browser).move_to_element(trigger(browser, "total")).perform()
    pop = popover(browser)
    wait(browser).until(lambda d: pop.is_displayed())
    assert pop.find_element(By.CSS_SELECTOR, ".hv-decl").text == "let total: Int"
