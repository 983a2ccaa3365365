#!/usr/bin/env bash
# Runs a command inside a fresh D-Bus session with an unlocked gnome-keyring, so keytar reaches a
# real Secret Service on a headless machine (CI, containers):
#   bash scripts/with-keyring.sh npx vitest run src-main/credentials
# The keyring lives in throwaway XDG folders, so an old keyring's password can never block the
# unlock, and nothing of it survives the run. The command's exit code is passed through.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 <command> [args...]" >&2
  exit 64
fi

for tool in dbus-run-session gnome-keyring-daemon; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "with-keyring: $tool is missing (Debian: apt-get install dbus dbus-x11 gnome-keyring libsecret-1-0)" >&2
    exit 127
  fi
done

scratch="$(mktemp -d "${TMPDIR:-/tmp}/marquee-keyring.XXXXXX")"
cleanup() { rm -rf "$scratch"; }
trap cleanup EXIT
# Make an interrupt still run the EXIT trap (and so the clean-up).
trap 'exit 130' INT
trap 'exit 143' TERM

mkdir -m 700 "$scratch/data" "$scratch/runtime"
export XDG_DATA_HOME="$scratch/data"
export XDG_RUNTIME_DIR="$scratch/runtime"
# Tells the keychain test that a Secret Service was promised: it then fails instead of skipping.
export MARQUEE_KEYRING=1

status=0
# The keyring is new and temporary, so its password only has to be the same for create and unlock.
# The daemon runs in the foreground of this session so it can be stopped by its own pid afterwards;
# daemonized, it outlives the bus. The command starts once the daemon owns the Secret Service name.
dbus-run-session -- sh -c '
  printf "%s" marquee | gnome-keyring-daemon --foreground --unlock --components=secrets >/dev/null &
  keyring=$!
  tries=0
  until dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
      org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null | grep -q "boolean true"; do
    tries=$((tries + 1))
    if [ "$tries" -ge 50 ] || ! kill -0 "$keyring" 2>/dev/null; then
      echo "with-keyring: gnome-keyring did not provide a Secret Service; running without one" >&2
      break
    fi
    sleep 0.1
  done
  code=0
  "$@" || code=$?
  kill "$keyring" 2>/dev/null || true
  wait "$keyring" 2>/dev/null || true
  exit "$code"
' with-keyring "$@" || status=$?
exit "$status"
