# Sourced by the project's scripts: start the sample EHR (emulators/sample-ehr: a visit-note form with a
# same-origin iframe and a React field, for magic fill and the browser extension) in the background on the
# given port, export SAMPLE_EHR_URL for tests and the start banner, and stop it when the calling script exits.
charta_start_sample_ehr() {
  local port=$1
  node "$charta_root/emulators/sample-ehr/server.ts" --port "$port" &
  charta_sample_ehr_pid=$!
  charta_wait_for_health "$charta_sample_ehr_pid" "http://127.0.0.1:$port/health" "the sample EHR" || return 1
  export SAMPLE_EHR_URL="http://127.0.0.1:$port"
}

charta_stop_sample_ehr() {
  [ -n "${charta_sample_ehr_pid:-}" ] && kill "$charta_sample_ehr_pid" 2>/dev/null || true
}
