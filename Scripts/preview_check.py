"""Drives `carender preview`'s page in headless Chromium for Scripts/preview-check.sh.

Usage: preview_check.py BROWSER CHECK_URL OUTPUT_FOLDER [SCENE_URL]

The browser is driven over the Chrome DevTools protocol on a pipe (--remote-debugging-pipe:
messages are JSON, each ended by a NUL byte, commands on the child's fd 3, answers on fd 4).
The page's `window.preview` gives the same controls as its buttons. Exits 1 with a message
when a check fails.
"""

import base64
import json
import os
import subprocess
import sys
import tempfile
import time


class Browser:
    def __init__(self, path):
        commands_read, self.commands = os.pipe()
        self.answers, answers_write = os.pipe()

        def descriptors():
            # Through free numbers first: a pipe may already be 3 or 4, and dup2 onto itself
            # would leave it close-on-exec.
            os.dup2(commands_read, 103)
            os.dup2(answers_write, 104)
            os.dup2(103, 3)
            os.dup2(104, 4)

        self.profile = tempfile.mkdtemp(prefix="preview-check-")
        self.process = subprocess.Popen(
            [path, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
             "--window-size=1280,1000", "--hide-scrollbars", f"--user-data-dir={self.profile}",
             "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, close_fds=False,
            preexec_fn=descriptors)
        os.close(commands_read)
        os.close(answers_write)
        self.buffer = b""
        self.next_id = 0
        self.session = None

    def call(self, method, params=None, session=True):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        os.write(self.commands, json.dumps(message).encode() + b"\0")
        while True:
            answer = self.read()
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer["result"]

    def read(self):
        while b"\0" not in self.buffer:
            chunk = os.read(self.answers, 1 << 20)
            if not chunk:
                raise RuntimeError("the browser closed its pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def open(self, url):
        target = self.call("Target.createTarget", {"url": url}, session=False)["targetId"]
        self.session = self.call(
            "Target.attachToTarget", {"targetId": target, "flatten": True}, session=False)["sessionId"]
        self.call("Page.enable")
        self.call("Runtime.enable")

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                "awaitPromise": True})
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression, seconds=20):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.evaluate(expression):
                return
            time.sleep(0.05)
        raise RuntimeError(f"timed out waiting for {expression}")

    def screenshot(self, path):
        data = self.call("Page.captureScreenshot", {"format": "png"})["data"]
        with open(path, "wb") as file:
            file.write(base64.b64decode(data))
        print(f"preview-check: wrote {path}")

    def close(self):
        try:
            self.call("Browser.close", session=False)
        except RuntimeError:
            pass
        self.process.wait(timeout=10)


failures = []


def expect_colour(browser, x, y, expected, what):
    pixel = browser.evaluate(f"preview.pixel({x}, {y})")
    close = all(abs(a - b) <= 3 for a, b in zip(pixel[:3], expected)) and pixel[3] == 255
    print(f"preview-check: {what}: pixel ({x}, {y}) is {pixel[:3]}, expected {list(expected)}"
          + ("" if close else "  <-- WRONG"))
    if not close:
        failures.append(what)


def settle(browser, seconds):
    """Pauses at `seconds` and waits until the frame of that time is on the canvas."""
    browser.evaluate(f"preview.pause(); preview.seek({seconds})")
    browser.wait_for(f"preview.idle && preview.stats.lastFrameTime === {seconds}")


RED, GREEN, BLUE = (255, 0, 0), (0, 255, 0), (0, 0, 255)


