#!/usr/bin/env bash
# Drives the interactive hotel demo in a real terminal (tmux) as a person would, and checks what the screen
# shows after each key (issue 25): arrow keys and other escape sequences read whole, Shift-Tab and the arrows
# moving the focus, a phone field that takes digits only and says so, errors and confirmations that go once
# they no longer apply, Enter on a disabled button saying why, the marks and `--help` named on screen, and
# q and Ctrl-C quitting.
#
# Usage: scripts/check-demo-tmux.sh   (needs tmux; builds hotel-demo first)
set -euo pipefail
cd "$(dirname "$0")/.."

command -v tmux >/dev/null || { echo "check-demo-tmux: tmux is not installed." >&2; exit 1; }
swift build --product hotel-demo >/dev/null
demo=$(swift build --show-bin-path)/hotel-demo

# A tmux server of our own per demo run, so that nothing else running tmux is touched, and no run waits for
# the last one's server to exit (a server exits when its last session does). They all go when we do.
runs=0
socket=""
tmux_() { tmux -L "$socket" "$@"; }
cleanup() {
  for run in $(seq "$runs"); do tmux -L "signals-demo-check-$$-$run" kill-server 2>/dev/null || true; done
}
trap cleanup EXIT

screen() { tmux_ capture-pane -p -t demo 2>/dev/null || true; }
fail() {
  echo "check-demo-tmux: $1" >&2
  echo "--- the screen ---" >&2
  screen >&2
  exit 1
}
# Waits up to 5 s for the screen to show `text` (a fixed string), or fails.
shows() {
  for _ in $(seq 50); do
    if screen | grep -qF -- "$1"; then return 0; fi
    sleep 0.1
  done
  fail "expected the screen to show: $1"
}
# Waits until the screen stops changing (the demo has handled every key), then checks that it lacks `text`.
lacks() {
  settle
  if screen | grep -qF -- "$1"; then fail "expected the screen not to show: $1"; fi
}
settle() {
  local last="" now
  for _ in $(seq 50); do
    now=$(screen)
    if [ "$now" = "$last" ]; then return 0; fi
    last=$now
    sleep 0.1
  done
}
keys() { tmux_ send-keys -t demo "$@"; }
text() { tmux_ send-keys -t demo -l "$1"; }
ended() {
  for _ in $(seq 50); do
    if ! tmux_ has-session -t demo 2>/dev/null; then return 0; fi
    sleep 0.1
  done
  fail "expected the demo to quit"
}
start() {
  runs=$((runs + 1))
  socket=signals-demo-check-$$-$runs
  tmux_ new-session -d -s demo -x 120 -y 30 "$demo $*"
  shows "Enter: press"
}

echo "== the hotel order form"
start
shows "== Meituan Hotel =="
shows "Beside a field: ok = ready to submit, -- = not yet (Submit says why)"
shows "hotel-demo --help: scripts and the other demos"
shows "Shift-Tab or Up: previous"
shows "| No guest yet for Meituan Hotel"

# Left, then Up: once `qa[D[A` in the name. Now Left does nothing and Up moves to the previous control.
text "qa"
keys Left Up
shows "> [ Submit ]"
shows "  Guest: [qa] ok"
lacks "[D"
lacks "[A"
keys Enter
shows "✗ Phone number must not be empty"

# Shift-Tab back to Clear, Tab round to the phone; letters are refused, and the field says so.
keys BTab
shows "> [ Clear ]"
keys Tab Tab Tab
shows "> Phone: [(11 digits)] --"
text "186a"  # typing in the phone also ends the error about the phone
shows "> Phone: [186] -- (digits only)"
lacks "✗ Phone number must not be empty"
text "100010009"
shows "> Phone: [18610001000] ok (11 digits at most)"
keys Escape
shows "> Phone: [18610001000] ok"

# Enter in a field moves on; Down to Submit; the confirmation goes once the name changes. The phone's hint
# was about the edit in progress: it goes when the focus leaves the field.
keys BTab
shows "> Guest: [qa] ok"
shows "  Phone: [18610001000] ok"
lacks "(11 digits at most)"
keys Enter
shows "> Phone: [18610001000]"
keys Down Down
shows "> [ Submit ]"
keys Enter
shows "✓ Booked Meituan Hotel for qa, phone 18610001000"
keys Up Up Up
shows "> Guest: [qa] ok"
text "x"
shows "> Guest: [qax] ok"
lacks "✓ Booked"

# Clear, then q on a button quits.
keys Down Down
shows "> [ Clear ]"
keys Enter
shows "| No guest yet for Meituan Hotel"
text "q"
ended

echo "== the login form"
start --login
shows "== Log in =="
shows "hotel-demo --help"
text "zhuo"
keys Tab
text "pw"
keys Tab Enter
shows "✓ Welcome, zhuo! You are logged in."
keys BTab BSpace BSpace
shows "> password: [(password)]"
lacks "✓ Welcome"
keys Tab
shows "> [ Log in ] (disabled)"
keys Enter
shows "! Log in is disabled: type a username and a password first"
keys C-c
ended

echo "Demo in tmux: every key did what the screen says."
