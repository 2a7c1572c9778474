#!/usr/bin/env bash
# Builds the package with Thread Sanitizer and runs the thread tests under it (the shared-clock
# stress test, per-thread transactions, layers freed mid-animation). Fails
# when a test fails or TSan reports anything. Its own scratch path, so the normal build stays.
#
#     bash Scripts/thread-sanitizer.sh            # the thread tests
#     bash Scripts/thread-sanitizer.sh FreedLayer # another filter
set -euo pipefail
cd "$(dirname "$0")/.."
filter="${1:-ThreadSafetyTests|DisplayAndThreadTests|FreedLayerEventTests}"
scratch=.build-tsan
log="$(mktemp)"
trap 'rm -f "$log"' EXIT

swift build --build-tests --sanitize=thread --scratch-path "$scratch"
# halt_on_error stops at the first report, so a race cannot hide behind a passing test;
# second_deadlock_stack shows both sides of a lock-order inversion.
status=0
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 ${TSAN_OPTIONS:-}" \
    swift test --skip-build --sanitize=thread --scratch-path "$scratch" --filter "$filter" 2>&1 | tee "$log" \
    || status=$?
if grep -q "WARNING: ThreadSanitizer" "$log"; then
    echo "thread-sanitizer.sh: ThreadSanitizer reported a problem (see above)" >&2
    exit 1
fi
if [ "$status" -ne 0 ]; then
    echo "thread-sanitizer.sh: the tests failed under ThreadSanitizer (exit $status)" >&2
    exit "$status"
fi
echo "thread-sanitizer.sh: no ThreadSanitizer reports"
