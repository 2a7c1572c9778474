#!/usr/bin/env bash
# Checks `carender preview` in a real browser: starts the server on a small CAML document,
# opens the page in headless Chromium (installed with apt-get when missing), lets it play,
# scrubs, switches a state and selects a layer, takes a screenshot after each step, and checks
# that the canvas shows the scene's colours where the renderer draws them, that playing sends
# frames as changes only, and that the canvas the page patched from them equals the same frame
# sent whole; then steps a Lottie file frame by frame with the ◀ ▶ buttons, and checks that a
# 4,000-point-wide one is fitted to the window and shown at its size at 100 % zoom.
#
#   bash Scripts/preview-check.sh [OUTPUT_FOLDER]      (default: .build/preview-check)
#
# PREVIEW_SCENE=FILE|SCENE also takes a screenshot of that scene playing (the README's picture:
# PREVIEW_SCENE=path/to/wallpaper.ca PREVIEW_SCALE=1). The browser is driven over the Chrome
# DevTools protocol on a pipe (--remote-debugging-pipe), from Python's standard library.
set -euo pipefail
cd "$(dirname "$0")/.."
output="${1:-.build/preview-check}"
mkdir -p "$output"

browser="$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)"
if [ -z "$browser" ]; then
    echo "Installing chromium (the preview check opens the page in it)..." >&2
    run() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
    run apt-get update -qq
    run env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium > /dev/null
    browser="$(command -v chromium)"
fi

# The server is built only with the preview flag.
export OPENQUARTZCORE_PREVIEW=1
swift build --product carender > /dev/null
carender="$(swift build --show-bin-path)/carender"

# The tests' scene, larger: a 200 × 160 blue root; a green bar at the top sliding from x 40
# to 160 over 2 s; a red square at the bottom at x 40, at x 160 in the state On (0.5 s
# transition). CAML is y up.
scene="$output/scene.caml"
cat > "$scene" << 'EOF'
<?xml version="1.0" encoding="UTF-8"?><caml xmlns="http://www.apple.com/CoreAnimation/1.0">
<CALayer name="root" bounds="0 0 200 160" position="100 80" backgroundColor="0 0 1"><sublayers>
<CALayer id="sq" name="square" bounds="0 0 40 40" position="40 40" backgroundColor="1 0 0"/>
<CALayer id="bar" name="bar" bounds="0 0 40 40" position="40 120" backgroundColor="0 1 0"><animations>
<p key="slide" type="CABasicAnimation" keyPath="position.x" fromValue="40" toValue="160" duration="2"/>
</animations></CALayer></sublayers>
<states><LKState name="Off"><elements/></LKState><LKState name="On"><elements>
<LKStateSetValue targetId="sq" keyPath="position.x"><value type="integer" value="160"/></LKStateSetValue>
</elements></LKState></states>
<stateTransitions><LKStateTransition fromState="*" toState="On"><elements>
<LKStateTransitionElement key="position.x" targetId="sq">
<animation type="CABasicAnimation" keyPath="position.x" duration="0.5"/></LKStateTransitionElement>
</elements></LKStateTransition></stateTransitions></CALayer></caml>
EOF

servers=()
cleanup() { for pid in "${servers[@]}"; do kill -INT "$pid" 2> /dev/null || true; done; }
address=""
trap cleanup EXIT

# Starts `carender preview "$1" --scale "$2"` on a free port; sets `address` to its page.
# (Not in a command substitution: the trap must see the server's process id.)
start_preview() {
    local log="$output/server-$RANDOM.log"
    "$carender" preview "$1" --port 0 --scale "$2" > "$log" 2>&1 &
    servers+=($!)
    for _ in $(seq 1 600); do
        if grep -q "http://" "$log"; then
            address="$(grep -o "http://[^ ]*" "$log")"
            return
        fi
        sleep 0.1
    done
    echo "preview-check: the server did not start:" >&2
    cat "$log" >&2
    exit 1
}

# A Lottie file, 100 × 50 at 25 fps, frames 10–35: a red 20 × 20 square whose centre moves
# from x 20 at frame 10 to x 80 at frame 35; for stepping frame by frame.
lottie="$output/slide.json"
cat > "$lottie" << 'EOF'
{"v": "5.7.4", "fr": 25, "ip": 10, "op": 35, "w": 100, "h": 50, "layers": [
 {"ty": 4, "ind": 1, "ip": 10, "op": 35, "st": 0, "sr": 1,
  "ks": {"o": {"a": 0, "k": 100}, "r": {"a": 0, "k": 0}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]},
         "p": {"a": 1, "k": [{"t": 10, "s": [20, 25], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}},
                             {"t": 35, "s": [80, 25]}]}},
  "shapes": [{"ty": "rc", "s": {"a": 0, "k": [20, 20]}, "p": {"a": 0, "k": [0, 0]}, "r": {"a": 0, "k": 0}},
             {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}]}]}
EOF

# A Lottie file 4,000 points wide (a red band across it): larger than the window, fitted to it.
wide="$output/wide.json"
cat > "$wide" << 'EOF'
{"v": "5.7.4", "fr": 25, "ip": 0, "op": 25, "w": 4000, "h": 500, "layers": [
 {"ty": 4, "ind": 1, "ip": 0, "op": 25, "st": 0, "sr": 1, "ks": {},
  "shapes": [{"ty": "rc", "s": {"a": 0, "k": [4000, 100]}, "p": {"a": 0, "k": [2000, 250]}, "r": {"a": 0, "k": 0}},
             {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}]}]}
EOF

start_preview "$scene" 1
check_url="$address"
start_preview "$wide" 1
wide_url="$address"
start_preview "$lottie" 1
lottie_url="$address"
scene_url=""
if [ -n "${PREVIEW_SCENE:-}" ]; then
    start_preview "$PREVIEW_SCENE" "${PREVIEW_SCALE:-1}"
    scene_url="$address"
fi
python3 Scripts/preview_check.py "$browser" "$check_url" "$output" "$lottie_url" "$wide_url" "$scene_url"
