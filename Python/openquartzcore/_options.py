"""Keyword arguments as ``carender``'s options."""

from __future__ import annotations

import os

# Python names that are not the option's (``from`` is a keyword).
_RENAMED = {"start": "from", "end": "to"}


def arguments(options: dict[str, object]) -> list[str]:
    """``carender`` options for ``options``: ``fps=30`` is ``--fps 30``, ``size=(500, 500)``
    ``--size 500x500``, ``states=["Locked", "Unlock@1"]`` ``--states Locked,Unlock@1``,
    ``fonts=[a, b]`` ``--fonts a --fonts b``, ``True`` a bare flag; ``None`` and ``False``
    leave the option out."""
    result: list[str] = []
    for key, value in options.items():
        if value is None or value is False:
            continue
        flag = "--" + _RENAMED.get(key, key).replace("_", "-")
        if value is True:
            result.append(flag)
        elif key == "size" and isinstance(value, (tuple, list)):
            result += [flag, f"{value[0]}x{value[1]}"]
        elif key == "states" and isinstance(value, (tuple, list)):
            result += [flag, ",".join(str(state) for state in value)]
        elif isinstance(value, (tuple, list)):
            for item in value:
                result += [flag, os.fspath(item) if isinstance(item, os.PathLike) else str(item)]
        else:
            result += [flag, os.fspath(value) if isinstance(value, os.PathLike) else str(value)]
    return result
