#!/usr/bin/env python3
"""Accuracy of `codesearch what-depends` and `what-breaks` against hand-made labels.

The labels (bench/labels/depends/REPO.jsonl, bench/labels/breaks/REPO.jsonl) were made
by reading the code of a pinned corpus, independently of the tool; bench/labels/README.md
says which corpus and how to get it (line numbers depend on it).

what-depends: for each labelled symbol, runs `codesearch what-depends PATH:LINE . --json`
in the corpus root (`--root-arg` changes the `.`) and matches each labelled call to a `dependency` record on the same
line with the same last name segment (the qualifier breaks ties; each record is used
once). A label is
  right       the record resolves to the expected definition (same path, line within
              SLACK lines, or one of the label's `also` lines), or says external when
              the label says external, or leaves unresolved (or resolves to the
              label's `likely` target) a call the label calls unknowable;
  wrong       the record resolves to another definition, resolves a call the label
              calls external, or calls external a call the label resolves or calls
              unknowable;
  unresolved  the label expects a definition or an external and the tool gave neither
              (naming the overloads of the expected method, without picking one,
              counts here);
  missing     no record for that call.
precision = right / (right + wrong); accuracy = right / labels.

what-breaks: for each labelled target, runs `codesearch what-breaks PATH:LINE . --json`
and compares the (path, line) of its `reference` records with the labelled uses:
precision = TP / (TP + FP), recall = TP / (TP + FN); the precision of resolved uses
counts only those resolved to the target itself (not `(by name)`, nor `overloads` of
which the target is one). Sites the label calls unknowable count neither way.

Usage:
  bench/symbol_accuracy.py --root DIR --repo NAME [--root DIR --repo NAME ...]
                           [--labels bench/labels] [--only depends|breaks] [--root-arg ARG]
                           [--json] [-v]
Environment: CODESEARCH = the binary (default target/release/codesearch).
Stdlib only.
"""

import argparse
import base64
import json
import os
import re
import subprocess
import sys
from collections import Counter, defaultdict

SLACK = 2
TIMEOUT = 600
HERE = os.path.dirname(os.path.abspath(__file__))


def die(msg):
    print(f"symbol_accuracy: {msg}", file=sys.stderr)
    sys.exit(2)


