# Sourced by the project's scripts: what every local stand-in (AI emulator, mail catcher, Stripe emulator,
# sample EHR) does after starting in the background: wait until it answers its /health, or fail loudly
# with its name if it exits first. About 10 s at most; each starts in well under a second.
# Usage: charta_wait_for_health <pid> <health-url> <name for the message>
charta_wait_for_health() {
  local pid=$1 url=$2 name=$3
  for _ in $(seq 1 50); do
    curl -fsS "$url" >/dev/null 2>&1 && return 0
    kill -0 "$pid" 2>/dev/null || { echo "charta: $name did not start" >&2; return 1; }
    sleep 0.2
  done
  echo "charta: $name did not answer $url in time" >&2
  return 1
}
