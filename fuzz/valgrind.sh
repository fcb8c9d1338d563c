#!/usr/bin/env bash
# Runs jetjson's test binaries under valgrind memcheck, one at a time, and
# prints one line per binary. The `unsafe` paths (SIMD loads, unchecked UTF-8)
# are what this is for; tests/buffer_edges.rs puts input at buffer ends and
# re-runs itself per SIMD backend (children are traced, so those run under
# memcheck too). The trybuild UI test is skipped: it only runs rustc.
# Usage: fuzz/valgrind.sh [cargo test flags, e.g. --no-default-features]
# VALGRIND_SKIP="name ..." skips tests whose names contain a word (tests that
# are slow by design, such as million-level nesting, take hours under memcheck).
# VALGRIND_ONLY="bin ..." runs only those test binaries.
set -uo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target}"
# Fewer property-test cases: memcheck runs code ~50x slower.
export PROPTEST_CASES="${PROPTEST_CASES:-16}"
bins=$(cargo test -p jetjson "$@" --no-run --message-format=json 2>/dev/null |
  python3 -c 'import json,sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m.get("executable") and m["profile"]["test"]:
        print(m["target"]["name"] + " " + m["executable"])')
status=0
while read -r name exe; do
  [ "$name" = ui ] && continue
  if [ -n "${VALGRIND_ONLY:-}" ] && ! [[ " $VALGRIND_ONLY " == *" $name "* ]]; then
    continue
  fi
  skips=()
  for word in ${VALGRIND_SKIP:-}; do
    skips+=(--skip "$word")
  done
  log="$CARGO_TARGET_DIR/valgrind-$name.log"
  valgrind --error-exitcode=99 --trace-children=yes --track-origins=yes \
    --log-file="$log.%p" "$exe" --test-threads=1 "${skips[@]}" >"$log" 2>&1
  rc=$?
  errors=$(grep -h "ERROR SUMMARY" "$log".* | awk '{s += $4} END {print s + 0}')
  case $rc in
    0) echo "$name: ok, memcheck errors: $errors" ;;
    99) echo "$name: MEMCHECK ERRORS: $errors (see $log.*)"; status=1 ;;
    *) echo "$name: tests failed (exit $rc), memcheck errors: $errors (see $log)"; status=1 ;;
  esac
done <<<"$bins"
exit $status
