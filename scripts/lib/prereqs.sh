# Sourced by the project's scripts: system tools the tests and emulators need, installed from Debian's
# archive when missing (CI and developers run as root on these machines), or a loud failure naming them.
charta_require_system_tools() {
  # command -> Debian package
  local -a wanted=("java:openjdk-17-jre-headless" "jar:openjdk-17-jdk-headless" "chromium:chromium" "curl:curl" "espeak-ng:espeak-ng" "sox:sox" "ffmpeg:ffmpeg" "ffprobe:ffmpeg" "pocketsphinx_continuous:pocketsphinx" "openssl:openssl")
  local -a missing=()
  local entry
  for entry in "${wanted[@]}"; do
    command -v "${entry%%:*}" >/dev/null || missing+=("${entry#*:}")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "charta: installing missing system packages: ${missing[*]}"
    apt-get update -qq >/dev/null 2>&1 || true
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null 2>&1 \
      || { echo "charta: could not install ${missing[*]} with apt-get" >&2; return 1; }
  else
    echo "charta: missing system packages: ${missing[*]} (install them with apt-get as root)" >&2
    return 1
  fi
}

# Fails loudly when a port the emulators need is taken (often: `npm start` still running).
charta_require_free_ports() {
  local port busy=()
  for port in "$@"; do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then busy+=("$port"); fi
  done
  if [ ${#busy[@]} -gt 0 ]; then
    echo "charta: ports already in use: ${busy[*]}. Stop what holds them (a running \`npm start\`?) and retry." >&2
    return 1
  fi
}

# npm ci when node_modules is missing or older than the lock file.
charta_install_dependencies() {
  if [ ! -f "$charta_root/node_modules/.package-lock.json" ] || [ "$charta_root/package-lock.json" -nt "$charta_root/node_modules/.package-lock.json" ]; then
    echo "charta: installing npm dependencies (npm ci)"
    (cd "$charta_root" && npm ci --no-audit --no-fund --loglevel=error) || { echo "charta: npm ci failed" >&2; return 1; }
  fi
}
