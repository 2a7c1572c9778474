"""``python -m openquartzcore._carender ARGS…``: ``carender`` run from the package's library,
in the process of its own that :func:`openquartzcore.render` starts."""

import ctypes
import sys

from . import _library


def main() -> None:
    words = [b"carender"] + [argument.encode() for argument in sys.argv[1:]]
    array = (ctypes.c_char_p * (len(words) + 1))(*words, None)
    sys.stdout.flush()
    # Never returns: carender exits the process with its status.
    _library.library().oqc_carender_main(len(words), array)


if __name__ == "__main__":
    main()
