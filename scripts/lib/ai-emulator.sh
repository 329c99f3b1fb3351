# Sourced by the project's scripts: start the local AI emulator (Speech-to-Text and Gemini wire formats)
# in the background on the given port, export AI_EMULATOR_URL for the Firebase emulators (the Functions
# emulator passes it on to the API), and stop it when the calling script exits.
charta_start_ai_emulator() {
  local port=$1
  node "$charta_root/emulators/ai-emulator/server.ts" --port "$port" &
  charta_ai_emulator_pid=$!
  charta_wait_for_health "$charta_ai_emulator_pid" "http://127.0.0.1:$port/health" "the AI emulator" || return 1
  export AI_EMULATOR_URL="http://127.0.0.1:$port"
}

charta_stop_ai_emulator() {
  [ -n "${charta_ai_emulator_pid:-}" ] && kill "$charta_ai_emulator_pid" 2>/dev/null || true
}
