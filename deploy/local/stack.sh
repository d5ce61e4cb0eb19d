#!/usr/bin/env bash
# The local REAL infrastructure as plain processes (no Docker): see deploy/local/README.md.
#   bash deploy/local/stack.sh start    build/install what is missing, start what is not running, wait for health
#   bash deploy/local/stack.sh stop [name]      stop everything this script started, or that one component only
#   bash deploy/local/stack.sh status   one line per component
#   bash deploy/local/stack.sh start <name>     start that one component only (others are not touched)
#   bash deploy/local/stack.sh restart [name]   stop+start that one component only (no name: the whole stack)
#   bash deploy/local/stack.sh nats     NATS alone: its users rewritten from the contracts, restarted if they changed
# Idempotent and safe to run concurrently (a lock serialises start/stop). Everything lives in deploy/local/.cache:
# bin/ (built binaries), logs/<name>.log, run/<name>.pid, data dirs. PORTAL_JAEGER=0 skips Jaeger.
set -euo pipefail
set +m

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
CACHE="$HERE/.cache"
BIN="$CACHE/bin"
LOGS="$CACHE/logs"
RUN="$CACHE/run"
# shellcheck source=env.sh
. "$HERE/env.sh"

# --- pinned versions ---------------------------------------------------------------------------------------------
NATS_VERSION=v2.14.0
FERRETDB_VERSION=v1.24.2
VERSITYGW_VERSION=v1.8.0
KEYCLOAK_VERSION=26.4.0
JAEGER_MODULE_VERSION=v1.76.0 # Go module github.com/jaegertracing/jaeger; cmd/jaeger is the Jaeger v2 binary

# --- ports (README.md table) ---------------------------------------------------------------------------------------
NATS_PORT=${NATS_PORT:-4222}
NATS_MONITOR_PORT=${NATS_MONITOR_PORT:-8222}
REDIS_PORT=${REDIS_PORT:-6390}
PG_PORT=${PG_PORT:-5433}
FERRETDB_PORT=${FERRETDB_PORT:-27027}
FERRETDB_DEBUG_PORT=${FERRETDB_DEBUG_PORT:-27028}
S3_PORT=${S3_PORT:-9100}
KEYCLOAK_HTTP_PORT=${KEYCLOAK_HTTP_PORT:-8180}
KEYCLOAK_MGMT_PORT=${KEYCLOAK_MGMT_PORT:-9190}
MAILBOX_SMTP_PORT=${MAILBOX_SMTP_PORT:-2525}
MAILBOX_HTTP_PORT=${MAILBOX_HTTP_PORT:-8025}
ACCOUNTING_STUB_PORT=${ACCOUNTING_STUB_PORT:-8930}
METRC_STUB_PORT=${METRC_STUB_PORT:-8940}
EDGE_PORT=${EDGE_PORT:-8080}
JAEGER_UI_PORT=${JAEGER_UI_PORT:-16686}
JAEGER_OTLP_HTTP_PORT=${JAEGER_OTLP_HTTP_PORT:-4318}
JAEGER_OTLP_GRPC_PORT=${JAEGER_OTLP_GRPC_PORT:-4317}
JAEGER_HEALTH_PORT=${JAEGER_HEALTH_PORT:-13133}
JAEGER_QUERY_GRPC_PORT=${JAEGER_QUERY_GRPC_PORT:-16685}
export EDGE_PORT KEYCLOAK_HTTP_PORT MAILBOX_HTTP_PORT MAILBOX_SMTP_PORT
KC_HOME="$CACHE/keycloak-$KEYCLOAK_VERSION"
PGBIN=${PGBIN:-/usr/lib/postgresql/15/bin}
PGDATA_DIR="$CACHE/postgres/data"
# FerretDB's backend; "ferretdb" is the PostgreSQL database that holds one schema per Mongo database
FERRETDB_PG_URL="postgres://postgres@127.0.0.1:$PG_PORT/ferretdb"
# stop runs this list backwards: FerretDB stops before PostgreSQL
COMPONENTS=(nats redis postgres ferretdb versitygw mailbox accounting metrc nginx keycloak jaeger)

mkdir -p "$BIN" "$LOGS" "$RUN" "$CACHE/src" "$CACHE/dl"
export PATH="$BIN:$PATH"

say() { printf '[stack] %s\n' "$*" >&2; }
die() { printf '[stack] ERROR: %s\n' "$*" >&2; exit 1; }
jaeger_enabled() { [ "${PORTAL_JAEGER:-1}" != "0" ]; }

# --- process helpers -----------------------------------------------------------------------------------------------
pidfile() { echo "$RUN/$1.pid"; }
pid_of() { local f; f=$(pidfile "$1"); [ -s "$f" ] && cat "$f" || true; }
# alive PID: exists and is not a zombie waiting for its (re-)parent to reap it
alive() { kill -0 "$1" 2>/dev/null && [ "$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null)" != Z ]; }
is_running() { local p; p=$(pid_of "$1"); [ -n "$p" ] && alive "$p"; }

