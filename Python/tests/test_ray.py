"""Renders on a Ray cluster (openquartzcore.ray): two nodes started on this machine, a worker
killed mid-render, and the outputs byte for byte those of one machine."""

import json
import os
from pathlib import Path

import pytest

from test_package import SOURCE_BUILT, WHEEL, python
from test_release import ANIMATION

pytestmark = pytest.mark.skipif(
    not WHEEL or not SOURCE_BUILT,
    reason="OPENQUARTZCORE_WHEEL and OPENQUARTZCORE_CARENDER are not set (Scripts/release-tests.sh sets them)",
)

# The driver: a cluster of two nodes of one CPU each, started here; a thread that kills the
# first task's worker (SIGKILL) as soon as it announces itself, once (the task then starts its
# render, a process of its own, which takes far longer than the thread's few milliseconds);
# then the render on the cluster and the same render on this machine alone, compared.
CLUSTER = """
    import os, pathlib, signal, threading, time
    pids = pathlib.Path("pids")
    pids.mkdir()
    os.environ["OPENQUARTZCORE_RAY_PID_DIR"] = str(pids.resolve())
    import ray
    from ray.cluster_utils import Cluster
    cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 1})
    cluster.add_node(num_cpus=1)
    ray.init(address=cluster.address, log_to_driver=False)
    assert len([node for node in ray.nodes() if node["Alive"]]) == 2
    killed = []
    def kill_first_worker():
        while not killed:
            for file in pids.glob("*.pid"):
                os.kill(int(file.read_text()), signal.SIGKILL)
                killed.append(int(file.read_text()))
                break
            time.sleep(0.002)
    threading.Thread(target=kill_first_worker, daemon=True).start()
    import openquartzcore, openquartzcore.ray
"""


@pytest.fixture
def animation(tmp_path: Path) -> Path:
    path = tmp_path / "check.json"
    path.write_text(json.dumps(ANIMATION))
    return path


def test_shards_on_two_nodes_survive_a_killed_worker(ray_environment: Path, animation: Path, tmp_path: Path):
    ran = python(ray_environment, CLUSTER + f"""
    openquartzcore.ray.render_shards({str(animation)!r}, "cluster.apng", shards=4, end=1, fps=30)
    openquartzcore.ray.render_shards({str(animation)!r}, "cluster-frames/", shards=3, end=0.5, fps=30)
    assert killed, "a worker was killed"
    for part in range(1, 5):
        openquartzcore.render({str(animation)!r}, f"alone{{part}}.apng", end=1, fps=30, shard=f"{{part}}/4")
    openquartzcore.render({str(animation)!r}, "alone-frames/", end=0.5, fps=30)
    import imageio_ffmpeg, subprocess, sys
    # The parts joined as on the cluster's calling machine: by carender concat, with the same ffmpeg.
    subprocess.run([sys.executable, "-m", "openquartzcore._carender", "concat",
                    *[f"alone{{part}}.apng" for part in range(1, 5)], "-o", "alone.apng"], check=True,
                   env=dict(os.environ, CARENDER_FFMPEG=imageio_ffmpeg.get_ffmpeg_exe()))
    assert open("cluster.apng", "rb").read() == open("alone.apng", "rb").read()
    names = sorted(os.listdir("alone-frames"))
    assert len(names) == 15 and sorted(os.listdir("cluster-frames")) == names
    for name in names:
        assert open(f"cluster-frames/{{name}}", "rb").read() == open(f"alone-frames/{{name}}", "rb").read(), name
    print("ok")
    """, tmp_path)
    assert ran.returncode == 0 and ran.stdout.strip().endswith("ok"), ran.stdout + ran.stderr


def test_variants_on_two_nodes_each_row_a_task(ray_environment: Path, animation: Path, tmp_path: Path):
    (tmp_path / "rows.csv").write_text(
        "output,color:square.**.Color,float:square.Transform.Opacity\n"
        "red,#ff0000,100\n"
        "broken,#zz0000,50\n"
        "blue,#0000ff,50\n")
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "keep.txt").write_text("was here before")
    ran = python(ray_environment, CLUSTER + f"""
    failures = openquartzcore.ray.render_variants({str(animation)!r}, "rows.csv", "out", formats=["png"], start=0.5)
    assert list(failures) == [2] and "rows.csv:3" in failures[2] and "#zz0000" in failures[2], failures
    assert killed, "a worker was killed"
    try:
        openquartzcore.render_batch([{str(animation)!r}], "alone", variants="rows.csv", format="png", start=0.5)
    except openquartzcore.OpenQuartzCoreError:
        pass  # the broken row, as on the cluster
    for name in ("red.png", "blue.png"):
        assert open(f"out/{{name}}", "rb").read() == open(f"alone/{{name}}", "rb").read(), name
    assert sorted(os.listdir("out")) == ["blue.png", "keep.txt", "red.png"], os.listdir("out")
    assert open("out/keep.txt").read() == "was here before"
    print("ok")
    """, tmp_path)
    assert ran.returncode == 0 and ran.stdout.strip().endswith("ok"), ran.stdout + ran.stderr
