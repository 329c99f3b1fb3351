# Sourced by the project's scripts: which engine transcribes under `npm start` (TRANSCRIBER, read by the
# API: functions/src/ai/ai-engines.ts, which applies the same default when it is unset). A value already
# set wins; else whisper when WHISPER_MODEL_PATH names a model, else Debian's pocketsphinx when installed
# (real recognition of the user's words, demo quality), else the AI emulator (simulated transcripts).
charta_choose_transcriber() {
  if [ -z "${TRANSCRIBER:-}" ]; then
    if [ -n "${WHISPER_MODEL_PATH:-}" ]; then TRANSCRIBER=whisper
    elif command -v pocketsphinx_continuous >/dev/null && [ -f "${POCKETSPHINX_MODEL_DIR:-/usr/share/pocketsphinx/model/en-us}/en-us.lm.bin" ]; then TRANSCRIBER=pocketsphinx
    else TRANSCRIBER=emulator
    fi
  fi
  export TRANSCRIBER
  export NOTE_WRITER=${NOTE_WRITER:-gemini}
}

# One line for the start banner: the engine and how far to trust it.
charta_transcriber_banner() {
  case "$TRANSCRIBER" in
    whisper) echo "whisper.cpp, $WHISPER_MODEL_PATH (local)" ;;
    pocketsphinx) echo "pocketsphinx, offline demo quality (English only, poor accuracy; WHISPER_MODEL_PATH for whisper)" ;;
    emulator) echo "AI emulator: simulated transcripts, NOT made from your audio (apt-get install pocketsphinx, or WHISPER_MODEL_PATH)" ;;
    openai) echo "OpenAI-compatible server ${OPENAI_TRANSCRIBE_BASE_URL:-${OPENAI_BASE_URL:-}} (${OPENAI_TRANSCRIBE_MODEL:-})" ;;
    *) echo "$TRANSCRIBER" ;;
  esac
}

# One line for the start banner: who writes the notes.
charta_note_writer_banner() {
  if [ "$NOTE_WRITER" = openai ]; then
    echo "OpenAI-compatible server ${OPENAI_CHAT_BASE_URL:-${OPENAI_BASE_URL:-}} (${OPENAI_CHAT_MODEL:-})"
  else
    echo "AI emulator at $AI_EMULATOR_URL: notes composed by rules, not a model (NOTE_WRITER=openai for your own)"
  fi
}

# The second phase of `npm test`: the real offline engine end to end (tests/e2e/local-transcription.e2e.test.ts:
# Chromium's microphone -> upload -> pocketsphinx in the pipeline -> transcript and note). The API reads
# TRANSCRIBER once, when it starts, and the main phase's stack keeps the AI emulator (other suites need its
# exact transcripts), so the Firebase emulators start again, fresh, with TRANSCRIBER=pocketsphinx for this one
# file, the real product path (Hosting, the API, the pipeline trigger) with no test switch in the API. The AI
# emulator (still the note writer), the mail catcher and the Stripe emulator of charta_test_stack stay up, and
# the web build and functions/lib of the main phase serve again. Writes vitest's JSON report to $1; $2: the
# Firebase emulators to start (the main phase's).
charta_local_engine_tests() {
  local report=$1 emulators=${2:-auth,firestore,functions,hosting}
  echo "charta: the real offline engine end to end: the emulators again with TRANSCRIBER=pocketsphinx, for tests/e2e/local-transcription.e2e.test.ts"
  # FUNCTIONS_DISCOVERY_TIMEOUT (firebase-tools, seconds; default 10): on a loaded 2-core machine loading the
  # API has taken longer, and the emulators then ran the tests with no API behind Hosting.
  TRANSCRIBER=pocketsphinx FUNCTIONS_DISCOVERY_TIMEOUT=${FUNCTIONS_DISCOVERY_TIMEOUT:-60} npx firebase --config "$CHARTA_FIREBASE_TEST_CONFIG" emulators:exec --project demo-charta --only "$emulators" \
    "npx vitest run --project e2e --reporter=default --reporter=json --outputFile.json=$report tests/e2e/local-transcription.e2e.test.ts"
}
