#!/usr/bin/env python3
"""Judges carender's Lottie pictures against lottie-web, ThorVG and rlottie on a set of real files.

    lottie-check.py SET.tsv --out DIR [--carender PATH] [--jobs N]
    lottie-check.py --setup                 make the peers' venv (VENV, below) and exit

SET.tsv (docs/lottie-check-sets/): one line a file, tab-separated
`owner/repo  commit  path  sha256`, lines starting with `#` are comments. The files are pointers
into public repositories; nothing is copied into the project.

What it does:

1. Materialises every file into DIR/files/NAME.json from a bare git mirror of its repository,
   MIRRORS/owner+repo/repo (or MIRRORS/owner+repo itself), by `git show COMMIT:PATH`. A .tgs
   (Telegram sticker) is gzip'd Lottie JSON and is ungzipped. The JSON's sha256 must be the set's.
   A missing mirror, commit or path, or another sha256, skips the file, saying which.
2. Renders frames ip, (ip + op) / 2 and op - 0.001 (read from the JSON) at --size pixels on the
   longer side, keeping the animation's proportions, with four players:
     ours       `carender frame FILE --engine complete --frame N --size WxH --scale 1 -o OUT.png`
     lottieweb  lottie-web 5.12.2's SVG renderer in headless Chromium:
                `python3 LOTTIEWEB --renderer svg --batch JOBS.tsv` (/work/shared/tools/lottieweb_render.py)
     thorvg     thorvg-python (SwCanvas, ARGB8888), frame N - ip (ThorVG counts from ip)
     rlottie    rlottie-python, whole frame floor(N - ip) (rlottie draws whole frames only, counted
                from ip; its frame op - ip already hides every layer that ends at op)
   ThorVG and rlottie run in the venv VENV (default /tmp/judge-venv: `--setup` makes it) through
   this script's own worker mode, one process a file, so that a crash names the file and player.
   Every render runs under `nice -n 19`. A player that errors is reported (file, player, frame,
   message) and the others go on.
3. Compares every pair of players' pictures, each composited over white: the pixels compared are
   those where either picture's alpha > 0 (before compositing); two pictures AGREE when at least
   0.90 of those pixels differ by at most 32 in every channel (two empty pictures agree).
4. A file is UNLIKE when, on a majority of its frames, ours agrees with none of the other three
   while at least two of the others agree with each other (counting the pictures that exist).
   For files with expressions (a property with an "x" string), the expression agreement of ours
   is the mean over frames of the fraction of drawn pixels where ours and lottie-web differ by at
   most 32 (and the same for ThorVG against lottie-web, for comparison).
5. Prints a summary, writes DIR/report.json, and side-by-side pictures (ours | lottie-web |
   thorvg | rlottie, a row a frame, over white) of the UNLIKE files into DIR/unlike/
   (--sides all: of every file, into DIR/sides/).

Needs: git; Python 3 with Pillow and numpy (if this Python lacks them, the script runs itself
again with VENV's Python); for lottie-web Debian's chromium; for the peers the venv
(`python3 -m venv /tmp/judge-venv && /tmp/judge-venv/bin/pip install thorvg-python rlottie-python
pillow numpy`, which is what --setup does).
"""
import argparse
import concurrent.futures
import gzip
import hashlib
import json
import math
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DEFAULT_CARENDER = os.path.join(ROOT, ".build", "debug", "carender")
DEFAULT_MIRRORS = "/work/.mirror"
DEFAULT_VENV = "/tmp/judge-venv"
DEFAULT_LOTTIEWEB = "/work/shared/tools/lottieweb_render.py"
VENV_PACKAGES = ["thorvg-python", "rlottie-python", "pillow", "numpy"]

PLAYERS = ["ours", "lottieweb", "thorvg", "rlottie"]
TITLES = {"ours": "ours", "lottieweb": "lottie-web", "thorvg": "ThorVG", "rlottie": "rlottie"}
PAIRS = [(a, b) for i, a in enumerate(PLAYERS) for b in PLAYERS[i + 1:]]
OTHERS = ["lottieweb", "thorvg", "rlottie"]
FRAME_LABELS = ["0", "50", "100"]
TOLERANCE = 32        # per channel, 0-255, after compositing over white
AGREE_FRACTION = 0.90
RENDER_TIMEOUT = 600  # seconds for one render (ours) or one file (a peer worker)
GENERIC_STEMS = {"lottie", "data", "animation", "anim", "test", "index", "sample"}


def nice(cmd):
    return ["nice", "-n", "19"] + cmd


def log(msg):
    print(f"lottie-check: {msg}", file=sys.stderr, flush=True)


def frame_text(x):
    s = f"{x:.6f}".rstrip("0").rstrip(".")
    return s if s not in ("", "-0") else "0"


# --------------------------------------------------------------------------------------------
# The set and its files

