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
