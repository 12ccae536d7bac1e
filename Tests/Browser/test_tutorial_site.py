"""A package's DocC tutorial as its readers get it: the fixture package
`Tests/Fixtures/PackageDocs` with `Tests/Fixtures/Tutorials` as its catalog's
tutorials, built with `galley build` and served by a plain static server.
The tutorial is read with JavaScript off and on: its steps, the code beside
them with the changed lines marked, and an assessment answered."""

import shutil

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import ROOT, BuiltPackageSite

TUTORIALS = ROOT / "Tests" / "Fixtures" / "Tutorials"
TUTORIAL = "tutorials/shapes/measuring-shapes/index.html"


def add_tutorials(package):
    """`Tests/Fixtures/Tutorials` as the catalog's tutorials."""
    shutil.copytree(TUTORIALS, package / "Library" / "Shapes" / "Shapes.docc" / "Tutorials")


@pytest.fixture(scope="module")
def tutorials():
    site = BuiltPackageSite("galley-tutorials-", "docs/", add_tutorials)
    yield site
    site.stop()


def check_steps(driver):
    """The tutorial's steps as a reader sees them: five steps, each step's
    code to the right of its text on a wide window, the lines a step changed
    marked and visible."""
    steps = driver.find_elements(By.CSS_SELECTOR, "li.tutorial-step")
    assert len(steps) == 5, driver.page_source
    for step in steps:
        text = step.find_element(By.CSS_SELECTOR, "p")
        code = step.find_element(By.CSS_SELECTOR, "figure.tutorial-code")
        assert text.is_displayed() and code.is_displayed()
        assert code.location["x"] > text.location["x"] + text.size["width"] / 2, "the code is beside the text, not under it"
    marks = driver.find_elements(By.CSS_SELECTOR, "mark.line-changed")
    assert marks and all(mark.is_displayed() for mark in marks)
    # Each marked line is one line tall and covers none of the lines after it.
    heights = {mark.size["height"] for mark in marks}
    assert max(heights) - min(heights) <= 2 and max(heights) < 32, heights
    # Every line of every file takes a line of its own: no line is drawn over another.
    line_height = min(heights)
    for code in driver.find_elements(By.CSS_SELECTOR, "figure.tutorial-code pre code"):
        lines = code.get_attribute("textContent").rstrip("\n").count("\n") + 1
        assert code.size["height"] >= lines * line_height * 0.8, (lines, code.size)
    assert any("print(rectangle.area)" in mark.text for mark in marks)
    assert "@Step" not in driver.find_element(By.TAG_NAME, "body").text


def answer(driver, correct):
    """Chooses an answer of the assessment: its justification shows, the other's stays hidden."""
    choice = driver.find_element(By.CSS_SELECTOR, f'.tutorial-choice[data-correct="{str(correct).lower()}"]')
    other = driver.find_element(By.CSS_SELECTOR, f'.tutorial-choice[data-correct="{str(not correct).lower()}"]')
    assert not choice.find_element(By.CSS_SELECTOR, ".tutorial-justification").is_displayed()
    # As a keyboard reader chooses (a click would need the page scrolled, which takes a script): focus the answer, press space.
    choice.find_element(By.CSS_SELECTOR, "input[type=radio]").send_keys(Keys.SPACE)
    reaction = choice.find_element(By.CSS_SELECTOR, ".tutorial-reaction")
    assert reaction.is_displayed()
    assert not other.find_element(By.CSS_SELECTOR, ".tutorial-justification").is_displayed()
    return reaction.text


def test_tutorial_reads_and_answers_without_javascript(tutorials, browser_without_javascript, screenshots):
    driver = browser_without_javascript
    driver.get(tutorials.page(TUTORIAL))
    driver.save_screenshot(str(screenshots / "tutorial.png"))
    assert driver.find_element(By.TAG_NAME, "h1").text.startswith("Measure a Rectangle")
    check_steps(driver)
    # The assessment is checked by CSS alone: a wrong answer says so, the right one says its reaction.
    assert answer(driver, correct=False) == "Incorrect"
    assert answer(driver, correct=True) == "Right."


def test_tutorial_with_javascript_and_its_table_of_contents(tutorials, browser):
    driver = browser
    driver.get(tutorials.page("tutorials/table-of-contents/index.html"))
    link = driver.find_element(By.LINK_TEXT, "Measure a Rectangle")
    link.click()
    assert driver.current_url == tutorials.page(TUTORIAL)
    check_steps(driver)
    errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    assert not errors, errors
