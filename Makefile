# Galley — the two commands a newcomer needs:
#   make site   build the documentation site into public/
#   make test   run the test suites (Swift, then the browser suite)
#   make serve  preview the site at http://127.0.0.1:8000/ with live reload
#   make fuzz   run the libFuzzer targets in Fuzz/ (SECONDS=N each, default 30)
#   make sweep  generate (not compile) the programs of every listing of every package of the local mirror (minutes)
#   make install  a release build of galley into $(PREFIX)/bin (PREFIX=/usr/local by default)
SWIFT ?= swift
APT_PACKAGES := pkg-config libcmark-gfm-dev libcmark-gfm-extensions-dev
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: site serve test swift-test browser-test browser-deps plugin-test workflow-test resolve-test verify build theme fuzz sweep deps install clean

site: deps
	$(SWIFT) build --product galley
	$$($(SWIFT) build --show-bin-path)/galley build

# Builds, serves and rebuilds on every save (Ctrl-C to stop). PORT=8080 make serve
PORT ?= 8000
serve: deps
	$(SWIFT) build --product galley
	$$($(SWIFT) build --show-bin-path)/galley serve --port $(PORT)

# Compiles and runs every Swift sample in content/ (the CI gate; no HTML written).
verify: deps
	$(SWIFT) build --product galley
	$$($(SWIFT) build --show-bin-path)/galley verify

test: swift-test browser-test workflow-test resolve-test plugin-test

# The macro package's suite builds swift-syntax (both cores for a minute or
# two): it runs after the others, alone, so that the tests that wait for
# files or processes within a deadline do not share the machine with it.
# The preview server's suites (requests, file watching, live reload: each
# within a deadline, about 6 s alone) run apart too: beside the suites that
# build packages, on 2 cores, their requests and watch batches were seen
# waiting past their deadlines.
# scripts/code-shape.py: files ≤ 500 lines, functions ≤ 60, modules ≤ 4,000, only the site,
# the server and the CLI import the verifier, no target dependency that nothing imports.
swift-test: deps
	python3 scripts/code-shape.py
	$(SWIFT) build --build-tests --explicit-target-dependency-import-check error
	$(SWIFT) test --skip-build --skip MacroPackageTests --skip GalleyServerTests
	$(SWIFT) test --skip-build --filter GalleyServerTests
	$(SWIFT) test --skip-build --filter MacroPackageTests

# The reader's site in real Chromium (Selenium + pytest in a virtualenv under .build/).
# Skips, saying why, where Chromium cannot start. Screenshots go to .build/screenshots/.
BROWSER_APT := chromium chromium-driver
VENV := .build/venv-browser
browser-test: deps browser-deps
	$(SWIFT) build --product galley
	GALLEY=$$($(SWIFT) build --show-bin-path)/galley $(VENV)/bin/python -m pytest -v -rs Tests/Browser

browser-deps:
	@if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then \
		echo "Chromium not found: installing $(BROWSER_APT) with apt-get$(if $(SUDO), (via sudo),)"; \
		$(SUDO) apt-get update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(BROWSER_APT); \
	fi
	@if [ ! -x $(VENV)/bin/python ] || ! $(VENV)/bin/python -c "import selenium, pytest" 2>/dev/null; then \
		echo "Creating $(VENV) with Selenium and pytest"; \
		python3 -m venv $(VENV) && $(VENV)/bin/pip install -q -r Tests/Browser/requirements.txt; \
	fi

# The workflows galley init writes, against GitHub's workflow schema
# (check-jsonschema, from PyPI into a virtualenv under .build/; its schema is bundled).
WORKFLOW_VENV := .build/venv-workflows
workflow-test: deps
	$(SWIFT) build --product galley
	@if [ ! -x $(WORKFLOW_VENV)/bin/check-jsonschema ]; then \
		echo "Creating $(WORKFLOW_VENV) with check-jsonschema"; \
		python3 -m venv $(WORKFLOW_VENV) && $(WORKFLOW_VENV)/bin/pip install -q check-jsonschema; \
	fi
	scripts/workflow-test.sh $$($(SWIFT) build --show-bin-path)/galley $(WORKFLOW_VENV)/bin/check-jsonschema

# One dependency line resolves: Galley beside packages that need swift-crypto 4, Yams 5, swift-syntax 602.
resolve-test:
	SWIFT=$(SWIFT) scripts/resolve-test.sh

# The command plugins end to end: a package depending on this repository runs
# `swift package galley verify` and `build` (SwiftPM builds Galley inside it first: minutes);
# then the light plugin (plugin/), which runs an installed galley (here the debug
# build), in swift-log and swift-algorithms, which Galley depends on (about 2 minutes).
plugin-test: deps
	SWIFT=$(SWIFT) scripts/plugin-test.sh
	$(SWIFT) build --product galley
	SWIFT=$(SWIFT) GALLEY=$$($(SWIFT) build --show-bin-path)/galley scripts/light-plugin-test.sh

build: deps
	$(SWIFT) build

# A release build of galley, copied to $(DESTDIR)$(PREFIX)/bin. galley needs nothing
# beside it: the theme is compiled in, and the Swift toolchain it was built with
# (swiftc on PATH compiles the samples; the binary links that toolchain's
# runtime) plus bubblewrap are all it uses at run time.
PREFIX ?= /usr/local
install: deps
	$(SWIFT) build -c release --product galley
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $$($(SWIFT) build -c release --show-bin-path)/galley $(DESTDIR)$(PREFIX)/bin/galley
	@echo "Installed $(DESTDIR)$(PREFIX)/bin/galley: $$($(DESTDIR)$(PREFIX)/bin/galley --version)"

# Regenerates Sources/GalleyTheme/DefaultTheme.swift, the built-in theme compiled
# into galley, from its sources in templates/. Run it after
# editing them (GalleySiteTests fails until you do), then rebuild.
theme:
	python3 scripts/embed-theme.py

# Builds the libFuzzer targets of Fuzz/Targets/ into .build-fuzz/ (Galley's modules
# instrumented, packages linked from the debug build) and runs each for SECONDS
# seconds from its seed corpus Fuzz/Corpus/<target>/. Fails, naming the saved
# input, when a target crashes, hangs or runs out of memory. TARGETS=markdown
# runs one. See README, Fuzzing.
SECONDS ?= 30
TARGETS ?=
fuzz: deps
	SWIFT=$(SWIFT) python3 scripts/fuzz.py --seconds $(SECONDS) $(TARGETS)

# Reads the catalogs' articles and the doc comments of every package of the
# local mirror (/opt/swift-packages; MIRROR=DIR another), at every tag
# (SWEEP=--newest: the newest of each), and generates their samples' programs
# with the fuzz target Fuzz/Targets/programs.swift, without compiling: fails,
# naming the package, version and file, when program generation crashes.
MIRROR ?= /opt/swift-packages
SWEEP ?=
sweep: deps
	SWIFT=$(SWIFT) python3 scripts/sweep.py --mirror $(MIRROR) $(SWEEP)

# Installs the C libraries cmark needs when pkg-config cannot find them.
# bubblewrap confines sample runs (verify.sandbox: auto uses it where it works).
deps:
	@if ! pkg-config --exists libcmark-gfm 2>/dev/null || ! command -v bwrap >/dev/null 2>&1; then \
		echo "libcmark-gfm or bubblewrap not found: installing $(APT_PACKAGES) bubblewrap with apt-get$(if $(SUDO), (via sudo),)"; \
		$(SUDO) apt-get update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(APT_PACKAGES) bubblewrap; \
	fi

clean:
	rm -rf .build .build-fuzz public
