"""Renders spread over a Ray cluster: the shards of one long render joined into one file, or the
rows of a variants list each rendered by a task of its own.

Every frame is a pure function of the file and its time, so a task that fails (a worker or a
machine lost) is run again elsewhere and the result is the same bytes as on one machine.

>>> import ray, openquartzcore.ray
>>> ray.init(address="auto")                 # an existing cluster (or nothing: a local one)
>>> openquartzcore.ray.render_shards("long.json", "long.mp4", shards=8)
>>> openquartzcore.ray.render_variants("template.json", "rows.csv", "out/", formats=["mp4", "png"])

The tasks read the input, the values and variants files and the pictures they name by their
paths: on a cluster of several machines, keep them on storage every node sees at the same path
(a shared filesystem), as for ``carender render --shard`` on a job runner. What the tasks write
comes back through Ray's object store and is written on the machine that called, into
temporary files renamed over the outputs when complete: what was there is never lost.
"""

from __future__ import annotations

import csv
import io
import os
import tempfile
from pathlib import Path
from typing import Any, Dict, List, Optional

from ._command import _run
from ._errors import OpenQuartzCoreError
from ._options import arguments


def _ray():
    try:
        import ray
    except ImportError as error:
        raise ImportError("openquartzcore.ray needs Ray: pip install 'openquartzcore[ray]'") from error
    if not ray.is_initialized():
        ray.init()
    return ray


def _announce() -> None:
    """Writes this task's process id where ``OPENQUARTZCORE_RAY_PID_DIR`` says (the tests kill
    a worker mid-render by it)."""
    folder = os.environ.get("OPENQUARTZCORE_RAY_PID_DIR")
    if folder:
        # Written whole, then named: a reader never sees the file half written.
        written = Path(folder, f"{os.getpid()}.pid.partial")
        written.write_text(str(os.getpid()))
        os.replace(written, written.with_suffix(""))


def _shard_task(input: str, suffix: str, part: int, parts: int, options: List[str]) -> Dict[str, bytes]:
    """Renders part ``part`` of ``parts``; returns its files by name (one file, or the PNG
    frames of a folder)."""
    _announce()
    with tempfile.TemporaryDirectory(prefix="openquartzcore-shard-") as folder:
        target = f"{folder}/frames/" if suffix == "/" else f"{folder}/part{suffix}"
        _run(["render", input, "--output", target, "--shard", f"{part}/{parts}", *options], False, "")
        return _read_outputs(Path(folder))


def _rows_task(input: str, variants: str, row: int, options: List[str]) -> Dict[str, Any]:
    """Renders row ``row`` of the variants list; returns its files, or the reason it failed."""
    _announce()
    with tempfile.TemporaryDirectory(prefix="openquartzcore-row-") as folder:
        try:
            _run(["render", input, "--variants", variants, "--rows", str(row), "--output-dir", folder, *options],
                 False, "")
        except OpenQuartzCoreError as error:
            return {"error": error.message}
        return {"files": _read_outputs(Path(folder))}


