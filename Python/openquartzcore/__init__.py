"""OpenQuartzCore for Python: Lottie files, CAML documents and ``.tendies`` wallpapers drawn as
Apple's Core Animation draws them, on Linux.

- :class:`Animation` loads a file once and draws its frames in this process, as NumPy arrays
  (or Pillow images);
- :func:`render` writes PNG, PNG sequences, MP4, GIF, APNG, MOV, WebM or WebP, and
  :func:`inspect` describes a file, with ``carender``'s options;
- :mod:`openquartzcore.ray` spreads renders over a Ray cluster.

Errors from the files raise :class:`OpenQuartzCoreError`, which carries the message and, where
the file is at fault, the JSON path or the line.
"""

from ._animation import Animation
from ._errors import OpenQuartzCoreError

__all__ = ["Animation", "OpenQuartzCoreError", "inspect", "render", "render_batch"]
__version__ = "0.1.0"

# The commands (subprocess, shutil, pathlib) are imported when first used: a process that only
# draws frames in memory starts without them.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from ._command import inspect, render, render_batch


def __getattr__(name: str):
    if name in ("inspect", "render", "render_batch"):
        from . import _command

        return getattr(_command, name)
    raise AttributeError(f"module 'openquartzcore' has no attribute {name!r}")