# spawn NAME CMD...: new session (pid == process group id), output appended to logs/NAME.log, pid to run/NAME.pid
spawn() {
  local name=$1; shift
  local log="$LOGS/$name.log" pf; pf=$(pidfile "$name")
  rm -f "$pf"
  printf '\n==== %s start %s ====\n' "$name" "$(date -Is)" >>"$log"
  # bash -c writes its own pid (the one that execs the command) whether or not setsid had to fork.
  # fds 8/9 (the stack and apt locks) are closed so a daemon never holds a lock of this script.
  setsid bash -c 'echo $$ >"$0"; exec "$@"' "$pf" "$@" </dev/null >>"$log" 2>&1 8>&- 9>&- &
  local i
  for i in $(seq 1 50); do [ -s "$pf" ] && return 0; sleep 0.1; done
  die "$name did not start (see $log)"
}

fail_with_log() {
  local name=$1 msg=$2
  printf '[stack] ERROR: %s\n[stack] ---- last 40 lines of %s ----\n' "$msg" "$LOGS/$name.log" >&2
  tail -n 40 "$LOGS/$name.log" >&2 || true
  exit 1
}

# wait_healthy NAME TIMEOUT_S : polls health_NAME until it succeeds, the process dies, or the time is up
wait_healthy() {
  local name=$1 timeout=$2 start=$SECONDS
  while true; do
    if "health_$name" >/dev/null 2>&1; then say "$name healthy ($((SECONDS - start))s)"; return 0; fi
    if ! is_running "$name"; then fail_with_log "$name" "$name exited during start-up"; fi
    if [ $((SECONDS - start)) -ge "$timeout" ]; then fail_with_log "$name" "$name not healthy after ${timeout}s"; fi
    sleep 0.5
  done
}

stop_one() {
  local name=$1 p i
  p=$(pid_of "$name")
  if [ -z "$p" ] || ! alive "$p"; then rm -f "$(pidfile "$name")"; return 0; fi
  say "stopping $name (pid $p)"
  # a component with its own clean shutdown (PostgreSQL: pg_ctl stop -m fast) uses it first
  if declare -F "stop_$name" >/dev/null; then "stop_$name" || true; fi
  alive "$p" && kill -TERM -- "-$p" 2>/dev/null || kill -TERM "$p" 2>/dev/null || true
  for i in $(seq 1 100); do alive "$p" || break; sleep 0.2; done
  if alive "$p"; then kill -KILL -- "-$p" 2>/dev/null || kill -KILL "$p" 2>/dev/null || true; fi
  rm -f "$(pidfile "$name")"
}

http_ok() { curl -fsS -o /dev/null --max-time 3 "$1"; }
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# ensure_started NAME TIMEOUT: skip when our process is running and healthy, or when something healthy already
# answers on the port (started by someone else: left alone); otherwise start_NAME and wait for health.
ensure_started() {
  local name=$1 timeout=$2
  if is_running "$name"; then
    if "health_$name" >/dev/null 2>&1; then say "$name already running (pid $(pid_of "$name"))"; return 0; fi
    say "$name running but not healthy yet; waiting"
    wait_healthy "$name" "$timeout"; return 0
  fi
  if "health_$name" >/dev/null 2>&1; then
    say "$name: a healthy instance not started by this script already answers; leaving it alone"
    return 0
  fi
  "start_$name"
  wait_healthy "$name" "$timeout"
}

# --- Debian packages -------------------------------------------------------------------------------------------------
ensure_apt() {
  local missing=() p
  # libnginx-mod-http-brotli-static: the edge sends the .br files the web build writes (deploy/local/nginx/render.mjs)
  for p in redis-server nginx-light libnginx-mod-http-brotli-static chromium unzip curl postgresql-15 postgresql-client-15; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  # nginx-light may be satisfied by another nginx flavour
  if [[ " ${missing[*]} " == *" nginx-light "* ]] && command -v nginx >/dev/null; then
    missing=("${missing[@]/nginx-light/}")
  fi
  local want=()
  for p in "${missing[@]}"; do [ -n "$p" ] && want+=("$p"); done
  [ ${#want[@]} -eq 0 ] && return 0
  local SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  say "installing Debian packages: ${want[*]} (log: $LOGS/apt.log)"
  {
    flock 9
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update >>"$LOGS/apt.log" 2>&1 &&
      $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -o DPkg::Lock::Timeout=300 --no-install-recommends \
        "${want[@]}" >>"$LOGS/apt.log" 2>&1
  } 9>/tmp/portal-apt.lock || { tail -n 30 "$LOGS/apt.log" >&2; die "apt-get install ${want[*]} failed"; }
}

need_tool() { command -v "$1" >/dev/null || die "$1 not found on PATH ($2)"; }

# --- builds (cached in .cache/bin, keyed by version stamp files) -----------------------------------------------------
stamp_ok() { [ -x "$BIN/$1" ] && [ "$(cat "$BIN/.$1.version" 2>/dev/null)" = "$2" ]; }
stamp() { echo "$2" >"$BIN/.$1.version"; }

build_nats() {
  stamp_ok nats-server "$NATS_VERSION" && return 0
  need_tool go "needed to build nats-server"
  say "building nats-server $NATS_VERSION (go install)"
  GOBIN="$BIN" GOFLAGS=-buildvcs=false go install "github.com/nats-io/nats-server/v2@$NATS_VERSION" >>"$LOGS/build-nats.log" 2>&1 ||
    fail_with_log build-nats "nats-server build failed"
  stamp nats-server "$NATS_VERSION"
}

# go mod download -json MODULE@VERSION -> prints the module's (read-only) source dir
go_mod_dir() {
  local json
  json=$(cd "$CACHE/src" && GOFLAGS=-mod=mod go mod download -json "$1" 2>>"$LOGS/build-$2.log") ||
    fail_with_log "build-$2" "go mod download $1 failed"
  printf '%s' "$json" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p' | head -n1
}

# Our patches to FerretDB 1.24 (deploy/local/README.md), applied in this order:
# - update-conns: its update command held each statement's read open until the command returned, so a bulkWrite of
#   50 updates took all 50 pooled connections and hung every client;
# - pushdown: PostgreSQL does a sort on top-level fields (in MongoDB's order), ranges on top-level strings, dates and
#   ObjectIds, $in of scalars and anchored literal prefixes, so a sorted, limited page decodes only its rows;
# - unique-only: a non-unique index is recorded but not built (no query used those btrees; they only slowed every
#   write); the kit's start-up migration makes the GIN indexes that serve queries;
# - single-insert: documents that fit one INSERT statement go without BEGIN and COMMIT (atomic as one statement);
# - limit: a sorted find's skip+limit goes into the SQL when its whole filter is translated exactly and its sort ends
#   with _id, an equality in the form a btree serves, so a page of a big scope reads a page (the kit's ordered indexes);
# - delete-batches: a delete of many documents names their ids in statements of 10,000 (one statement of more than
#   65,535 failed, so a clean-up of old records failed for good once they had piled up past that).
FERRETDB_PATCHES=("$HERE/ferretdb-update-conns.patch" "$HERE/ferretdb-pushdown.patch" "$HERE/ferretdb-unique-only.patch"
  "$HERE/ferretdb-single-insert.patch" "$HERE/ferretdb-limit.patch" "$HERE/ferretdb-delete-batches.patch")
ferretdb_build_id() { echo "$FERRETDB_VERSION+$(cat "${FERRETDB_PATCHES[@]}" | sha256sum | cut -c1-12)"; }
build_ferretdb() {
  stamp_ok ferretdb "$(ferretdb_build_id)" && return 0
  need_tool go "needed to build FerretDB"
  say "building FerretDB $FERRETDB_VERSION (go mod download + go build; go install is refused by the proxy)"
  local dir src="$CACHE/src/ferretdb-$FERRETDB_VERSION"
  dir=$(go_mod_dir "github.com/FerretDB/FerretDB@$FERRETDB_VERSION" ferretdb)
  [ -d "$dir" ] || fail_with_log build-ferretdb "module dir not found for FerretDB"
  # the module cache is read-only and FerretDB needs build/version/version.txt: build from a writable copy
  rm -rf "$src"; cp -r "$dir" "$src"; chmod -R u+w "$src"
  echo "$FERRETDB_VERSION" >"$src/build/version/version.txt"
  local patch
  for patch in "${FERRETDB_PATCHES[@]}"; do
    (cd "$src" && patch -p1 -s <"$patch") >>"$LOGS/build-ferretdb.log" 2>&1 ||
      fail_with_log build-ferretdb "patching FerretDB failed ($(basename "$patch"))"
  done
  (cd "$src" && GOFLAGS=-buildvcs=false go build -o "$BIN/ferretdb" ./cmd/ferretdb) >>"$LOGS/build-ferretdb.log" 2>&1 ||
    fail_with_log build-ferretdb "FerretDB build failed"
  stamp ferretdb "$(ferretdb_build_id)"
}

build_versitygw() {
  stamp_ok versitygw "$VERSITYGW_VERSION" && return 0
  need_tool go "needed to build versitygw"
  say "building versitygw $VERSITYGW_VERSION (go install)"
  GOBIN="$BIN" GOFLAGS=-buildvcs=false go install "github.com/versity/versitygw/cmd/versitygw@$VERSITYGW_VERSION" \
    >>"$LOGS/build-versitygw.log" 2>&1 || fail_with_log build-versitygw "versitygw build failed"
  stamp versitygw "$VERSITYGW_VERSION"
}

build_jaeger() {
  stamp_ok jaeger "$JAEGER_MODULE_VERSION" && return 0
  need_tool go "needed to build Jaeger"
  local dir
  dir=$(go_mod_dir "github.com/jaegertracing/jaeger@$JAEGER_MODULE_VERSION" jaeger)
  [ -d "$dir" ] || fail_with_log build-jaeger "module dir not found for Jaeger"
  # optional shortcut: a prebuilt binary from the machine's warm-up, only when built from this very module version
  local warm=/tmp/warm/bin/jaeger
  if [ "${PORTAL_NO_WARM:-0}" != 1 ] && [ -x "$warm" ] && [ -f /tmp/warm/jdl.json ] && grep -q "\"Version\": \"$JAEGER_MODULE_VERSION\"" /tmp/warm/jdl.json &&
    "$warm" --help >/dev/null 2>&1; then
    say "jaeger: using the prebuilt $JAEGER_MODULE_VERSION binary from /tmp/warm (cache shortcut)"
    cp "$warm" "$BIN/jaeger.tmp" && mv "$BIN/jaeger.tmp" "$BIN/jaeger"
  else
    say "building Jaeger v2 from module $JAEGER_MODULE_VERSION (go build ./cmd/jaeger; slow on a cold Go cache)"
    (cd "$dir" && GOFLAGS=-buildvcs=false go build -o "$BIN/jaeger" ./cmd/jaeger) >>"$LOGS/build-jaeger.log" 2>&1 ||
      fail_with_log build-jaeger "Jaeger build failed"
  fi
  stamp jaeger "$JAEGER_MODULE_VERSION"
}

build_keycloak() {
  [ -x "$KC_HOME/bin/kc.sh" ] && return 0
  local zip="$CACHE/dl/keycloak-quarkus-dist-$KEYCLOAK_VERSION.zip"
  if [ ! -s "$zip" ]; then
    need_tool mvn "needed to fetch Keycloak from Maven Central"
    say "fetching Keycloak $KEYCLOAK_VERSION from Maven Central"
    mvn -q -B dependency:copy "-Dartifact=org.keycloak:keycloak-quarkus-dist:$KEYCLOAK_VERSION:zip" \
      "-DoutputDirectory=$CACHE/dl" >>"$LOGS/build-keycloak.log" 2>&1 ||
      fail_with_log build-keycloak "mvn dependency:copy keycloak-quarkus-dist failed"
  fi
  say "unpacking Keycloak $KEYCLOAK_VERSION"
  rm -rf "$KC_HOME.tmp" && mkdir -p "$KC_HOME.tmp"
  unzip -q "$zip" -d "$KC_HOME.tmp" || die "unzip $zip failed"
  rm -rf "$KC_HOME" && mv "$KC_HOME.tmp/keycloak-$KEYCLOAK_VERSION" "$KC_HOME" && rm -rf "$KC_HOME.tmp"
}

# --- NATS --------------------------------------------------------------------------------------------------------------
health_nats() { curl -fsS --max-time 3 "http://127.0.0.1:$NATS_MONITOR_PORT/healthz?js-enabled-only=true" | grep -q ok; }
start_nats() {
  build_nats
  mkdir -p "$CACHE/nats/jetstream"
  cat >"$CACHE/nats/nats.conf" <<EOF
server_name: portal-local
host: 127.0.0.1
port: $NATS_PORT
http: 127.0.0.1:$NATS_MONITOR_PORT
max_payload: 8MB
jetstream {
  store_dir: "$CACHE/nats/jetstream"
  max_memory_store: 256MB
  max_file_store: 4GB
}
# Two accounts, each with its own streams and durables: the demo services of npm start sign in to PORTAL
# (scripts/portal.mjs); everything else (service suites, the e2e data set, benchmarks) to TEST, so a test's or a
# bench's events never reach the demo's consumers (mails, billing, the schedule). In both, each service is a user of
# its own that may publish only its domain's events (accounts.conf, written by nats-config.ts from the contracts).
# No anonymous connections.
include "accounts.conf"
EOF
  # the streams of the one global account used before the two accounts (nobody reads them any more)
  rm -rf "$CACHE/nats/jetstream/jetstream/\$G"
  spawn nats "$BIN/nats-server" -c "$CACHE/nats/nats.conf"
}

# The users (accounts.conf) from the contracts and env.sh's passwords; a change restarts a running NATS once
# (JetStream's data stays), so `start` after a change of the rights or the passwords applies it.
nats_accounts_hash() { cat "$CACHE/nats/accounts.conf" "$CACHE/nats/nats.conf" 2>/dev/null | sha256sum | cut -c1-16; }
write_nats_accounts() {
  mkdir -p "$CACHE/nats"
  (cd "$REPO" && node --import tsx deploy/local/nats-config.ts local "$CACHE/nats/accounts.conf.new") ||
    die "could not write the NATS users (deploy/local/nats-config.ts)"
  mv "$CACHE/nats/accounts.conf.new" "$CACHE/nats/accounts.conf"
}
ensure_nats() {
  write_nats_accounts
  if is_running nats && [ "$(cat "$CACHE/nats/running.hash" 2>/dev/null)" != "$(nats_accounts_hash)" ]; then
    say "NATS users or rights changed: restarting NATS with them"; stop_one nats
  fi
  ensure_started nats 60
  # the config start_nats wrote is the one running (an external NATS is left alone)
  is_running nats && nats_accounts_hash >"$CACHE/nats/running.hash"
  return 0
}

# --- Redis -------------------------------------------------------------------------------------------------------------
# Persistent (append-only file, fsync every second): a restarted Redis comes back with the queued jobs, the job
# schedulers and the session revocations; the services also keep their own durable copy and re-queue from it.
health_redis() { [ "$(redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping 2>/dev/null)" = PONG ]; }
# a Redis started from an older config (no persistence) gets it live, without a restart that would drop its data
ensure_redis_persistence() {
  is_running redis || return 0
  [ "$(redis-cli -h 127.0.0.1 -p "$REDIS_PORT" config get appendonly 2>/dev/null | sed -n 2p)" = yes ] && return 0
  say "redis: switching on the append-only file (live, CONFIG SET)"
  redis-cli -h 127.0.0.1 -p "$REDIS_PORT" config set appendfsync everysec >/dev/null &&
    redis-cli -h 127.0.0.1 -p "$REDIS_PORT" config set appendonly yes >/dev/null ||
    say "redis: could not switch on the append-only file (see $LOGS/redis.log)"
}
start_redis() {
  need_tool redis-server "apt-get install redis-server"
  mkdir -p "$CACHE/redis"
  cat >"$CACHE/redis/redis.conf" <<EOF
bind 127.0.0.1
port $REDIS_PORT
protected-mode yes
daemonize no
dir $CACHE/redis
save ""
appendonly yes
appendfsync everysec
maxmemory-policy noeviction
logfile ""
EOF
  spawn redis redis-server "$CACHE/redis/redis.conf"
}

# --- PostgreSQL (FerretDB's backend; ../shared/notes/ferretdb-postgresql.md) -------------------------------------
# A private cluster under .cache/postgres run as the `postgres` user (PostgreSQL refuses root), started with pg_ctl;
# run/postgres.pid holds the postmaster's pid. plan_cache_mode=force_custom_plan: without it FerretDB's cached
# generic plans ignore GIN indexes created after the first queries. synchronous_commit=off: local data only, a
# crash may lose the last few ms of commits but never corrupts (about 2x faster single inserts).
# as root the cluster belongs to `postgres`; a non-root developer runs it as themself
as_postgres() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
health_postgres() { "$PGBIN/pg_isready" -q -h 127.0.0.1 -p "$PG_PORT" -U postgres -d postgres; }
start_postgres() {
  [ -x "$PGBIN/pg_ctl" ] || die "PostgreSQL 15 not found in $PGBIN (apt-get install postgresql-15)"
  mkdir -p "$PGDATA_DIR" "$CACHE/postgres/run"
  touch "$LOGS/postgres.log"
  if [ "$(id -u)" -eq 0 ]; then
    id postgres >/dev/null 2>&1 || die "no postgres user (it comes with the postgresql-15 package)"
    chown -R postgres:postgres "$CACHE/postgres" "$LOGS/postgres.log"
  fi
  chmod 700 "$PGDATA_DIR"
  if [ ! -s "$PGDATA_DIR/PG_VERSION" ]; then
    say "initdb of the private PostgreSQL cluster in $PGDATA_DIR"
    as_postgres "$PGBIN/initdb" -D "$PGDATA_DIR" -U postgres --auth-local=trust --auth-host=trust \
      --encoding=UTF8 --locale=C.UTF-8 >"$LOGS/initdb.log" 2>&1 || fail_with_log initdb "initdb failed"
  fi
  printf '\n==== postgres start %s ====\n' "$(date -Is)" >>"$LOGS/postgres.log"
  # own session (not killed with the caller's terminal), lock fds closed (fds 8/9: see spawn)
  setsid -w bash -c 'if [ "$(id -u)" -eq 0 ]; then exec runuser -u postgres -- "$@"; else exec "$@"; fi' _ "$PGBIN/pg_ctl" -D "$PGDATA_DIR" -l "$LOGS/postgres.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $PG_PORT -k $CACHE/postgres/run -c plan_cache_mode=force_custom_plan -c synchronous_commit=off" \
    start </dev/null >>"$LOGS/postgres.log" 2>&1 8>&- 9>&- || fail_with_log postgres "pg_ctl start failed"
  head -n1 "$PGDATA_DIR/postmaster.pid" >"$(pidfile postgres)"
  local psql=("$PGBIN/psql" -X -h 127.0.0.1 -p "$PG_PORT" -U postgres)
  "${psql[@]}" -Atc "SELECT 1 FROM pg_database WHERE datname='ferretdb'" | grep -q 1 ||
    "${psql[@]}" -qc "CREATE DATABASE ferretdb ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8' TEMPLATE template0" ||
    fail_with_log postgres "CREATE DATABASE ferretdb failed"
}
stop_postgres() { as_postgres "$PGBIN/pg_ctl" -D "$PGDATA_DIR" -m fast -w -t 60 stop >>"$LOGS/postgres.log" 2>&1; }

# --- FerretDB (PostgreSQL handler) -------------------------------------------------------------------------------------
# FerretDB's /debug/readyz answers 200 while PostgreSQL is down: health is pg_isready + a real Mongo `ping`
# (which goes through to PostgreSQL), with the repo's own mongodb driver.
mongo_ping() {
  (cd "$REPO" && node --input-type=module -e '
    import { MongoClient } from "mongodb";
    const c = new MongoClient(process.argv[1], { serverSelectionTimeoutMS: 2000 });
    try { await c.db("admin").command({ ping: 1 }); } catch { process.exitCode = 1; } finally { await c.close(); }
  ' "mongodb://127.0.0.1:$FERRETDB_PORT/")
}
health_ferretdb() { port_open "$FERRETDB_PORT" && health_postgres && mongo_ping; }
start_ferretdb() {
  build_ferretdb
  mkdir -p "$CACHE/ferretdb/state"
  # GOGC=400: FerretDB's heap is small and short-lived (a command's documents); at the default (100), allocation and
  # garbage collection took about a third of its CPU under orders.create (pprof: mallocgc 19 %, gcDrain 14 %, issue
  # 12). A/B on the bench's 5,000-row upload and its clean-up: FerretDB 17.0 → 15.6 s of CPU; RSS stays ~60 MB.
  # GOGC=off with GOMEMLIMIT=1GiB gained nothing more and held 1 GB
  spawn ferretdb env GOGC=400 "$BIN/ferretdb" --handler=postgresql --postgresql-url="$FERRETDB_PG_URL" \
    --state-dir="$CACHE/ferretdb/state" --listen-addr="127.0.0.1:$FERRETDB_PORT" \
    --debug-addr="127.0.0.1:$FERRETDB_DEBUG_PORT" --telemetry=disable --log-level=warn
}
# a FerretDB started before the switch to PostgreSQL (--handler=sqlite) is replaced on the next start; its data
# stays in .cache/ferretdb/data for scripts/migrate-sqlite-to-pg.mjs
ferretdb_stale() {
  is_running ferretdb && ! tr '\0' ' ' <"/proc/$(pid_of ferretdb)/cmdline" | grep -q -- '--handler=postgresql'
}

# --- versitygw (S3) ----------------------------------------------------------------------------------------------------
health_versitygw() {
  local code
  code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 3 "http://127.0.0.1:$S3_PORT/") || return 1
  [ "$code" != 000 ]
}
start_versitygw() {
  build_versitygw
  mkdir -p "$CACHE/s3/data" "$CACHE/s3/meta"
  # sidecar metadata: no dependency on xattr support of the file system under .cache
  spawn versitygw env ROOT_ACCESS_KEY="$S3_ACCESS_KEY" ROOT_SECRET_KEY="$S3_SECRET_KEY" \
    "$BIN/versitygw" --port "127.0.0.1:$S3_PORT" --quiet posix --sidecar "$CACHE/s3/meta" "$CACHE/s3/data"
}
ensure_buckets() {
  (cd "$REPO" && node "$HERE/s3-setup.mjs") >>"$LOGS/versitygw.log" 2>&1 ||
    fail_with_log versitygw "bucket creation / presigned URL check failed"
  say "buckets manifests, uploads, logos ready (presigned GET verified)"
}

# --- mailbox (SMTP sink) -----------------------------------------------------------------------------------------------
health_mailbox() { http_ok "http://127.0.0.1:$MAILBOX_HTTP_PORT/healthz" && port_open "$MAILBOX_SMTP_PORT"; }
start_mailbox() {
  mkdir -p "$CACHE/mail"
  (cd "$REPO" && MAILBOX_DIR="$CACHE/mail" spawn mailbox node --import tsx "$HERE/mailbox/server.ts")
}

# --- accounting stub: a local stand-in for the accounting system's customer-list API (an external system) ----------
health_accounting() { http_ok "http://127.0.0.1:$ACCOUNTING_STUB_PORT/healthz"; }
start_accounting() {
  (cd "$REPO" && ACCOUNTING_STUB_PORT="$ACCOUNTING_STUB_PORT" spawn accounting node "$HERE/accounting-stub/server.mjs")
}

# --- Metrc stub: a local stand-in for the state track-and-trace transfers API (orders' METRC_URL) -----------------
health_metrc() { http_ok "http://127.0.0.1:$METRC_STUB_PORT/healthz"; }
start_metrc() {
  (cd "$REPO" && METRC_STUB_PORT="$METRC_STUB_PORT" spawn metrc node "$HERE/metrc-stub/server.mjs")
}

# --- nginx (edge) ------------------------------------------------------------------------------------------------------
health_nginx() { http_ok "http://127.0.0.1:$EDGE_PORT/edge-healthz"; }
nginx_conf() {
  node "$HERE/nginx/render.mjs" --out "$CACHE/nginx/nginx.conf" --logs "$LOGS" --pid "$RUN/nginx.pid" >/dev/null
  nginx -t -q -p "$CACHE/nginx" -c "$CACHE/nginx/nginx.conf" -e "$LOGS/nginx.log" 2>>"$LOGS/nginx.log" ||
    fail_with_log nginx "generated nginx config is invalid"
}
start_nginx() {
  need_tool nginx "apt-get install nginx-light"
  nginx_conf
  spawn nginx nginx -p "$CACHE/nginx" -c "$CACHE/nginx/nginx.conf" -e "$LOGS/nginx.log" -g 'daemon off;'
}
reload_nginx() {
  nginx_conf
  nginx -p "$CACHE/nginx" -c "$CACHE/nginx/nginx.conf" -e "$LOGS/nginx.log" -s reload 2>>"$LOGS/nginx.log" ||
    kill -HUP "$(pid_of nginx)"
  say "nginx config re-rendered from deploy/routes.json and reloaded"
}

# --- Keycloak ------------------------------------------------------------------------------------------------------------
health_keycloak() {
  curl -fsS --max-time 3 "http://127.0.0.1:$KEYCLOAK_MGMT_PORT/auth/health/ready" | grep -q UP &&
    http_ok "http://127.0.0.1:$KEYCLOAK_HTTP_PORT/auth/realms/$KEYCLOAK_REALM/.well-known/openid-configuration"
}
realm_hash() { sha256sum "$HERE/keycloak/realm-portal.json" | cut -c1-16; }
# the portal's login theme (login-theme/, Keycloakify): rebuilt only when its sources changed (the script keeps a hash
# of its inputs), a provider jar Keycloak loads at start; THEME_JAR is set by ensure_login_theme
THEME_JAR=""
ensure_login_theme() {
  [ -n "$THEME_JAR" ] && return 0
  need_tool mvn "Maven (keycloakify packs the theme jar with it)"
  THEME_JAR=$(node "$HERE/../../login-theme/scripts/build.mjs" 2>>"$LOGS/build-login-theme.log") ||
    fail_with_log build-login-theme "the login theme build failed (node login-theme/scripts/build.mjs)"
}
# the hash of the theme's inputs (written beside the jar): a rebuild of the same sources restarts nothing
theme_hash() { cut -c1-16 "$THEME_JAR.hash"; }
start_keycloak() {
  need_tool java "a JDK 17+"
  build_keycloak
  mkdir -p "$KC_HOME/data/import"
  # dev mode keeps its H2 database in data/h2 and imports a realm only when it does not exist yet:
  # when the realm file changed since the last import, start from a fresh database so the change lands.
  if [ "$(cat "$CACHE/keycloak.realm-hash" 2>/dev/null)" != "$(realm_hash)" ]; then
    rm -rf "$KC_HOME/data/h2"
  fi
  cp "$HERE/keycloak/realm-portal.json" "$KC_HOME/data/import/realm-portal.json"
  realm_hash >"$CACHE/keycloak.realm-hash"
  ensure_login_theme
  mkdir -p "$KC_HOME/providers"
  cp "$THEME_JAR" "$KC_HOME/providers/portal-theme.jar"
  theme_hash >"$CACHE/keycloak.theme-hash"
  (
    export KC_BOOTSTRAP_ADMIN_USERNAME="${KC_BOOTSTRAP_ADMIN_USERNAME:-admin}"
    export KC_BOOTSTRAP_ADMIN_PASSWORD="${KC_BOOTSTRAP_ADMIN_PASSWORD:-admin}"
    export JAVA_OPTS_KC_HEAP="${JAVA_OPTS_KC_HEAP:--Xms128m -Xmx1024m}"
    spawn keycloak "$KC_HOME/bin/kc.sh" start-dev --import-realm \
      --http-host 127.0.0.1 --http-port "$KEYCLOAK_HTTP_PORT" --http-relative-path /auth \
      --hostname "http://localhost:$EDGE_PORT/auth" --hostname-backchannel-dynamic true \
      --http-management-port "$KEYCLOAK_MGMT_PORT" --health-enabled true
  )
}
keycloak_stale() {
  is_running keycloak && [ "$(cat "$CACHE/keycloak.realm-hash" 2>/dev/null)" != "$(realm_hash)" ]
}
# a running Keycloak loaded another theme jar than the one just built: restart it (its database stays)
theme_stale() {
  ensure_login_theme
  is_running keycloak && [ "$(cat "$CACHE/keycloak.theme-hash" 2>/dev/null)" != "$(theme_hash)" ]
}

# --- Jaeger ------------------------------------------------------------------------------------------------------------
health_jaeger() { http_ok "http://127.0.0.1:$JAEGER_HEALTH_PORT/status" && http_ok "http://127.0.0.1:$JAEGER_UI_PORT/"; }
start_jaeger() {
  build_jaeger
  mkdir -p "$CACHE/jaeger"
  sed -e "s/@UI@/$JAEGER_UI_PORT/g" -e "s/@HTTP@/$JAEGER_OTLP_HTTP_PORT/g" -e "s/@GRPC@/$JAEGER_OTLP_GRPC_PORT/g" \
    -e "s/@HEALTH@/$JAEGER_HEALTH_PORT/g" -e "s/@QUERY_GRPC@/$JAEGER_QUERY_GRPC_PORT/g" "$HERE/jaeger/config.yaml" >"$CACHE/jaeger/config.yaml"
  # env.sh's OTEL_* would make Jaeger export its own traces to itself (over gRPC to the HTTP port): unset them
  spawn jaeger env -u OTEL_EXPORTER_OTLP_ENDPOINT OTEL_TRACES_EXPORTER=none OTEL_METRICS_EXPORTER=none \
    OTEL_LOGS_EXPORTER=none OTEL_SDK_DISABLED=true "$BIN/jaeger" --config "file:$CACHE/jaeger/config.yaml"
}

# --- commands ----------------------------------------------------------------------------------------------------------
lock() { exec 8>"$RUN/stack.lock"; flock 8; }

cmd_start() {
  lock
  local t0=$SECONDS
  ensure_apt
  need_tool node "Node.js 20"
  need_tool curl "apt-get install curl"
  # the fast, most-needed pieces first
  ensure_nats
  ensure_started redis 30
  ensure_redis_persistence
  ensure_started postgres 60
  if ferretdb_stale; then say "FerretDB runs on SQLite: switching it to PostgreSQL"; stop_one ferretdb; fi
  ensure_started ferretdb 60
  ensure_started versitygw 60
  ensure_buckets
  ensure_started mailbox 60
  ensure_started accounting 30
  ensure_started metrc 30
  if is_running nginx && health_nginx; then reload_nginx; else ensure_started nginx 30; fi
  # Keycloak starts in the background while Jaeger builds
  if keycloak_stale; then say "realm file changed: restarting Keycloak with a fresh dev database"; stop_one keycloak;
  elif theme_stale; then say "login theme changed: restarting Keycloak"; stop_one keycloak; fi
  if ! is_running keycloak && ! health_keycloak >/dev/null 2>&1; then start_keycloak; fi
  if jaeger_enabled; then ensure_started jaeger 120; else say "jaeger skipped (PORTAL_JAEGER=0)"; fi
  ensure_started keycloak 240
  say "stack up in $((SECONDS - t0))s — edge http://localhost:$EDGE_PORT  (status: bash deploy/local/stack.sh status)"
}

cmd_stop() {
  lock
  local i
  for ((i = ${#COMPONENTS[@]} - 1; i >= 0; i--)); do stop_one "${COMPONENTS[$i]}"; done
  say "stopped"
}

# a component's name, or usage and exit 2 (a typo must not fall back to the whole stack)
component() {
  local n
  for n in "${COMPONENTS[@]}"; do [ "$n" = "$1" ] && return 0; done
  echo "unknown component '$1' (one of: ${COMPONENTS[*]})" >&2
  exit 2
}

# start ONE component the way `start` would (its own extra steps too), leaving every other one as it is
start_component() {
  local name=$1
  case $name in
    nats) ensure_nats ;;
    redis) ensure_started redis 30; ensure_redis_persistence ;;
    postgres) ensure_started postgres 60 ;;
    ferretdb) ensure_started ferretdb 60 ;;
    versitygw) ensure_started versitygw 60; ensure_buckets ;;
    mailbox) ensure_started mailbox 60 ;;
    keycloak)
      if keycloak_stale || theme_stale; then say "realm file or login theme changed: restarting Keycloak"; stop_one keycloak; fi
      ensure_started keycloak 240 ;;
    jaeger) ensure_started jaeger 120 ;;
    *) ensure_started "$name" 30 ;;
  esac
}

