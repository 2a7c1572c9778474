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
from ._command import inspect, render, render_batch
from ._errors import OpenQuartzCoreError

__all__ = ["Animation", "OpenQuartzCoreError", "inspect", "render", "render_batch"]
__version__ = "0.1.0"
