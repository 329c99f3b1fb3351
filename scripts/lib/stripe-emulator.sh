# Sourced by the project's scripts: start the local Stripe emulator (Stripe's REST API as the official SDK
# speaks it, signed webhooks, checkout and portal pages) in the background on the given port, sending
# webhooks to the given URL; export what the API needs to reach it (the Functions emulator passes these on)
# and stop it when the calling script exits. Production sets none of these: STRIPE_API_BASE unset means
# the adapter talks to api.stripe.com with the real keys.
charta_start_stripe_emulator() {
  local port=$1 webhook_url=$2 secret_key=sk_test_charta_emulator
  # The configured endpoint belongs to the key the API is given (STRIPE_SECRET_KEY below): it gets that account's
  # events only, not those of objects tests create with keys of their own (emulators/stripe-emulator/accounts.ts).
  node "$charta_root/emulators/stripe-emulator/server.ts" --port "$port" --webhook-url "$webhook_url" \
    --webhook-account "$secret_key" --webhook-secret whsec_charta_emulator &
  charta_stripe_emulator_pid=$!
  charta_wait_for_health "$charta_stripe_emulator_pid" "http://127.0.0.1:$port/health" "the Stripe emulator" || return 1
  export STRIPE_SECRET_KEY="$secret_key"
  export STRIPE_WEBHOOK_SECRET=whsec_charta_emulator
  export STRIPE_API_BASE="http://127.0.0.1:$port"
  export STRIPE_PRICE_PRO=price_charta_pro_monthly
  export STRIPE_EMULATOR_URL="http://127.0.0.1:$port"
  # For a web build made after this (emulator mode shows the emulator's checkout page in place of Stripe's).
  export VITE_STRIPE_EMULATOR_URL="http://127.0.0.1:$port"
}

charta_stop_stripe_emulator() {
  [ -n "${charta_stripe_emulator_pid:-}" ] && kill "$charta_stripe_emulator_pid" 2>/dev/null || true
}
