"""Writes the openquartzcore wheel (before auditwheel repairs it): the package's Python files,
the C library and the fonts, with the metadata pip reads. Scripts/release.sh runs it.

    python3 Python/build_wheel.py --library libopenquartzcore.so --fonts FOLDER --output DIR
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import platform
import re
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
NAME = "openquartzcore"

METADATA = """Metadata-Version: 2.1
Name: openquartzcore
Version: {version}
Summary: Lottie files, CAML documents and .tendies wallpapers drawn as Apple's Core Animation draws them, on Linux
License: see the project's repository
Requires-Python: >=3.9
Requires-Dist: numpy
Requires-Dist: tqdm
Requires-Dist: imageio-ffmpeg
Provides-Extra: pillow
Requires-Dist: pillow; extra == "pillow"
Provides-Extra: ray
Requires-Dist: ray; extra == "ray"
Description-Content-Type: text/markdown

{readme}
"""

WHEEL = """Wheel-Version: 1.0
Generator: openquartzcore build_wheel.py
Root-Is-Purelib: false
Tag: py3-none-linux_{machine}
"""


def version() -> str:
    text = (HERE / NAME / "__init__.py").read_text()
    return re.search(r'__version__ = "([^"]+)"', text).group(1)


def record_line(path: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path},sha256={digest},{len(data)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--library", required=True, type=Path)
    parser.add_argument("--fonts", required=True, type=Path, help="the release's share/openquartzcore folder")
    parser.add_argument("--output", required=True, type=Path)
    options = parser.parse_args()
    release = version()
    machine = platform.machine()
    files: dict[str, bytes] = {}
    for source in sorted((HERE / NAME).glob("*")):
        if source.suffix in (".py", ".typed"):
            files[f"{NAME}/{source.name}"] = source.read_bytes()
    files[f"{NAME}/_lib/libopenquartzcore.so"] = options.library.read_bytes()
    for font in sorted(options.fonts.rglob("*")):
        if font.is_file():
            files[f"{NAME}/share/openquartzcore/{font.relative_to(options.fonts)}"] = font.read_bytes()
    information = f"{NAME}-{release}.dist-info"
    readme = (HERE.parent / "docs" / "python.md").read_text()
    files[f"{information}/METADATA"] = METADATA.format(version=release, readme=readme).encode()
    files[f"{information}/WHEEL"] = WHEEL.format(machine=machine).encode()
    files[f"{information}/top_level.txt"] = f"{NAME}\n".encode()
    record = [record_line(path, data) for path, data in files.items()] + [f"{information}/RECORD,,"]
    files[f"{information}/RECORD"] = ("\n".join(record) + "\n").encode()
    options.output.mkdir(parents=True, exist_ok=True)
    wheel = options.output / f"{NAME}-{release}-py3-none-linux_{machine}.whl"
    partial = wheel.with_suffix(".partial")
    with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, data in files.items():
            entry = zipfile.ZipInfo(path, date_time=(2026, 1, 1, 0, 0, 0))
            entry.external_attr = (0o755 if path.endswith(".so") else 0o644) << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(entry, data)
    partial.replace(wheel)
    print(wheel)


if __name__ == "__main__":
    main()
