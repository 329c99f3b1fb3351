#!/usr/bin/env bash
# The README's start command (`npm start`): the whole app locally and offline on the emulators, with a
# demo clinician seeded. Hosting serves the web app at http://localhost:5000 with /api/v1 behind it.
# Ctrl-C stops everything it started.
source "$(dirname "$0")/lib/setup.sh"
charta_prepare
charta_require_free_ports 5000 5001 8080 9099 4400 4500 9190 9299 9325 9380 12111 9450 9470

echo "charta: building the API and the web app (emulator mode)"
npm run --silent build -w functions
npm run --silent build:emulator -w web

# firebase-tools' own Storage emulator is not started (it needs a rules-runtime download, and the web app
# never reads Storage itself): audio goes to the local Cloud Storage emulator below.
emulators="auth,firestore,functions,hosting"

persist=()
audio_data=""
if [ "${CHARTA_PERSIST:-0}" = 1 ]; then
  mkdir -p .emulator-data
  persist=(--import .emulator-data --export-on-exit .emulator-data)
  # Audio is kept with the sessions that name it, beside .emulator-data/ (firebase-tools replaces that folder
  # whole when it exports on exit).
  audio_data=.emulator-data-cloud-storage
  echo "charta: emulator data kept in .emulator-data and .emulator-data-cloud-storage between runs"
fi

# Audio through the Cloud Storage adapter, as in production, on the local emulator (STORAGE_EMULATOR_HOST);
# started first: the AI emulator reads gs:// audio from it.
charta_start_gcs_emulator 9190 "$audio_data"
trap charta_stop_gcs_emulator EXIT
charta_start_ai_emulator 9299
trap 'charta_stop_gcs_emulator; charta_stop_ai_emulator' EXIT
# Which engine transcribes: whisper with a model, else pocketsphinx, else the emulator (scripts/lib/transcriber.sh).
charta_choose_transcriber
# Mail the API sends (sign-in codes) lands here, beside the Auth emulator's verification and reset links.
charta_start_mail_catcher 9325 9380 127.0.0.1:9099 http://localhost:5000
trap 'charta_stop_gcs_emulator; charta_stop_ai_emulator; charta_stop_mail_catcher' EXIT
# Stripe, emulated: checkout and the billing portal work with no Stripe account; webhooks go to the API.
charta_start_stripe_emulator 12111 http://127.0.0.1:5000/api/v1/stripe/webhook
trap 'charta_stop_gcs_emulator; charta_stop_ai_emulator; charta_stop_mail_catcher; charta_stop_stripe_emulator' EXIT
# A sample EHR visit-note page to try magic fill and the browser extension on.
charta_start_sample_ehr 9450
trap 'charta_stop_gcs_emulator; charta_stop_ai_emulator; charta_stop_mail_catcher; charta_stop_stripe_emulator; charta_stop_sample_ehr' EXIT
# Fixed development keys for one-time codes, the referral ledger and the audit trail's address hashes
# (production reads its own from Secret Manager).
export OTP_HMAC_SECRET=charta-local-development-otp-key-not-for-production
export REFERRAL_HMAC_SECRET=charta-local-development-referral-key-not-for-production
export AUDIT_HMAC_SECRET=charta-local-development-audit-key-not-for-production
# firebase-tools gives each Functions emulator worker 30 s (10 s for the first) to load the API; a worker
# started for a second concurrent request on a busy 2-core machine took longer, and that request failed
# ("Failed to load function."). 60 s, as scripts/test.sh.
export FUNCTIONS_DISCOVERY_TIMEOUT=${FUNCTIONS_DISCOVERY_TIMEOUT:-60}

# The emulators run in a process group of their own so that Ctrl-C can stop every child (Java included).
setsid npx firebase emulators:start --project demo-charta --only "$emulators" "${persist[@]}" &
emulators_pid=$!

stop() {
  local status=$1
  trap - INT TERM EXIT
  echo; echo "charta: stopping the emulators"
  charta_stop_gcs_emulator
  charta_stop_ai_emulator
  charta_stop_mail_catcher
  charta_stop_stripe_emulator
  charta_stop_sample_ehr
  charta_stop_local_scheduler
  kill -INT -- "-$emulators_pid" 2>/dev/null || true
  for _ in $(seq 1 40); do
    kill -0 -- "-$emulators_pid" 2>/dev/null || { echo "charta: stopped"; exit "$status"; }
    sleep 0.5
  done
  kill -KILL -- "-$emulators_pid" 2>/dev/null || true
  echo "charta: stopped (forced)"
  exit "$status"
}
trap 'stop 0' INT TERM
trap 'stop $?' EXIT

echo "charta: waiting for the app at http://localhost:5000 ..."
for _ in $(seq 1 180); do
  kill -0 "$emulators_pid" 2>/dev/null || { echo "charta: the emulators exited; see the output above" >&2; exit 1; }
  curl -fsS http://127.0.0.1:5000/api/v1/health >/dev/null 2>&1 && break
  sleep 1
done
curl -fsS http://127.0.0.1:5000/api/v1/health >/dev/null || { echo "charta: the API did not come up in time" >&2; exit 1; }

FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9099 FIRESTORE_EMULATOR_HOST=127.0.0.1:8080 GCLOUD_PROJECT=demo-charta \
  node emulators/seed-demo.ts

# The Functions emulator runs no schedule by itself: the local scheduler runs each scheduled function now,
# then on its schedule (docs/privacy.md "Scheduled work, locally"). Its failing to start leaves the app usable.
charta_start_local_scheduler 127.0.0.1:5001 9470 || true

demo=$(node -e 'import("./emulators/demo-account.ts").then(m => console.log(m.DEMO_ACCOUNT.email + " / " + m.DEMO_ACCOUNT.password))')
cat <<BANNER

  Charta is running locally on the Firebase emulators.
    App:           http://localhost:5000
    Transcriber:   $(charta_transcriber_banner)
    Notes:         $(charta_note_writer_banner)
    Audio:         $(charta_audio_store_banner)
    Inbox:         $MAIL_CATCHER_URL (sign-in codes, verification and password-reset links)
    Stripe:        $STRIPE_EMULATOR_URL (emulated: Upgrade opens its checkout page, no card needed)
    Sample EHR:    $SAMPLE_EHR_URL (a visit-note form to try magic fill and the extension on)
    Scheduled:     $(charta_scheduled_banner)
    API:           http://localhost:5000/api/v1/health
    Demo sign-in:  $demo
  Press Ctrl-C to stop.

BANNER
wait "$emulators_pid"
