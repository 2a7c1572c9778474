#!/usr/bin/env bash
# Which iOS Swift files compile here, each on its own: with only their imports changed, and
# through the porting step (openquartzcore-port, as the PortIOSSources plugin runs it).
# Usage: Scripts/port-check.sh FOLDER [--jobs N]
# FOLDER holds Swift files, each checked alone, and module folders: a subfolder with a `.check`
# file (the names of the files to judge, one a line) has all its Swift files typechecked together,
# as one target, so that a file finds the types its siblings declare.
# Prints one line per judged file (its two results and the first error left) and a summary of
# what still fails, grouped by the compiler's message, then the module files set aside with their
# first error (what the judged files of that module miss). Nothing in FOLDER is changed.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: Scripts/port-check.sh FOLDER [--jobs N]" >&2; exit 2; }
# The modules as the plugin's targets see them, and the porting command.
swift build --target PortedIOSFixtures >/dev/null
swift build --product openquartzcore-port >/dev/null
python3 - "$@" <<'CHECK'
import collections, concurrent.futures, os, re, subprocess, sys, tempfile

folder = sys.argv[1]
jobs = int(sys.argv[sys.argv.index("--jobs") + 1]) if "--jobs" in sys.argv else 2
bin_dir = subprocess.check_output(["swift", "build", "--show-bin-path"], text=True).strip()

# The compiler's arguments for the plugin's fixture target, without what builds a module.
yaml = open(".build/debug.yaml", encoding="utf-8").read()
start = yaml.index("args: [", yaml.index('"C.PortedIOSFixtures'))
args = eval(yaml[start + 6:yaml.index("\n", start)])
keep, skip = [], {"-emit-module-path", "-output-file-map", "-index-store-path", "-emit-objc-header-path", "-module-name"}
dropped = {"-emit-dependencies", "-emit-module", "-incremental", "-c", "-enable-batch-mode", "-serialize-diagnostics",
           "-parseable-output", "-emit-objc-header", "-enable-testing", "-g", "-j2"}
i = 1
while i < len(args):
    arg = args[i]
    if arg == "-Xcc":
        keep += args[i:i + 2]
        i += 2
        continue
    if arg in skip:
        i += 2
        continue
    if arg not in dropped and not arg.startswith("@"):
        keep.append(arg)
    i += 1
compiler = [args[0], "-typecheck", "-module-name", "PortCheck"] + keep

IMPORTS = {"UIKit": "OpenUIKit", "QuartzCore": "OpenQuartzCore", "CoreGraphics": "OpenCoreGraphics"}

def imports_only(text):
    return re.sub(r"^(\s*(?:@\w+\s+)*import\s+(?:\w+\s+)?)(UIKit|QuartzCore|CoreGraphics)\b",
                  lambda m: m.group(1) + IMPORTS[m.group(2)], text, flags=re.M)

def first_errors(paths):
    """The first error the compiler reports in each of `paths`, typechecked together. The
    compiler stops at the first stage that fails in any file, so files with errors are set
    aside with their first error and the rest checked again, until a run has none: a file
    that needs one set aside then fails for the type it cannot find."""
    errors, paths = {}, list(paths)
    while paths:
        run = subprocess.run(compiler + paths, capture_output=True, text=True)
        found = {}
        for line in (run.stderr + run.stdout).splitlines():
            match = re.match(r"(/[^:]+\.swift):(\d+):\d+: error: (.*)", line)
            if match:
                found.setdefault(match.group(1), f"line {match.group(2)}: {match.group(3).strip()}")
        if not found:
            if run.returncode != 0:
                errors.update({os.path.basename(p): "the compiler failed without an error message" for p in paths})
            break
        errors.update({os.path.basename(path): message for path, message in found.items()})
        paths = [path for path in paths if path not in found]
    return errors

def cause(message):
    return re.sub(r"'[^']*'", "'…'", re.sub(r"^line \d+: ", "", message))

# Units compiled together: each subfolder holding a `.check` file (the files to judge, one name a
# line) is a module, all its Swift files typechecked together; any other Swift file is alone.
units = []
for entry in sorted(os.listdir(folder)):
    path = os.path.join(folder, entry)
    if os.path.isdir(path) and os.path.exists(os.path.join(path, ".check")):
        names = sorted(f for f in os.listdir(path) if f.endswith(".swift"))
        judged = [line.strip() for line in open(os.path.join(path, ".check")) if line.strip()]
        units.append((entry, [os.path.join(path, n) for n in names], judged))
    elif entry.endswith(".swift"):
        units.append((entry[:-6], [path], [entry]))
work = tempfile.mkdtemp(prefix="port-check-")

def check(unit):
    name, paths, judged = unit
    plain_dir, ported_dir = os.path.join(work, name, "imports"), os.path.join(work, name, "ported")
    os.makedirs(plain_dir)
    for path in paths:
        with open(path, encoding="utf-8", errors="replace") as source:
            text = imports_only(source.read())
        with open(os.path.join(plain_dir, os.path.basename(path)), "w", encoding="utf-8") as copy:
            copy.write(text)
    # The module's files are ported together, as the plugin ports a target's.
    subprocess.run([os.path.join(bin_dir, "openquartzcore-port"), "--output", ported_dir] + paths,
                   check=True, capture_output=True)
    plain = first_errors([os.path.join(plain_dir, os.path.basename(p)) for p in paths])
    ported = first_errors([os.path.join(ported_dir, os.path.basename(p)) for p in paths])
    siblings = [(name, f, message) for f, message in sorted(ported.items()) if f not in judged]
    return [(f, plain.get(f), ported.get(f)) for f in judged], siblings

with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
    checked = list(pool.map(check, units))
results = [row for rows, _ in checked for row in rows]
siblings = [row for _, rows in checked for row in rows]

causes = collections.Counter()
for name, plain, ported in results:
    print(f"{'ok ' if plain is None else 'err'}  {'ok ' if ported is None else 'err'}  {name}"
          + ("" if ported is None else f"  — {ported}"))
    if ported is not None:
        causes[cause(ported)] += 1
plain_ok = sum(1 for _, plain, _ in results if plain is None)
ported_ok = sum(1 for _, _, ported in results if ported is None)
lost = [name for name, plain, ported in results if plain is None and ported is not None]
print(f"\n{len(results)} files: {plain_ok} compile with their imports changed, {ported_ok} through the porting step")
if lost:
    print("compiled with imports changed but not ported: " + ", ".join(lost))
print("\nwhat still fails, by the first error:")
for message, count in causes.most_common():
    print(f"{count:4}  {message}")
if siblings:
    # A judged file that cannot find a type of its module fails for the file declaring it.
    print("\nmodule files set aside, by their first error (the judged files above need them):")
    for module, name, message in siblings:
        print(f"  {module}/{name}  — {message}")
CHECK
