# Sourced by the project's scripts: start the local Cloud Storage emulator (emulators/gcs-emulator: the JSON
# and upload APIs as firebase-admin's @google-cloud/storage sends them) in the background on the given port,
# with the project's default bucket; export STORAGE_EMULATOR_HOST, which that SDK honours (the Functions
# emulator passes it on to the API, and emulators:exec to the tests), so audio is stored through the Cloud
# Storage adapter as in production; stop it when the calling script exits. $2: a folder to keep objects in
# between runs (CHARTA_PERSIST); without it a temporary folder, removed at exit. Production sets none of this.
charta_gcs_bucket=demo-charta.appspot.com

charta_start_gcs_emulator() {
  local port=$1 data_dir=${2:-}
  local args=(--port "$port" --bucket "$charta_gcs_bucket")
  [ -n "$data_dir" ] && args+=(--data-dir "$data_dir")
  node "$charta_root/emulators/gcs-emulator/server.ts" "${args[@]}" &
  charta_gcs_emulator_pid=$!
  charta_wait_for_health "$charta_gcs_emulator_pid" "http://127.0.0.1:$port/health" "the Cloud Storage emulator" || return 1
  export STORAGE_EMULATOR_HOST="http://127.0.0.1:$port"
}

charta_stop_gcs_emulator() {
  [ -n "${charta_gcs_emulator_pid:-}" ] && kill "$charta_gcs_emulator_pid" 2>/dev/null || true
}

# One line for the start banner: where audio is stored, and through which adapter.
charta_audio_store_banner() {
  echo "Cloud Storage adapter (as in production) on the local emulator at $STORAGE_EMULATOR_HOST, bucket $charta_gcs_bucket"
}
