"""Fixtures of the browser suite: a copy of the fixture site served by
`galley serve`, and headless Chromium driven by Selenium.

The page `guide/hovers.md` gets its declaration popovers and `// ^?` answer
from sourcekitd, as every site does (its doc comments, in hidden lines, give
the summaries the suite reads).

Where Chromium or its driver cannot start, every test is skipped with the
reason (never passed silently)."""

import functools
import http.server
import os
import re
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = Path(__file__).resolve().parent / "site"
SCREENSHOTS = ROOT / ".build" / "screenshots"


def galley_binary():
    explicit = os.environ.get("GALLEY")
    if explicit:
        return explicit
    return str(ROOT / ".build" / "debug" / "galley")


class Site:
    """A served copy of the fixture site."""

    def __init__(self):
        self.directory = Path(tempfile.mkdtemp(prefix="galley-browser-"))
        shutil.copytree(FIXTURE, self.directory, dirs_exist_ok=True)
        self.process = subprocess.Popen(
            [galley_binary(), "serve", "--port", "0"],
            cwd=self.directory,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )
        self.log = []
        deadline = time.time() + 300
        self.url = None
        while time.time() < deadline:
            line = self.process.stdout.readline()
            if not line:
                break
            self.log.append(line)
            match = re.search(r"at (http://127\.0\.0\.1:\d+/)", line)
            if match:
                self.url = match.group(1)
                break
        if not self.url:
            self.stop()
            raise RuntimeError("galley serve did not start:\n" + "".join(self.log))
        # Keep draining the server's output so it never blocks on a full pipe.
        import threading

        def drain():
            for line in self.process.stdout:
                self.log.append(line)

        threading.Thread(target=drain, daemon=True).start()

    def page(self, path=""):
        return self.url + path

    def write(self, relative, text):
        target = self.directory / relative
        target.write_text(text, encoding="utf-8")

    def read(self, relative):
        return (self.directory / relative).read_text(encoding="utf-8")

    def pages(self):
        public = self.directory / "public"
        return sorted(str(p.relative_to(public)) for p in public.rglob("*.html") if p.name != "404.html")

    def stop(self):
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGINT)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
        shutil.rmtree(self.directory, ignore_errors=True)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve_static(public, served, subpath):
    """Copies the built site `public` to `served/subpath` and serves `served`
    with a plain static server, as GitHub Pages serves a project site: the
    server, and the site's address."""
    shutil.copytree(public, served / subpath)
    handler = functools.partial(QuietHandler, directory=str(served))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/{subpath}"


PACKAGE_FIXTURE = ROOT / "Tests" / "Fixtures" / "PackageDocs"


class BuiltPackageSite:
    """A copy of the fixture package `Tests/Fixtures/PackageDocs`, changed by
    `prepare(package)`, built once with `galley ARGUMENTS` and served by a
    plain static server under `subpath`."""

    def __init__(self, prefix, subpath, prepare=lambda package: None, arguments=("build",)):
        self.directory = Path(tempfile.mkdtemp(prefix=prefix))
        package = self.directory / "package"
        shutil.copytree(PACKAGE_FIXTURE, package, ignore=shutil.ignore_patterns(".build*", "public"))
        prepare(package)
        build = subprocess.run([galley_binary(), *arguments], cwd=package, capture_output=True, text=True, timeout=900)
        if build.returncode != 0:
            raise RuntimeError(f"galley {' '.join(arguments)} failed:\n" + build.stdout + build.stderr)
        self.server, self.url = serve_static(package / "public", self.directory / "served", subpath)

    def page(self, path):
        return self.url + path

    def stop(self):
        self.server.shutdown()
        shutil.rmtree(self.directory, ignore_errors=True)


@pytest.fixture(scope="session")
def site():
    served = Site()
    yield served
    served.stop()


def _start_chromium(width=1280, height=900, javascript=True):
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.options import Options
        from selenium.webdriver.chrome.service import Service
    except ImportError as error:
        pytest.skip(f"Selenium is not installed ({error}); run the suite with `make browser-test`")
    binary = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    if not binary or not os.path.exists(driver_path):
        pytest.skip(f"Chromium cannot start here: browser {binary or 'not found'}, driver {driver_path if os.path.exists(driver_path) else 'not found'} (apt-get install chromium chromium-driver)")
    options = Options()
    options.binary_location = binary
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     f"--window-size={width},{height}", "--force-device-scale-factor=1"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    try:
        return webdriver.Chrome(service=Service(driver_path), options=options)
    except Exception as error:  # WebDriverException and OS errors alike
        pytest.skip(f"Chromium cannot start here: {error}")


@pytest.fixture(scope="session")
def browser():
    driver = _start_chromium()
    yield driver
    driver.quit()


@pytest.fixture(scope="session")
def browser_without_javascript():
    driver = _start_chromium(javascript=False)
    yield driver
    driver.quit()


@pytest.fixture()
def phone():
    driver = _start_chromium(375, 812)
    # Headless Chromium keeps windows at least 500 px wide: emulate the phone's viewport itself.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 375, "height": 812, "deviceScaleFactor": 1, "mobile": True})
    yield driver
    driver.quit()


@pytest.fixture(scope="session")
def screenshots():
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS
