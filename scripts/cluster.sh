#!/usr/bin/env bash
# `pnpm cluster`: the compose topology (docker/compose.yaml) as local processes, for trying and
# measuring the portal the way a team runs it: two API processes (PROCESS_ROLE=api) and one worker
# on PostgreSQL and Redis, the migrations run once beforehand, behind Debian's nginx (installed with
# apt where missing) balancing the API processes and passing websockets. Prints the URL; Ctrl-C
# stops everything. Like compose's `restart: unless-stopped`, a process that exits or is killed
# is started again a second later; each one's pid and port are in <CLUSTER_DATA_DIR>/pids/<name>
# ("<pid> <port>"; names api-1, api-2, worker), which is how bench/load-mixed.ts kills them.
#
# Settings (environment):
#   CLUSTER_DATABASE_URL  default postgres://postgres@127.0.0.1:5432/ipportal_cluster (created if missing)
#   CLUSTER_REDIS_URL     default redis://127.0.0.1:6379
#   CLUSTER_PORT          default 8080 (the proxy); the processes listen on the next three ports
#   CLUSTER_DATA_DIR      default .data/cluster (local file storage and written mails)
#   SEED_DEMO             default true (the demo users, on the first start)
set -euo pipefail
cd "$(dirname "$0")/.."

database_url="${CLUSTER_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/ipportal_cluster}"
redis_url="${CLUSTER_REDIS_URL:-redis://127.0.0.1:6379}"
proxy_port="${CLUSTER_PORT:-8080}"
data_dir="$(mkdir -p "${CLUSTER_DATA_DIR:-.data/cluster}" && cd "${CLUSTER_DATA_DIR:-.data/cluster}" && pwd)"
public_url="http://127.0.0.1:${proxy_port}"
key_file="$data_dir/identity-key"

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
  echo "Installing nginx (Debian package)..."
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null
fi
nginx_bin="$(command -v nginx || echo /usr/sbin/nginx)"

echo "Building the API and the web app..."
TURBO_TELEMETRY_DISABLED=1 node_modules/.bin/turbo run build \
  --filter=@ipportal/api... --filter=@ipportal/web --output-logs=errors-only >/dev/null

# The database itself (the migrations create everything in it).
db_name="${database_url##*/}"
admin_url="${database_url%/*}/postgres"
node -e '
  const postgres = require(require.resolve("postgres", { paths: ["apps/api"] }));
  const sql = postgres(process.argv[1], { max: 1, onnotice: () => {} });
  const name = process.argv[2];
  sql`select 1 from pg_database where datname = ${name}`
    .then((rows) => (rows.length ? null : sql.unsafe(`create database "${name}"`)))
    .then(() => sql.end(), (error) => { console.error(error.message); process.exit(1); });
' "$admin_url" "$db_name"

# One identity key for every process (production mode requires it), kept with the data.
[ -s "$key_file" ] || node -e 'process.stdout.write(require("crypto").randomBytes(32).toString("base64"))' >"$key_file"

export NODE_ENV=production DATABASE_URL="$database_url" REDIS_URL="$redis_url" PUBLIC_URL="$public_url" \
  TRUST_PROXY=true DATA_DIR="$data_dir" MIGRATE_ON_START=false SEED_DEMO="${SEED_DEMO:-true}" \
  IDENTITY_KEY_ENCRYPTION_KEY="$(cat "$key_file")" HOST=127.0.0.1 LOG_FORMAT="${LOG_FORMAT:-json}" \
  LOG_LEVEL="${LOG_LEVEL:-warn}"

node apps/api/dist/cli/migrate.js

pids=()
stopping=false
stop() {
  trap - INT TERM EXIT
  stopping=true
  echo "Stopping..."
  [ -n "${nginx_pid:-}" ] && kill "$nginx_pid" 2>/dev/null || true
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap stop INT TERM EXIT

pid_dir="$data_dir/pids"
mkdir -p "$pid_dir"
rm -f "$pid_dir"/*
# One process, started again whenever it exits until the cluster stops (TERM from stop()).
supervise() { # role port name
  local child=''
  trap '[ -n "$child" ] && kill -TERM "$child" 2>/dev/null; wait "$child" 2>/dev/null; exit 0' TERM INT
  while true; do
    PROCESS_ROLE="$1" PORT="$2" node apps/api/dist/main.js >>"$data_dir/$3.log" 2>&1 &
    child=$!
    echo "$child $2" >"$pid_dir/$3"
    code=0
    wait "$child" || code=$?
    echo "$(date -u +%FT%TZ) $3 exited ($code); starting it again" | tee -a "$data_dir/$3.log" >&2
    sleep 1
  done
}
start_process() { # role port name
  supervise "$@" &
  pids+=("$!")
}
wait_ready() { # port
  for _ in $(seq 1 300); do
    if node -e 'fetch(process.argv[1]).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))' \
      "http://127.0.0.1:$1/readyz"; then return 0; fi
    sleep 0.2
  done
  echo "the process on port $1 did not become ready (logs in $data_dir)" >&2
  exit 1
}

api1=$((proxy_port + 1)) api2=$((proxy_port + 2)) worker=$((proxy_port + 3))
# The first API process seeds the demo data alone; the others start once it is ready.
start_process api "$api1" api-1
wait_ready "$api1"
start_process api "$api2" api-2
start_process worker "$worker" worker
wait_ready "$api2"
wait_ready "$worker"

nginx_dir="$data_dir/nginx"
mkdir -p "$nginx_dir/logs"
sed -e "s/api-1:3000/127.0.0.1:$api1/" -e "s/api-2:3000/127.0.0.1:$api2/" -e "s/listen 80;/listen 127.0.0.1:$proxy_port;/" \
  docker/nginx.conf >"$nginx_dir/portal.conf"
cat >"$nginx_dir/nginx.conf" <<NGINX
worker_processes 1;
error_log $nginx_dir/logs/error.log warn;
pid $nginx_dir/nginx.pid;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path $nginx_dir/body;
  proxy_temp_path $nginx_dir/proxy;
  include $nginx_dir/portal.conf;
}
NGINX
"$nginx_bin" -p "$nginx_dir" -c "$nginx_dir/nginx.conf" -g 'daemon off;' &
nginx_pid=$!
wait_ready "$proxy_port"

echo
echo "  IP Portal cluster at $public_url (nginx -> API :$api1, :$api2; worker :$worker)"
echo "  PostgreSQL $database_url, Redis $redis_url; logs and files in $data_dir"
echo "  Ctrl-C stops everything."
wait -n "${pids[@]}" "$nginx_pid" || true
$stopping || echo "a process of the cluster exited (logs in $data_dir); stopping the others" >&2
