#!/usr/bin/env python3
"""find-symbol from two binaries over the same trees: the same answers, or where not.

A change meant to make find-symbol cheaper without changing what it finds (a screen
that skips files before their names are decoded, a cheaper step of the ranking) must
give byte-identical answers. For each root the script asks both binaries the same
queries, each binary with an index of its own (their extractor versions may differ),
and compares the records byte for byte, the summary's `elapsed_ms` set aside. The
queries come from the tree's own definitions, sampled: each name, its words run
together and apart, the words cut to three letters, the name's first four letters and
an inner slice of it, its qualified name, its last and first words swapped, plus a few
fixed queries (abbreviations, one letter, a query that matches nothing).

Usage:
  python3 bench/find_symbol_same.py --old OLD_BINARY --new NEW_BINARY \\
      --root /work/corpora/spring [--root ...] [--sample 150] [--seed 11] [--limit 40]
Differences are printed (the query and the first differing records); exit status 1
when any.
"""

import os
import random
import sys
import tempfile

from index_copies import answer, arguments, definitions

FIXED = ["cfg", "err msg", "x", "http request", "db cache", "init", "ctx", "zzqqxx"]


def split_words(name):
    """The words of an identifier, lower-cased, at separators, digits and camel humps."""
    words, cur = [], ""
    for i, c in enumerate(name):
        if not c.isalnum():
            if cur:
                words.append(cur)
            cur = ""
            continue
        nxt = name[i + 1] if i + 1 < len(name) else ""
        hump = cur and c.isupper() and (cur[-1].islower() or cur[-1].isdigit() or nxt.islower())
        if hump or (cur and c.isdigit() != cur[-1].isdigit()):
            words.append(cur)
            cur = ""
        cur += c
    if cur:
        words.append(cur)
    return [w.lower() for w in words]


def queries_of(defs, sample, rng):
    out = set(FIXED)
    for d in rng.sample(defs, min(sample, len(defs))):
        name, qualified = d["name"], d.get("qualified_name", "")
        words = split_words(name)
        out.update([name, "".join(words)])
        if words:
            out.update([words[0], " ".join(words), " ".join(w[:3] for w in words)])
        if len(name) > 4:
            out.update([name[:4].lower(), name[1:-1].lower()])
        if qualified and qualified != name:
            out.add(qualified)
        if len(words) > 1:
            out.add(f"{words[-1]} {words[0]}")
    return sorted(q for q in out if q.strip())


def main():
    parser = arguments(__doc__, seed=11)
    parser.add_argument("--old", required=True, help="the binary before the change")
    parser.add_argument("--new", required=True, help="the binary after it")
    parser.add_argument("--sample", type=int, default=150)
    parser.add_argument("--limit", type=int, default=40)
    args = parser.parse_args()
    old, new = os.path.abspath(args.old), os.path.abspath(args.new)
    rng = random.Random(args.seed)
    asked = different = 0
    with tempfile.TemporaryDirectory(prefix="find-symbol-same.") as work:
        envs = {
            b: dict(os.environ, CODESEARCH_INDEX_DIR=os.path.join(work, str(i)))
            for i, b in enumerate((old, new))
        }
        for root in args.root:
            defs = definitions(root, envs[new], None, binary=new)
            queries = queries_of(defs, args.sample, rng)
            here = 0
            for q in queries:
                question = ["find-symbol", q, "-n", str(args.limit)]
                a = answer(question, root, envs[old], binary=old)
                b = answer(question, root, envs[new], binary=new)
                if a != b:
                    here += 1
                    print(
                        f"DIFFERENT {root}: find-symbol {q!r}: exit {a[0]} vs {b[0]}, "
                        f"{len(a[1])} vs {len(b[1])} records"
                    )
                    for x, y in zip(a[1], b[1]):
                        if x != y:
                            # Where the two records part, with some text around it.
                            k = next((i for i, (c, d) in enumerate(zip(x, y)) if c != d), 0)
                            lo = max(0, k - 120)
                            print(f"  old: ...{x[lo:k + 120]}\n  new: ...{y[lo:k + 120]}")
                            break
            print(f"{os.path.basename(root.rstrip('/'))}: {len(queries)} queries, {here} different")
            asked += len(queries)
            different += here
    print(f"all: {asked} queries, {different} different")
    return 1 if different else 0


if __name__ == "__main__":
    sys.exit(main())
