# Sourced by every project script: the repo root as working directory, the toolchain and the helpers.
set -euo pipefail
charta_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$charta_root"
source scripts/lib/node22.sh
source scripts/lib/prereqs.sh
source scripts/lib/firestore-emulator.sh
source scripts/lib/local-service.sh
source scripts/lib/local-scheduler.sh
source scripts/lib/ai-emulator.sh
source scripts/lib/mail-catcher.sh
source scripts/lib/stripe-emulator.sh
source scripts/lib/gcs-emulator.sh
source scripts/lib/transcriber.sh
source scripts/lib/sample-ehr.sh

# What every command needs first: system tools, npm dependencies, the offline Firestore emulator.
charta_prepare() {
  charta_require_system_tools
  charta_install_dependencies
  charta_firestore_emulator
}

# The stack tests and benchmarks run on: the usual ports + 10000 (so it runs beside `npm start`; another
# offset with CHARTA_TEST_PORT_OFFSET, so focused runs can run side by side), the Cloud Storage emulator on
# 9190 + the offset, the AI emulator on 9299 + the offset, and short limits on outside calls so injected timeouts end in seconds. The Functions emulator passes
# these variables on to the API and the pipeline. Sets CHARTA_FIREBASE_TEST_CONFIG to the emulator config.
charta_test_stack() {
  local ports offset=${CHARTA_TEST_PORT_OFFSET:-10000}
  ports=$(node scripts/lib/test-firebase-config.mjs)
  CHARTA_FIREBASE_TEST_CONFIG=.firebase.test.json
  [ "$offset" = 10000 ] || CHARTA_FIREBASE_TEST_CONFIG=".firebase.test-$offset.json"
  export CHARTA_FIREBASE_TEST_CONFIG
  # shellcheck disable=SC2086
  charta_require_free_ports $ports $((9299 + offset)) $((9325 + offset)) $((9380 + offset)) $((12111 + offset)) $((9450 + offset)) $((9190 + offset))
  # Cloud Storage first: the AI emulator reads gs:// audio from it (STORAGE_EMULATOR_HOST), as Speech-to-Text
  # reads the bucket. Every suite and the Functions emulator's API store audio through the Cloud Storage adapter.
  charta_start_gcs_emulator $((9190 + offset))
  trap charta_stop_gcs_emulator EXIT
  charta_start_ai_emulator $((9299 + offset))
  trap 'charta_stop_gcs_emulator; charta_stop_ai_emulator' EXIT
  # The mail catcher (SMTP and its inbox) reads the offset Auth emulator's links; its stop joins the trap.
  charta_start_mail_catcher $((9325 + offset)) $((9380 + offset)) "127.0.0.1:$((9099 + offset))" "http://localhost:$((5000 + offset))"
  trap 'charta_stop_gcs_emulator; charta_stop_ai_emulator; charta_stop_mail_catcher' EXIT
  # The Stripe emulator sends its webhooks to the API behind the offset Hosting emulator.
  charta_start_stripe_emulator $((12111 + offset)) "http://127.0.0.1:$((5000 + offset))/api/v1/stripe/webhook"
  trap 'charta_stop_gcs_emulator; charta_stop_ai_emulator; charta_stop_mail_catcher; charta_stop_stripe_emulator' EXIT
  # The sample EHR page magic fill and the extension's e2e fill (SAMPLE_EHR_URL).
  charta_start_sample_ehr $((9450 + offset))
  trap 'charta_stop_gcs_emulator; charta_stop_ai_emulator; charta_stop_mail_catcher; charta_stop_stripe_emulator; charta_stop_sample_ehr' EXIT
  # Fixed development keys for one-time codes, the referral ledger and the audit trail's address hashes
  # (production reads its own from Secret Manager).
  export OTP_HMAC_SECRET=charta-local-development-otp-key-not-for-production
  export REFERRAL_HMAC_SECRET=charta-local-development-referral-key-not-for-production
  export AUDIT_HMAC_SECRET=charta-local-development-audit-key-not-for-production
  # The emulator stays the engine of suites that need exact transcripts (TRANSCRIBER; see scripts/lib/transcriber.sh).
  # CHARTA_TEST_TRANSCRIBER=pocketsphinx runs a stack on the real offline engine instead.
  export TRANSCRIBER=${CHARTA_TEST_TRANSCRIBER:-emulator} NOTE_WRITER=gemini
  export GEMINI_TIMEOUT_MS=6000 SPEECH_TIMEOUT_MS=6000 AI_RETRY_ATTEMPTS=2 AI_RETRY_FIRST_DELAY_MS=300
  export CHARTA_APP_URL=http://localhost:$((5000 + offset))
  # Limits far above what any suite sends, so only tests/integration/rate-limits*.test.ts (which injects
  # tight ones) meets them; the counting itself still runs on every limited route.
  export RATE_LIMIT_MODEL_CALLS=100000/1m RATE_LIMIT_SESSION_CREATION=100000/1m RATE_LIMIT_UPLOADS=100000/1m \
    RATE_LIMIT_PUBLIC=100000/1m RATE_LIMIT_CODE_SEND_EMAIL=100000/1m RATE_LIMIT_CODE_SEND_ADDRESS=100000/1m \
    RATE_LIMIT_CODE_VERIFY_ADDRESS=100000/1m RATE_LIMIT_REFERRAL_LOOKUP=100000/1m RATE_LIMIT_LIVE_TRANSCRIPT=100000/1m \
    RATE_LIMIT_AUDIT_REPORTS=100000/1m RATE_LIMIT_AUDIT_ACCOUNT_EVENTS=100000/1m RATE_LIMIT_AUDIT_EXPORTS=100000/1m RATE_LIMIT_DATA_EXPORTS=100000/1m \
    RATE_LIMIT_CLINIC_INVITATIONS=100000/1m
}
