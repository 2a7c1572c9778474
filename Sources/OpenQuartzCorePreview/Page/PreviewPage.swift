/// The page the server serves at `/`: a canvas, the transport controls, the states (and the
/// unlock slider for a wallpaper with Locked and Unlock), the layer tree and the selected
/// layer's values, in one file with no outside resources.
///
/// The page keeps the time. On each display refresh (`requestAnimationFrame`) it moves the
/// time on by the refresh interval × the speed while playing, and asks for a frame at that
/// time unless one is still on its way; so at most one frame is ever in flight, and a
/// refresh that finds no new frame counts as dropped. Each request says which frame the
/// canvas shows (`have`); the server then sends only the pixels that changed since, which the
/// page copies into its `ImageData` before putting the rows they touch on the canvas (see
/// ``FrameEncoding``). The time shown is the time of the picture on the canvas, the time the
/// layer panel's values are taken at too; the timeline's knob is where playing has got to,
/// ahead of the picture by the frame on its way. The ◀ and ▶ buttons pause and step one frame:
/// a Lottie animation's own frame (its `fr`; the timeline then moves by frames and the time
/// shown names the frame, counted from its `ip`), a 60th of a second for other scenes.
/// `window.preview` gives scripts (the headless Chromium check) the same controls as the
/// buttons.
enum PreviewPage {
    static let html = #"""
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>carender preview</title>
        <style>
        body { font: 13px system-ui, sans-serif; margin: 0; background: #1e1e22; color: #ddd; display: flex; height: 100vh; }
        #stage { flex: 1; display: flex; flex-direction: column; align-items: center; padding: 12px; overflow: auto; }
        #canvas { background: repeating-conic-gradient(#444 0 25%, #333 0 50%) 0 0 / 16px 16px; box-shadow: 0 0 0 1px #555; }
        #controls { display: flex; gap: 8px; align-items: center; margin: 10px 0; width: 100%; max-width: 800px; }
        #timeline { flex: 1; }
        #time { font-variant-numeric: tabular-nums; min-width: 9em; }
        #side { width: 340px; border-left: 1px solid #444; display: flex; flex-direction: column; overflow: hidden; }
        #side h2 { font-size: 12px; text-transform: uppercase; color: #999; margin: 10px 10px 4px; }
        #tree { flex: 1; overflow: auto; font-family: ui-monospace, monospace; font-size: 12px; }
        #tree div { padding: 1px 8px; cursor: pointer; white-space: nowrap; }
        #tree div.selected { background: #3a5a8c; }
        #tree .name { color: #9cdcfe; }
        #values { height: 38%; overflow: auto; font-family: ui-monospace, monospace; font-size: 12px; padding: 0 10px; }
        #values td { vertical-align: top; padding: 1px 6px 1px 0; }
        #values td:first-child { color: #999; }
        #error { display: none; background: #5a1d1d; color: #fcc; padding: 8px 12px; white-space: pre-wrap; font-family: ui-monospace, monospace; width: 100%; max-width: 800px; box-sizing: border-box; }
        #states button.current { background: #3a5a8c; color: white; }
        #status { color: #999; }
        button, select { font: inherit; }
        </style>
        </head>
        <body>
        <div id="stage">
          <div><strong id="name">carender preview</strong> <span id="status">connecting…</span></div>
          <div id="error"></div>
          <div id="controls">
            <button id="play">Pause</button>
            <button id="back" title="One frame back">◀</button>
            <button id="forward" title="One frame on">▶</button>
            <input id="timeline" type="range" min="0" max="2" step="0.001" value="0">
            <span id="time">0.000 s</span>
            <label>Speed <select id="speed">
              <option value="0.1">0.1×</option><option value="0.25">0.25×</option><option value="0.5">0.5×</option>
              <option value="1" selected>1×</option><option value="2">2×</option><option value="4">4×</option>
            </select></label>
            <label><input id="loop" type="checkbox" checked> Loop</label>
            <label>Zoom <select id="zoom" title="Fit: a scene larger than the window is shrunk to fit it">
              <option value="fit" selected>Fit</option><option value="0.25">25 %</option><option value="0.5">50 %</option>
              <option value="1">100 %</option><option value="2">200 %</option>
            </select></label>
          </div>
          <div id="states"></div>
          <label id="swipeControl" hidden>Unlock swipe <input id="swipe" type="range" min="0" max="1" step="0.01" value="0"> <span id="swipeValue">0 %</span></label>
          <canvas id="canvas" width="1" height="1"></canvas>
          <div id="stats"></div>
        </div>
        <div id="side">
          <h2>Layers</h2>
          <div id="tree"></div>
          <h2>Presentation values</h2>
          <div id="values">Select a layer.</div>
        </div>
        <script>
        "use strict";
        const $ = id => document.getElementById(id);
        const canvas = $("canvas"), context = canvas.getContext("2d");
        const stats = { framesDrawn: 0, dropped: 0, refreshes: 0, skippedByServer: 0, lastFrameTime: -1, fullFrames: 0, deltas: 0, bytes: 0, unusable: 0 };
        let scene = null, time = 0, playing = true, speed = 1, inFlight = false, wanted = true, request = 0, zoom = "fit";
        let lastRefresh = null, frameSinceRefresh = false, selected = null, currentState = null;
        // The picture on the canvas and its number: deltas patch it.
        let image = null, frameNumber = 0;
        const socket = new WebSocket(`ws://${location.host}/ws`);
        socket.binaryType = "arraybuffer";
        socket.onopen = () => { $("status").textContent = "connected"; wanted = true; };
        socket.onclose = () => { $("status").textContent = "disconnected: the server stopped"; };
        socket.onmessage = event => {
          if (typeof event.data === "string") { receive(JSON.parse(event.data)); return; }
          draw(event.data);
        };

        function send(message) { if (socket.readyState === 1) socket.send(JSON.stringify(message)); }

        function receive(message) {
          switch (message.type) {
          case "scene": showScene(message); break;
          case "error": $("error").textContent = message.message; $("error").style.display = "block"; break;
          // A tab opened while the file was broken got no frame for its request: ask again.
          case "reloaded": $("error").style.display = "none"; inFlight = false; wanted = true; break;
          case "layer": showValues(message); break;
          }
        }

        function showScene(message) {
          scene = message;
          $("name").textContent = message.name;
          $("error").style.display = "none";
          $("timeline").max = message.duration;
          $("timeline").step = message.frameRate ? 1 / message.frameRate : 0.001;
          layOutCanvas();
          if (time > message.duration) time = message.duration;
          const states = $("states");
          states.textContent = "";
          if (message.states.length) states.append("States: ");
          for (const name of message.states) {
            const button = document.createElement("button");
            button.textContent = name;
            button.dataset.state = name;
            button.onclick = () => enterState(name);
            states.append(button, " ");
          }
          currentState = message.state;
          markState();
          $("swipeControl").hidden = !(message.states.includes("Locked") && message.states.includes("Unlock"));
          const tree = $("tree");
          tree.textContent = "";
          for (const row of message.tree) {
            const line = document.createElement("div");
            line.dataset.path = row.path;
            line.style.paddingLeft = (8 + row.depth * 14) + "px";
            line.append(row.className);
            if (row.name) { const name = document.createElement("span"); name.className = "name"; name.textContent = ` "${row.name}"`; line.append(name); }
            if (row.id) line.append(` #${row.id}`);
            line.onclick = () => select(row.path);
            tree.append(line);
          }
          if (selected) markSelected();
        }

        // The canvas's size on the page: the scene's points times the zoom; "fit" shrinks a
        // scene larger than the room left in the window to fit it, and never enlarges one.
        function displayScale() {
          if (!scene) return 1;
          if (zoom !== "fit") return Number(zoom);
          const stage = $("stage");
          const roomWidth = stage.clientWidth - 24;
          const roomHeight = window.innerHeight - (canvas.getBoundingClientRect().top - stage.getBoundingClientRect().top) - 48;
          return Math.max(0.05, Math.min(1, roomWidth / scene.width, roomHeight / scene.height));
        }
        function layOutCanvas() {
          if (!scene) return;
          const scale = displayScale();
          canvas.style.width = scene.width * scale + "px";
          canvas.style.height = scene.height * scale + "px";
        }
        function setZoom(value) { zoom = String(value); $("zoom").value = zoom; layOutCanvas(); }

        function markState() {
          for (const button of $("states").querySelectorAll("button"))
            button.classList.toggle("current", button.dataset.state === currentState);
        }

        function markSelected() {
          for (const line of $("tree").children) line.classList.toggle("selected", line.dataset.path === selected);
        }

        function showValues(message) {
          const table = document.createElement("table");
          const head = table.insertRow();
          head.insertCell().textContent = "layer";
          head.insertCell().textContent = `${message.className} at ${message.time.toFixed(3)} s`;
          for (const [key, value] of message.values) {
            const row = table.insertRow();
            row.insertCell().textContent = key;
            row.insertCell().textContent = value;
          }
          $("values").replaceChildren(table);
        }

        // A frame message (FrameEncoding.swift): a 40-byte header, then the whole picture, or
        // a table of spans (first pixel, length) and their pixels.
        function draw(buffer) {
          inFlight = false;
          const header = new DataView(buffer, 0, 40);
          const width = header.getUint32(4, true), height = header.getUint32(8, true);
          const base = header.getUint32(20, true), sequence = header.getUint32(32, true), spans = header.getUint32(36, true);
          stats.skippedByServer += header.getUint32(16, true);
          stats.bytes += buffer.byteLength;
          if (base === 0) {
            if (canvas.width !== width || canvas.height !== height) { canvas.width = width; canvas.height = height; }
            image = new ImageData(new Uint8ClampedArray(buffer, 40, width * height * 4), width, height);
            context.putImageData(image, 0, 0);
            stats.fullFrames += 1;
          } else if (image && base === frameNumber && image.width === width && image.height === height) {
            const table = new DataView(buffer, 40, spans * 8);
            const pixels = new Uint8ClampedArray(buffer, 40 + spans * 8);
            const data = image.data;
            let at = 0;
            for (let index = 0; index < spans; index++) {
              const start = table.getUint32(index * 8, true), count = table.getUint32(index * 8 + 4, true);
              data.set(pixels.subarray(at, at + count * 4), start * 4);
              at += count * 4;
            }
            if (spans > 0) {
              const top = Math.floor(table.getUint32(0, true) / width);
              const end = table.getUint32((spans - 1) * 8, true) + table.getUint32((spans - 1) * 8 + 4, true);
              const bottom = Math.floor((end - 1) / width);
              context.putImageData(image, 0, 0, 0, top, width, bottom - top + 1);
            }
            stats.deltas += 1;
          } else {
            // A delta of a picture the canvas does not show: left out; the next request says
            // what the canvas shows, and a whole frame comes.
            stats.unusable += 1;
            return;
          }
          frameNumber = sequence;
          stats.lastFrameTime = header.getFloat64(24, true);
          $("time").textContent = (scene && scene.frameRate ? `frame ${frameName(stats.lastFrameTime)} · ` : "") +
            `${stats.lastFrameTime.toFixed(3)} s / ${scene ? scene.duration.toFixed(2) : "–"} s`;
          stats.framesDrawn += 1;
          frameSinceRefresh = true;
        }

        function askForFrame() {
          if (inFlight || socket.readyState !== 1) return;
          inFlight = true;
          wanted = false;
          request += 1;
          send({ type: "frame", time, request, have: frameNumber });
        }

        function refresh(now) {
          if (lastRefresh !== null && playing && scene) {
            stats.refreshes += 1;
            if (!frameSinceRefresh) stats.dropped += 1;
            time += (now - lastRefresh) / 1000 * speed;
            if (time > scene.duration) {
              if ($("loop").checked) time = time % scene.duration;
              else { time = scene.duration; setPlaying(false); }
            }
          }
          frameSinceRefresh = false;
          lastRefresh = now;
          if (playing || wanted) askForFrame();
          $("timeline").value = time;
          $("stats").textContent = `${stats.framesDrawn} frames drawn (${stats.deltas} as changes only), ${stats.dropped} dropped of ${stats.refreshes} refreshes while playing` +
            (stats.skippedByServer ? `, ${stats.skippedByServer} skipped by the server` : "");
          requestAnimationFrame(refresh);
        }

        // Frames a second for stepping: the Lottie file's own, else 60.
        function framesPerSecond() { return scene && scene.frameRate ? scene.frameRate : 60; }
        // The Lottie frame shown at `seconds`, to a tenth: ip + seconds × fr.
        function frameName(seconds) {
          const frame = Math.round((scene.startFrame + seconds * scene.frameRate) * 10) / 10;
          return Number.isInteger(frame) ? String(frame) : frame.toFixed(1);
        }
        // Pauses, then moves `count` frames from the nearest frame.
        function stepFrames(count) {
          setPlaying(false);
          const fps = framesPerSecond();
          seek((Math.round(time * fps) + count) / fps);
        }
        function setPlaying(value) { playing = value; $("play").textContent = playing ? "Pause" : "Play"; wanted = true; }
        function seek(seconds) { time = Math.max(0, Math.min(Number(seconds), scene ? scene.duration : Number(seconds))); wanted = true; }
        function enterState(name) { currentState = name; markState(); send({ type: "state", name, time }); wanted = true; }
        // Holds the swipe from Locked to Unlock part-way, as a finger does on iOS.
        function holdSwipe(progress) {
          progress = Math.max(0, Math.min(1, Number(progress)));
          $("swipe").value = String(progress);
          $("swipeValue").textContent = Math.round(progress * 100) + " %";
          currentState = "Unlock"; markState();
          send({ type: "swipe", progress, time }); wanted = true;
        }
        function select(path) { selected = path; markSelected(); send({ type: "select", path }); wanted = true; }

        $("play").onclick = () => setPlaying(!playing);
        $("back").onclick = () => stepFrames(-1);
        $("forward").onclick = () => stepFrames(1);
        $("timeline").oninput = event => seek(event.target.value);
        $("swipe").oninput = event => holdSwipe(event.target.value);
        $("speed").onchange = event => { speed = Number(event.target.value); };
        $("zoom").onchange = event => setZoom(event.target.value);
        window.addEventListener("resize", layOutCanvas);
        requestAnimationFrame(refresh);

        // For scripts: the same controls as the page's, and what it has drawn.
        window.preview = {
          play: () => setPlaying(true), pause: () => setPlaying(false), seek, stepFrames, enterState, holdSwipe, select,
          setZoom, get displayScale() { return displayScale(); },
          setSpeed: value => { speed = value; $("speed").value = String(value); },
          get time() { return time; }, get scene() { return scene; }, stats,
          get idle() { return !inFlight && !wanted; },
          // Asks for the picture whole, as a new tab gets it: to compare with the patched one.
          askForWholeFrame() { frameNumber = 0; wanted = true; },
          pixel(x, y) { return Array.from(context.getImageData(x, y, 1, 1).data); },
          // A digest of the whole canvas (FNV-1a over its RGBA), to compare pictures.
          digest() {
            const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
            let hash = 0x811c9dc5;
            for (let index = 0; index < data.length; index++) hash = Math.imul(hash ^ data[index], 16777619) >>> 0;
            return `${canvas.width}x${canvas.height}:${hash.toString(16)}`;
          },
        };
        </script>
        </body>
        </html>
        """#
}
