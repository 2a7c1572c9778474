"""``render`` and ``inspect``: ``carender``'s commands, each in a process of its own."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, List, Optional

from ._errors import OpenQuartzCoreError
from ._library import library_path, use_bundled_fonts
from ._options import arguments


def _ffmpeg_environment(environment: dict) -> None:
    """Names the ``imageio-ffmpeg`` package's ffmpeg when neither ``CARENDER_FFMPEG`` nor
    ``PATH`` has one."""
    if environment.get("CARENDER_FFMPEG") or shutil.which("ffmpeg", path=environment.get("PATH")):
        return
    try:
        import imageio_ffmpeg
    except ImportError:
        return
    environment["CARENDER_FFMPEG"] = imageio_ffmpeg.get_ffmpeg_exe()


def _run(command: List[str], progress: Optional[bool], label: str) -> str:
    """Runs ``carender COMMAND…`` in a child process and returns what it printed; raises
    :class:`OpenQuartzCoreError` with its message when it fails. With ``progress`` (None: when
    standard error is a terminal), a tqdm bar follows the frames."""
    use_bundled_fonts()
    environment = dict(os.environ)
    environment.setdefault("OPENQUARTZCORE_LIBRARY", str(library_path()))
    _ffmpeg_environment(environment)
    reading, writing = os.pipe()
    environment["CARENDER_PROGRESS_FD"] = str(writing)
    child = subprocess.Popen([sys.executable, "-m", "openquartzcore._carender", *command], env=environment,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, pass_fds=(writing,))
    os.close(writing)
    bar = None
    if progress is None:
        progress = sys.stderr.isatty()
    with os.fdopen(reading, "r") as lines:
        for line in lines:
            done, _, total = line.partition(" ")
            if not progress or not total.strip().isdigit():
                continue
            if bar is None:
                from tqdm import tqdm

                bar = tqdm(total=int(total), desc=label, unit="frame")
            bar.update(int(done) - bar.n)
    printed, complaint = child.communicate()
    if bar is not None:
        bar.close()
    if child.returncode != 0:
        text = complaint.decode("utf-8", "replace")
        errors = [line for line in text.splitlines() if line.startswith("Error: ")]
        raise OpenQuartzCoreError(errors[-1] if errors else text or f"carender ended with status {child.returncode}")
    return printed.decode("utf-8", "replace")


def render(input: str | os.PathLike, output: str | os.PathLike, *, progress: Optional[bool] = None,
           **options: Any) -> str:
    """Renders ``input`` to ``output`` as ``carender render INPUT -o OUTPUT`` does, the format
    from its extension (``.png`` one frame, a folder ending in ``/`` numbered PNG frames,
    ``.mp4``, ``.gif``, ``.apng``, ``.mov``, ``.webm``, ``.webp``). The keyword arguments are
    its options: ``fps``, ``start`` (``--from``), ``end`` (``--to``), ``duration``, ``frames``,
    ``loops``, ``size``, ``scale``, ``background``, ``values``, ``engine``, ``states``,
    ``marker``, ``crf``, ``preset``, ``shard`` (``"1/4"``), ``format``, ``ffmpeg``….
    Video without an ffmpeg on ``PATH`` uses the ``imageio-ffmpeg`` package's. Returns what
    ``carender`` printed; raises :class:`OpenQuartzCoreError` when it fails, leaving what was
    at ``output`` as it was. ``progress`` shows a tqdm bar (by default when standard error is
    a terminal)."""
    return _run(["render", os.fspath(input), "--output", os.fspath(output), *arguments(options)], progress,
                Path(os.fspath(input)).name)


def render_batch(inputs: List[str | os.PathLike], output_dir: str | os.PathLike, *,
                 progress: Optional[bool] = None, **options: Any) -> str:
    """Renders every input (files, or folders of them), or with ``variants`` every row of a
    variants file, into ``output_dir``, as ``carender render … --output-dir`` does."""
    return _run(["render", *map(os.fspath, inputs), "--output-dir", os.fspath(output_dir), *arguments(options)],
                progress, f"{len(inputs)} input(s)")


def inspect(input: str | os.PathLike, **options: Any) -> str:
    """What ``carender inspect INPUT`` prints: the tree at a moment, the markers and, for a
    Lottie file, the features each engine draws. The keyword arguments are its options."""
    return _run(["inspect", os.fspath(input), *arguments(options)], False, "inspect")
