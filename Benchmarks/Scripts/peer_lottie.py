#!/usr/bin/env python3
"""The peer scene (issue 13) as a Lottie animation, rendered by ThorVG or rlottie, and drawn
directly by Blend2D.

    peer_lottie.py lottie N WIDTH HEIGHT > scene.json         the Lottie document
    peer_lottie.py export thorvg|rlottie N WIDTH HEIGHT [--frames F] [--output FILE]
    peer_lottie.py frame thorvg|rlottie N WIDTH HEIGHT K      frame K's BGRA on stdout
    peer_lottie.py checksum N WIDTH HEIGHT                    the scene's numbers, summed
    peer_lottie.py export blend2d N WIDTH HEIGHT [--frames F]  the scene drawn by Blend2D, to H.264
    peer_lottie.py time-scene blend2d N WIDTH HEIGHT FRAMES   the CPU seconds Blend2D takes to draw
                                                              frames 0 … FRAMES − 1, one thread
    peer_lottie.py export-file thorvg|rlottie FILE WIDTH HEIGHT FPS FRAMES [--preset P] [--crf N]
                                                              a Lottie file's frames 0 … FRAMES − 1
                                                              (x264 veryfast, crf 23 unless given)
    peer_lottie.py time-file thorvg|rlottie FILE WIDTH HEIGHT FRAMES
                                                              the CPU seconds those frames take to draw
                                                              on one thread, no encoding

The rectangles come from the same seeded generator as the C reference's
(`peer_scene_generate` in Sources/CairoReference), repeated here operation for operation so
that the doubles are identical (`checksum` prints the same sum as `CReference/peers checksum`).
Each rectangle is a shape layer: a rounded rectangle (`rc`) filled at its opacity (`fl`), its
layer's position and rotation keyframed linearly from frame 0 to frame 240, the first layer
drawn last (Lottie lists layers top first). `export` renders every frame into a BGRA buffer
and pipes it to the same ffmpeg command as the other implementations:
`-c:v libx264 -preset veryfast -crf 23 -pix_fmt yuv420p`. ThorVG's engine gets one thread per
core; rlottie renders synchronously on the calling thread.

Blend2D (`blend2d-py`, one thread, its JIT-compiled pipelines) draws the scene as the C
reference does, without Lottie: per frame the background, then each rectangle through a
translation and rotation. Its Python binding has no curves, so each rounded rectangle is a
polygon made once, its corners in chords that stay within 0.05 px of the arc; a frame then
costs five calls a rectangle.
"""
import json
import math
import os
import subprocess
import sys
import time

SEED = 13
FRAMES = 240
FPS = 60
BACKGROUND = 0.95
MASK = (1 << 64) - 1


def generate(count, width, height, seed=SEED):
    state = seed

    def random():
        nonlocal state
        state = (state * 6364136223846793005 + 1442695040888963407) & MASK
        return (state >> 11) * (1.0 / 9007199254740992.0)

    s = height / 1080.0
    rects = []
    for _ in range(count):
        w = (20 + 120 * random()) * s
        h = (20 + 120 * random()) * s
        x = width * random()
        y = height * random()
        vx = (2 * random() - 1) * 120 * s
        vy = (2 * random() - 1) * 120 * s
        rotation = 2 * math.pi * random()
        spin = (2 * random() - 1) * math.pi
        radius = min((4 + 16 * random()) * s, min(w, h) / 2)
        red, green, blue = random(), random(), random()
        alpha = 0.3 + 0.5 * random()
        rects.append(dict(x=x, y=y, vx=vx, vy=vy, width=w, height=h, rotation=rotation, spin=spin,
                          radius=radius, red=red, green=green, blue=blue, alpha=alpha))
    return rects


FIELDS = ["x", "y", "vx", "vy", "width", "height", "rotation", "spin", "radius", "red", "green", "blue", "alpha"]


def static(value):
    return {"a": 0, "k": value}


