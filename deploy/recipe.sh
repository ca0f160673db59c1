#!/usr/bin/env bash
# The production recipe of docs/production.md, run end to end against
# registerfake: a portfolio imported, planned and synced, its webhooks
# received by "portfolio serve", a scenario's register events delivered
# as the fake's clock advances, the queue drained, and the events and
# the report checked for what the scenario did. .ci/run runs it as its
# own step; run it by hand from the repository's root:
#
#   bash deploy/recipe.sh
#
# Settings (all optional):
#   REGISTERDATA_PORTFOLIO_DB  the portfolio's DSN (default: SQLite in the work dir);
#                              .ci/run gives a PostgreSQL database of its own
#   RECIPE_DIR                 where the binaries, logs and files go (default: a temp dir, removed)
#   RECIPE_BIN                 a directory already holding registerfake and registerdata (default: built here)
#
# Nothing waits a fixed time: each wait polls a command's output and fails
# at its deadline, printing the logs.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$EPOCHREALTIME

fail() {
  echo "recipe: FAIL: $*" >&2
  for f in "$DIR"/*.log; do
    [ -f "$f" ] && { echo "--- $f" >&2; tail -n 40 "$f" >&2; }
  done
  exit 1
}

DIR=${RECIPE_DIR:-$(mktemp -d)}
PIDS=()
cleanup() {
  for p in "${PIDS[@]}"; do kill "$p" 2> /dev/null || true; done
  for p in "${PIDS[@]}"; do wait "$p" 2> /dev/null || true; done
  [ -n "${RECIPE_DIR:-}" ] || rm -rf "$DIR"
}
trap cleanup EXIT

# wait_for FILE PATTERN SECONDS PID: until a line of FILE matches
# PATTERN, while the process PID that writes it runs.
wait_for() {
  local deadline=$((SECONDS + $3))
  until grep -q -- "$2" "$1" 2> /dev/null; do
    [ "$SECONDS" -lt "$deadline" ] || fail "no line matching '$2' in $1 within $3 s"
    kill -0 "$4" 2> /dev/null || fail "the process writing $1 ended"
    sleep 0.1
  done
}

BIN=${RECIPE_BIN:-$DIR/bin}
if [ -z "${RECIPE_BIN:-}" ]; then
  go build -o "$BIN/registerfake" ./cmd/registerfake
  (cd cmd/registerdata && go build -o "$BIN/registerdata" .)
fi
export PATH="$BIN:$PATH"
export REGISTERDATA_PORTFOLIO_DB=${REGISTERDATA_PORTFOLIO_DB:-sqlite:$DIR/portfolio.db}
SCENARIO=insolvency # the checks below are the insolvency's
cd "$DIR"

# 1. The service: registerfake playing a scenario. Its base URL and key
#    stand for the service's and an account's.
registerfake -addr 127.0.0.1:0 -scenario "$SCENARIO" -seed 1 > fake.log 2>&1 &
PIDS+=($!)
wait_for fake.log '^REGISTERDATA_API_KEY=' 30 $!
export REGISTERDATA_BASE_URL=$(sed -n 's/^REGISTERDATA_BASE_URL=//p' fake.log)
export REGISTERDATA_API_KEY=$(sed -n 's/^REGISTERDATA_API_KEY=//p' fake.log)
company=$(curl -fsS "$REGISTERDATA_BASE_URL/_fake/scenario" | jq -r .company_id)
name=$(curl -fsS "$REGISTERDATA_BASE_URL/_fake/scenario" | jq -r .company_name)
echo "recipe: scenario $SCENARIO plays against $company ($name)"

# 2. The portfolio: a customer list imported (a company id is taken as it
#    is; other rows are matched by name and place).
cat > customers.csv << EOF
ref,name,company_id
C-001,$name,$company
C-002,Rheinkiesel Baustoffe GmbH & Co. KG,DE-HRA-R3306-28817
EOF
registerdata portfolio import --in customers.csv

# 3. The webhook secret, in a file only its owner reads.
umask 077
echo "whsec_$(head -c 32 /dev/urandom | base64)" > webhook-secret

# 4. The receiver: portfolio serve (it also works the queue).
registerdata portfolio serve --addr 127.0.0.1:0 --secret-file webhook-secret > serve.log 2>&1 &
PIDS+=($!)
wait_for serve.log '^receiving webhooks on ' 60 $!
hook=$(sed -n 's/^receiving webhooks on \([^ ]*\).*/\1/p' serve.log)

# 5. The dashboard's setting: where the service delivers, signed with what.
jq -n --arg url "$hook" --rawfile secret webhook-secret '{url: $url, secret: ($secret | rtrimstr("\n"))}' |
  curl -fsS -X PUT -H 'Content-Type: application/json' --data-binary @- "$REGISTERDATA_BASE_URL/_fake/webhook" > /dev/null

# 6. Plan and sync: a monitor for each company.
registerdata portfolio plan
registerdata portfolio sync

# 7. Time passes: 15 days on the fake's clock, two weekly checks. The
#    advance returns once every delivery due was answered.
curl -fsS -X POST -H 'Content-Type: application/json' -d '{"seconds": 1296000}' "$REGISTERDATA_BASE_URL/_fake/clock/advance" > /dev/null

# 8. Wait for serve to work the deliveries into the journal, then drain.
want="Insolvency proceeding"
deadline=$((SECONDS + 60))
until registerdata portfolio events > events.log 2>&1 && grep -q "$want" events.log; do
  [ "$SECONDS" -lt "$deadline" ] || fail "portfolio events shows no '$want' within 60 s"
  sleep 0.2
done
registerdata portfolio work --drain

# 9. What the team sees: the journal and the overview.
registerdata portfolio events | tee events.log
registerdata portfolio flags | tee flags.log
registerdata portfolio report --days 30 --out report.html
grep -q "$company ($name)" events.log || fail "the journal does not name $company ($name)"
grep -q "raised insolvency_open" events.log || fail "the journal does not show the open proceeding flagged"
grep -q "insolvency" flags.log || fail "no insolvency flag is open"
grep -q "$name" report.html || fail "the report does not name $name"
grep -qi "insolven" report.html || fail "the report shows no insolvency"

printf 'recipe: passed in %.1f s (scenario %s, %s)\n' "$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { print b - a }')" "$SCENARIO" "${REGISTERDATA_PORTFOLIO_DB%%:*}"
