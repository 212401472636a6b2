#!/usr/bin/env python3
"""The index under kills and races, on a real tree.

On a copy of each root:
  1. `codesearch index` is killed with SIGKILL at random moments of a cold build, again
     and again; after each kill a question (what-depends and what-breaks of random
     definitions) must give the answer a fresh parse gives, and `index --status` must
     read the index;
  2. two `codesearch index` runs start together on a cleared index while questions are
     asked alongside them; every answer must equal the fresh parse's, and so must the
     answers once both finish;
  3. files are emptied while a build runs; then questions must see them empty.
Answers are compared with their `elapsed_ms` fields set aside. Prints each failure and
a summary; exit status 1 when anything failed.

Usage:
  CODESEARCH=target/release/codesearch python3 bench/store_crash.py \\
      --root /work/corpora/spring [--kills 10] [--questions 4] [--seed 1]
"""

import os
import random
import subprocess
import sys
import time

from index_copies import BIN, answer, arguments, copies, definitions

KINDS = {"function", "method"}


class Checker:
    def __init__(self, tree, env, questions):
        self.tree, self.env, self.questions = tree, env, questions
        self.expected = {}
        self.failures = 0
        self.asked = 0

    def expect(self):
        """The fresh parse's answers, for the tree as it is now."""
        self.expected = {tuple(q): answer(q, self.tree, self.env, no_index=True) for q in self.questions}

    def check(self, when):
        for q in self.questions:
            self.asked += 1
            got = answer(q, self.tree, self.env)
            if got != self.expected[tuple(q)]:
                self.failures += 1
                print(f"DIFFERENT after {when}: {' '.join(q)} (exit {got[0]})")
        status = subprocess.run(
            [BIN, "index", "--status", "--json"], cwd=self.tree, env=self.env, capture_output=True
        )
        if status.returncode != 0:
            self.failures += 1
            print(f"index --status failed after {when}: {status.stderr.decode()[:300]}")


def main():
    ap = arguments(__doc__, seed=1)
    ap.add_argument("--kills", type=int, default=10)
    ap.add_argument("--questions", type=int, default=4)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    failures = asked = 0
    for name, tree, env in copies(args.root, "codesearch-crash."):
        defs = definitions(tree, env, KINDS, no_index=True)
        picked = rng.sample(defs, min(args.questions, len(defs)))
        questions = [["what-depends", d["id"]] for d in picked]
        questions += [["what-breaks", d["id"]] for d in picked[: max(1, len(picked) // 2)]]
        checker = Checker(tree, env, questions)
        checker.expect()
        # How long a cold build takes here, to kill within it.
        subprocess.run([BIN, "index", "--clear"], cwd=tree, env=env, capture_output=True)
        started = time.monotonic()
        subprocess.run([BIN, "index"], cwd=tree, env=env, capture_output=True, check=True)
        cold = time.monotonic() - started
        print(f"{name}: cold build {cold:.1f}s; {len(questions)} questions")

        # 1. Kills at random moments of builds that resume the killed ones.
        subprocess.run([BIN, "index", "--clear"], cwd=tree, env=env, capture_output=True)
        for k in range(args.kills):
            p = subprocess.Popen([BIN, "index"], cwd=tree, env=env,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(rng.uniform(0.05, cold / 2))
            p.kill()
            p.wait()
            checker.check(f"kill {k + 1}")

        # 2. Two writers from a cleared index, with a reader alongside.
        subprocess.run([BIN, "index", "--clear"], cwd=tree, env=env, capture_output=True)
        writers = [
            subprocess.Popen([BIN, "index"], cwd=tree, env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for _ in range(2)
        ]
        checker.check("two writers started")
        codes = [w.wait() for w in writers]
        if codes != [0, 0]:
            failures += 1
            print(f"{name}: concurrent writers exited {codes}")
        checker.check("two writers finished")

        # 3. Files rewritten while a build runs.
        subprocess.run([BIN, "index", "--clear"], cwd=tree, env=env, capture_output=True)
        p = subprocess.Popen([BIN, "index"], cwd=tree, env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(cold / 3)
        for i, d in enumerate(picked):
            path = os.path.join(tree, d["path"]["text"])
            # Emptied: its definitions are gone, and what they used or were used by.
            with open(path, "w" if i % 2 == 0 else "a", encoding="utf-8") as f:
                f.write("\n")
        p.wait()
        checker.expect()
        checker.check("files rewritten during a build")
        print(f"{name}: {checker.asked} answers checked, {checker.failures} wrong")
        failures += checker.failures
        asked += checker.asked
    print(f"all: {asked} answers checked, {failures} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
