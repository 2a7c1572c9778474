"""The exception every failure raises."""

from __future__ import annotations

import re
from typing import Optional

_JSON_PATH = re.compile(r"^(?P<file>[^:]+): (?P<path>(?:[A-Za-z_$][\w$]*|\[\d+\])(?:\.[\w$]+|\[\d+\])*): ")
_LINE = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+)(?::(?P<column>\d+))?: ")


class OpenQuartzCoreError(Exception):
    """A file that does not load or render, or options ``carender`` refuses.

    ``message`` is what ``carender`` says; ``file`` the file at fault when it names one;
    ``json_path`` the place in a Lottie file (``layers[0].ks.p.k``) and ``line`` / ``column``
    the place in a CAML document, when the message gives them.
    """

    def __init__(self, message: str):
        message = message.strip()
        if message.startswith("Error: "):
            message = message[len("Error: "):]
        super().__init__(message)
        self.message: str = message
        self.file: Optional[str] = None
        self.json_path: Optional[str] = None
        self.line: Optional[int] = None
        self.column: Optional[int] = None
        if match := _LINE.match(message):
            self.file, self.line = match["file"], int(match["line"])
            self.column = int(match["column"]) if match["column"] else None
        elif match := _JSON_PATH.match(message):
            self.file, self.json_path = match["file"], match["path"]
