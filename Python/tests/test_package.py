"""The Python package (docs/python.md), installed from the wheel Scripts/release.sh makes into a
virtual environment of its own and run there with no Swift on PATH.

OPENQUARTZCORE_WHEEL names the wheel and OPENQUARTZCORE_CARENDER the source-built carender its
pictures are compared with (Scripts/release-tests.sh sets both).
"""

import json
import os
import subprocess
import textwrap
from pathlib import Path

import pytest

from test_release import ANIMATION

WHEEL = os.environ.get("OPENQUARTZCORE_WHEEL")
SOURCE_BUILT = os.environ.get("OPENQUARTZCORE_CARENDER")

pytestmark = pytest.mark.skipif(
    not WHEEL or not SOURCE_BUILT,
    reason="OPENQUARTZCORE_WHEEL and OPENQUARTZCORE_CARENDER are not set (Scripts/release-tests.sh sets them)",
)


@pytest.fixture
def animation(tmp_path: Path) -> Path:
    path = tmp_path / "check.json"
    path.write_text(json.dumps(ANIMATION))
    return path


def python(environment: Path, script: str, folder: Path, **variables: str) -> subprocess.CompletedProcess:
    """Runs ``script`` with the environment's Python in ``folder``, with only the environment's
    programs on PATH (no Swift, no ffmpeg)."""
    env = {"PATH": str(environment / "bin"), "HOME": str(folder), "LANG": "C.UTF-8", **variables}
    return subprocess.run([str(environment / "bin" / "python"), "-c", textwrap.dedent(script)], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=600)


def carender(*arguments) -> None:
    subprocess.run([SOURCE_BUILT, *map(str, arguments)], check=True, capture_output=True)


def test_frames_in_process_are_carenders_pictures(environment: Path, animation: Path, tmp_path: Path):
    carender("frame", animation, "--frame", 20, "-o", tmp_path / "frame.png")
    carender("render", animation, "-o", f"{tmp_path}/frames/", "--to", 0.2)
    ran = python(environment, f"""
        import numpy, openquartzcore
        from PIL import Image
        animation = openquartzcore.Animation({str(animation)!r})
        assert (animation.width, animation.height, animation.fps, animation.frame_count) == (200, 120, 30, 60)
        pixels = animation.frame(number=20)
        assert pixels.shape == (120, 200, 4) and pixels.dtype == numpy.uint8
        assert (pixels == numpy.asarray(Image.open("frame.png").convert("RGBA"))).all()
        assert (numpy.asarray(animation.image(progress=20 / 60)) == pixels).all()
        frames = list(animation.frames(6))
        for number, frame in enumerate(frames):
            expected = numpy.asarray(Image.open(f"frames/frame-{{number:05d}}.png").convert("RGBA"))
            assert (frame == expected).all(), number
        raw = list(animation.frames(6, as_bytes=True))
        assert all(type(frame) is memoryview and frame == array.tobytes() for frame, array in zip(raw, frames))
        assert animation.frame(number=20, as_bytes=True) == pixels.tobytes()
        print("ok")
    """, tmp_path)
    assert ran.returncode == 0 and ran.stdout.strip() == "ok", ran.stderr


def test_bytes_and_images_need_no_numpy(environment: Path, animation: Path, tmp_path: Path):
    carender("frame", animation, "--frame", 20, "-o", tmp_path / "frame.png")
    ran = python(environment, f"""
        import sys, openquartzcore
        from PIL import Image
        animation = openquartzcore.Animation({str(animation)!r})
        raw = animation.frame(number=20, as_bytes=True)
        assert type(raw) is memoryview and len(raw) == 120 * 200 * 4
        assert raw == Image.open("frame.png").convert("RGBA").tobytes()
        assert animation.image(number=20).tobytes() == raw
        assert len(list(animation.frames(3, as_bytes=True))) == 3
        assert "numpy" not in sys.modules, "NumPy was imported"
        print("ok")
    """, tmp_path)
    assert ran.returncode == 0 and ran.stdout.strip() == "ok", ran.stderr


