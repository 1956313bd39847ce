#!/usr/bin/env bash
# A throwaway PostgreSQL 15 + PostGIS cluster for the tests: real server, temporary directory,
# free loopback port; never the machine's own cluster.
#
#   postgres.sh start         initdb + start; prints shell `export` lines:
#                               PETSPOT_TEST_PG_DIR       the cluster's directory (pass it back)
#                               PETSPOT_TEST_DATABASE_URL the test role's URL (no superuser; CREATEDB)
#                             databases: petspot (with postgis) and petspot_template (a template
#                             with postgis that tests clone with CREATE DATABASE … TEMPLATE)
#   postgres.sh stop DIR      stop (immediate) and delete everything
#   postgres.sh pause DIR     stop the server as a crash would (pg_ctl stop -m immediate)
#   postgres.sh resume DIR    start it again on the same port
#
# As root, the server runs as the `postgres` user (initdb refuses root).
set -euo pipefail
PGBIN=${PGBIN:-/usr/lib/postgresql/15/bin}

as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# The server must not inherit our stdout or stderr: a caller reading them to the end would wait
# for the server to exit.
start_server() {
  local dir=$1
  if ! as_owner "$PGBIN/pg_ctl" -D "$dir/data" -l "$dir/log" -w -t 30 \
    -o "-p $(cat "$dir/port") -k $dir -c listen_addresses=127.0.0.1 -c max_connections=200" start \
    </dev/null >/dev/null 2>"$dir/pg_ctl.err"; then
    cat "$dir/pg_ctl.err" "$dir/log" >&2
    exit 1
  fi
}

case "${1:-}" in
  start)
    dir=$(mktemp -d /tmp/petspot-pg.XXXXXX)
    chmod 755 "$dir"
    if [ "$(id -u)" = 0 ]; then chown postgres: "$dir"; fi
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])' >"$dir/port"
    echo postgres >"$dir/pwfile"
    chmod 644 "$dir/pwfile"
    as_owner "$PGBIN/initdb" -D "$dir/data" -U postgres --auth-local=trust --auth-host=scram-sha-256 \
      --pwfile="$dir/pwfile" -E UTF8 --locale=C.UTF-8 >/dev/null
    rm -f "$dir/pwfile"
    start_server "$dir"
    port=$(cat "$dir/port")
    export PGPASSWORD=postgres
    psql_super() { psql -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U postgres "$@"; }
    psql_super -d postgres -c "CREATE ROLE petspot LOGIN CREATEDB PASSWORD 'petspot'" \
      -c "CREATE DATABASE petspot OWNER petspot" -c "CREATE DATABASE petspot_template OWNER petspot"
    psql_super -d petspot -c "CREATE EXTENSION postgis"
    psql_super -d petspot_template -c "CREATE EXTENSION postgis"
    psql_super -d postgres -c "ALTER DATABASE petspot_template IS_TEMPLATE true"
    echo "export PETSPOT_TEST_PG_DIR=$dir"
    echo "export PETSPOT_TEST_DATABASE_URL='postgres://petspot:petspot@127.0.0.1:$port/petspot?sslmode=disable'"
    ;;
  stop)
    dir=${2:?usage: postgres.sh stop DIR}
    as_owner "$PGBIN/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
  pause)
    dir=${2:?usage: postgres.sh pause DIR}
    as_owner "$PGBIN/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null
    ;;
  resume)
    dir=${2:?usage: postgres.sh resume DIR}
    start_server "$dir"
    ;;
  *)
    echo "usage: postgres.sh start | stop DIR | pause DIR | resume DIR" >&2
    exit 2
    ;;
esac