describe() {
  case $1 in
    nats) echo "nats://127.0.0.1:$NATS_PORT monitor http://127.0.0.1:$NATS_MONITOR_PORT" ;;
    redis) echo "redis://127.0.0.1:$REDIS_PORT" ;;
    postgres) echo "postgresql://127.0.0.1:$PG_PORT (PostgreSQL 15, FerretDB's backend)" ;;
    ferretdb)
      local h=postgresql
      is_running ferretdb && h=$(tr '\0' '\n' <"/proc/$(pid_of ferretdb)/cmdline" | sed -n 's/^--handler=//p')
      echo "mongodb://127.0.0.1:$FERRETDB_PORT ($h handler, debug :$FERRETDB_DEBUG_PORT)" ;;
    versitygw) echo "http://127.0.0.1:$S3_PORT (S3)" ;;
    accounting) echo "http://127.0.0.1:$ACCOUNTING_STUB_PORT (accounting-system stub)" ;;
    metrc) echo "http://127.0.0.1:$METRC_STUB_PORT (Metrc transfers API stub)" ;;
    mailbox) echo "smtp 127.0.0.1:$MAILBOX_SMTP_PORT http://127.0.0.1:$MAILBOX_HTTP_PORT" ;;
    nginx) echo "http://localhost:$EDGE_PORT" ;;
    keycloak) echo "http://127.0.0.1:$KEYCLOAK_HTTP_PORT/auth (mgmt $KEYCLOAK_MGMT_PORT)" ;;
    jaeger) echo "otlp http://127.0.0.1:$JAEGER_OTLP_HTTP_PORT ui http://127.0.0.1:$JAEGER_UI_PORT" ;;
  esac
}

