#!/usr/bin/env bash
# Runs every fuzz target in turn, one process at a time, for SECONDS each
# (default 300), from the seeds plus the corpus kept in corpus/<target>.
# Usage: fuzz/run.sh [SECONDS] [TARGET...]
# Needs cargo-fuzz (`cargo install cargo-fuzz`); on a stable toolchain
# RUSTC_BOOTSTRAP=1 lets it pass its -Z flags (set here).
# NO_BUILD=1 runs the binaries already built under target/ as they are (for
# when the working tree does not build at the moment).
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-300}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(validate value_from_slice typed_from_slice roundtrip escape number differential_serde_json deep_nesting
    derived_from_slice stream_reader cli_fmt msgpack_value msgpack_derived flatten serde_bridge document)
fi
export RUSTC_BOOTSTRAP=1
if [ -z "${NO_BUILD:-}" ]; then
  cargo fuzz build
fi
bin=target/x86_64-unknown-linux-gnu/release
mkdir -p logs
for t in "${targets[@]}"; do
  mkdir -p "corpus/$t" "artifacts/$t"
  echo "== $t for ${seconds}s"
  "$bin/$t" -artifact_prefix="artifacts/$t/" -dict=json.dict \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    "corpus/$t" "seeds/$t" 2>&1 | tee "logs/$t.log" |
    grep -E "^(Done|stat::number_of_executed_units|==[0-9]+==ERROR|SUMMARY|Test unit written|.*panicked at)" || true
done