class Entry:
    def __init__(self, repo, commit, path, sha):
        self.repo, self.commit, self.path, self.sha = repo, commit, path, sha
        self.name = None
        self.file = None        # materialised JSON
        self.skip = None        # why it was not materialised
        self.info = {}          # w, h, ip, op, fr, features, expressions
        self.size = None        # (W, H) rendered
        self.frames = []        # [(label, frame number)]
        self.pictures = {}      # (player, label) -> png path
        self.errors = {}        # (player, label) -> message
        self.warnings = {}      # (player, label) -> message (picture drawn all the same)


def read_set(path):
    entries = []
    with open(path, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            parts = line.split("\t")
            if len(parts) != 4:
                raise SystemExit(f"{path}:{n}: expected owner/repo, commit, path, sha256 (tab-separated)")
            entries.append(Entry(*parts))
    names = {}
    for e in entries:
        parts = e.path.split("/")
        stem = re.sub(r"\.(json|tgs|lottie)$", "", parts[-1], flags=re.I)
        e._stem, e._parent = stem, (parts[-2] if len(parts) > 1 else "")
        names.setdefault(stem.lower(), []).append(e)
    for e in entries:
        repo_name = e.repo.split("/")[-1]
        stem = e._stem
        if len(names[stem.lower()]) > 1 or stem.isdigit() or stem.lower() in GENERIC_STEMS:
            stem = f"{e._parent}-{stem}" if e._parent else stem
        e.name = re.sub(r"[^A-Za-z0-9._-]+", "_", f"{repo_name}-{stem}")
    seen = {}
    for e in entries:  # still the same (two equal paths): number them
        if e.name in seen:
            seen[e.name] += 1
            e.name = f"{e.name}-{seen[e.name]}"
        else:
            seen[e.name] = 1
    return entries


def git_dir_of(mirrors, repo):
    base = os.path.join(mirrors, repo.replace("/", "+"))
    for cand in (os.path.join(base, "repo"), base):
        if os.path.isdir(cand) and os.path.exists(os.path.join(cand, "HEAD")):
            return cand
    return None


def walk_features(node, feats):
    if isinstance(node, dict):
        if isinstance(node.get("x"), str) and node["x"].strip():
            feats["expressions"] = feats.get("expressions", 0) + 1
        ty = node.get("ty")
        is_layer = "ind" in node or ("ty" in node and "ks" in node and isinstance(ty, int))
        if is_layer:
            if node.get("masksProperties"):
                feats["masks"] = 1
            if "tt" in node:
                feats["mattes"] = 1
            if node.get("ddd") == 1:
                feats["3d"] = 1
            if node.get("ef"):
                feats["effects"] = 1
            if isinstance(node.get("tm"), dict):
                feats["time-remap"] = 1
            if node.get("sy"):
                feats["layer-styles"] = 1
            if ty == 0:
                feats["precomps"] = 1
            elif ty == 2:
                feats["images"] = 1
            elif ty == 5:
                feats["text"] = 1
        elif isinstance(ty, str):
            name = {"gf": "gradients", "gs": "gradients", "tm": "trim-paths", "mm": "merge-paths",
                    "rp": "repeaters", "rd": "rounded-corners", "sr": "polystars",
                    "pb": "pucker-bloat", "op": "offset-paths", "zz": "zig-zag",
                    "tw": "twist"}.get(ty)
            if name:
                feats[name] = 1
        for v in node.values():
            walk_features(v, feats)
    elif isinstance(node, list):
        for v in node:
            walk_features(v, feats)


def materialise(entries, mirrors, files_dir):
    os.makedirs(files_dir, exist_ok=True)
    for e in entries:
        gd = git_dir_of(mirrors, e.repo)
        if gd is None:
            e.skip = f"no mirror of {e.repo} under {mirrors} (expected {mirrors}/{e.repo.replace('/', '+')}/repo)"
            log(f"SKIP {e.name}: {e.skip}")
            continue
        r = subprocess.run(["git", "--git-dir", gd, "cat-file", "blob", f"{e.commit}:{e.path}"],
                           capture_output=True)
        if r.returncode != 0:
            why = r.stderr.decode(errors="replace").strip().splitlines()
            e.skip = f"{e.repo} mirror ({gd}) lacks {e.commit}:{e.path}" + (f" ({why[-1]})" if why else "")
            log(f"SKIP {e.name}: {e.skip}")
            continue
        data = r.stdout
        if data[:2] == b"\x1f\x8b":
            try:
                data = gzip.decompress(data)
            except OSError as exc:
                e.skip = f"{e.path} is not a readable gzip file ({exc})"
                log(f"SKIP {e.name}: {e.skip}")
                continue
        sha = hashlib.sha256(data).hexdigest()
        if sha != e.sha.lower():
            e.skip = f"sha256 of {e.repo}:{e.commit}:{e.path} is {sha}, the set says {e.sha}"
            log(f"SKIP {e.name}: {e.skip}")
            continue
        try:
            doc = json.loads(data)
            w, h = float(doc["w"]), float(doc["h"])
            ip, op, fr = float(doc["ip"]), float(doc["op"]), float(doc.get("fr", 0))
        except (ValueError, KeyError, TypeError) as exc:
            e.skip = f"not a Lottie animation ({type(exc).__name__}: {exc})"
            log(f"SKIP {e.name}: {e.skip}")
            continue
        feats = {}
        walk_features(doc, feats)
        if doc.get("chars"):
            feats["glyphs"] = 1
        e.info = dict(w=w, h=h, ip=ip, op=op, fr=fr, expressions=feats.pop("expressions", 0),
                      features=sorted(feats))
        e.file = os.path.join(files_dir, e.name + ".json")
        with open(e.file, "wb") as fh:
            fh.write(data)


def plan_frames(entries, longer):
    for e in entries:
        if not e.file:
            continue
        w, h, ip, op = e.info["w"], e.info["h"], e.info["ip"], e.info["op"]
        if w >= h:
            e.size = (longer, max(1, round(longer * h / w)))
        else:
            e.size = (max(1, round(longer * w / h)), longer)
        e.frames = list(zip(FRAME_LABELS, [ip, (ip + op) / 2.0, op - 0.001]))


def picture_path(out, e, player, label):
    return os.path.join(out, "frames", e.name, f"{player}-{label}.png")


def fail(e, player, label, msg):
    msg = " ".join(msg.split())[:400] or "failed"
    e.errors[(player, label)] = msg
    where = f" frame {label} %" if label else ""
    log(f"FAIL {TITLES[player]} on {e.name}{where}: {msg}")


# --------------------------------------------------------------------------------------------
# Ours

def wait_for_binary(path, tries=3, pause=60):
    """The debug binary may be missing or being rewritten by a build: wait for it a little."""
    for i in range(tries):
        if os.path.isfile(path) and os.access(path, os.X_OK):
            try:
                r = subprocess.run([path, "frame", "--help"], capture_output=True, timeout=120)
                if r.returncode == 0:
                    return True
            except (OSError, subprocess.TimeoutExpired):
                pass
        if i + 1 < tries:
            log(f"{path} is missing or not runnable; waiting {pause} s ({i + 1}/{tries})")
            time.sleep(pause)
    return False



def pictures_to_draw(entries, out, player, reuse):
    """Each materialised file with the frames `player` still has to draw, as (entry, [(label,
    frame, png)]); with `reuse`, pictures already in DIR/frames are taken as they are."""
    todo = []
    for e in entries:
        if not e.file:
            continue
        need = []
        for label, frame in e.frames:
            png = picture_path(out, e, player, label)
            if reuse and os.path.exists(png):
                e.pictures[(player, label)] = png
            else:
                need.append((label, frame, png))
        if need:
            todo.append((e, need))
    return todo

def render_ours(entries, out, carender, jobs, reuse):
    tasks = [(e, label, frame, png) for e, need in pictures_to_draw(entries, out, "ours", reuse)
             for label, frame, png in need]
    if not tasks:
        return
    if not wait_for_binary(carender):
        for e, label, _, _ in tasks:
            fail(e, "ours", label, f"carender not runnable at {carender}")
        return

    def one(task):
        e, label, frame, png = task
        os.makedirs(os.path.dirname(png), exist_ok=True)
        if os.path.exists(png):
            os.remove(png)
        cmd = nice([carender, "frame", e.file, "--engine", "complete", "--frame", frame_text(frame),
                    "--size", f"{e.size[0]}x{e.size[1]}", "--scale", "1", "-o", png])
        for attempt in range(3):
            try:
                r = subprocess.run(cmd, capture_output=True, text=True, timeout=RENDER_TIMEOUT)
            except subprocess.TimeoutExpired:
                return task, f"timed out after {RENDER_TIMEOUT} s"
            except OSError as exc:  # e.g. the binary being rewritten (text file busy)
                if attempt < 2:
                    time.sleep(60)
                    continue
                return task, f"could not run carender: {exc}"
            break
        if r.returncode != 0 or not os.path.exists(png):
            tail = (r.stderr or r.stdout).strip().splitlines()
            return task, f"exit {r.returncode}: " + (" | ".join(tail[-3:]) if tail else "no output")
        return task, None

    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        for (e, label, _, png), err in pool.map(one, tasks):
            if err:
                fail(e, "ours", label, err)
            else:
                e.pictures[("ours", label)] = png


# --------------------------------------------------------------------------------------------
# lottie-web

def render_lottieweb(entries, out, tool, jobs, reuse):
    todo = pictures_to_draw(entries, out, "lottieweb", reuse)
    if not todo:
        return
    if not os.path.exists(tool):
        for e, need in todo:
            for label, _, _ in need:
                fail(e, "lottieweb", label, f"{tool} not found")
        return
    work = os.path.join(out, "lottieweb")
    os.makedirs(work, exist_ok=True)
    n = max(1, min(jobs, len(todo)))
    batches = [todo[i::n] for i in range(n)]

    def run(k):
        batch = batches[k]
        jobs_tsv = os.path.join(work, f"batch-{k}.tsv")
        with open(jobs_tsv, "w") as fh:
            for e, need in batch:
                for label, frame, png in need:
                    os.makedirs(os.path.dirname(png), exist_ok=True)
                    if os.path.exists(png):
                        os.remove(png)
                    fh.write(f"{e.file}\t{frame_text(frame)}\t{e.size[0]}\t{e.size[1]}\t{png}\n")
        # lottieweb_render.py needs only the standard library: this Python runs it.
        try:
            r = subprocess.run(nice([sys.executable, tool, "--renderer", "svg", "--batch", jobs_tsv]),
                               capture_output=True, text=True, timeout=RENDER_TIMEOUT * max(1, len(batch)))
            text, code = r.stderr + r.stdout, r.returncode
        except subprocess.TimeoutExpired as exc:
            said = exc.stderr or b""
            text = said.decode(errors="replace") if isinstance(said, bytes) else said
            code = f"timeout after {RENDER_TIMEOUT * max(1, len(batch))} s"
        with open(os.path.join(work, f"batch-{k}.log"), "w") as fh:
            fh.write(text)
        return batch, text.splitlines(), code

    with concurrent.futures.ThreadPoolExecutor(max_workers=n) as pool:
        for batch, lines, code in pool.map(run, range(n)):
            for e, need in batch:
                load_failed = None
                mine = [ln for ln in lines if ln.startswith(e.file + ":") or ln.startswith(e.file + " @ ")]
                for ln in mine:
                    if ln.startswith(e.file + ": load failed:"):
                        load_failed = ln[len(e.file) + 2:]
                for label, frame, png in need:
                    prefix = f"{e.file} @ {frame_text(frame)}: "
                    said = [ln[len(prefix):] for ln in mine if ln.startswith(prefix)]
                    if os.path.exists(png) and os.path.getsize(png) > 0:
                        e.pictures[("lottieweb", label)] = png
                        errs = [s for s in said if "(errors: " in s]
                        if errs:
                            msg = errs[-1].split("(errors: ", 1)[1].rstrip(")")
                            e.warnings[("lottieweb", label)] = " ".join(msg.split())[:400]
                            log(f"WARN lottie-web on {e.name} frame {label} %: drew, but reported: {e.warnings[('lottieweb', label)][:160]}")
                    elif load_failed:
                        fail(e, "lottieweb", label, load_failed)
                    elif said:
                        fail(e, "lottieweb", label, said[-1])
                    else:
                        fail(e, "lottieweb", label, f"no picture (lottieweb_render exit {code})")


# --------------------------------------------------------------------------------------------
# ThorVG and rlottie: one worker process a file, in the venv

def render_peer(entries, out, player, venv_python, jobs, reuse):
    tasks = pictures_to_draw(entries, out, player, reuse)
    if not tasks:
        return
    if not venv_python or not os.path.exists(venv_python):
        for e, need in tasks:
            for label, _, _ in need:
                fail(e, player, label, f"no venv Python at {venv_python} (run lottie-check.py --setup)")
        return

    def one(task):
        e, need = task
        spec = dict(file=e.file, w=e.size[0], h=e.size[1], ip=e.info["ip"], op=e.info["op"],
                    frames=[[label, frame, png] for label, frame, png in need])
        for _, _, png in need:
            os.makedirs(os.path.dirname(png), exist_ok=True)
            if os.path.exists(png):
                os.remove(png)
        try:
            r = subprocess.run(nice([venv_python, os.path.abspath(__file__), "--worker", player,
                                     json.dumps(spec)]),
                               capture_output=True, text=True, timeout=RENDER_TIMEOUT)
        except subprocess.TimeoutExpired:
            return task, {label: f"timed out after {RENDER_TIMEOUT} s" for label, _, _ in need}
        said = {}
        for ln in r.stdout.splitlines():
            if ln.startswith("RESULT "):
                said = json.loads(ln[7:])
        errs = {}
        for label, _, png in need:
            if said.get(label) == "ok" and os.path.exists(png):
                continue
            if label in said:
                errs[label] = said[label]
            elif r.returncode < 0:
                errs[label] = f"the {player} worker crashed (signal {-r.returncode})"
            else:
                tail = r.stderr.strip().splitlines()
                errs[label] = f"worker exit {r.returncode}: " + (tail[-1] if tail else "no output")
        return task, errs

    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        for (e, need), errs in pool.map(one, tasks):
            for label, _, png in need:
                if label in errs:
                    fail(e, player, label, errs[label])
                else:
                    e.pictures[(player, label)] = png


def unpremultiply_bgra(buf, w, h):
    import numpy as np
    a = np.frombuffer(buf, dtype=np.uint8)[: w * h * 4].reshape(h, w, 4).astype(np.float64)
    alpha = a[..., 3]
    safe = np.where(alpha > 0, alpha, 1.0)
    rgb = a[..., [2, 1, 0]] * (255.0 / safe[..., None])
    rgb[alpha == 0] = 0
    out = np.concatenate([np.clip(np.rint(rgb), 0, 255), alpha[..., None]], axis=-1)
    return out.astype(np.uint8)


def worker(player, spec_text):
    """Renders one file's frames with ThorVG or rlottie; prints RESULT {label: "ok" | message}."""
    from PIL import Image
    spec = json.loads(spec_text)
    path, w, h, ip, op = spec["file"], int(spec["w"]), int(spec["h"]), float(spec["ip"]), float(spec["op"])
    result = {}
    try:
        if player == "thorvg":
            import thorvg_python as tvg
            engine = tvg.Engine(threads=1)

            def draw(frame):
                canvas = tvg.SwCanvas(engine)
                canvas.set_target(w, h, cs=tvg.Colorspace.ARGB8888)
                anim = tvg.LottieAnimation(engine)
                pic = anim.get_picture()
                res = pic.load(path)
                if res != tvg.Result.SUCCESS:
                    raise RuntimeError(f"ThorVG could not load the file ({res})")
                pic.set_size(w, h)
                canvas.add(pic)
                _, total = anim.get_total_frame()
                local = min(max(frame - ip, 0.0), max(float(total), 0.0))
                anim.set_frame(float(local))
                canvas.update()
                canvas.draw(True)
                canvas.sync()
                buf = bytes(memoryview(canvas.buffer_arr).cast("B"))
                canvas.destroy()
                return unpremultiply_bgra(buf, w, h)
        elif player == "rlottie":
            from rlottie_python import LottieAnimation
            anim = LottieAnimation.from_file(path)
            if anim is None:
                raise RuntimeError("rlottie could not load the file")
            total = int(anim.lottie_animation_get_totalframe())

            def draw(frame):
                local = int(math.floor(frame - ip + 1e-6))
                local = min(max(local, 0), max(total - 1, 0))
                buf = anim.lottie_animation_render(frame_num=local, width=w, height=h)
                return unpremultiply_bgra(bytes(buf), w, h)
        else:
            raise RuntimeError(f"unknown player {player}")
    except Exception as exc:  # noqa: BLE001 - every failure is reported, naming the player
        msg = f"{type(exc).__name__}: {exc}"
        print("RESULT " + json.dumps({label: msg for label, _, _ in spec["frames"]}), flush=True)
        return 0
    for label, frame, png in spec["frames"]:
        try:
            rgba = draw(float(frame))
            Image.fromarray(rgba, "RGBA").save(png)
            result[label] = "ok"
        except Exception as exc:  # noqa: BLE001
            result[label] = f"{type(exc).__name__}: {exc}"
    print("RESULT " + json.dumps(result), flush=True)
    return 0


# --------------------------------------------------------------------------------------------
# Comparison

def load_rgba(path, size):
    import numpy as np
    from PIL import Image
    im = Image.open(path).convert("RGBA")
    if im.size != tuple(size):
        raise ValueError(f"{os.path.basename(path)} is {im.size[0]}x{im.size[1]}, not {size[0]}x{size[1]}")
    a = np.asarray(im, dtype=np.float64)
    alpha = a[..., 3:4] / 255.0
    over_white = a[..., :3] * alpha + 255.0 * (1.0 - alpha)
    return over_white, a[..., 3] > 0


def close_fraction(pa, pb):
    import numpy as np
    (ca, da), (cb, db) = pa, pb
    drawn = da | db
    n = int(drawn.sum())
    if n == 0:
        return 1.0
    near = np.all(np.abs(ca - cb) <= TOLERANCE, axis=-1)
    return float((near & drawn).sum()) / n


def judge(entries):
    for e in entries:
        if not e.file:
            continue
        e.judged = []
        for label, frame in e.frames:
            pics = {}
            for p in PLAYERS:
                png = e.pictures.get((p, label))
                if png:
                    try:
                        pics[p] = load_rgba(png, e.size)
                    except (OSError, ValueError) as exc:
                        fail(e, p, label, f"unreadable picture: {exc}")
                        del e.pictures[(p, label)]
            pairs = {}
            for a, b in PAIRS:
                if a in pics and b in pics:
                    f = close_fraction(pics[a], pics[b])
                    pairs[f"{a}|{b}"] = dict(fraction=round(f, 4), agree=f >= AGREE_FRACTION)
            ours_with = [o for o in OTHERS if pairs.get(f"ours|{o}", {}).get("agree")]
            others_agree = [k for k, v in pairs.items() if not k.startswith("ours|") and v["agree"]]
            compared = [o for o in OTHERS if f"ours|{o}" in pairs]
            unlike = "ours" in pics and bool(compared) and not ours_with and bool(others_agree)
            e.judged.append(dict(label=label, frame=frame, pairs=pairs, ours_agrees_with=ours_with,
                                 others_agreeing=others_agree, unlike=unlike))
        n_unlike = sum(1 for j in e.judged if j["unlike"])
        e.unlike = n_unlike * 2 > len(e.judged)
        e.expression_agreement = None
        if e.info["expressions"]:
            def mean_of(key):
                vals = [j["pairs"][key]["fraction"] for j in e.judged if key in j["pairs"]]
                return round(sum(vals) / len(vals), 4) if vals else None
            e.expression_agreement = dict(ours_vs_lottieweb=mean_of("ours|lottieweb"),
                                          thorvg_vs_lottieweb=mean_of("lottieweb|thorvg"))


# --------------------------------------------------------------------------------------------
# Side-by-side pictures

def side_by_side(e, dest):
    from PIL import Image, ImageDraw
    w, h = e.size
    pad, head, left = 6, 16, 40
    width = left + len(PLAYERS) * (w + pad) + pad
    height = head + len(e.frames) * (h + pad) + pad
    sheet = Image.new("RGB", (width, height), (200, 200, 200))
    ink = ImageDraw.Draw(sheet)
    for i, p in enumerate(PLAYERS):
        ink.text((left + pad + i * (w + pad), 3), TITLES[p], fill=(0, 0, 0))
    for r, (label, _) in enumerate(e.frames):
        y = head + r * (h + pad)
        ink.text((4, y + h // 2 - 5), f"{label} %", fill=(0, 0, 0))
        for i, p in enumerate(PLAYERS):
            x = left + pad + i * (w + pad)
            png = e.pictures.get((p, label))
            if png:
                im = Image.open(png).convert("RGBA")
                white = Image.new("RGBA", im.size, (255, 255, 255, 255))
                sheet.paste(Image.alpha_composite(white, im).convert("RGB"), (x, y))
            else:
                ink.rectangle([x, y, x + w - 1, y + h - 1], fill=(255, 235, 235))
                ink.line([x, y, x + w - 1, y + h - 1], fill=(200, 0, 0))
                ink.line([x, y + h - 1, x + w - 1, y], fill=(200, 0, 0))
                ink.text((x + 4, y + 4), "failed", fill=(200, 0, 0))
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    sheet.save(dest)


# --------------------------------------------------------------------------------------------
# Report

def report(entries, args, out):
    done = [e for e in entries if e.file]
    frames = sum(len(e.frames) for e in done)
    pair_counts = {f"{a}|{b}": [0, 0] for a, b in PAIRS}
    for e in done:
        for j in e.judged:
            for k, v in j["pairs"].items():
                pair_counts[k][1] += 1
                pair_counts[k][0] += 1 if v["agree"] else 0
    unlike = [e for e in done if e.unlike]
    expr = [e for e in done if e.info["expressions"]]

    def mean(vals):
        vals = [v for v in vals if v is not None]
        return (sum(vals) / len(vals), len(vals)) if vals else (None, 0)

    ours_lw = mean([e.expression_agreement["ours_vs_lottieweb"] for e in expr])
    tvg_lw = mean([e.expression_agreement["thorvg_vs_lottieweb"] for e in expr])
    failed = {p: [e.name for e in done if any(pl == p for pl, _ in e.errors)] for p in PLAYERS}
    lw_warned = [e.name for e in done if any(pl == "lottieweb" for pl, _ in e.warnings)]
    # lottie-web is the reference for expressions only where it evaluated them without an error
    expr_clean = [e for e in expr if e.name not in lw_warned and e.name not in failed["lottieweb"]]
    ours_lw_clean = mean([e.expression_agreement["ours_vs_lottieweb"] for e in expr_clean])
    tvg_lw_clean = mean([e.expression_agreement["thorvg_vs_lottieweb"] for e in expr_clean])

    def fmt(x):
        return "n/a" if x is None else f"{x:.3f}"

    repos = sorted({e.repo for e in entries})
    lines = [
        f"lottie-check: {args.set}",
        f"  files: {len(done)} of {len(entries)} ({len(repos)} repositories); skipped: {len(entries) - len(done)}"
        + (" (" + ", ".join(e.name for e in entries if not e.file) + ")" if len(done) < len(entries) else ""),
        f"  frames: {frames} (ip, middle, op - 0.001) at {args.size} px on the longer side",
        "  pairs agreeing (frames agreeing / frames with both pictures):",
    ]
    for a, b in PAIRS:
        ok, n = pair_counts[f"{a}|{b}"]
        lines.append(f"    {TITLES[a]:>10} ~ {TITLES[b]:<10} {ok:>4} / {n}")
    lines.append(f"  UNLIKE: {len(unlike)}" + (": " + ", ".join(e.name for e in unlike) if unlike else ""))
    lines.append(f"  expression agreement ({len(expr)} files with expressions; mean over files of the mean over frames"
                 " of the fraction of drawn pixels within 32):")
    lines.append(f"    ours vs lottie-web:   {fmt(ours_lw[0])} ({ours_lw[1]} files)")
    lines.append(f"    ThorVG vs lottie-web: {fmt(tvg_lw[0])} ({tvg_lw[1]} files)")
    lines.append(f"    without the files on which lottie-web failed or reported an error: ours {fmt(ours_lw_clean[0])},"
                 f" ThorVG {fmt(tvg_lw_clean[0])} ({ours_lw_clean[1]} files)")
    for e in expr:
        ea = e.expression_agreement
        lines.append(f"      {e.name}: ours {fmt(ea['ours_vs_lottieweb'])}, ThorVG {fmt(ea['thorvg_vs_lottieweb'])}"
                     f" ({e.info['expressions']} expressions)")
    lines.append("  files a player failed to render (any frame):")
    for p in PLAYERS:
        if p not in args.player_list:
            lines.append(f"    {TITLES[p]:>10}: not run")
            continue
        lines.append(f"    {TITLES[p]:>10}: {len(failed[p])}" + (" (" + ", ".join(failed[p]) + ")" if failed[p] else ""))
    lines.append(f"  lottie-web drew but reported errors on: {len(lw_warned)}"
                 + (" (" + ", ".join(lw_warned) + ")" if lw_warned else ""))
    text = "\n".join(lines)
    print(text)

    doc = dict(
        set=os.path.abspath(args.set), out=os.path.abspath(out), size=args.size,
        rule=dict(tolerance=TOLERANCE, agree_fraction=AGREE_FRACTION,
                  drawn="pixels where either picture's alpha > 0", composite="over white"),
        players=dict(ours=f"{args.carender} frame --engine complete",
                     lottieweb=f"{args.lottieweb} --renderer svg", thorvg="thorvg-python (venv)",
                     rlottie="rlottie-python (venv), whole frames"),
        summary=dict(files=len(done), skipped=[dict(name=e.name, why=e.skip) for e in entries if not e.file],
                     frames=frames, repositories=len(repos),
                     pairs={k: dict(agree=v[0], compared=v[1]) for k, v in pair_counts.items()},
                     unlike=[e.name for e in unlike],
                     expression_agreement=dict(files=len(expr), ours_vs_lottieweb=ours_lw[0],
                                               thorvg_vs_lottieweb=tvg_lw[0],
                                               files_where_lottieweb_had_no_error=len(expr_clean),
                                               ours_vs_lottieweb_there=ours_lw_clean[0],
                                               thorvg_vs_lottieweb_there=tvg_lw_clean[0]),
                     failed={p: failed[p] for p in PLAYERS}, lottieweb_reported_errors=lw_warned),
        files=[],
    )
    for e in entries:
        item = dict(name=e.name, repo=e.repo, commit=e.commit, path=e.path, sha256=e.sha)
        if not e.file:
            item["skipped"] = e.skip
        else:
            item.update(file=e.file, size=list(e.size), **{k: e.info[k] for k in ("w", "h", "ip", "op", "fr",
                                                                                     "expressions", "features")})
            item["frames"] = [dict(j, pictures={p: e.pictures.get((p, j["label"])) for p in PLAYERS},
                                   errors={p: e.errors[(p, j["label"])] for p in PLAYERS if (p, j["label"]) in e.errors},
                                   warnings={p: e.warnings[(p, j["label"])] for p in PLAYERS
                                             if (p, j["label"]) in e.warnings})
                              for j in e.judged]
            item["unlike"] = e.unlike
            item["expression_agreement"] = e.expression_agreement
        doc["files"].append(item)
    with open(os.path.join(out, "report.json"), "w") as fh:
        json.dump(doc, fh, indent=1)
    with open(os.path.join(out, "summary.txt"), "w") as fh:
        fh.write(text + "\n")


# --------------------------------------------------------------------------------------------

def ensure_imaging(venv):
    """Pillow and numpy are needed here; without them, run again under the venv's Python."""
    try:
        import numpy  # noqa: F401
        import PIL  # noqa: F401
        return
    except ImportError:
        pass
    py = os.path.join(venv, "bin", "python")
    if os.path.exists(py) and os.path.realpath(sys.prefix) != os.path.realpath(venv):
        os.execv(py, [py, os.path.abspath(__file__)] + sys.argv[1:])
    raise SystemExit("lottie-check: needs Pillow and numpy (run lottie-check.py --setup to make the venv "
                     f"{venv} and run again)")


def setup(venv):
    if not os.path.exists(os.path.join(venv, "bin", "python")):
        subprocess.run(["python3", "-m", "venv", venv], check=True)
    subprocess.run([os.path.join(venv, "bin", "pip"), "install", "-q"] + VENV_PACKAGES, check=True)
    print(f"lottie-check: venv ready at {venv}")


def main():
    if len(sys.argv) >= 2 and sys.argv[1] == "--worker":
        if len(sys.argv) != 4:
            raise SystemExit("usage: lottie-check.py --worker thorvg|rlottie SPEC_JSON")
        return worker(sys.argv[2], sys.argv[3])
    ap = argparse.ArgumentParser(description="Judge carender's Lottie pictures against lottie-web, ThorVG "
                                 "and rlottie on a set of real files (see the docstring).")
    ap.add_argument("set", nargs="?", help="the set: owner/repo<TAB>commit<TAB>path<TAB>sha256 lines")
    ap.add_argument("--out", help="the folder for files, frames, report.json and side-by-sides")
    ap.add_argument("--carender", default=DEFAULT_CARENDER, help=f"carender binary (default {DEFAULT_CARENDER})")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2, help="renders at once (default: cores)")
    ap.add_argument("--size", type=int, default=200, help="pixels on the longer side (default 200)")
    ap.add_argument("--mirrors", default=DEFAULT_MIRRORS, help=f"bare git mirrors (default {DEFAULT_MIRRORS})")
    ap.add_argument("--venv", default=DEFAULT_VENV, help=f"the peers' venv (default {DEFAULT_VENV})")
    ap.add_argument("--lottieweb", default=DEFAULT_LOTTIEWEB, help=f"lottieweb_render.py (default {DEFAULT_LOTTIEWEB})")
    ap.add_argument("--players", default=",".join(PLAYERS), help="the players to run (default: all four)")
    ap.add_argument("--reuse", action="store_true", help="keep pictures already in DIR/frames (no re-render)")
    ap.add_argument("--sides", choices=["unlike", "all"], default="unlike",
                    help="side-by-side pictures of the UNLIKE files only (default) or of all files too")
    ap.add_argument("--setup", action="store_true", help="make the venv with thorvg-python, rlottie-python, "
                    "Pillow and numpy, then exit")
    args = ap.parse_args()
    if args.setup:
        setup(args.venv)
        return 0
    if not args.set or not args.out:
        ap.error("SET.tsv and --out DIR are needed")
    ensure_imaging(args.venv)
    args.carender = os.path.abspath(args.carender)
    players = args.player_list = [p for p in args.players.split(",") if p]
    for p in players:
        if p not in PLAYERS:
            ap.error(f"unknown player {p} (players: {', '.join(PLAYERS)})")
    out = os.path.abspath(args.out)
    os.makedirs(out, exist_ok=True)
    entries = read_set(args.set)
    materialise(entries, args.mirrors, os.path.join(out, "files"))
    ready = [e for e in entries if e.file]
    if not ready:
        log("no file could be materialised")
        return 1
    plan_frames(entries, args.size)
    venv_python = os.path.join(args.venv, "bin", "python")
    jobs = max(1, args.jobs)
    started = time.time()
    # lottie-web (a Chromium per batch) and the CPU players run one after another so that --jobs holds.
    steps = [("ours", lambda: render_ours(entries, out, args.carender, jobs, args.reuse)),
             ("lottieweb", lambda: render_lottieweb(entries, out, args.lottieweb, jobs, args.reuse)),
             ("thorvg", lambda: render_peer(entries, out, "thorvg", venv_python, jobs, args.reuse)),
             ("rlottie", lambda: render_peer(entries, out, "rlottie", venv_python, jobs, args.reuse))]
    for name, step in steps:
        if name not in players:
            continue
        t0 = time.time()
        step()
        log(f"{TITLES[name]}: {sum(1 for e in ready for (p, _) in e.pictures if p == name)} pictures "
            f"in {time.time() - t0:.0f} s")
    judge(entries)
    unlike_dir = os.path.join(out, "unlike")
    if os.path.isdir(unlike_dir):
        shutil.rmtree(unlike_dir)
    for e in ready:
        if e.unlike:
            side_by_side(e, os.path.join(unlike_dir, e.name + ".png"))
        if args.sides == "all":
            side_by_side(e, os.path.join(out, "sides", e.name + ".png"))
    report(entries, args, out)
    log(f"done in {time.time() - started:.0f} s: {os.path.join(out, 'report.json')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
