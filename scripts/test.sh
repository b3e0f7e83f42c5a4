#!/usr/bin/env bash
# Install gamekit with its test tools into .venv and run every test: unit tests, real-game replays,
# notebooks (nbval) and the browser test. Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e '.[test]'

# Chromium renders figures to PNG (kaleido) and drives the browser test; install Debian's where we can.
if ! command -v chromium >/dev/null 2>&1 && [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
        || echo "scripts/test.sh: could not install chromium; tests that need it skip (and fail under CI)"
fi
# Chinese labels in figures, PNG exports and the browser tests need a CJK font (Debian's Noto CJK); without it
# Chromium draws boxes (tests/test_i18n_render.py checks).
if ! fc-list 2>/dev/null | grep -qi "Noto Sans CJK" && [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-noto-cjk >/dev/null) \
        || echo "scripts/test.sh: could not install fonts-noto-cjk; Chinese text renders as boxes"
fi

# Arguments go to pytest. When one names a test file or folder (`tests/test_x.py::test_y` too), only those run,
# in this process; otherwise every test and notebook does, on TEST_WORKERS pytest-xdist workers (default 2: CI's
# cores; 0 runs them in this process). tests/nbval_figures.py keeps the notebooks and the figure-label test on one
# worker, and each test file on one worker.
paths=(tests notebooks)
workers=(-n "${TEST_WORKERS:-2}")
for arg in "$@"; do
    if [ -e "${arg%%::*}" ]; then paths=(); workers=(); break; fi
done
exec .venv/bin/python -m pytest ${paths[@]+"${paths[@]}"} ${workers[@]+"${workers[@]}"} --nbval-lax \
    --nbval-cell-timeout=300 "$@"
