"""The virtual environment the package's tests install the wheel into (once per run)."""

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

WHEEL = os.environ.get("OPENQUARTZCORE_WHEEL")


def pip(environment: Path, *arguments: str) -> float:
    """Runs pip in ``environment``; returns how long it took, in seconds."""
    started = time.monotonic()
    subprocess.run([str(environment / "bin" / "pip"), "install", "--quiet", "--disable-pip-version-check",
                    *arguments], check=True)
    return time.monotonic() - started


@pytest.fixture(scope="session")
def environment(tmp_path_factory) -> Path:
    """A new virtual environment with the wheel (and Pillow) installed."""
    folder = tmp_path_factory.mktemp("venv")
    subprocess.run([sys.executable, "-m", "venv", str(folder)], check=True)
    print(f"\npip install of the wheel: {pip(folder, f'{WHEEL}[pillow]'):.1f} s")
    return folder


@pytest.fixture(scope="session")
def ray_environment(environment: Path) -> Path:
    """The same environment with Ray (the wheel's `ray` extra)."""
    print(f"\npip install of Ray: {pip(environment, f'{WHEEL}[ray]'):.1f} s")
    return environment
