"""Loads the C library (``libopenquartzcore.so``) the package draws with."""

from __future__ import annotations

# Only what loading the library needs is imported here (no pathlib, typing or platform): a
# process that draws a few frames spends much of its life importing.
import ctypes
import os

PACKAGE = os.path.dirname(os.path.realpath(__file__))

_loaded: ctypes.CDLL | None = None


def library_path() -> str:
    """The library: ``OPENQUARTZCORE_LIBRARY`` when set (a build of one's own), else the wheel's."""
    return os.environ.get("OPENQUARTZCORE_LIBRARY") or os.path.join(PACKAGE, "_lib", "libopenquartzcore.so")


def use_bundled_fonts() -> None:
    """Adds the wheel's DejaVu fonts to fontconfig's (a machine may have none), unless
    ``FONTCONFIG_FILE`` names a configuration already."""
    configuration = os.path.join(PACKAGE, "share", "openquartzcore", "fonts.conf")
    if os.path.exists(configuration):
        os.environ.setdefault("FONTCONFIG_FILE", configuration)


def library() -> ctypes.CDLL:
    """The library, loaded the first time it is asked for."""
    global _loaded
    if _loaded is None:
        _loaded = _load()
    return _loaded


def _load() -> ctypes.CDLL:
    use_bundled_fonts()
    path = library_path()
    try:
        loaded = ctypes.CDLL(path)
    except OSError as error:
        text = str(error)
        if "GLIBC_" in text:
            import platform

            raise ImportError(
                f"OpenQuartzCore's library needs a newer C library than this machine's glibc "
                f"{platform.libc_ver()[1] or '(unknown)'}: {text}") from error
        raise ImportError(f"cannot load OpenQuartzCore's library {path}: {text}") from error
    error = ctypes.POINTER(ctypes.c_void_p)
    loaded.oqc_open.restype = ctypes.c_void_p
    loaded.oqc_open.argtypes = [ctypes.c_char_p, ctypes.c_int, ctypes.POINTER(ctypes.c_char_p), error]
    loaded.oqc_info.restype = ctypes.c_int
    loaded.oqc_info.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_double)]
    loaded.oqc_time_at_frame.restype = ctypes.c_double
    loaded.oqc_time_at_frame.argtypes = [ctypes.c_void_p, ctypes.c_double]
    loaded.oqc_frames.restype = ctypes.c_void_p
    loaded.oqc_frames.argtypes = [ctypes.c_void_p, ctypes.c_double, ctypes.c_int, ctypes.c_int, error]
    loaded.oqc_next.restype = ctypes.c_int
    loaded.oqc_next.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_void_p),
                                error]
    loaded.oqc_pixels_release.restype = None
    loaded.oqc_pixels_release.argtypes = [ctypes.c_void_p]
    loaded.oqc_frames_close.restype = None
    loaded.oqc_frames_close.argtypes = [ctypes.c_void_p]
    loaded.oqc_close.restype = None
    loaded.oqc_close.argtypes = [ctypes.c_void_p]
    loaded.oqc_free.restype = None
    loaded.oqc_free.argtypes = [ctypes.c_void_p]
    loaded.oqc_carender_main.restype = ctypes.c_int
    loaded.oqc_carender_main.argtypes = [ctypes.c_int, ctypes.POINTER(ctypes.c_char_p)]
    return loaded


def take_string(pointer: int | None) -> str:
    """The library's string at ``pointer``, freed."""
    if not pointer:
        return ""
    try:
        return ctypes.string_at(pointer).decode("utf-8", "replace")
    finally:
        library().oqc_free(pointer)
