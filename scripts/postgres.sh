#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for tests and benchmarks: Debian's server binaries, a fresh
# data folder under /tmp, run as the `postgres` user on a free local port, trusted local logins.
#
#   eval "$(scripts/postgres.sh start)"   # exports DATABASE_URL and PG_THROWAWAY_DIR
#   scripts/postgres.sh stop              # stops it and removes the folder
#
# Needs the `postgresql` package (apt-get install -y postgresql) and root, or the postgres user.
set -euo pipefail

bin_dir() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  if [[ -z "$dir" || ! -x "$dir/initdb" ]]; then
    echo "PostgreSQL server binaries not found under /usr/lib/postgresql (apt-get install -y postgresql)." >&2
    exit 1
  fi
  echo "$dir"
}

as_postgres() {
  if [[ "$(id -un)" == postgres ]]; then "$@"; else runuser -u postgres -- "$@"; fi
}

port_in_use() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

free_port() {
  local port
  for port in $(seq 55432 55532); do
    if ! port_in_use "$port"; then echo "$port"; return; fi
  done
  echo "No free port between 55432 and 55532." >&2
  exit 1
}

start() {
  local bin dir port
  bin=$(bin_dir)
  dir=$(mktemp -d /tmp/pg-throwaway-XXXXXX)
  chown postgres:postgres "$dir" 2>/dev/null || true
  as_postgres "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; exit 1; }
  port=$(free_port)
  # fsync off: a throwaway cluster trades crash safety for speed, as nothing in it must survive.
  as_postgres "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
    start >&2 || { cat "$dir/server.log" >&2; exit 1; }
  echo "export DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres"
  echo "export PG_THROWAWAY_DIR=$dir"
}

stop() {
  local dir="${1:-${PG_THROWAWAY_DIR:-}}"
  if [[ -z "$dir" || ! -d "$dir/data" ]]; then
    echo "No throwaway cluster to stop (give its folder or set PG_THROWAWAY_DIR)." >&2
    exit 1
  fi
  as_postgres "$(bin_dir)/pg_ctl" -D "$dir/data" -m fast -w stop >&2 || true
  rm -rf "$dir"
}

case "${1:-start}" in
  start) start ;;
  stop) stop "${2:-}" ;;
  *) echo "usage: $0 start | stop [folder]" >&2; exit 2 ;;
esac
