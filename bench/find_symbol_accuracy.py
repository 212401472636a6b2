#!/usr/bin/env python3
"""find-symbol ranking accuracy on labelled queries over two real code bases.

Each line of bench/labels/find_symbol/<corpus>.jsonl is a query typed the way a
developer who half-remembers a definition types it, with the definitions that answer
it: {"query": "...", "answers": [{"path": "...", "qualified_name": "..."}]} (paths
relative to the corpus root), found by reading the code. <corpus>-heldout.jsonl holds
queries written after the ranking rules were settled, never used to shape them: a
check that the rules generalise. Each label file is reported on its own row. For every query the script runs

    codesearch find-symbol QUERY ROOT --json --limit 10

and takes the rank of the first answer among the results (none when no answer is in
the first ten). It prints, per corpus, top-1 and top-5 (the share of queries answered
at rank 1 / within the first five) and MRR (mean reciprocal rank, 0 when missed).

The corpora are fetched from their registries' source packages with the ordinary
clients (pip, npm) at pinned versions and unpacked once into a cache directory; later
runs reuse them:
  - django: Django 5.2.19 from PyPI (Python; the whole sdist, tests and docs included);
  - rxjs:   RxJS 7.8.2 from npm (TypeScript; the package's src/ directory).

Usage:
    bench/find_symbol_accuracy.py [--verbose] [CORPUS | LABEL_SET]...
    (e.g. `django`, `rxjs-heldout`; default: every corpus and label set)

Environment:
    CODESEARCH          the binary to measure (default: target/release/codesearch)
    CODESEARCH_CORPORA  the cache directory (default: /work/corpora when it exists,
                        else $TMPDIR/codesearch-corpora)

--verbose prints every query that is not answered at rank 1 with its rank and the
first result, to see what the ranking got wrong.
"""

import json
import os
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
LABELS = BENCH / "labels" / "find_symbol"
LIMIT = 10

# name -> (how to download it, the archive's file name, the search root inside the
# unpacked archive)
CORPORA = {
    "django": (
        ["pip", "download", "--no-deps", "--no-binary", ":all:", "django==5.2.19"],
        "django-5.2.19.tar.gz",
        "django-5.2.19",
    ),
    "rxjs": (
        ["npm", "pack", "rxjs@7.8.2"],
        "rxjs-7.8.2.tgz",
        "package/src",
    ),
}


def cache_dir() -> Path:
    env = os.environ.get("CODESEARCH_CORPORA")
    if env:
        return Path(env)
    if Path("/work/corpora").is_dir():
        return Path("/work/corpora")
    return Path(tempfile.gettempdir()) / "codesearch-corpora"


def corpus_root(name: str) -> Path:
    """Downloads and unpacks a corpus unless it is already there; returns its root."""
    command, archive, inner = CORPORA[name]
    base = cache_dir()
    downloads = base / "dl"
    unpacked = base / "find_symbol" / name
    root = unpacked / inner
    if root.is_dir():
        return root
    downloads.mkdir(parents=True, exist_ok=True)
    if not (downloads / archive).is_file():
        subprocess.run(command, cwd=downloads, check=True, stdout=subprocess.DEVNULL)
    tmp = Path(tempfile.mkdtemp(dir=base, prefix=f".{name}-"))
    with tarfile.open(downloads / archive) as tar:
        tar.extractall(tmp, filter="data")
    unpacked.parent.mkdir(parents=True, exist_ok=True)
    tmp.rename(unpacked)
    return root


def results(binary: str, query: str, root: Path) -> list:
    """(path relative to root, qualified name) of each result, best first."""
    # Run from the root, as a developer inside the repository would: printed paths
    # (and the words find-symbol reads in them) are then relative to it.
    out = subprocess.run(
        [binary, "find-symbol", query, ".", "--json", "--limit", str(LIMIT)],
        cwd=root,
        capture_output=True,
        text=True,
    )
    if out.returncode not in (0, 1):
        sys.exit(f"codesearch failed on {query!r}: {out.stderr.strip()}")
    found = []
    for line in out.stdout.splitlines():
        record = json.loads(line)
        if record["type"] != "symbol":
            continue
        data = record["data"]
        path = data["path"].get("text", "")
        found.append((os.path.normpath(path), data["qualified_name"]))
    return found


def label_files(name: str) -> list:
    """The corpus's label sets: `NAME.jsonl`, then any `NAME-SET.jsonl`."""
    return [LABELS / f"{name}.jsonl"] + sorted(LABELS.glob(f"{name}-*.jsonl"))


def measure(binary: str, name: str, labels_file: Path, verbose: bool) -> tuple:
    root = corpus_root(name)
    labels = [json.loads(line) for line in open(labels_file) if line.strip()]
    top1 = top5 = 0
    rr = 0.0
    for label in labels:
        answers = {(a["path"], a["qualified_name"]) for a in label["answers"]}
        found = results(binary, label["query"], root)
        rank = next((i + 1 for i, f in enumerate(found) if f in answers), None)
        if rank == 1:
            top1 += 1
        if rank is not None and rank <= 5:
            top5 += 1
        if rank is not None:
            rr += 1.0 / rank
        if verbose and rank != 1:
            first = "%s %s" % found[0] if found else "(nothing)"
            print(f"  {name}: {label['query']!r}: rank {rank or '-'}; first: {first}")
    n = len(labels)
    return n, top1 / n, top5 / n, rr / n


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("-")]
    verbose = "--verbose" in sys.argv[1:] or "-v" in sys.argv[1:]
    binary = os.environ.get("CODESEARCH", str(REPO / "target" / "release" / "codesearch"))
    binary = os.path.abspath(binary)
    # Each argument names a corpus (all its label sets) or one label set.
    runs = []
    for arg in args or sorted(CORPORA):
        corpus = arg.split("-", 1)[0]
        if corpus not in CORPORA:
            sys.exit(f"unknown corpus {corpus!r} (known: {', '.join(sorted(CORPORA))})")
        files = label_files(corpus) if arg == corpus else [LABELS / f"{arg}.jsonl"]
        runs.extend((corpus, f) for f in files)
    print(f"binary: {binary}")
    print(f"{'labels':<16} {'queries':>7} {'top-1':>7} {'top-5':>7} {'MRR':>7}")
    for corpus, labels_file in runs:
        n, t1, t5, mrr = measure(binary, corpus, labels_file, verbose)
        row = labels_file.stem
        print(f"{row:<16} {n:>7} {t1:>7.1%} {t5:>7.1%} {mrr:>7.3f}", flush=True)


if __name__ == "__main__":
    main()
