#!/usr/bin/env python3
"""Answers from the index against answers from a fresh parse, on real trees.

For each root, the tree is copied (edits come later), then:
  1. `build-index --symbols` with and without the index;
  2. for a random sample of its definitions: `find-symbol NAME`, `what-depends ID` and
     `what-breaks ID` (every `--depth 2` for a few), with and without the index;
  3. the copy is edited as a branch switch or a refactor would edit it (files rewritten
     with a new caller of a sampled name, new files, deleted and renamed files), and
     step 2 runs again with the same index: it must notice every change.
Every pair of answers must be byte-identical once the `elapsed_ms` fields are set aside.
Differences are printed (first lines of each) and counted; exit status 1 when any.

Usage:
  CODESEARCH=target/release/codesearch python3 bench/store_equivalence.py \\
      --root /work/corpora/spring --root /work/corpora/redis [--sample 30] [--seed 1]
"""

import json
import os
import random
import shutil
import subprocess
import sys

from index_copies import BIN, answer, arguments, copies, definitions

KINDS = {"function", "method", "class", "struct", "interface", "trait", "enum", "module"}


def compare(label, args, cwd, env):
    a = answer(args, cwd, env)
    b = answer(args, cwd, env, no_index=True)
    if a == b:
        return True
    print(f"DIFFERENT {label}: {' '.join(args)}")
    print(f"  exit {a[0]} (index) vs {b[0]} (no index)")
    only_a = [x for x in a[1] if x not in b[1]][:3]
    only_b = [x for x in b[1] if x not in a[1]][:3]
    for x in only_a:
        print(f"  index only:    {x[:300]}")
    for x in only_b:
        print(f"  no-index only: {x[:300]}")
    return False


def questions(tree, env, sample, rng, label):
    defs = definitions(tree, env, KINDS)
    picked = rng.sample(defs, min(sample, len(defs)))
    asked = differ = 0
    for i, d in enumerate(picked):
        qs = [
            ["find-symbol", d["name"]],
            ["what-depends", d["id"]],
            ["what-breaks", d["id"]] + (["--depth", "2"] if i % 5 == 0 else []),
        ]
        for q in qs:
            asked += 1
            if not compare(label, q, tree, env):
                differ += 1
    return asked, differ, picked


def edit(tree, picked, rng):
    """Rewrites, adds, deletes and renames files of the copy; returns what it did."""
    files = subprocess.run(
        [BIN, "build-index", "--json"], cwd=tree, capture_output=True, check=True
    ).stdout.decode()
    paths = [
        json.loads(l)["data"]["path"]["text"]
        for l in files.splitlines()
        if '"kind":"file"' in l and '"language":null' not in l
    ]
    rng.shuffle(paths)
    n = max(4, len(paths) // 50)
    rewritten, deleted, renamed = paths[:n], paths[n : n + n // 4], paths[n + n // 4 : n + n // 2]
    names = [d["name"].split(".")[-1] for d in picked] or ["main"]
    for p in rewritten:
        with open(os.path.join(tree, p), "a", encoding="utf-8", errors="replace") as f:
            # A use of a sampled name, in whatever syntax: the parse may fail, and both
            # answers must say so alike.
            f.write(f"\n// edited\n{rng.choice(names)}();\n")
    for p in deleted:
        os.remove(os.path.join(tree, p))
    for p in renamed:
        src = os.path.join(tree, p)
        root, ext = os.path.splitext(src)
        os.rename(src, f"{root}_moved{ext}")
    for i, p in enumerate(rewritten[: max(1, n // 4)]):
        root, ext = os.path.splitext(os.path.join(tree, p))
        shutil.copyfile(os.path.join(tree, p), f"{root}_copy{i}{ext}")
    return len(rewritten), len(deleted), len(renamed)


def main():
    ap = arguments(__doc__, seed=1)
    ap.add_argument("--sample", type=int, default=30)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    total = bad = 0
    for name, tree, env in copies(args.root, "codesearch-equiv."):
        subprocess.run([BIN, "index"], cwd=tree, env=env, capture_output=True, check=True)
        ok = compare(name, ["build-index", "--symbols"], tree, env)
        asked, differ, picked = questions(tree, env, args.sample, rng, name)
        total, bad = total + asked + 1, bad + differ + (not ok)
        print(f"{name}: {asked + 1} questions, {differ + (not ok)} different")
        done = edit(tree, picked, rng)
        print(f"{name}: edited (rewritten, deleted, renamed) = {done}")
        ok = compare(name + " edited", ["build-index", "--symbols"], tree, env)
        asked, differ, _ = questions(tree, env, args.sample, rng, name + " edited")
        total, bad = total + asked + 1, bad + differ + (not ok)
        print(f"{name} edited: {asked + 1} questions, {differ + (not ok)} different")
    print(f"all: {total} questions, {bad} different")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
