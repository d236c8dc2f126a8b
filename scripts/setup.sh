#!/usr/bin/env bash
# One-command set-up for sidebot on a Debian 12 machine: system packages, .venv, the package and its
# dependencies. Idempotent: a second run checks and skips what is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

APT_PACKAGES=(
  mediawiki php8.2-cgi php-sqlite3 php-cli webfs   # the local test/demo wiki (MediaWiki 1.39, php -S)
  postgresql                                       # PostgreSQL 15 server binaries for the Postgres tests
  chromium chromium-driver                         # headless browser tests of the review UI
)
PYTHON=${PYTHON:-python3}

missing_apt() {
  local pkg
  for pkg in "${APT_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || echo "$pkg"
  done
}

install_apt() {
  local missing
  missing=$(missing_apt)
  [ -z "$missing" ] && { echo "setup: system packages present"; return; }
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "setup: installing system packages:" $missing
  export DEBIAN_FRONTEND=noninteractive
  # Without recommends: naming php8.2-cgi and webfs satisfies mediawiki's httpd dependency without apache.
  if ! $sudo apt-get install -y -q --no-install-recommends $missing; then
    $sudo apt-get update -q
    $sudo apt-get install -y -q --no-install-recommends $missing
  fi
  # The Debian postgresql package starts a system cluster; sidebot starts its own on demand.
  if command -v systemctl >/dev/null && systemctl is-active --quiet postgresql 2>/dev/null; then
    $sudo systemctl stop postgresql || true
  fi
}

install_python() {
  [ -x .venv/bin/python ] || "$PYTHON" -m venv .venv
  local stamp=.venv/.sidebot-installed
  local want
  want=$(sha256sum pyproject.toml | cut -d' ' -f1)
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && .venv/bin/python -c "import sidebot" 2>/dev/null; then
    echo "setup: Python environment up to date"
    return
  fi
  .venv/bin/pip install -q --upgrade pip
  # torch first and pinned: 2.13.0 is the CPU build; any looser spec pulls several GB of CUDA wheels.
  .venv/bin/pip install -q "torch==2.13.0"
  .venv/bin/pip install -q -e ".[dev]"
  echo "$want" > "$stamp"
  echo "setup: Python environment installed"
}

install_apt
install_python
.venv/bin/sidebot doctor --offline