def test_frames_are_let_go_of_with_their_last_reference(environment: Path, animation: Path, tmp_path: Path):
    # 300 frames of a megabyte each, as arrays and as bytes, none kept: the process grows by
    # far less than they add up to; frames kept stay intact after the stream has gone.
    ran = python(environment, f"""
        import numpy, openquartzcore
        def resident():
            return int(open("/proc/self/statm").read().split()[1]) * 4096
        animation = openquartzcore.Animation({str(animation)!r}, size=(500, 500))
        assert (animation.width, animation.height) == (500, 500)
        kept = [bytes(raw) for raw in animation.frames(3, as_bytes=True)]
        before = resident()
        for as_bytes in (False, True):
            for frame in animation.frames(150, fps=60, as_bytes=as_bytes):
                pass
        grown = resident() - before
        assert grown < 100_000_000, f"grew {{grown}} bytes for 300 MB of frames let go of"
        arrays = list(animation.frames(3))
        assert [array.tobytes() for array in arrays] == kept
        print("ok")
    """, tmp_path)
    assert ran.returncode == 0 and ran.stdout.strip() == "ok", ran.stderr


def test_render_and_inspect_with_the_command_lines_options(environment: Path, animation: Path, tmp_path: Path):
    ran = python(environment, f"""
        import openquartzcore
        printed = openquartzcore.render({str(animation)!r}, "still.png", start=0.5, size=(100, 60),
                                        background="white")
        assert "still.png" in printed, printed
        # No ffmpeg on PATH: the imageio-ffmpeg package's encodes the MP4, with a tqdm bar.
        openquartzcore.render({str(animation)!r}, "movie.mp4", end=0.5, progress=True)
        assert open("movie.mp4", "rb").read()[4:8] == b"ftyp"
        text = openquartzcore.inspect({str(animation)!r}, frame=10)
        assert "frames 0–60" in text and "expressions" in text, text
        print("ok")
    """, tmp_path)
    assert ran.returncode == 0 and ran.stdout.strip() == "ok", ran.stderr
    assert "15/15" in ran.stderr, "the progress bar reaches the last frame"
    from PIL import Image
    with Image.open(tmp_path / "still.png") as still:
        assert still.size == (100, 60) and still.getpixel((0, 0))[:3] == (255, 255, 255)


def test_errors_are_exceptions_naming_the_place(environment: Path, animation: Path, tmp_path: Path):
    broken = tmp_path / "broken.json"
    broken.write_text('{"v":"5","fr":30,"ip":0,"op":10,"w":10,"h":10,"layers":[{"ty":4,"ks":{"p":{"a":0,"k":"x"}}}]}')
    ran = python(environment, f"""
        import openquartzcore
        for attempt in (lambda: openquartzcore.Animation({str(broken)!r}),
                        lambda: openquartzcore.render({str(broken)!r}, "out.png")):
            try:
                attempt()
            except openquartzcore.OpenQuartzCoreError as error:
                assert error.json_path == "layers[0].ks.p.k", error.json_path
                assert error.file.endswith("broken.json") and "expected an array" in error.message, error.message
            else:
                raise AssertionError("no error")
        try:
            openquartzcore.Animation("check.json", size="0x10")
        except openquartzcore.OpenQuartzCoreError as error:
            assert "--size" in error.message, error.message
        else:
            raise AssertionError("no error")
        print("ok")
    """, tmp_path)
    assert ran.returncode == 0 and ran.stdout.strip() == "ok", ran.stderr
    assert not (tmp_path / "out.png").exists()


def test_a_c_library_too_old_says_so(environment: Path, tmp_path: Path):
    ran = python(environment, """
        import ctypes
        from openquartzcore import _library
        def refuse(path, *arguments, **options):
            raise OSError(f"{path}: version `GLIBC_2.99' not found (required by {path})")
        ctypes.CDLL = refuse
        try:
            _library.library()
        except ImportError as error:
            assert "newer C library" in str(error) and "GLIBC_2.99" in str(error), error
            print("ok")
    """, tmp_path)
    assert ran.returncode == 0 and ran.stdout.strip() == "ok", ran.stderr
