# Shared by scripts/serve and scripts/test: install what is missing, find free
# ports, run a throwaway PostgreSQL. Source it; do not run it.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"

log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    echo "error: need root (or sudo) to run: $*" >&2; return 1; fi
}

# ensure_apt PACKAGE...: installs the Debian packages that are not installed yet.
ensure_apt() {
  local missing=()
  for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  log "installing ${missing[*]} (apt)"
  as_root apt-get update -q >/dev/null
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
}

# ensure_venv: a virtualenv in .venv with the Python test tools of e2e/requirements.txt.
ensure_venv() {
  local stamp="$VENV/.requirements"
  if [ -x "$VENV/bin/python" ] && cmp -s "$ROOT/e2e/requirements.txt" "$stamp"; then return 0; fi
  log "preparing the Python test tools in .venv"
  python3 -m venv "$VENV" 2>/dev/null || { ensure_apt python3-venv; python3 -m venv "$VENV"; }
  "$VENV/bin/pip" install -q --disable-pip-version-check -r "$ROOT/e2e/requirements.txt"
  cp "$ROOT/e2e/requirements.txt" "$stamp"
}

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# start_postgres DIR: a throwaway cluster in DIR on a free port, trust auth on
# loopback only. Sets POSTGRES_URL. PostgreSQL refuses to run as root, so the
# cluster belongs to the `postgres` user when we are root.
start_postgres() {
  local dir="$1" bin port
  bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
  [ -x "$bin/initdb" ] || { echo "error: PostgreSQL server binaries not found (apt-get install postgresql)" >&2; return 1; }
  port="$(free_port)"
  mkdir -p "$dir"
  local run=()
  if [ "$(id -u)" = 0 ]; then chown postgres "$dir"; run=(runuser -u postgres --); fi
  "${run[@]}" "$bin/initdb" -D "$dir/data" -U postgres -A trust --no-sync >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; return 1; }
  "${run[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=1000" start >/dev/null \
    || { cat "$dir/server.log" >&2; return 1; }
  "${run[@]}" "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres cadence_test
  POSTGRES_BIN="$bin"
  POSTGRES_DIR="$dir"
  POSTGRES_URL="postgres://postgres@127.0.0.1:$port/cadence_test?sslmode=disable"
}

stop_postgres() {
  [ -n "${POSTGRES_DIR:-}" ] || return 0
  local run=()
  [ "$(id -u)" = 0 ] && run=(runuser -u postgres --)
  "${run[@]}" "$POSTGRES_BIN/pg_ctl" -D "$POSTGRES_DIR/data" -m immediate stop >/dev/null 2>&1 || true
}
