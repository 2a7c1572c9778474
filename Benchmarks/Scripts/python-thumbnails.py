#!/usr/bin/env python3
"""Thumbnails from Python (issue 70): 100 frames of a Lottie file at 500 × 500, spread evenly
over its length, drawn in one Python process by the openquartzcore package (in-process frames,
`Animation.frames`) and by thorvg-python (its software canvas, one thread per core), each in a
process of its own, the two alternated for ROUNDS rounds. Prints each run's wall and CPU
seconds (the process's, every thread's) and the medians' ratio.

    python-thumbnails.py [--rounds N] FILE…        with openquartzcore and thorvg-python installed
    python-thumbnails.py run ours|thorvg FILE      one run (what the above starts)

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


def run(player, path):
    started = time.monotonic()
    if player == "ours":
        import openquartzcore

        animation = openquartzcore.Animation(path, size=(SIZE, SIZE))
        # The whole length in COUNT frames: frame n at n / fps, fps = COUNT / duration rounded.
        fps = max(1, round(COUNT / animation.duration))
        frames = sum(1 for _ in animation.frames(COUNT, fps=fps))
    else:
        import thorvg_python as tvg

        engine = tvg.Engine(threads=os.cpu_count() or 1)
        canvas = tvg.SwCanvas(engine)
        canvas.set_target(SIZE, SIZE, cs=tvg.Colorspace.ARGB8888)
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
            bytes(memoryview(canvas.buffer_arr).cast("B"))  # the pixels, copied as ours are
            frames += 1
    usage = resource.getrusage(resource.RUSAGE_SELF)
    print(json.dumps({"wall": time.monotonic() - started, "cpu": usage.ru_utime + usage.ru_stime, "frames": frames}))


def main():
    arguments = sys.argv[1:]
    if arguments[:1] == ["run"]:
        return run(arguments[1], arguments[2])
    rounds = 3
    if arguments[:1] == ["--rounds"]:
        rounds, arguments = int(arguments[1]), arguments[2:]
    totals = {"ours": [], "thorvg": []}
    for path in arguments:
        for round_number in range(rounds):
            for player in ("ours", "thorvg"):
                done = subprocess.run([sys.executable, __file__, "run", player, path], capture_output=True, text=True)
                if done.returncode != 0:
                    raise SystemExit(f"{player} on {path}: {done.stderr}")
                result = json.loads(done.stdout.strip().splitlines()[-1])
                totals[player].append(result)
                print(f"{os.path.basename(path)} round {round_number + 1} {player}: "
                      f"{result['wall']:.2f} s wall, {result['cpu']:.2f} s CPU, {result['frames']} frames")
    for measure in ("wall", "cpu"):
        ours = statistics.median(run[measure] for run in totals["ours"])
        theirs = statistics.median(run[measure] for run in totals["thorvg"])
        print(f"median {measure}: ours {ours:.2f} s, ThorVG {theirs:.2f} s, ours ÷ ThorVG {ours / theirs:.2f}")


if __name__ == "__main__":
    main()
