#!/usr/bin/env python3
"""Ray against one process (issue 70): ROWS variants of one template, each recoloured, rendered
to APNG (DURATION seconds at 30 fps) by `openquartzcore.render_batch` (one carender process
doing the rows in turn, painting each row's frames on every core) and by
`openquartzcore.ray.render_variants` on a local Ray cluster of two nodes of one CPU each (a
task a row). Prints each one's wall seconds and the machine's busy CPU seconds (from
/proc/stat, so that Ray's own processes count), and whether the outputs are byte-identical.

    ray-variants.py TEMPLATE.json [--rows 200] [--duration 0.5]

Run it with the Python of a virtual environment holding the wheel with its `ray` extra.
"""
import argparse
import os
import tempfile
import time
from pathlib import Path


def busy_seconds():
    fields = [int(value) for value in open("/proc/stat").readline().split()[1:]]
    idle = fields[3] + fields[4]
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("template")
    parser.add_argument("--rows", type=int, default=200)
    parser.add_argument("--duration", type=float, default=0.5)
    options = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="ray-variants-"))
    rows = folder / "rows.csv"
    lines = ["output,color:**.Color"]
    for row in range(options.rows):
        lines.append(f"v{row:04d},#{(row * 2654435761) % 0xFFFFFF:06x}")
    rows.write_text("\n".join(lines) + "\n")
    settings = dict(format="apng", duration=options.duration, fps=30, size=(240, 240))

    import openquartzcore

    started, cpu = time.monotonic(), busy_seconds()
    openquartzcore.render_batch([options.template], folder / "alone", variants=str(rows), **settings)
    alone = (time.monotonic() - started, busy_seconds() - cpu)

    import ray
    from ray.cluster_utils import Cluster

    cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 1})
    cluster.add_node(num_cpus=1)
    ray.init(address=cluster.address, log_to_driver=False)
    import openquartzcore.ray

    started, cpu = time.monotonic(), busy_seconds()
    failures = openquartzcore.ray.render_variants(options.template, rows, folder / "cluster", formats=["apng"],
                                                  **{k: v for k, v in settings.items() if k != "format"})
    spread = (time.monotonic() - started, busy_seconds() - cpu)
    ray.shutdown()
    cluster.shutdown()
    names = sorted(os.listdir(folder / "alone"))
    same = names == sorted(os.listdir(folder / "cluster")) and all(
        (folder / "alone" / name).read_bytes() == (folder / "cluster" / name).read_bytes() for name in names)
    print(f"{options.rows} variants, {len(names)} files, failures {failures or 'none'}")
    print(f"one process: {alone[0]:.1f} s wall, {alone[1]:.1f} s CPU")
    print(f"Ray, 2 nodes: {spread[0]:.1f} s wall, {spread[1]:.1f} s CPU")
    print(f"speed-up {alone[0] / spread[0]:.2f}×, CPU {spread[1] / alone[1]:.2f}× one process's; "
          f"outputs byte-identical: {same}")


if __name__ == "__main__":
    main()
