# Sourced by the project's scripts: start the local mail catcher (emulators/mail-catcher: an SMTP server
# and an inbox page that also lists the Auth emulator's verification, reset and sign-in links) in the
# background, export for the API where to send mail (SMTP_URL, MAIL_FROM; the Functions emulator passes
# them on) and for tests and the start banner where to read it (MAIL_CATCHER_URL), and stop it when the
# calling script exits. Usage: charta_start_mail_catcher <smtp-port> <web-port> <auth-emulator-host:port> <app-url>
# (the Auth emulator's links are shown on the app's /auth/action page, as production's emails link them).
charta_start_mail_catcher() {
  local smtp_port=$1 web_port=$2 auth_host=$3 app_url=$4
  node "$charta_root/emulators/mail-catcher/server.ts" --smtp-port "$smtp_port" --web-port "$web_port" \
    --auth-emulator "http://$auth_host" --project demo-charta --app-url "$app_url" &
  charta_mail_catcher_pid=$!
  charta_wait_for_health "$charta_mail_catcher_pid" "http://127.0.0.1:$web_port/health" "the mail catcher" || return 1
  export SMTP_URL="smtp://127.0.0.1:$smtp_port" MAIL_FROM="Charta <no-reply@charta.local>"
  export MAIL_CATCHER_URL="http://127.0.0.1:$web_port"
}

charta_stop_mail_catcher() {
  [ -n "${charta_mail_catcher_pid:-}" ] && kill "$charta_mail_catcher_pid" 2>/dev/null || true
}