def read_jsonl(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def norm_path(p):
    """A record's path ({"text"} or {"bytes"} or a plain string), without a leading ./"""
    if isinstance(p, dict):
        if "text" in p:
            p = p["text"]
        elif "bytes" in p:
            p = base64.b64decode(p["bytes"]).decode("utf-8", "replace")
        else:
            return None
    if p is None:
        return None
    while p.startswith("./"):
        p = p[2:]
    return p


def last_segment(name):
    """`map.put` -> `put`, `new Foo` -> `Foo`, `a::b` -> `b`, `x->f` -> `f`."""
    parts = [s for s in re.split(r"[.\s:>()\-]+", name or "") if s]
    return parts[-1] if parts else ""


def squash(s):
    return re.sub(r"\s+", "", s) if s else s


def run_tool(binary, sub, symbol, root, root_arg):
    """Runs one subcommand in the corpus root; returns (records, error or None)."""
    cmd = [binary, sub, symbol] + ([root_arg] if root_arg else []) + ["--json"]
    try:
        p = subprocess.run(cmd, cwd=root, capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return [], f"timed out after {TIMEOUT}s"
    except OSError as e:
        die(f"cannot run {binary}: {e}")
    recs = []
    for line in p.stdout.splitlines():
        try:
            recs.append(json.loads(line))
        except json.JSONDecodeError:
            continue
    # Exit 1 is "nothing found": a valid, empty answer.
    if p.returncode not in (0, 1):
        return recs, f"exit {p.returncode}: {p.stderr.strip()[:300]}"
    return recs, None


class Dep:
    """One dependency record, in either of the shapes the tool has printed."""

    def __init__(self, d):
        if "lines" in d and "line" not in d:
            self.lines = list(d.get("lines") or [])
        else:
            self.lines = [d.get("line")]
        raw_name = d.get("name") or ""
        self.name = last_segment(raw_name)
        q = d.get("qualifier")
        if q is None and "qualifier" not in d and "." in raw_name:
            q = raw_name.rsplit(".", 1)[0]
        self.qualifier = squash(q)
        self.column = d.get("column") or 0
        r = d.get("resolved")
        self.external = d.get("external")
        resolution = d.get("resolution")
        if r:
            # "overloads": one of a method's overloads, the call's arguments not saying
            # which (`resolved` is the first of them).
            self.state = "overloads" if resolution == "overloads" else "definition"
            self.path = norm_path(r.get("path"))
            self.line = r.get("line", r.get("start_line"))
        elif self.external or resolution == "external":
            self.state = "external"
        else:
            self.state = "unresolved"
        self.used = False

    def describe(self):
        if self.state == "definition":
            return f"{self.path}:{self.line}"
        if self.state == "overloads":
            return f"overloads of {self.path}:{self.line}"
        if self.state == "external":
            return f"external {self.external}"
        return "unresolved"


def near(path, line, want_path, want_lines):
    return path == want_path and line is not None and any(abs(line - w) <= SLACK for w in want_lines)


def classify(label, dep):
    """Returns (outcome, detail)."""
    exp = label["expect"]
    if dep is None:
        return "missing", ""
    if "path" in exp:
        if dep.state == "overloads":
            # Naming the right method without picking an overload is not a wrong
            # answer, nor a full one.
            if dep.path == exp["path"]:
                return "unresolved", "overloads of the right method"
            return "wrong", ""
        if dep.state == "definition":
            want = [exp["line"]] + list(exp.get("also", []))
            if near(dep.path, dep.line, exp["path"], want):
                return "right", ""
            return "wrong", "other line, same file" if dep.path == exp["path"] else ""
        if dep.state == "external":
            return "wrong", "called external"
        return "unresolved", ""
    if "external" in exp:
        if dep.state == "external":
            return "right", ""
        if dep.state in ("definition", "overloads"):
            return "wrong", "resolved a library call"
        return "unresolved", ""
    # unknowable
    if dep.state == "unresolved":
        return "right", ""
    if dep.state in ("definition", "overloads"):
        likely = exp.get("likely")
        if likely and near(dep.path, dep.line, likely["path"], [likely["line"]]):
            return "right", "the likely target"
        return "wrong", "resolved an undecidable call"
    return "wrong", "called external"


def ext_module_matches(label, dep):
    want, got = label["expect"].get("external"), dep.external if dep else None
    if not want or not got:
        return False
    return got == want or got.startswith(want + ".") or want.startswith(got + ".")


def pick(deps, label):
    call = label["call"]
    cands = [d for d in deps if not d.used and call["line"] in d.lines and d.name == call["name"]]
    if not cands:
        return None
    q = squash(call.get("qualifier"))
    same = [d for d in cands if d.qualifier == q]
    best = sorted(same or cands, key=lambda d: d.column)[0]
    best.used = True
    return best


def eval_depends(binary, root, root_arg, labels, verbose):
    by_symbol = defaultdict(list)
    for lab in labels:
        by_symbol[lab["symbol"]].append(lab)
    counts = Counter()
    kinds = defaultdict(Counter)
    details = []
    errors = []
    for symbol, labs in by_symbol.items():
        recs, err = run_tool(binary, "what-depends", symbol, root, root_arg)
        if err:
            errors.append(f"what-depends {symbol}: {err}")
        deps = [Dep(r["data"]) for r in recs if r.get("type") == "dependency"]
        # Exact-qualifier labels first, so that a bare label does not take their record.
        order = sorted(labs, key=lambda l: (l["call"]["line"], l["call"].get("qualifier") is None))
        for lab in order:
            dep = pick(deps, lab)
            outcome, why = classify(lab, dep)
            counts[outcome] += 1
            kind = "definition" if "path" in lab["expect"] else next(iter(lab["expect"]))
            kinds[kind][outcome] += 1
            if outcome == "wrong" and why == "other line, same file":
                counts["wrong_same_file"] += 1
            if ext_module_matches(lab, dep):
                counts["external_module_match"] += 1
            details.append((symbol, lab, outcome, why, dep))
    n = sum(counts[k] for k in ("right", "wrong", "unresolved", "missing"))
    res = summarize_depends(counts, n)
    res["by_expectation"] = {k: dict(v) for k, v in kinds.items()}
    res["errors"] = errors
    if verbose:
        for symbol, lab, outcome, why, dep in details:
            c = lab["call"]
            exp = lab["expect"]
            want = (f"{exp['path']}:{exp['line']}" if "path" in exp
                    else f"external {exp['external']}" if "external" in exp else "unknowable")
            got = dep.describe() if dep else "-"
            print(f"  {outcome:10} {symbol} L{c['line']} {c.get('qualifier') or ''}"
                  f"{'.' if c.get('qualifier') else ''}{c['name']}: want {want}, got {got}"
                  f"{' (' + why + ')' if why else ''}")
    return res, counts


def summarize_depends(counts, n):
    r, w = counts["right"], counts["wrong"]
    return {
        "labels": n,
        "right": r,
        "wrong": w,
        "unresolved": counts["unresolved"],
        "missing": counts["missing"],
        "wrong_same_file": counts["wrong_same_file"],
        "external_module_match": counts["external_module_match"],
        "precision": round(r / (r + w), 4) if r + w else None,
        "accuracy": round(r / n, 4) if n else None,
    }


def eval_breaks(binary, root, root_arg, labels, verbose):
    totals = Counter()
    per_target = []
    errors = []
    for lab in labels:
        t = lab["target"]
        recs, err = run_tool(binary, "what-breaks", f"{t['path']}:{t['line']}", root, root_arg)
        if err:
            errors.append(f"what-breaks {t['path']}:{t['line']}: {err}")
        got, got_resolved = set(), set()
        for r in recs:
            if r.get("type") != "reference":
                continue
            d = r["data"]
            site = (norm_path(d.get("path")), d.get("line"))
            got.add(site)
            # Resolved to the target itself: not by name only, nor to overloads of
            # which the target is one.
            if d.get("resolution", "definition") == "definition":
                got_resolved.add(site)
        want = {(u["path"], u["line"]) for u in lab["uses"]}
        skip = {(u["path"], u["line"]) for u in lab.get("unknowable", [])}
        got -= skip
        got_resolved -= skip
        tp, fp, fn = len(got & want), len(got - want), len(want - got)
        tp_r, fp_r = len(got_resolved & want), len(got_resolved - want)
        totals.update(tp=tp, fp=fp, fn=fn, tp_resolved=tp_r, fp_resolved=fp_r, uses=len(want))
        row = {"target": t["qualified_name"], "path": t["path"], "line": t["line"],
               "uses": len(want), "reported": len(got), "tp": tp, "fp": fp, "fn": fn,
               "precision": ratio(tp, tp + fp), "recall": ratio(tp, tp + fn)}
        per_target.append(row)
        if verbose:
            print(f"  {t['qualified_name']} ({t['path']}:{t['line']}): uses {len(want)}, "
                  f"reported {len(got)}, tp {tp} fp {fp} fn {fn}")
            for p, l in sorted(got - want):
                print(f"      false positive {p}:{l}")
            for p, l in sorted(want - got):
                print(f"      missed         {p}:{l}")
    res = summarize_breaks(totals)
    res["targets"] = per_target
    res["errors"] = errors
    return res, totals


def ratio(a, b):
    return round(a / b, 4) if b else None


def summarize_breaks(t):
    return {
        "targets_uses": t["uses"],
        "tp": t["tp"],
        "fp": t["fp"],
        "fn": t["fn"],
        "precision": ratio(t["tp"], t["tp"] + t["fp"]),
        "recall": ratio(t["tp"], t["tp"] + t["fn"]),
        "precision_resolved_only": ratio(t["tp_resolved"], t["tp_resolved"] + t["fp_resolved"]),
        "recall_resolved_only": ratio(t["tp_resolved"], t["tp"] + t["fn"]),
    }


def pct(x):
    return "-" if x is None else f"{100 * x:.1f}%"


def print_depends_row(name, d):
    print(f"{name:14} {d['labels']:6} {d['right']:6} {d['wrong']:6} {d['unresolved']:10} "
          f"{d['missing']:7} {pct(d['precision']):>9} {pct(d['accuracy']):>9}")


def print_breaks_row(name, b):
    print(f"{name:14} {b['targets_uses']:6} {b['tp']:5} {b['fp']:5} {b['fn']:5} "
          f"{pct(b['precision']):>9} {pct(b['recall']):>9} {pct(b['precision_resolved_only']):>14}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--root", action="append", required=True, help="corpus root (repeatable, paired with --repo)")
    ap.add_argument("--repo", action="append", required=True, help="label set name (repeatable)")
    ap.add_argument("--labels", default=os.path.join(HERE, "labels"), help="labels directory")
    ap.add_argument("--only", choices=["depends", "breaks"])
    ap.add_argument("--root-arg", default=".", metavar="ARG",
                    help="the PATH argument given to the tool, which runs in the corpus root "
                         "(default '.'; '' gives none, so the tool searches its working directory)")
    ap.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    ap.add_argument("-v", "--verbose", action="store_true", help="print every label's outcome")
    args = ap.parse_args()
    if len(args.root) != len(args.repo):
        die("give one --root per --repo")
    binary = os.environ.get("CODESEARCH", "target/release/codesearch")
    binary = os.path.abspath(binary) if os.sep in binary else binary

    out = {"binary": binary, "root_arg": args.root_arg, "repos": {}}
    dep_total, brk_total = Counter(), Counter()
    for root, repo in zip(args.root, args.repo):
        root = os.path.abspath(root)
        if not os.path.isdir(root):
            die(f"{root}: not a directory")
        entry = {"root": root}
        dpath = os.path.join(args.labels, "depends", f"{repo}.jsonl")
        bpath = os.path.join(args.labels, "breaks", f"{repo}.jsonl")
        if args.only != "breaks" and os.path.exists(dpath):
            if args.verbose:
                print(f"what-depends, {repo}:")
            entry["depends"], c = eval_depends(binary, root, args.root_arg, read_jsonl(dpath), args.verbose)
            dep_total.update(c)
        if args.only != "depends" and os.path.exists(bpath):
            if args.verbose:
                print(f"what-breaks, {repo}:")
            entry["breaks"], c = eval_breaks(binary, root, args.root_arg, read_jsonl(bpath), args.verbose)
            brk_total.update(c)
        if "depends" not in entry and "breaks" not in entry:
            die(f"no labels for {repo} under {args.labels}")
        out["repos"][repo] = entry
        for e in entry.get("depends", {}).get("errors", []) + entry.get("breaks", {}).get("errors", []):
            print(f"symbol_accuracy: {repo}: {e}", file=sys.stderr)
    n = sum(dep_total[k] for k in ("right", "wrong", "unresolved", "missing"))
    if n:
        out["depends_total"] = summarize_depends(dep_total, n)
    if brk_total:
        out["breaks_total"] = summarize_breaks(brk_total)

    if args.json:
        print(json.dumps(out, indent=2))
        return
    if n:
        print("what-depends (calls labelled by reading code)")
        print(f"{'repo':14} {'labels':>6} {'right':>6} {'wrong':>6} {'unresolved':>10} {'missing':>7} "
              f"{'precision':>9} {'accuracy':>9}")
        for repo, e in out["repos"].items():
            if "depends" in e:
                print_depends_row(repo, e["depends"])
        print_depends_row("total", out["depends_total"])
        for repo, e in out["repos"].items():
            if "depends" in e:
                d = e["depends"]
                parts = ", ".join(f"{k}: " + " ".join(f"{o} {c}" for o, c in sorted(v.items()))
                                  for k, v in sorted(d["by_expectation"].items()))
                print(f"  {repo}: by expectation: {parts}; wrong in the right file (overloads): "
                      f"{d['wrong_same_file']}; external with the right module: {d['external_module_match']}")
        print()
    if brk_total:
        print("what-breaks (uses labelled by reading every whole-word occurrence)")
        print(f"{'repo':14} {'uses':>6} {'tp':>5} {'fp':>5} {'fn':>5} {'precision':>9} {'recall':>9} "
              f"{'prec.resolved':>14}")
        for repo, e in out["repos"].items():
            if "breaks" in e:
                print_breaks_row(repo, e["breaks"])
        print_breaks_row("total", out["breaks_total"])
        for repo, e in out["repos"].items():
            for row in e.get("breaks", {}).get("targets", []):
                print(f"  {repo}: {row['target']}: uses {row['uses']}, reported {row['reported']}, "
                      f"precision {pct(row['precision'])}, recall {pct(row['recall'])}")


if __name__ == "__main__":
    main()
