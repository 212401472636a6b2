#!/usr/bin/env bash
# build-index vs `rg --files` on the same large real tree. Target: ratio <= 1.5.
# Usage: bench/build_index.sh [DIR]   (RUNS=N to change the number of runs)
source "$(dirname "$0")/lib.sh"
ensure_peers
bin="$(codesearch_bin)"
corpus="${1:-$(default_corpus)}"
cd "$corpus"
files=$(rg --files --follow | wc -l)
echo "corpus: $corpus ($files files by rg --files), $RUNS runs each, median"
# Warm the page cache so both tools see the same state.
rg --files --follow >/dev/null; "$bin" build-index -L >/dev/null || true
ours=$(median_seconds "$bin" build-index -L --color never)
theirs=$(median_seconds rg --files --follow)
report_ratio "build-index vs rg --files" "$ours" "$theirs" "rg"
ours_json=$(median_seconds "$bin" build-index -L --json)
report_ratio "build-index --json vs rg --files" "$ours_json" "$theirs" "rg"
