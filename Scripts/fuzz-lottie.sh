#!/usr/bin/env bash
# Fuzzes the Lottie reader with libFuzzer for SECONDS (default 300): the LottieFuzzer target,
# built with -sanitize=fuzzer and AddressSanitizer in its own build folder (.build-fuzz-lottie,
# so that its -D flag does not rebuild the CAML fuzzer's .build-fuzz), reads each input as a
# Lottie animation, makes its layer tree, shows three frames and plays it, reading
# presentation values (Sources/LottieFuzzer). The seeds are made at run time in a temporary
# folder: the fuzzer's built-in documents, and the shared corpus's samples
# (../shared/lottie-corpus/samples) when they are there; Scripts/lottie.dict lists Lottie's
# keys for the mutations. What libFuzzer learns stays in .build-fuzz-lottie/corpus for the
# next run; crashes, timeouts and slow inputs land in .build-fuzz-lottie/artifacts, and
# `LottieFuzzer FILE` from a plain `swift build` replays one.
#
#     bash Scripts/fuzz-lottie.sh 1200
#     FUZZ_ARGS="-only_ascii=1" bash Scripts/fuzz-lottie.sh 60
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-300}"
scratch=.build-fuzz-lottie
corpus="$scratch/corpus"
artifacts="$scratch/artifacts"
seeds="$(mktemp -d)"
trap 'rm -rf "$seeds"' EXIT

# One -sanitize flag for both: SwiftPM's --sanitize=fuzzer --sanitize=address reaches the compiler
# as address only, without coverage (--sanitize=fuzzer stays for SwiftPM's link step). A debug
# build: with -O and AddressSanitizer, Swift 6.3's TaskLocal.withValue crashes on Linux.
# -D LOTTIE_FUZZING leaves out the target's own `main`: libFuzzer brings one.
swift build -c debug --product LottieFuzzer --scratch-path "$scratch" \
    --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -DLOTTIE_FUZZING
fuzzer="$(swift build -c debug --scratch-path "$scratch" --show-bin-path)/LottieFuzzer"

# The fuzzer writes its built-in seed documents when LOTTIE_FUZZ_SEEDS names a folder.
mkdir -p "$corpus" "$artifacts"
shared=../shared/lottie-corpus/samples
if [ -d "$shared" ]; then
    find "$shared" -name '*.json' -type f | while read -r file; do
        cp "$file" "$seeds/corpus-$(printf '%s' "$file" | md5sum | cut -c1-12).json"
    done
else
    echo "fuzz-lottie.sh: $shared is absent; seeding from the built-in documents only"
fi

# Swift's own crash reporter would hold the process after a trap; libFuzzer reports instead.
# Leak checking is off: the Swift runtime's caches look like leaks to LeakSanitizer. An input
# may run 30 s before it counts as a hang: this debug build with AddressSanitizer is some 30×
# slower than a release build, and real files that take half a second there take 17 s here.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}"
LOTTIE_FUZZ_SEEDS="$seeds" "$fuzzer" "$corpus" "$seeds" \
    -dict=Scripts/lottie.dict -max_total_time="$seconds" -max_len=131072 -timeout=30 \
    -rss_limit_mb=4096 -report_slow_units=2 -print_final_stats=1 \
    -artifact_prefix="$artifacts/" ${FUZZ_ARGS:-}
