#!/usr/bin/env bash
# Opens the gallery in a real browser, Chromium without a window, and reports what it shows:
# a screenshot of index.html, and for every scene whether its MP4 plays in the browser and
# whether the video's colours match the poster PNG's (the background at a corner, which no
# scene animates). Run it after Scripts/demo.sh; it installs Chromium when it is missing.
#
#     Scripts/check-gallery-in-browser.sh [GALLERY-FOLDER] [SCREENSHOT.png]
set -euo pipefail
folder="${1:-gallery}"
screenshot="${2:-$folder/screenshot.png}"
if [ ! -f "$folder/index.html" ]; then
    echo "There is no $folder/index.html: run Scripts/demo.sh (or carender gallery --output $folder) first." >&2
    exit 1
fi
if ! command -v chromium >/dev/null 2>&1; then
    sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q chromium >/dev/null
fi
browser=(chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --mute-audio
    --autoplay-policy=no-user-gesture-required)

# A page of our own, served beside the gallery's files so that it may read their pixels.
names=$(cd "$folder" && ls -1 *.mp4 | sed 's/\.mp4$//' | paste -sd, -)
probe="$folder/.browser-check.html"
cat >"$probe" <<HTML
<html><body><pre id="report"></pre><script>
const report = document.getElementById("report");
const pixel = (source, width, height) => {
  const canvas = document.createElement("canvas");
  canvas.width = width; canvas.height = height;
  const context = canvas.getContext("2d");
  context.drawImage(source, 0, 0, width, height);
  return Array.from(context.getImageData(3, 3, 1, 1).data.slice(0, 3));
};
for (const name of "$names".split(",")) {
  const video = document.createElement("video");
  const poster = new Image();
  video.muted = true;
  video.addEventListener("error", () => report.textContent += name + ": the video does not load (error " + video.error.code + ")\n");
  video.addEventListener("loadeddata", () => poster.decode().then(() => {
    const fromVideo = pixel(video, video.videoWidth, video.videoHeight);
    const fromPoster = pixel(poster, poster.naturalWidth, poster.naturalHeight);
    const difference = Math.max(...fromVideo.map((value, index) => Math.abs(value - fromPoster[index])));
    video.play();
    setTimeout(() => report.textContent += name + ": " + video.videoWidth + "x" + video.videoHeight
      + ", " + video.duration.toFixed(2) + " s, playing at " + video.currentTime.toFixed(2) + " s; corner colour video "
      + fromVideo + ", poster " + fromPoster + ", difference " + difference + "\n", 500);
  }));
  video.src = name + ".mp4";
  poster.src = name + ".png";
  document.body.appendChild(video);
}
</script></body></html>
HTML
port=$((20000 + RANDOM % 20000))
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$folder" >/dev/null 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; rm -f "$probe"' EXIT
for _ in $(seq 50); do
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
    sleep 0.1
done
"${browser[@]}" --window-size=1300,2600 --virtual-time-budget=5000 --screenshot="$screenshot" \
    "http://127.0.0.1:$port/index.html" 2>/dev/null
echo "The gallery page as Chromium shows it: $screenshot"
"${browser[@]}" --virtual-time-budget=10000 --dump-dom "http://127.0.0.1:$port/.browser-check.html" 2>/dev/null |
    sed -n '/<pre id="report">/,/<\/pre>/p' | sed 's/.*<pre id="report">//; s/<\/pre>.*//' | sed '/^$/d' | sort
