#!/usr/bin/env bash
# One-command set-up for sidebot on a Debian 12 machine: system packages, .venv, the package and its
# dependencies, and the wiki gadget's lint and test tools (node_modules, from npm). Idempotent: a second run checks and skips what is already there.
#
# The terminal gets a short summary (what was installed, where, how long); apt's and pip's full output goes
# to the log file ($SIDEBOT_SETUP_LOG, default setup.log here), and a failed step prints the log's last lines.
set -Eeuo pipefail
cd "$(dirname "$0")/.."

APT_PACKAGES=(
  mediawiki php8.2-cgi php-sqlite3 php-cli webfs   # the local test/demo wiki (MediaWiki 1.39, php -S)
  postgresql                                       # PostgreSQL 15 server binaries for the Postgres tests
  chromium chromium-driver                         # headless browser tests of the review UI
)
PYTHON=${PYTHON:-python3}
LOG=$(realpath -m "${SIDEBOT_SETUP_LOG:-setup.log}")
: > "$LOG"
exec 3>&1 4>&2                # the terminal, for the summary
exec >>"$LOG" 2>&1            # everything else: the log
SETUP_STARTED=$SECONDS

say() { echo "setup: $*"; echo "setup: $*" >&3; }  # to the log and the terminal

failed() {
  local status=$?
  {
    echo "setup: FAILED (exit $status) after $((SECONDS - SETUP_STARTED)) s; the log's last lines:"
    tail -n 25 "$LOG" | sed 's/^/  | /'
    echo "setup: full log: $LOG"
  } >&4
  exit "$status"
}
trap failed ERR

missing_apt() {
  local pkg
  for pkg in "${APT_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || echo "$pkg"
  done
}

install_apt() {
  local missing started=$SECONDS
  missing=$(missing_apt)
  if [ -z "$missing" ]; then
    say "system packages: all ${#APT_PACKAGES[@]} present (MediaWiki 1.39, PHP, PostgreSQL 15, Chromium)"
    return
  fi
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "installing system packages:" $missing
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
  say "system packages: installed" $missing "with apt ($((SECONDS - started)) s)"
}

install_python() {
  local started=$SECONDS
  [ -x .venv/bin/python ] || "$PYTHON" -m venv .venv
  local stamp=.venv/.sidebot-installed
  local want
  want=$(sha256sum pyproject.toml | cut -d' ' -f1)
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && .venv/bin/python -c "import sidebot"; then
    say "Python environment: up to date in $PWD/.venv ($(python_summary))"
    return
  fi
  .venv/bin/pip install -q --upgrade pip
  # torch first and pinned: 2.13.0 is the CPU build; any looser spec pulls several GB of CUDA wheels.
  .venv/bin/pip install -q "torch==2.13.0"
  .venv/bin/pip install -q -e ".[dev]"
  echo "$want" > "$stamp"
  say "Python environment: installed into $PWD/.venv ($(python_summary); $((SECONDS - started)) s)"
}

python_summary() {
  .venv/bin/python - <<'EOF'
import importlib.metadata as m
import sys
print(f"Python {sys.version.split()[0]}, sidebot {m.version('sidebot')}, torch {m.version('torch')}, "
      f"{len(list(m.distributions()))} packages")
EOF
}

install_node() {
  # The wiki gadget (sidebot/web/gadget/gadget.js) needs no build; eslint and jsdom for its lint and tests
  # come from npm, pinned by package-lock.json (`npm ci`), and are reinstalled only when that file changes.
  local started=$SECONDS
  if ! command -v npm >/dev/null; then
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends nodejs npm
  fi
  local stamp=node_modules/.sidebot-installed
  local want
  want=$(sha256sum package-lock.json | cut -d' ' -f1)
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
    say "gadget lint and tests: up to date in $PWD/node_modules (node $(node --version))"
    return
  fi
  npm ci --no-audit --no-fund
  echo "$want" > "$stamp"
  say "gadget lint and tests: installed into $PWD/node_modules with npm ci (node $(node --version); $((SECONDS - started)) s)"
}

check_install() {
  # sidebot doctor prints a table of its checks (into the log); the summary needs only whether all passed.
  .venv/bin/sidebot doctor --offline
  say "checks: sidebot doctor --offline passed (local wiki, base model, queue database, Chromium)"
}

install_apt
install_python
install_node
check_install
say "done in $((SECONDS - SETUP_STARTED)) s; full log: $LOG"