def _read_outputs(folder: Path) -> Dict[str, bytes]:
    return {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


def _write(path: Path, data: bytes) -> None:
    """Writes ``data`` beside ``path`` and renames it over it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.name}.openquartzcore.tmp")
    partial.write_bytes(data)
    partial.replace(path)


def _gather(ray, pending: list, progress: Optional[bool], label: str) -> list:
    """The tasks' results, in their order, with a tqdm bar over the tasks done."""
    import sys

    bar = None
    if progress if progress is not None else sys.stderr.isatty():
        from tqdm import tqdm

        bar = tqdm(total=len(pending), desc=label, unit="task")
    waiting = list(pending)
    while waiting:
        done, waiting = ray.wait(waiting, num_returns=1)
        if bar is not None:
            bar.update(len(done))
    if bar is not None:
        bar.close()
    return ray.get(pending)


def render_shards(input: str | os.PathLike, output: str | os.PathLike, *, shards: int, max_retries: int = 3,
                  progress: Optional[bool] = None, **options: Any) -> Path:
    """Renders ``input`` to ``output`` in ``shards`` parts, each a Ray task
    (``carender render --shard K/N``), and joins them (``carender concat``) on this machine:
    MP4 and APNG into one file, PNG frames (``output`` ending in ``/``) into one folder under
    the whole render's numbers. The keyword arguments are :func:`openquartzcore.render`'s. A
    task whose worker dies is run again, up to ``max_retries`` times."""
    ray = _ray()
    target = os.fspath(output)
    suffix = "/" if target.endswith("/") else Path(target).suffix.lower()
    if suffix not in ("/", ".mp4", ".apng"):
        raise ValueError(f"render_shards joins MP4, APNG or PNG frames (a folder ending in /); got {target!r}")
    if shards < 1:
        raise ValueError(f"shards must be at least 1; got {shards}")
    task = ray.remote(max_retries=max_retries)(_shard_task)
    words = arguments(options)
    pending = [task.remote(os.path.abspath(input), suffix, part, shards, words) for part in range(1, shards + 1)]
    parts = _gather(ray, pending, progress, Path(os.fspath(input)).name)
    if suffix == "/":
        for files in parts:
            for name, data in files.items():
                _write(Path(target) / Path(name).name, data)
        return Path(target)
    with tempfile.TemporaryDirectory(prefix="openquartzcore-join-") as folder:
        names = []
        for number, files in enumerate(parts, start=1):
            (data,) = files.values()
            names.append(f"{folder}/part{number}{suffix}")
            Path(names[-1]).write_bytes(data)
        _run(["concat", *names, "--output", target], False, "")
    return Path(target)


def render_variants(input: str | os.PathLike, variants: str | os.PathLike, output_dir: str | os.PathLike, *,
                    max_retries: int = 3, progress: Optional[bool] = None, **options: Any) -> Dict[int, str]:
    """Renders ``input`` once for each row of the variants list (CSV or JSON lines, as
    ``carender render --variants``), each row a Ray task, into ``output_dir``. The keyword
    arguments are :func:`openquartzcore.render`'s (``formats=["mp4", "png"]`` is
    ``--format mp4,png``). A row that fails fails alone: the others are written, and the
    failures are returned by row number (counting from 1) with ``carender``'s reason, which
    names the list's line. A task whose worker dies is run again, up to ``max_retries``
    times."""
    ray = _ray()
    formats = options.pop("formats", None)
    if formats is not None:
        options["format"] = ",".join(formats)
    count = _count_rows(Path(os.fspath(variants)))
    task = ray.remote(max_retries=max_retries)(_rows_task)
    words = arguments(options)
    pending = [task.remote(os.path.abspath(input), os.path.abspath(variants), row, words)
               for row in range(1, count + 1)]
    results = _gather(ray, pending, progress, f"{count} rows")
    failures: Dict[int, str] = {}
    written: Dict[str, int] = {}
    for row, result in enumerate(results, start=1):
        if "error" in result:
            failures[row] = result["error"]
            continue
        clash = [name for name in result["files"] if name in written]
        if clash:
            failures[row] = f"its files would be named {clash[0]}, as row {written[clash[0]]}'s are"
            continue
        for name, data in result["files"].items():
            written[name] = row
            _write(Path(output_dir) / name, data)
    return failures


def _count_rows(path: Path) -> int:
    """The number of rows of a variants list, counted as ``carender`` counts them: the lines
    that hold something of a JSON lines list (a ``.jsonl`` or ``.ndjson`` file, or one that
    starts with ``{``), else the CSV records after the header with a field that is not empty."""
    text = path.read_text(encoding="utf-8")
    if text.lstrip().startswith("{") or path.suffix.lower() in (".jsonl", ".ndjson"):
        return sum(1 for line in text.splitlines() if line.strip())
    records = list(csv.reader(io.StringIO(text)))
    return sum(1 for record in records[1:] if any(field != "" for field in record))
