"""The portable release (Scripts/release.sh): carender without a Swift toolchain or -dev packages.

The archive is named by OPENQUARTZCORE_RELEASE and the source-built carender it is compared with
by OPENQUARTZCORE_CARENDER (Scripts/test.sh sets both). Each test unpacks the archive into a
folder of its own and runs the unpacked carender with PATH=/usr/bin:/bin, which holds no Swift.
"""

import json
import os
import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest

RELEASE = os.environ.get("OPENQUARTZCORE_RELEASE")
SOURCE_BUILT = os.environ.get("OPENQUARTZCORE_CARENDER")

pytestmark = pytest.mark.skipif(
    not RELEASE or not SOURCE_BUILT,
    reason="OPENQUARTZCORE_RELEASE and OPENQUARTZCORE_CARENDER are not set (Scripts/test.sh sets them)",
)

# What the release leaves to the system: every Debian and Ubuntu machine has these.
SYSTEM_LIBRARIES = ("ld-linux", "libc.so", "libm.so", "libdl.so", "libpthread.so", "librt.so", "libutil.so",
                    "libresolv.so", "libgcc_s.so", "libstdc++.so", "linux-vdso.so")

# A Lottie file of its own: a square turned by an expression (JavaScriptCore) and a line of text
# in a font with no glyphs in the file (fontconfig, FreeType, the DejaVu fallback).
ANIMATION = {
    "v": "5.7.4", "fr": 30, "ip": 0, "op": 60, "w": 200, "h": 120, "nm": "release check",
    "fonts": {"list": [{"fName": "DejaVuSans", "fFamily": "DejaVu Sans", "fStyle": "Book", "ascent": 75}]},
    "layers": [
        {"ty": 5, "ind": 1, "ip": 0, "op": 60, "st": 0, "nm": "label",
         "ks": {"p": {"a": 0, "k": [20, 100, 0]}},
         "t": {"d": {"k": [{"s": {"s": 24, "f": "DejaVuSans", "t": "Hello", "j": 0, "fc": [0, 0, 0]}, "t": 0}]},
               "p": {}, "m": {"a": {"a": 0, "k": [0, 0]}}, "a": []}},
        {"ty": 4, "ind": 2, "ip": 0, "op": 60, "st": 0, "nm": "square",
         "ks": {"p": {"a": 0, "k": [100, 50, 0]},
                "r": {"a": 0, "k": 0, "x": "var $bm_rt; $bm_rt = time * 90;"}},
         "shapes": [{"ty": "gr", "it": [
             {"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [40, 40]}, "r": {"a": 0, "k": 0}},
             {"ty": "fl", "c": {"a": 0, "k": [0.9, 0.2, 0.1, 1]}, "o": {"a": 0, "k": 100}},
             {"ty": "tr", "p": {"a": 0, "k": [0, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]},
              "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}]}]},
    ],
}


@pytest.fixture
def release(tmp_path: Path) -> Path:
    with tarfile.open(RELEASE) as archive:
        archive.extractall(tmp_path, filter="tar")
    (folder,) = [entry for entry in tmp_path.iterdir() if entry.is_dir()]
    return folder


@pytest.fixture
def animation(tmp_path: Path) -> Path:
    path = tmp_path / "release-check.json"
    path.write_text(json.dumps(ANIMATION))
    return path


def clean_environment(home: Path) -> dict:
    """No Swift, no library path, no font configuration: a machine with none of them."""
    return {"PATH": "/usr/bin:/bin", "HOME": str(home), "LANG": "C.UTF-8"}


def run(command: list, env: dict) -> subprocess.CompletedProcess:
    return subprocess.run([str(part) for part in command], env=env, capture_output=True, text=True, timeout=300)


def render_without_ffmpeg(release: Path, animation: Path, folder: Path, name: str, end: float):
    """Renders the first ``end`` seconds at 30 fps to ``name`` and to PNG frames with no ffmpeg
    anywhere; returns the file and the frames' folder."""
    empty = folder / "no-tools"
    empty.mkdir()
    environment = clean_environment(folder) | {"PATH": str(empty)}
    output, frames = folder / name, folder / "frames"
    for target in (output, f"{frames}/"):
        made = run([release / "bin" / "carender", "render", animation, "-o", target, "--to", end, "--fps", 30],
                   environment)
        assert made.returncode == 0, made.stderr
    return output, frames


def test_every_library_is_the_releases_own_or_the_systems(release: Path):
    binaries = [release / "bin" / "carender", *sorted((release / "lib").iterdir())]
    assert len(binaries) > 10, "the release bundles Cairo, the image libraries, fontconfig and JavaScriptCore"
    for binary in binaries:
        listed = subprocess.run(["ldd", str(binary)], capture_output=True, text=True, env={"PATH": "/usr/bin:/bin"})
        assert listed.returncode == 0, listed.stderr
        for line in listed.stdout.splitlines():
            assert "not found" not in line, f"{binary.name}: {line.strip()}"
            if "=>" not in line:
                continue
            name, path = line.split("=>")[0].strip(), line.split("=>")[1].split("(")[0].strip()
            if name.startswith(SYSTEM_LIBRARIES):
                continue
            assert Path(path).resolve().parent == (release / "lib").resolve(), \
                f"{binary.name} loads {name} from {path}, outside the release"
    assert not any(name.startswith("libswift") or name.startswith("libFoundation")
                   for name in os.listdir(release / "lib")), "the Swift runtime is linked statically"


def test_a_frame_is_the_source_built_binarys_frame(release: Path, animation: Path, tmp_path: Path):
    ours, theirs = tmp_path / "release.png", tmp_path / "source.png"
    made = run([release / "bin" / "carender", "frame", animation, "--frame", 20, "-o", ours],
               clean_environment(tmp_path))
    assert made.returncode == 0, made.stderr
    made = run([SOURCE_BUILT, "frame", animation, "--frame", 20, "-o", theirs], dict(os.environ))
    assert made.returncode == 0, made.stderr
    assert ours.read_bytes() == theirs.read_bytes()


def test_fonts_come_from_the_release(release: Path, animation: Path, tmp_path: Path):
    environment = clean_environment(tmp_path) | {"FC_DEBUG": "1024"}
    made = run([release / "bin" / "carender", "frame", animation, "-o", tmp_path / "text.png"], environment)
    assert made.returncode == 0, made.stderr
    configuration = release / "share" / "openquartzcore" / "fonts.conf"
    assert str(configuration) in made.stdout + made.stderr, "fontconfig reads the release's fonts.conf"


def test_video_without_an_ffmpeg_fails_saying_how_to_get_one(release: Path, animation: Path, tmp_path: Path):
    empty = tmp_path / "no-tools"
    empty.mkdir()
    output = tmp_path / "movie.mp4"
    made = run([release / "bin" / "carender", "render", animation, "-o", output],
               clean_environment(tmp_path) | {"PATH": str(empty)})
    assert made.returncode != 0
    assert "ffmpeg was not found" in made.stderr and "--ffmpeg" in made.stderr, made.stderr
    assert not output.exists()
    made = run([release / "bin" / "carender", "render", animation, "-o", tmp_path / "movie.png",
                "--from", 1], clean_environment(tmp_path) | {"PATH": str(empty)})
    assert made.returncode == 0, "PNG needs no ffmpeg: " + made.stderr


@pytest.mark.skipif(shutil.which("ffmpeg") is None, reason="this machine has no ffmpeg to name")
def test_video_through_a_named_ffmpeg(release: Path, animation: Path, tmp_path: Path):
    empty = tmp_path / "no-tools"
    empty.mkdir()
    ffmpeg = shutil.which("ffmpeg")
    for option in (["--ffmpeg", ffmpeg], []):
        output = tmp_path / f"movie{len(option)}.mp4"
        environment = clean_environment(tmp_path) | {"PATH": str(empty)}
        if not option:
            environment["CARENDER_FFMPEG"] = ffmpeg
        made = run([release / "bin" / "carender", "render", animation, "-o", output, "--to", 0.5, *option],
                   environment)
        assert made.returncode == 0, made.stderr
        assert output.read_bytes()[4:8] == b"ftyp"


def test_apng_without_an_ffmpeg_holds_the_frames(release: Path, animation: Path, tmp_path: Path):
    image = pytest.importorskip("PIL.Image")
    output, frames = render_without_ffmpeg(release, animation, tmp_path, "movie.apng", 0.2)
    with image.open(output) as movie:
        assert movie.format == "PNG" and movie.n_frames == 6 and movie.info.get("loop") == 0
        for number in range(6):
            movie.seek(number)
            assert movie.info["duration"] == pytest.approx(1000 / 30, abs=0.5)
            with image.open(frames / f"frame-{number:05d}.png") as expected:
                assert movie.convert("RGBA").tobytes() == expected.convert("RGBA").tobytes(), f"frame {number}"


def test_gif_without_an_ffmpeg_shows_the_frames(release: Path, animation: Path, tmp_path: Path):
    image = pytest.importorskip("PIL.Image")
    numpy = pytest.importorskip("numpy")
    output, frames = render_without_ffmpeg(release, animation, tmp_path, "movie.gif", 0.5)
    with image.open(output) as movie:
        assert movie.format == "GIF" and movie.n_frames == 15 and movie.info.get("loop") == 0
        durations = []
        for number in range(15):
            movie.seek(number)
            durations.append(movie.info["duration"])
            shown = numpy.asarray(movie.convert("RGBA")).astype(int)
            with image.open(frames / f"frame-{number:05d}.png") as still:
                expected = numpy.asarray(still.convert("RGBA")).astype(int)
            # A pixel shows where the frame is at least half opaque, in a colour of its palette.
            opaque = expected[..., 3] >= 128
            assert ((shown[..., 3] == 255) == opaque).all(), f"frame {number}"
            assert numpy.abs(shown[opaque][:, :3] - expected[opaque][:, :3]).max() <= 8, f"frame {number}"
        assert sum(durations) == 500, durations
