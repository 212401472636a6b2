# Shared helpers for the benchmark scripts (sourced, not run).
# Benchmarks compare codesearch with the tools people would otherwise use, side by side
# in one run, and print ratios. They are not tests: these machines are shared and noisy.

set -euo pipefail

BENCH_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
RUNS="${RUNS:-5}"

# The release binary, built once (one cargo build at a time on small machines).
codesearch_bin() {
  if [ -z "${CODESEARCH:-}" ]; then
    (cd "$BENCH_ROOT" && cargo build --release --quiet)
    CODESEARCH="${CARGO_TARGET_DIR:-$BENCH_ROOT/target}/release/codesearch"
  fi
  echo "$CODESEARCH"
}

# Installs the peers when missing: rg and ast-grep from PyPI, ctags and hyperfine (the
# timer) from Debian. Then puts the directory pip installs programs into first on PATH,
# so that each peer is timed as its own binary: a version manager's shim in front of it
# (pyenv's is a shell script that starts another program) would add tens of
# milliseconds to every run of the peer and flatter every ratio measured against it.
ensure_peers() {
  command -v rg >/dev/null || pip install --quiet ripgrep || apt-get install -y ripgrep
  command -v ast-grep >/dev/null || pip install --quiet ast-grep-cli
  command -v ctags >/dev/null || { apt-get update -qq && apt-get install -y -qq universal-ctags; }
  command -v hyperfine >/dev/null || { apt-get update -qq && apt-get install -y -qq hyperfine; }
  local scripts
  scripts="$(python3 -c 'import sysconfig; print(sysconfig.get_path("scripts"))')"
  PATH="$scripts:$PATH"
  local peer
  for peer in rg ast-grep ctags hyperfine; do
    if [ "$(head -c 4 "$(command -v "$peer")" | tail -c 3)" != ELF ]; then
      echo "bench: $peer is not a binary ($(command -v "$peer")): its times would include a wrapper" >&2
      exit 2
    fi
  done
}

# The corpus: real code present on every machine of this kind. The Python standard
# library plus the cargo registry's sources (tens of thousands of files, many languages).
default_corpus() {
  local py
  py="$(python3 -c 'import sysconfig; print(sysconfig.get_paths()["stdlib"])')"
  local cargo_src="${CARGO_HOME:-$HOME/.cargo}/registry/src"
  CORPUS_DIR="${CORPUS_DIR:-$(mktemp -d /tmp/codesearch-corpus.XXXXXX)}"
  if [ ! -e "$CORPUS_DIR/python" ]; then
    ln -s "$py" "$CORPUS_DIR/python"
    [ -d "$cargo_src" ] && ln -s "$cargo_src" "$CORPUS_DIR/cargo"
  fi
  echo "$CORPUS_DIR"
}

# Median wall-clock seconds of RUNS runs of a command (output discarded), timed by
# hyperfine without a shell: from starting the program to its exit, the same way for
# every tool. (Timing with `date` before and after would add the start of a `date`
# process, a few milliseconds, to every run of every tool, and pull every ratio of
# quick commands towards 1.)
median_seconds() {
  PREPARE="" median_seconds_after "$@"
}

# median_seconds, with the shell command PREPARE (when not empty) run, untimed, before
# each run.
median_seconds_after() {
  local arg json prepare=()
  # hyperfine reads the command back from one line, with POSIX shell quoting.
  for arg in "$@"; do
    if [[ "$arg" == *$'\n'* ]]; then
      echo "bench: cannot time $1 with an argument that spans lines (pass it in a file)" >&2
      exit 2
    fi
  done
  if [ -n "${PREPARE:-}" ]; then
    prepare=(--prepare "sh -c $(printf '%q' "$PREPARE")")
  fi
  json=$(mktemp)
  hyperfine --shell=none --style none --ignore-failure --runs "$RUNS" "${prepare[@]}" \
    --export-json "$json" -- "$(printf '%q ' "$@")" >/dev/null 2>&1
  python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["results"][0]["median"])' "$json"
  rm -f "$json"
}

# Prints "label: A s vs B s, ratio A/B".
report_ratio() {
  local label="$1" ours="$2" theirs="$3" peer="$4"
  printf '%-44s codesearch %.3fs  %s %.3fs  ratio %.2f\n' \
    "$label" "$ours" "$peer" "$theirs" "$(echo "$ours / $theirs" | bc -l)"
}
