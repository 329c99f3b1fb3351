# Sourced by the project's scripts: start the local scheduler (emulators/local-scheduler), which runs the
# scheduled functions (the pipeline sweeper, the retention sweep) on the Functions emulator at start and then
# on their schedules, as Cloud Scheduler does when deployed: the emulator runs no schedule by itself
# (docs/privacy.md "Scheduled work, locally"). Start it once the Functions emulator is up; stop it when the calling
# script exits. Usage: charta_start_local_scheduler <functions-host:port> <port>
charta_start_local_scheduler() {
  local functions=$1 port=$2
  node "$charta_root/emulators/local-scheduler/server.ts" --functions "$functions" --port "$port" --project demo-charta &
  charta_local_scheduler_pid=$!
  # Up once it has read the functions' schedules from the emulator (seconds at most).
  local url="http://127.0.0.1:$port/health"
  for _ in $(seq 1 150); do
    curl -fsS "$url" >/dev/null 2>&1 && { export LOCAL_SCHEDULER_URL="http://127.0.0.1:$port"; return 0; }
    kill -0 "$charta_local_scheduler_pid" 2>/dev/null || { echo "charta: the local scheduler did not start" >&2; return 1; }
    sleep 0.2
  done
  echo "charta: the local scheduler did not answer $url in time" >&2
  return 1
}

charta_stop_local_scheduler() {
  [ -n "${charta_local_scheduler_pid:-}" ] && kill "$charta_local_scheduler_pid" 2>/dev/null || true
}

# One line for the start banner: what runs on a schedule here, and how to run it now.
charta_scheduled_banner() {
  if [ -n "${LOCAL_SCHEDULER_URL:-}" ]; then
    echo "sweepPipeline every 5 min, sweepRetention hourly (the day's retention pass), both also at start, by the local scheduler; now: curl -X POST $LOCAL_SCHEDULER_URL/run/sweepRetention"
  else
    echo "not running (the local scheduler did not start, see above): no pipeline sweeper, no retention pass"
  fi
}
