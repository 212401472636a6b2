#!/usr/bin/env bash
# Symbols benchmarks (not a test), side by side in one run, as ratios:
#  Every codesearch run here uses --no-index (a fresh parse; bench/store.sh measures
#  the index).
#  1. symbol extraction of a whole large tree (build-index --symbols) vs
#     `ast-grep run -p` with a pattern over the same files (both parse every file with
#     tree-sitter; target ratio <= 1.0), and vs `ctags -R`;
#  2. recall of functions, classes and methods against ctags on the Python standard
#     library (target >= 97%);
#  3. `what-breaks NAME` vs `ast-grep run -p 'NAME($$$)'` (target ratio <= 0.5: only
#     the files the regex selects are parsed) and vs `rg -w -l NAME`.
#  4. `what-breaks encode --all` over the standard library's test/ tree vs ast-grep.
# Usage: bench/symbols.sh [PYTHON_LIB_DIR]   (RUNS=N, CODESEARCH=path/to/binary,
#        JAVA_TREE=DIR to measure extraction on a Java tree too)
source "$(dirname "$0")/lib.sh"
ensure_peers
bin="$(codesearch_bin)"
pylib="${1:-$(python3 -c 'import sysconfig; print(sysconfig.get_paths()["stdlib"])')}"
cd "$pylib"
all_py=$(rg --files -t py --no-ignore | wc -l)
std_py=$(rg --files -t py --no-ignore -g '!site-packages' | wc -l)
echo "corpus: $pylib ($all_py Python files, $std_py outside site-packages); $RUNS runs each, median"

# 1. Extraction of the whole tree (site-packages included), Python files only so that
# every tool parses the same files. --no-ignore: the stdlib has packages named venv/env.
rg --files --no-ignore >/dev/null
ours=$(median_seconds "$bin" build-index --symbols --no-index --no-ignore -t py --json)
theirs=$(median_seconds ast-grep run -l python -p 'def $F($$$): $$$' .)
report_ratio "extraction: build-index --symbols vs ast-grep" "$ours" "$theirs" "ast-grep"
ours_find=$(median_seconds "$bin" find-symbol --no-index --no-ignore -t py no_such_symbol_anywhere)
report_ratio "extraction: find-symbol (no cache) vs ast-grep" "$ours_find" "$theirs" "ast-grep"
theirs_ctags=$(median_seconds ctags -R --languages=Python -f - .)
report_ratio "extraction: build-index --symbols vs ctags -R" "$ours" "$theirs_ctags" "ctags"

# 1b. The same on a large Java tree when one is given (JAVA_TREE=DIR), Java files only.
if [ -n "${JAVA_TREE:-}" ]; then
  (
    cd "$JAVA_TREE"
    rg --files --no-ignore -t java >/dev/null
    ours_java=$(median_seconds "$bin" build-index --symbols --no-index --no-ignore -t java --json)
    theirs_java=$(median_seconds ast-grep run -l java -p 'class $C { $$$ }' .)
    report_ratio "extraction (Java, $(basename "$JAVA_TREE")) vs ast-grep" "$ours_java" "$theirs_java" "ast-grep"
  )
fi

# 2. Recall against ctags on the standard library (site-packages excluded): a ctags
# class/function/member is found when we report a class/function/method with the same
# name whose name is on the same line of the same file.
tmp=$(mktemp -d)
ctags -R --languages=Python --kinds-Python=cfm --fields=+nK --exclude=site-packages \
  --output-format=json -f - . >"$tmp/ctags.json"
"$bin" build-index --symbols --no-index --no-ignore -t py -g '!site-packages' --json >"$tmp/ours.json"
python3 - "$tmp/ctags.json" "$tmp/ours.json" <<'PY'
import json, os, sys
theirs = set()
for line in open(sys.argv[1]):
    t = json.loads(line)
    if t.get("_type") != "tag" or not t["path"].endswith(".py"):
        continue
    theirs.add((os.path.normpath(t["path"]), t["line"], t["name"]))
ours = set()
for line in open(sys.argv[2]):
    r = json.loads(line)
    d = r["data"]
    if r["type"] == "symbol" and d["kind"] in ("function", "method", "class"):
        ours.add((os.path.normpath(d["path"]["text"]), d["line"], d["name"]))
found = len(theirs & ours)
print(f"recall vs ctags (functions, classes, methods): {found}/{len(theirs)} = "
      f"{100.0 * found / max(1, len(theirs)):.2f}%  (we report {len(ours)})")
missed = sorted(theirs - ours)[:10]
if missed:
    print("  first misses:", missed)
PY
rm -rf "$tmp"

# 3. what-breaks vs ast-grep and rg on a widely used name.
name="${BREAKS_NAME:-urlparse}"
id="urllib/parse.py::urlparse#function"
ours=$(median_seconds "$bin" what-breaks --no-index --no-ignore -t py "$id" --json)
theirs=$(median_seconds ast-grep run -l python -p "$name(\$\$\$)" .)
report_ratio "what-breaks ID vs ast-grep '$name(\$\$\$)'" "$ours" "$theirs" "ast-grep"
ours_name=$(median_seconds "$bin" what-breaks --no-index --no-ignore -t py --all "$name" --json)
report_ratio "what-breaks NAME --all vs ast-grep" "$ours_name" "$theirs" "ast-grep"
theirs_rg=$(median_seconds rg --no-ignore -t py -w -l "$name")
report_ratio "what-breaks ID vs rg -w -l" "$ours" "$theirs_rg" "rg"
echo "references found: $("$bin" what-breaks --no-index --no-ignore -t py "$id" --json | grep -c '"type":"reference"')," \
  "ast-grep call matches: $(ast-grep run -l python -p "$name(\$\$\$)" --json=stream . | wc -l)"

# 4. what-breaks on a common name over a tree with many uses of it: every use is read
# and resolved (target ratio <= 0.5 of one ast-grep pattern over the same files).
cd "$pylib/test"
ours=$(median_seconds "$bin" what-breaks --no-index --all encode . --json)
theirs=$(median_seconds ast-grep run -l python -p 'encode($$$A)' .)
report_ratio "what-breaks encode --all (test/) vs ast-grep" "$ours" "$theirs" "ast-grep"
"$bin" what-breaks --no-index --all encode . --json | tail -1 | python3 -c '
import json, sys
d = json.loads(sys.stdin.read())["data"]
print("  uses: %d (%d resolved, %d by name only) in %d files"
      % (d["references"], d["resolved"], d["unresolved"], d["files"]))'
