"""What bench/store_equivalence.py, bench/store_crash.py and bench/find_symbol_same.py
share: the binary, their command line, an answer with its timing set aside, the
definitions of a tree, and copies of real trees with an index of their own.
"""

import argparse
import json
import os
import shutil
import subprocess
import tempfile

BIN = os.path.abspath(os.environ.get("CODESEARCH", "target/release/codesearch"))


def answer(args, cwd, env, no_index=False, binary=BIN):
    """`codesearch ARGS --json` (with `--no-index`): its exit status and its records,
    each as sorted JSON, the summary's `elapsed_ms` left out."""
    cmd = [binary, *args, "--json"] + (["--no-index"] if no_index else [])
    p = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, timeout=900)
    lines = []
    for line in p.stdout.decode("utf-8", "replace").splitlines():
        record = json.loads(line)
        if record.get("type") == "summary":
            record["data"].pop("elapsed_ms", None)
        lines.append(json.dumps(record, sort_keys=True))
    return p.returncode, lines


def arguments(doc, seed):
    """The command line every script over real trees shares (`--root`, repeatable, and
    `--seed`), described by the first line of the script's `doc`; each adds its own."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--root", action="append", required=True)
    parser.add_argument("--seed", type=int, default=seed)
    return parser


def definitions(tree, env, kinds, no_index=False, binary=BIN):
    """The data of the symbol records of `kinds` (all when None) that
    `build-index --symbols` lists."""
    _, lines = answer(["build-index", "--symbols"], tree, env, no_index, binary)
    records = (json.loads(line) for line in lines)
    return [
        r["data"]
        for r in records
        if r["type"] == "symbol" and (kinds is None or r["data"].get("kind") in kinds)
    ]


def copies(roots, prefix):
    """For each root, its name, a copy of it and the environment that gives the copies
    an index directory of their own; each copy is removed once the next is asked for."""
    with tempfile.TemporaryDirectory(prefix=prefix) as work:
        env = dict(os.environ, CODESEARCH_INDEX_DIR=os.path.join(work, "indexes"))
        for root in roots:
            name = os.path.basename(root.rstrip("/"))
            tree = os.path.join(work, name)
            shutil.copytree(root, tree, symlinks=True)
            yield name, tree, env
            shutil.rmtree(tree)
