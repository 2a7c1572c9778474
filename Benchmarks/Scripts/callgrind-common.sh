# Shared by frame-callgrind.sh and peer-callgrind.sh (sourced, not run): installs valgrind when
# missing, builds the release product $1 and copies it, stripped of its debug information
# (valgrind 3.19 cannot read the toolchain's DWARF 5), into a temporary folder removed on exit.
# Sets `folder` and `driver`; `collected LOG` prints the instruction count callgrind wrote to LOG.
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if ! command -v valgrind >/dev/null; then
    echo "$(basename "$0"): installing valgrind" >&2
    apt-get install -y -qq valgrind >/dev/null
fi
swift build -c release --product "$1" >/dev/null
folder="$(mktemp -d)"
trap 'rm -rf "$folder"' EXIT
driver="$folder/$1"
cp "$(swift build -c release --show-bin-path)/$1" "$driver"
strip --strip-debug "$driver"

collected() { # callgrind-log
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$1"
}