cmd_status() {
  local n state rc=0
  for n in "${COMPONENTS[@]}"; do
    if is_running "$n"; then
      if "health_$n" >/dev/null 2>&1; then state="running  healthy   pid $(pid_of "$n")"; else state="running  UNHEALTHY pid $(pid_of "$n")"; rc=1; fi
    elif "health_$n" >/dev/null 2>&1; then
      state="external healthy   (not started by stack.sh)"
    elif [ "$n" = jaeger ] && ! jaeger_enabled; then
      state="disabled (PORTAL_JAEGER=0)"
    else
      state="stopped"; rc=1
    fi
    printf '%-10s %-45s %s\n' "$n" "$state" "$(describe "$n")"
  done
  return $rc
}

case "${1:-}" in
  start)
    if [ -n "${2:-}" ]; then component "$2"; (lock; start_component "$2"); else cmd_start; fi
    ;;
  stop)
    if [ -n "${2:-}" ]; then component "$2"; (lock; stop_one "$2"; say "stopped $2"); else cmd_stop; fi
    ;;
  status) cmd_status ;;
  # only NATS: (re)writes its users from the contracts and restarts it when they changed
  nats) (lock; ensure_nats) ;;
  # only the edge: re-renders its config from deploy/routes.json and reloads it (no other component touched)
  nginx) (lock; reload_nginx) ;;
  restart)
    # one component: only that one is stopped and started again (what else is down stays down)
    if [ -n "${2:-}" ]; then component "$2"; (lock; stop_one "$2"; start_component "$2"); exit $?; fi
    cmd_stop
    exec bash "$0" start
    ;;
  *) echo "usage: $0 start|stop|status|nats|nginx|restart [component]" >&2; exit 2 ;;
esac
