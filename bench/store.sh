#!/usr/bin/env bash
# The index (not a test), side by side with the tools a user would otherwise run, in one
# run, as ratios (targets in brackets):
#  1. cold `codesearch index` (every file parsed, references included, written) vs one
#     `ast-grep run -p` pattern over the same tree [<= 1.0]; peak RSS [<= 300 MB];
#  2. warm questions on an unchanged tree (find-symbol, what-breaks on a common name,
#     what-depends) vs `rg --files` [<= 0.5] and `ctags -R` [<= 0.05];
#  3. a question (find-symbol, what-depends) after editing one file vs `rg --files`
#     [<= 1.0];
#  4. the update after rewriting 5% of the files (what a branch switch does) vs the cold
#     build [<= 0.2];
#  5. the index's size vs the bytes of the source files it covers [<= 1.0].
# Every corpus is copied first (step 4 edits files). Corpora: the Python standard library
# with its site-packages by default; more as arguments, each DIR:LANG:FIND:BREAKS:DEPENDS
# (LANG for ast-grep, FIND a find-symbol query, BREAKS a common name, DEPENDS a
# find-symbol query whose first result what-depends is asked about), for example
#   bench/store.sh /work/corpora/spring:java:BeanFactory:getBean:DefaultListableBeanFactory.getBean
# Usage: bench/store.sh [--only] [SPEC...]   (--only: skip the standard library;
#        RUNS=N, COLD_RUNS=N, CODESEARCH=path/to/binary)
source "$(dirname "$0")/lib.sh"
ensure_peers
bin="$(codesearch_bin)"
COLD_RUNS="${COLD_RUNS:-1}"
pylib="$(python3 -c 'import sysconfig; print(sysconfig.get_paths()["stdlib"])')"
specs=("$pylib:python:urlparse:encode:urlparse")
if [ "${1:-}" = "--only" ]; then
  shift
  specs=()
fi
specs+=("$@")

work=$(mktemp -d /tmp/codesearch-store-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT
export CODESEARCH_INDEX_DIR="$work/indexes"

for spec in "${specs[@]}"; do
  IFS=: read -r src lang find breaks depends <<<"$spec"
  name=$(basename "$src")
  tree="$work/$name"
  cp -a "$src" "$tree"
  cd "$tree"
  files=$(rg --files | wc -l)
  echo "== $src ($files files after ignore rules; $RUNS runs each, median)"

  # 1. Cold build.
  rg --files >/dev/null
  cold_times=()
  for _ in $(seq "$COLD_RUNS"); do
    "$bin" index --clear >/dev/null
    start=$(date +%s.%N)
    /usr/bin/time -f '%M' -o "$work/rss" "$bin" index >/dev/null 2>&1
    end=$(date +%s.%N)
    cold_times+=("$(echo "$end - $start" | bc -l)")
  done
  cold=$(printf '%s\n' "${cold_times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  theirs=$(median_seconds ast-grep run -l "$lang" -p '$F($$$A)' .)
  report_ratio "cold index vs ast-grep -l $lang" "$cold" "$theirs" "ast-grep"
  echo "  peak RSS of the cold build: $(( $(cat "$work/rss") / 1024 )) MB"
  sleep 2.5 # let the newest files age past one timestamp tick, as they do in real use
  "$bin" index >/dev/null

  # 2. Warm questions.
  rg_files=$(median_seconds rg --files)
  ctags_all=$(median_seconds ctags -R -f - .)
  id=$("$bin" find-symbol "$depends" --json -n 1 | head -1 |
    python3 -c 'import json,sys; print(json.loads(sys.stdin.read())["data"]["id"])')
  for q in "find-symbol $find" "what-breaks --all $breaks" "what-depends $id"; do
    # shellcheck disable=SC2086
    ours=$(median_seconds "$bin" $q --json)
    report_ratio "warm ${q%% *} vs rg --files" "$ours" "$rg_files" "rg --files"
    report_ratio "warm ${q%% *} vs ctags -R" "$ours" "$ctags_all" "ctags -R"
  done
  # shellcheck disable=SC2086
  fresh=$(RUNS=1 median_seconds "$bin" what-breaks --all "$breaks" --no-index --json)
  echo "  (what-breaks --all $breaks without the index: ${fresh}s)"

  # 3. One file edited before each question.
  one=$(rg --files -t "$lang" | head -1)
  for q in "find-symbol $find" "what-depends $id"; do
    # shellcheck disable=SC2086
    edited=$(PREPARE="printf '\\n' >>'$one'" median_seconds_after "$bin" $q --json)
    report_ratio "${q%% *} after editing one file vs rg --files" "$edited" "$rg_files" "rg --files"
  done

  # 4. 5% of the files rewritten (a branch switch), then one update.
  total=$(rg --files -t "$lang" | wc -l)
  rg --files -t "$lang" | awk -v n=$((total / 20)) 'NR % 20 == 0 && c < n {print; c++}' |
    while read -r f; do printf '\n' >>"$f"; done
  start=$(date +%s.%N)
  "$bin" index >"$work/update"
  end=$(date +%s.%N)
  report_ratio "update after 5% rewritten vs cold index" "$(echo "$end - $start" | bc -l)" "$cold" "cold"
  echo "  $(cat "$work/update")"

  # 5. Size.
  index_bytes=$("$bin" index --status --json | python3 -c 'import json,sys; print(json.loads(sys.stdin.read())["data"]["bytes_on_disk"])')
  source_bytes=$("$bin" build-index --json | tail -1 |
    python3 -c 'import json,sys; d=json.loads(sys.stdin.read())["data"]; print(sum(l["bytes"] for l in d["languages"].values()))')
  printf '%-44s index %d MB  source %d MB  ratio %.2f\n' "size: index vs source covered" \
    $((index_bytes / 1048576)) $((source_bytes / 1048576)) "$(echo "$index_bytes / $source_bytes" | bc -l)"
  cd "$work"
  rm -rf "$tree"
done
