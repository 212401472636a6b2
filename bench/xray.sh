#!/usr/bin/env bash
# xray vs rg and ast-grep on the same real tree, side by side, as ratios.
#  1. phase 1 alone: `xray PATTERN -l` vs `rg -l PATTERN`            (target <= 1.3)
#  2. a structural query (calls of open() with a string-literal argument, Python):
#     xray with an evaluator vs `ast-grep scan` with the equivalent rule
#     - selective regex (only files mentioning open( are parsed)     (target < 1.0)
#     - every file a candidate                                       (target <= 3.0)
#  3. evaluator overhead: files per second through phase 2 with a trivial evaluator.
# Usage: bench/xray.sh [DIR]   (RUNS=N to change the number of runs)
source "$(dirname "$0")/lib.sh"
ensure_peers
bin="$(codesearch_bin)"
corpus="${1:-$(default_corpus)}"
cd "$corpus"
echo "corpus: $corpus, $RUNS runs each, median"

rg -l -L 'fn main' >/dev/null; "$bin" xray -L -l 'fn main' >/dev/null || true
ours=$(median_seconds "$bin" xray -L -l 'fn main')
theirs=$(median_seconds rg -L -l 'fn main')
report_ratio "xray -l 'fn main' vs rg -l" "$ours" "$theirs" "rg"

py="$corpus/python"
eval_code='out = []
for call in node.descendants_of_type("call"):
    f = call.child_by_field_name("function")
    if f is not None and f.type == "identifier" and f.text == "open":
        args = call.child_by_field_name("arguments")
        first = args.named_children[0] if args.named_child_count > 0 else None
        if first is not None and first.type == "string":
            out.append({"line_number": call.start_line})
return {"matches": out}'
rule='id: open-literal
language: python
rule:
  pattern: open($S, $$$REST)
constraints:
  S:
    kind: string'
rule_file="$(mktemp /tmp/codesearch-rule.XXXXXX.yml)"
printf '%s\n' "$rule" > "$rule_file"
eval_file="$(mktemp /tmp/codesearch-eval.XXXXXX.py)"
printf '%s\n' "$eval_code" > "$eval_file"
n_ours=$("$bin" xray -L 'open\(' -t python --eval "$eval_code" --color never "$py" | wc -l)
n_theirs=$(ast-grep scan --rule "$rule_file" --json=stream "$py" 2>/dev/null | wc -l)
echo "open(<string literal>, ...) calls found: codesearch $n_ours, ast-grep $n_theirs"
ours=$(median_seconds "$bin" xray -L 'open\(' -t python --eval-file "$eval_file" "$py")
theirs=$(median_seconds ast-grep scan --rule "$rule_file" "$py")
report_ratio "structural, selective regex" "$ours" "$theirs" "ast-grep"
# Filename mode makes every file a candidate with no phase-1 hits to ship.
ours=$(median_seconds "$bin" xray -L --target filename '\.py$' -t python --eval-file "$eval_file" "$py")
report_ratio "structural, every file a candidate" "$ours" "$theirs" "ast-grep"
rm -f "$rule_file" "$eval_file"

files=$("$bin" xray -L -l --target filename '\.py$' -t python "$py" | wc -l)
t=$(median_seconds "$bin" xray -L --target filename '\.py$' -t python --eval 'return {"matches": []}' "$py")
printf '%-44s %d files in %.3fs = %.0f files/s\n' "phase 2, trivial evaluator" "$files" "$t" "$(echo "$files / $t" | bc -l)"
