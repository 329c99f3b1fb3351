# Sourced by the project's scripts: start the local AI emulator (Speech-to-Text and Gemini wire formats)
# in the background on the given port, export AI_EMULATOR_URL for the Firebase emulators (the Functions
# emulator passes it on to the API), and stop it when the calling script exits.
charta_start_ai_emulator() {
  local port=$1
  node "$charta_root/emulators/ai-emulator/server.ts" --port "$port" &
  charta_ai_emulator_pid=$!
  for _ in $(seq 1 50); do
    curl -fsS "http://127.0.0.1:$port/health" >/dev/null 2>&1 && break
    kill -0 "$charta_ai_emulator_pid" 2>/dev/null || { echo "charta: the AI emulator did not start" >&2; return 1; }
    sleep 0.2
  done
  export AI_EMULATOR_URL="http://127.0.0.1:$port"
}

charta_stop_ai_emulator() {
  [ -n "${charta_ai_emulator_pid:-}" ] && kill "$charta_ai_emulator_pid" 2>/dev/null || true
}
