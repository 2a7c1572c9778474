#!/usr/bin/env python3
"""Thumbnails from Python (issue 70): 100 frames of a Lottie file at 500 × 500, spread evenly
over its length, drawn in one Python process by the openquartzcore package (in-process frames,
`Animation.frames`) and by thorvg-python (its software canvas, one thread per core), each in a
process of its own, the players alternated for ROUNDS rounds. Each runs in two forms: each
frame as straight RGBA bytes (`ours-bytes`: `frames(as_bytes=True)`, NumPy not imported;
`thorvg`: the canvas's bytes copied) and each frame as the straight RGBA NumPy array
(`ours`, and `thorvg-numpy`). Prints each run's wall seconds from the import on and CPU
seconds (the process's, every thread's, from its start), the seconds of the work alone
(loading the file and drawing, after the imports), and the medians' ratios, each form against
its own.

    python-thumbnails.py [--rounds N] FILE…        with openquartzcore and thorvg-python installed
    python-thumbnails.py run PLAYER FILE           one run (what the above starts)

Install the wheel Scripts/release.sh makes (release mode) and thorvg-python into one virtual
environment and run this with its Python.
"""
import json
import os
import resource
import statistics
import subprocess
import sys
import time

COUNT, SIZE = 100, 500


PLAYERS = ("ours-bytes", "thorvg", "ours", "thorvg-numpy")
#: Each of ours and the ThorVG run making the same thing.
PAIRS = (("ours-bytes", "thorvg"), ("ours", "thorvg-numpy"))


def run(player, path):
    started = time.monotonic()
    if player.startswith("ours"):
        as_bytes = player == "ours-bytes"
        if not as_bytes:
            import numpy  # noqa: F401 (frames are NumPy arrays: imported here, not in the work)
        import openquartzcore

        working = time.monotonic()
        animation = openquartzcore.Animation(path, size=(SIZE, SIZE))
        # The whole length in COUNT frames: frame n at n / fps, fps = COUNT / duration rounded.
        fps = max(1, round(COUNT / animation.duration))
        frames = sum(1 for _ in animation.frames(COUNT, fps=fps, as_bytes=as_bytes))
    else:
        import thorvg_python as tvg

        if player == "thorvg-numpy":
            import numpy
        working = time.monotonic()
        engine = tvg.Engine(threads=os.cpu_count() or 1)
        canvas = tvg.SwCanvas(engine)
        # Straight RGBA bytes (ABGR read as little-endian words), as ours hands them out.
        canvas.set_target(SIZE, SIZE, cs=tvg.Colorspace.ABGR8888S)
        animation = tvg.LottieAnimation(engine)
        picture = animation.get_picture()
        if picture.load(path) != tvg.Result.SUCCESS:
            raise SystemExit(f"ThorVG cannot load {path}")
        picture.set_size(SIZE, SIZE)
        canvas.add(picture)
        total = animation.get_total_frame()[1]
        frames = 0
        for number in range(COUNT):
            animation.set_frame(number * total / COUNT)
            canvas.update()
            canvas.draw(True)
            canvas.sync()
            if player == "thorvg-numpy":
                numpy.frombuffer(canvas.buffer_arr, numpy.uint8).reshape(SIZE, SIZE, 4).copy()
            else:
                bytes(memoryview(canvas.buffer_arr).cast("B"))  # the pixels, copied as ours are
            frames += 1
    finished = time.monotonic()
    usage = resource.getrusage(resource.RUSAGE_SELF)
    print(json.dumps({"wall": finished - started, "work": finished - working,
                      "cpu": usage.ru_utime + usage.ru_stime, "frames": frames}))


def main():
    arguments = sys.argv[1:]
    if arguments[:1] == ["run"]:
        return run(arguments[1], arguments[2])
    rounds = 3
    if arguments[:1] == ["--rounds"]:
        rounds, arguments = int(arguments[1]), arguments[2:]
    totals = {player: [] for player in PLAYERS}
    for path in arguments:
        for round_number in range(rounds):
            for player in PLAYERS:
                done = subprocess.run([sys.executable, __file__, "run", player, path], capture_output=True, text=True)
                if done.returncode != 0:
                    raise SystemExit(f"{player} on {path}: {done.stderr}")
                result = json.loads(done.stdout.strip().splitlines()[-1])
                result["path"] = path
                totals[player].append(result)
                print(f"{os.path.basename(path)} round {round_number + 1} {player}: "
                      f"{result['wall']:.3f} s wall, {result['cpu']:.3f} s CPU, {result['work']:.3f} s work, "
                      f"{result['frames']} frames")
    for path in arguments:
        runs = {player: [run for run in totals[player] if run["path"] == path] for player in PLAYERS}
        print(os.path.basename(path) + ", medians: " + "; ".join(
            f"{player} {statistics.median(r['wall'] for r in runs[player]):.3f} s wall, "
            f"{statistics.median(r['cpu'] for r in runs[player]):.3f} s CPU, "
            f"{statistics.median(r['work'] for r in runs[player]):.3f} s work" for player in PLAYERS))
    for measure in ("wall", "cpu", "work"):
        for ours_name, theirs_name in PAIRS:
            ours = statistics.median(run[measure] for run in totals[ours_name])
            theirs = statistics.median(run[measure] for run in totals[theirs_name])
            print(f"median {measure}: {ours_name} {ours:.3f} s, {theirs_name} {theirs:.3f} s, "
                  f"ratio {ours / theirs:.2f}")


if __name__ == "__main__":
    main()
