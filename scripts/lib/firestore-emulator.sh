# Sourced by the project's scripts: make the Firestore emulator runnable offline.
# firebase-tools normally downloads its emulator jar on first use, which fails without internet. The Google
# Cloud CLI's Debian package `google-cloud-cli-firestore-emulator` ships the same emulator, but as a jar
# without a Main-Class; firebase-tools runs FIRESTORE_EMULATOR_BINARY_PATH with `java -jar`, so we build a
# manifest-only jar that names the main class and points its Class-Path at the SDK's jar.
charta_root="${charta_root:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"

charta_firestore_emulator() {
  command -v java >/dev/null || { echo "charta: Java is required by the Firestore emulator and is missing (apt-get install openjdk-17-jre-headless)" >&2; return 1; }
  if [ -n "${FIRESTORE_EMULATOR_BINARY_PATH:-}" ]; then
    echo "charta: Firestore emulator from FIRESTORE_EMULATOR_BINARY_PATH=$FIRESTORE_EMULATOR_BINARY_PATH"
    return 0
  fi
  if ls "$HOME"/.cache/firebase/emulators/cloud-firestore-emulator-*.jar >/dev/null 2>&1; then
    echo "charta: Firestore emulator from firebase-tools' download cache"
    return 0
  fi
  local sdk_root sdk_jar
  sdk_root=$(gcloud info --format='value(installation.sdk_root)' 2>/dev/null || true)
  sdk_jar="$sdk_root/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar"
  if [ -z "$sdk_root" ] || [ ! -f "$sdk_jar" ]; then
    if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
      echo "charta: installing the Firestore emulator from the Google Cloud CLI package"
      apt-get install -y -qq google-cloud-cli-firestore-emulator >/dev/null 2>&1 || true
      sdk_root=$(gcloud info --format='value(installation.sdk_root)' 2>/dev/null || true)
      sdk_jar="$sdk_root/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar"
    fi
  fi
  if [ ! -f "$sdk_jar" ]; then
    echo "charta: no Firestore emulator available offline. Either go online once (firebase-tools downloads it)" >&2
    echo "        or install the Debian package google-cloud-cli-firestore-emulator." >&2
    return 1
  fi
  local shim_dir="$charta_root/.tools/firestore-emulator"
  local shim="$shim_dir/firestore-emulator-shim.jar"
  if [ ! -f "$shim" ] || [ "$sdk_jar" -nt "$shim" ]; then
    mkdir -p "$shim_dir"
    printf 'Main-Class: com.google.cloud.datastore.emulator.firestore.CloudFirestore\nClass-Path: file:%s\n' "$sdk_jar" > "$shim_dir/MANIFEST.MF"
    (cd "$shim_dir" && jar cfm "$shim" MANIFEST.MF) || { echo "charta: could not build the Firestore emulator shim jar (is the JDK's jar tool installed?)" >&2; return 1; }
  fi
  export FIRESTORE_EMULATOR_BINARY_PATH="$shim"
  echo "charta: Firestore emulator from the Google Cloud CLI ($sdk_jar) through a manifest jar in .tools/"
}