def linear(start, end, frames):
    # A bezier easing from (0, 0) to (1, 1): linear.
    return {"a": 1, "k": [
        {"t": 0, "s": start, "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}},
        {"t": frames, "s": end},
    ]}


def shape_layer(index, position, rotation, size, radius, colour, opacity, frames):
    return {
        "ddd": 0, "ind": index, "ty": 4, "nm": f"r{index}", "sr": 1, "ip": 0, "op": frames, "st": 0,
        "bm": 0, "ao": 0,
        "ks": {"o": static(100), "r": rotation, "p": position, "a": static([0, 0, 0]),
               "s": static([100, 100, 100])},
        "shapes": [{"ty": "gr", "nm": "g", "it": [
            {"ty": "rc", "d": 1, "nm": "rc", "p": static([0, 0]), "s": static(size), "r": static(radius)},
            {"ty": "fl", "nm": "fl", "c": static(colour), "o": static(opacity), "r": 1},
            {"ty": "tr", "p": static([0, 0]), "a": static([0, 0]), "s": static([100, 100]), "r": static(0),
             "o": static(100)},
        ]}],
    }


def lottie(count, width, height, frames=FRAMES):
    duration = frames / FPS
    layers = []
    for index, r in enumerate(generate(count, width, height)):
        end = [r["x"] + r["vx"] * duration, r["y"] + r["vy"] * duration, 0]
        degrees = math.degrees(r["rotation"])
        layers.append(shape_layer(
            index + 2, linear([r["x"], r["y"], 0], end, frames),
            linear([degrees], [degrees + math.degrees(r["spin"] * duration)], frames),
            [r["width"], r["height"]], r["radius"], [r["red"], r["green"], r["blue"], 1], r["alpha"] * 100, frames))
    layers.reverse()
    layers.append(shape_layer(
        1, static([width / 2, height / 2, 0]), static(0), [width, height], 0,
        [BACKGROUND, BACKGROUND, BACKGROUND, 1], 100, frames))
    return {"v": "5.7.0", "fr": FPS, "ip": 0, "op": frames, "w": width, "h": height, "nm": "peers", "ddd": 0,
            "assets": [], "layers": layers}


class ThorVG:
    def __init__(self, document, width, height, threads=None):
        import thorvg_python as tvg
        self.engine = tvg.Engine(threads=threads or os.cpu_count() or 1)
        self.canvas = tvg.SwCanvas(self.engine)
        self.canvas.set_target(width, height, cs=tvg.Colorspace.ARGB8888)
        self.buffer = self.canvas.buffer_arr
        self.animation = tvg.LottieAnimation(self.engine)
        picture = self.animation.get_picture()
        result = picture.load_data(document.encode(), "lottie", None, True)
        if result != tvg.Result.SUCCESS:
            raise SystemExit(f"ThorVG could not load the scene: {result}")
        picture.set_size(width, height)
        self.canvas.add(picture)

    def render(self, frame):
        self.animation.set_frame(frame)
        self.canvas.update()
        self.canvas.draw(True)
        self.canvas.sync()
        return memoryview(self.buffer).cast("B")


class Rlottie:
    def __init__(self, document, width, height):
        from rlottie_python import LottieAnimation
        self.animation = LottieAnimation.from_data(document)
        self.width, self.height = width, height

    def render(self, frame):
        return self.animation.lottie_animation_render(frame_num=frame, width=self.width, height=self.height)


class Blend2D:
    """The scene drawn directly by Blend2D into a premultiplied BGRA image."""

    TOLERANCE = 0.05

    def __init__(self, count, width, height):
        import blend2d
        self.blend2d = blend2d
        self.image = blend2d.Image(width, height)
        self.view = self.image.memoryview()
        self.rects = generate(count, width, height)
        self.paths = [self.rounded_rect(r["width"], r["height"], r["radius"]) for r in self.rects]
        self.colours = [
            tuple(int(r[channel] * 255 + 0.5) for channel in ("red", "green", "blue", "alpha")) for r in self.rects]
        self.background = int(BACKGROUND * 255 + 0.5)
        self.size = (width, height)

    def rounded_rect(self, width, height, radius):
        """A polygon about the origin: the rectangle with circular corners in chords."""
        path = self.blend2d.Path()
        step = 2 * math.acos(max(-1.0, 1 - self.TOLERANCE / radius)) if radius > self.TOLERANCE else math.pi / 2
        chords = max(1, math.ceil(math.pi / 2 / step))
        left, top, right, bottom = -width / 2, -height / 2, width / 2, height / 2
        corners = [(right - radius, top + radius, -math.pi / 2), (right - radius, bottom - radius, 0),
                   (left + radius, bottom - radius, math.pi / 2), (left + radius, top + radius, math.pi)]
        first = True
        for cx, cy, start in corners:
            for k in range(chords + 1):
                angle = start + (math.pi / 2) * k / chords
                x, y = cx + radius * math.cos(angle), cy + radius * math.sin(angle)
                if first:
                    path.move_to(x, y)
                    first = False
                else:
                    path.line_to(x, y)
        path.close()
        return path

    def draw(self, frame):
        time_ = frame / FPS
        context = self.blend2d.Context(self.image)
        context.set_comp_op(self.blend2d.CompOp.SRC_COPY)
        context.set_fill_style_rgba(self.background, self.background, self.background, 255)
        context.fill_all()
        context.set_comp_op(self.blend2d.CompOp.SRC_OVER)
        for r, path, colour in zip(self.rects, self.paths, self.colours):
            context.save()
            context.translate(r["x"] + r["vx"] * time_, r["y"] + r["vy"] * time_)
            context.rotate(r["rotation"] + r["spin"] * time_)
            context.set_fill_style_rgba(*colour)
            context.fill_path(path)
            context.restore()
        context.end()

    def render(self, frame):
        self.draw(frame)
        return self.view


PLAYERS = {"thorvg": ThorVG, "rlottie": Rlottie}


def export(renderer, width, height, fps, frames, target, preset="veryfast", crf="23"):
    """Pipes `frames` frames of `renderer` to ffmpeg's x264 at `fps`, as the other exports do."""
    ffmpeg = subprocess.Popen(
        [os.environ.get("FFMPEG", "ffmpeg"), "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "bgra",
         "-s", f"{width}x{height}", "-r", str(fps), "-i", "-",
         "-c:v", "libx264", "-preset", preset, "-crf", crf, "-pix_fmt", "yuv420p", target],
        stdin=subprocess.PIPE)
    for frame in range(frames):
        ffmpeg.stdin.write(renderer.render(frame))
    ffmpeg.stdin.close()
    return ffmpeg.wait()


def main(arguments):
    if len(arguments) >= 6 and arguments[0] == "time-file":
        player, path = arguments[1], arguments[2]
        width, height, frames = (int(value) for value in arguments[3:6])
        with open(path) as file:
            document = file.read()
        renderer = ThorVG(document, width, height, threads=1) if player == "thorvg" else Rlottie(document, width, height)
        start = time.process_time()
        for frame in range(frames):
            renderer.render(frame)
        print(time.process_time() - start)
        return
    if len(arguments) >= 6 and arguments[0] == "time-scene" and arguments[1] == "blend2d":
        count, width, height, frames = (int(value) for value in arguments[2:6])
        renderer = Blend2D(count, width, height)
        renderer.draw(0)
        start = time.process_time()
        for frame in range(frames):
            renderer.draw(frame % FRAMES)
        print(time.process_time() - start)
        return
    if len(arguments) >= 7 and arguments[0] == "export-file":
        player, path = arguments[1], arguments[2]
        width, height, fps, frames = (int(value) for value in arguments[3:7])
        options = arguments[7:]
        preset = options[options.index("--preset") + 1] if "--preset" in options else "veryfast"
        crf = options[options.index("--crf") + 1] if "--crf" in options else "23"
        with open(path) as file:
            renderer = PLAYERS[player](file.read(), width, height)
        target = f"/tmp/lottie-{player}-{os.getpid()}.mp4"
        status = export(renderer, width, height, fps, frames, target, preset, crf)
        if os.path.exists(target):
            os.unlink(target)
        if status != 0:
            raise SystemExit(f"ffmpeg exited with {status}")
        return
    if len(arguments) < 4:
        raise SystemExit(__doc__)
    mode = arguments[0]
    player = None
    if mode in ("export", "frame"):
        player, arguments = arguments[1], arguments[1:]
    count, width, height = (int(value) for value in arguments[1:4])
    options = arguments[4:]
    frames = int(options[options.index("--frames") + 1]) if "--frames" in options else FRAMES
    output = options[options.index("--output") + 1] if "--output" in options else None
    if mode == "checksum":
        total = 0.0
        for r in generate(count, width, height):
            for field in FIELDS:
                total += r[field]
        print(repr(total))
    elif mode == "lottie":
        json.dump(lottie(count, width, height, frames), sys.stdout)
    elif mode == "frame":
        if player == "blend2d":
            renderer = Blend2D(count, width, height)
        else:
            renderer = PLAYERS[player](json.dumps(lottie(count, width, height)), width, height)
        sys.stdout.buffer.write(renderer.render(int(options[0])))
    elif mode == "export":
        if player == "blend2d":
            renderer = Blend2D(count, width, height)
        else:
            renderer = PLAYERS[player](json.dumps(lottie(count, width, height, frames)), width, height)
        target = output or f"/tmp/peer-{player}-{os.getpid()}.mp4"
        status = export(renderer, width, height, FPS, frames, target)
        if output is None and os.path.exists(target):
            os.unlink(target)
        if status != 0:
            raise SystemExit(f"ffmpeg exited with {status}")
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