def main():
    browser_path, check_url, output, lottie_url, wide_url = sys.argv[1:6]
    scene_url = sys.argv[6] if len(sys.argv) > 6 else ""
    browser = Browser(browser_path)
    try:
        browser.open(check_url)
        browser.wait_for("window.preview && preview.scene !== null && preview.stats.framesDrawn > 0")
        # Plays: frames keep coming while real time passes.
        drawn = browser.evaluate("preview.stats.framesDrawn")
        time.sleep(1)
        stats = browser.evaluate("preview.stats")
        print(f"preview-check: playing: {stats['framesDrawn'] - drawn} frames in 1 s, "
              f"{stats['dropped']} refreshes without a new frame of {stats['refreshes']}")
        if stats["framesDrawn"] - drawn < 10:
            failures.append("the page plays")
        if stats["deltas"] < 5:
            failures.append(f"frames sent as changes only while playing: {stats['deltas']}")
        print(f"preview-check: {stats['fullFrames']} whole frames and {stats['deltas']} changes only, "
              f"{stats['bytes'] // max(1, stats['framesDrawn'])} bytes a frame")
        browser.screenshot(os.path.join(output, "1-playing.png"))

        # Scrubs to 1 s: the bar (y 40 from the top, the canvas's pixels at scale 1) is half-way.
        settle(browser, 1)
        expect_colour(browser, 100, 40, GREEN, "scrubbed to 1 s, the bar half-way")
        expect_colour(browser, 40, 40, BLUE, "scrubbed to 1 s, where the bar started")
        expect_colour(browser, 40, 120, RED, "scrubbed to 1 s, the square")
        text = browser.evaluate("document.getElementById('time').textContent")
        if not text.startswith("1.000 s"):
            failures.append(f"the time shown: {text}")
        browser.screenshot(os.path.join(output, "2-scrubbed.png"))
        # The picture the page patched together from changes is the picture sent whole.
        patched = browser.evaluate("preview.digest()")
        whole_before = browser.evaluate("preview.stats.fullFrames")
        browser.evaluate("preview.askForWholeFrame()")
        browser.wait_for(f"preview.idle && preview.stats.fullFrames === {whole_before + 1}")
        whole = browser.evaluate("preview.digest()")
        print(f"preview-check: the canvas patched by changes {patched}, sent whole {whole}")
        if patched != whole:
            failures.append("the patched canvas differs from the whole frame")

        # Switches to On at 1 s; a quarter of a second later the square is half-way.
        browser.evaluate("preview.enterState('On')")
        settle(browser, 1.25)
        expect_colour(browser, 100, 120, RED, "state On, 0.25 s into the transition")
        expect_colour(browser, 40, 120, BLUE, "state On, where the square started")
        settle(browser, 1.75)
        expect_colour(browser, 160, 120, RED, "state On, the transition over")
        browser.screenshot(os.path.join(output, "3-state-on.png"))

        # Selects the bar: its presentation values show in the panel.
        browser.evaluate("preview.select('0.1')")
        settle(browser, 1.5)
        browser.wait_for("document.getElementById('values').textContent.includes('position')")
        values = browser.evaluate("document.getElementById('values').textContent")
        if "(130, 120)" not in values:
            failures.append(f"the bar's position at 1.5 s in the panel: {values}")
        browser.screenshot(os.path.join(output, "4-selected.png"))

        # A Lottie file, stepped with the buttons: ▶ twice from frame 20 (0.4 s) is frame 22,
        # 0.48 s, the square's centre at x 20 + 60 · 12/25 = 48.8; ◀ once is frame 21.
        browser.open(lottie_url)
        browser.wait_for("window.preview && preview.scene !== null && preview.stats.framesDrawn > 0")
        settle(browser, 0.4)
        browser.evaluate("document.getElementById('forward').click(); document.getElementById('forward').click()")
        browser.wait_for("preview.idle && Math.abs(preview.stats.lastFrameTime - 0.48) < 1e-9")
        text = browser.evaluate("document.getElementById('time').textContent")
        print(f"preview-check: Lottie, two frames on: {text}")
        if not text.startswith("frame 22 · 0.480 s"):
            failures.append(f"the frame shown after two steps: {text}")
        expect_colour(browser, 49, 25, RED, "Lottie frame 22, the square's centre")
        if browser.evaluate("preview.pixel(49 + 13, 25)")[3] != 0:
            failures.append("Lottie frame 22: transparent right of the square")
        browser.evaluate("document.getElementById('back').click()")
        browser.wait_for("preview.idle && Math.abs(preview.stats.lastFrameTime - 0.44) < 1e-9")
        text = browser.evaluate("document.getElementById('time').textContent")
        if not text.startswith("frame 21 · 0.440 s"):
            failures.append(f"the frame shown after a step back: {text}")
        if browser.evaluate("document.getElementById('play').textContent") != "Play":
            failures.append("stepping pauses")
        browser.screenshot(os.path.join(output, "5-lottie-stepped.png"))

        # A scene wider than the window is fitted to it (the whole band shows), and shown at
        # its size, 4,000 points wide, at 100 %.
        browser.open(wide_url)
        browser.wait_for("window.preview && preview.scene !== null && preview.stats.framesDrawn > 0")
        fitted = browser.evaluate("document.getElementById('canvas').getBoundingClientRect().width")
        room = browser.evaluate("document.getElementById('stage').clientWidth")
        print(f"preview-check: a 4,000-point scene fitted to {fitted:.0f} px of {room} px")
        if not 0 < fitted <= room:
            failures.append(f"the wide scene is {fitted} px wide in {room} px")
        browser.screenshot(os.path.join(output, "6-fitted.png"))
        browser.evaluate("preview.setZoom(1)")
        actual = browser.evaluate("document.getElementById('canvas').getBoundingClientRect().width")
        if abs(actual - 4000) > 0.5:
            failures.append(f"the wide scene at 100 %: {actual} px")

        if scene_url:
            browser.open(scene_url)
            browser.wait_for("window.preview && preview.scene !== null && preview.stats.framesDrawn > 0")
            time.sleep(1.5)
            browser.evaluate("preview.select('0')")
            time.sleep(0.5)
            stats = browser.evaluate("preview.stats")
            print(f"preview-check: scene: {stats['framesDrawn']} frames drawn, {stats['dropped']} "
                  f"refreshes without a new frame of {stats['refreshes']}")
            browser.screenshot(os.path.join(output, "scene.png"))
    finally:
        browser.close()
    if failures:
        print("preview-check: FAILED: " + "; ".join(failures))
        sys.exit(1)
    print("preview-check: all checks passed.")


main()
