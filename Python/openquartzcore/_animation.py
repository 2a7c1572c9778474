"""Frames drawn in this process."""

from __future__ import annotations

import ctypes
import math
import os

from . import _library
from ._errors import OpenQuartzCoreError
from ._options import arguments

# Names for type checkers only: importing typing costs a process more than drawing a frame.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import Any


class Animation:
    """A Lottie file (``.json``, ``.lottie``), CAML document (``.caml``, ``.ca``, ``.tendies``) or
    gallery scene, loaded once; its frames are drawn in this process.

    The keyword arguments are ``carender frame``'s options: ``values`` (a values file),
    ``engine`` (``"complete"``, ``"automatic"``, ``"core-animation"``, ``"main-thread"``),
    ``animation``, ``theme``, ``slots``, ``fonts``, ``states``, ``swipe``, ``size`` (points,
    ``(w, h)`` or ``"WxH"``), ``scale`` and ``background`` (``"white"``, ``"#rrggbb"``…).

    >>> animation = Animation("loader.json", size=(500, 500))
    >>> pixels = animation.frame(number=30)      # a (500, 500, 4) uint8 array, straight RGBA
    >>> animation.image(progress=0.5).save("half.png")
    >>> raw = animation.frame(number=30, as_bytes=True)  # the same pixels, without NumPy

    Call it from the process's main thread: the library's scenes live there.
    """

    def __init__(self, path: str | os.PathLike, **options: Any):
        library = _library.library()
        self._path = os.fspath(path)
        words = [part.encode() for part in arguments(options)]
        array = (ctypes.c_char_p * max(len(words), 1))(*words)
        error = ctypes.c_void_p()
        handle = library.oqc_open(self._path.encode(), len(words), array, ctypes.byref(error))
        if not handle:
            raise OpenQuartzCoreError(_library.take_string(error.value))
        self._handle: int | None = handle
        info = (ctypes.c_double * 7)()
        if not library.oqc_info(handle, info):
            raise OpenQuartzCoreError(f"{self._path}: the library could not describe it")
        width, height, duration, default_time, fps, first_frame, last_frame = info
        #: The picture's width and height in pixels.
        self.width: int = int(width)
        self.height: int = int(height)
        #: How long it plays, in seconds.
        self.duration: float = duration
        lottie = not math.isnan(fps)
        #: A Lottie file's frame rate, first frame (``ip``) and last (``op``); None otherwise.
        self.fps: float | None = fps if lottie else None
        self.first_frame: float | None = first_frame if lottie else None
        self.last_frame: float | None = last_frame if lottie else None
        self._default_time: float = default_time

    def close(self) -> None:
        """Lets go of the loaded file (also done when the object is collected)."""
        if self._handle:
            _library.library().oqc_close(self._handle)
            self._handle = None

    def __enter__(self) -> "Animation":
        return self

    def __exit__(self, *_: Any) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass

    def __repr__(self) -> str:
        return f"Animation({self._path!r}, {self.width}×{self.height} px, {self.duration:g} s)"

    @property
    def frame_count(self) -> int | None:
        """A Lottie file's number of frames (``op - ip``); None otherwise."""
        if self.fps is None:
            return None
        return int(round(self.last_frame - self.first_frame))

    def time(self, *, time: float | None = None, number: float | None = None,
             progress: float | None = None) -> float:
        """The media time a moment names: ``time`` in seconds, a Lottie frame ``number`` or a
        ``progress`` from 0 to 1; the moment the options named (else 0) without any."""
        given = [name for name, value in (("time", time), ("number", number), ("progress", progress))
                 if value is not None]
        if len(given) > 1:
            raise ValueError(f"give one of time, number and progress, not {' and '.join(given)}")
        if time is not None:
            return float(time)
        if number is None and progress is None:
            return self._default_time
        if self.fps is None:
            raise ValueError("number and progress apply to Lottie files; give time in seconds")
        if progress is not None:
            if not 0 <= progress <= 1:
                raise ValueError(f"progress must be from 0 to 1; got {progress}")
            number = self.first_frame + progress * (self.last_frame - self.first_frame)
        return _library.library().oqc_time_at_frame(self._live(), float(number))

    def frame(self, time: float | None = None, *, number: float | None = None,
              progress: float | None = None, as_bytes: bool = False):
        """The frame at a moment (see :meth:`time`) as a NumPy array of shape
        ``(height, width, 4)``, straight RGBA8: the picture ``carender frame`` writes.

        With ``as_bytes=True``, the same pixels as a ``memoryview`` of ``height × width × 4``
        bytes, row after row, and NumPy is not imported (a process that only writes frames out
        starts quicker without it). Either way the pixels are the memory the library drew the
        frame into, not a copy, let go of when the last reference to them goes."""
        moment = self.time(time=time, number=number, progress=progress)
        (pixels,) = self._draw(moment, 1, 0, as_bytes)
        return pixels

    def image(self, time: float | None = None, *, number: float | None = None,
              progress: float | None = None):
        """:meth:`frame` as a Pillow image (RGBA); needs Pillow, not NumPy."""
        from PIL import Image

        pixels = self.frame(time, number=number, progress=progress, as_bytes=True)
        return Image.frombytes("RGBA", (self.width, self.height), bytes(pixels))

    def frames(self, count: int | None = None, *, fps: int | None = None, start: float = 0,
               as_bytes: bool = False) -> Iterator:
        """``count`` frames from ``start`` seconds at ``fps`` (by default the file's frame rate,
        else 30, and every frame to its end), as ``carender render`` draws them: NumPy arrays
        (``memoryview`` objects with ``as_bytes=True``, as :meth:`frame`), yielded in order,
        each drawn as the iteration reaches it (with the next few, on all cores), so that a
        long animation never sits in memory whole."""
        rate = int(fps or round(self.fps or 30))
        if rate <= 0:
            raise ValueError(f"fps must be above 0; got {fps}")
        first = round(start * rate)
        if count is None:
            count = max(1, round(self.duration * rate) - first)
        if count <= 0:
            raise ValueError(f"count must be at least 1; got {count}")
        yield from self._draw(first, count, rate, as_bytes)

    def _live(self) -> int:
        if not self._handle:
            raise ValueError("the animation is closed")
        return self._handle

    def _draw(self, first: float, count: int, fps: int, as_bytes: bool) -> Iterator:
        """The frames, each drawn as the iteration reaches it (the library draws the next few
        beside it, on every core) and handed out in the memory the library drew it into: a
        NumPy array over it, or a ``memoryview`` of its bytes, which lets it go when the last
        reference to it goes."""
        library = _library.library()
        size = self.height * self.width * 4
        pixels_type = _pixels_type(size)
        if not as_bytes:
            import numpy
        error = ctypes.c_void_p()
        stream = library.oqc_frames(self._live(), float(first), count, fps, ctypes.byref(error))
        if not stream:
            raise OpenQuartzCoreError(_library.take_string(error.value))
        handle, address = ctypes.c_void_p(), ctypes.c_void_p()
        try:
            while True:
                status = library.oqc_next(stream, ctypes.byref(handle), ctypes.byref(address), ctypes.byref(error))
                if status == 0:
                    return
                if status < 0:
                    raise OpenQuartzCoreError(_library.take_string(error.value))
                pixels = pixels_type.from_address(address.value)
                pixels.handle = handle.value
                if as_bytes:
                    yield memoryview(pixels).cast("B")
                else:
                    yield numpy.frombuffer(pixels, numpy.uint8).reshape(self.height, self.width, 4)
        finally:
            library.oqc_frames_close(stream)


_pixel_types: dict[int, type] = {}


def _pixels_type(size: int) -> type:
    """A ctypes array type of ``size`` bytes over a frame's memory in the library, letting it go
    (``oqc_pixels_release``) when the array is collected."""
    known = _pixel_types.get(size)
    if known is None:
        release = _library.library().oqc_pixels_release

        class _Pixels(ctypes.c_ubyte * size):
            handle = None

            def __del__(self):
                if self.handle:
                    release(self.handle)

        known = _pixel_types[size] = _Pixels
    return known
