"""The exception every failure raises."""

from __future__ import annotations

# The places a message names (re is imported when a message is read, not with the package).
_JSON_PATH = r"^(?P<file>[^:]+): (?P<path>(?:[A-Za-z_$][\w$]*|\[\d+\])(?:\.[\w$]+|\[\d+\])*): "
_LINE = r"^(?P<file>[^:]+):(?P<line>\d+)(?::(?P<column>\d+))?: "


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
        self.file: str | None = None
        self.json_path: str | None = None
        self.line: int | None = None
        self.column: int | None = None
        import re

        if match := re.match(_LINE, message):
            self.file, self.line = match["file"], int(match["line"])
            self.column = int(match["column"]) if match["column"] else None
        elif match := re.match(_JSON_PATH, message):
            self.file, self.json_path = match["file"], match["path"]
