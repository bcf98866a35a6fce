#!/usr/bin/env python3
"""Train a "stands alone" model of the facts extractor on a trainer's hand labels, and measure what it costs.

The acceptance model (FactAcceptance) reads the form of a candidate fact: the path that drew it, its
first word, its length, whether it names a thing, a number or a relation, vague words left in it, how
much of the message and of the partner's question it repeats. train_fact_acceptance.py fits it to
Synthetic-Persona-Chat's personas; this script fits the same features to what issue 33 measures: a
trainer's labels of stored facts (A usable as written, B correct but vague or passing, C wrong), and
prints the trade-off a threshold on it buys:

  - 5-fold cross-validated AUC of "A" against the rest, beside the shipped model's on the same facts;
  - per threshold, the A / B / C shares of the labelled facts it keeps (cross-validated, so no
    labelled fact is scored by a model that saw it), and the msc F1, precision and recall of
    every stored fact of the corpus it keeps (health facts are always kept);
  - with --check, the A / B / C shares it keeps of a second labelled sample (another half).

Labels are a TSV of turn id, the first 12 hex digits of the SHA-1 of the fact's content and the label
(eval/fact-labels-msc-even.tsv): no dataset text. They must come from the even half of the
episodes (by episode number); the odd half is what --check reads. With --out and --threshold the
model is written as FactAcceptanceWeights.swift (the shipped model is replaced only that way, on purpose).

usage: python3 eval/train_fact_standalone.py --labels eval/fact-labels-msc-even.tsv \\
           --msc ../shared/data/msc-valid [--spotter .build/release/spotter] [--check ODD.tsv] \\
           [--out Sources/SpotterFacts/Extraction/FactAcceptanceWeights.swift --threshold T]
"""
import argparse, collections, glob, hashlib, json, os, random, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import train_fact_acceptance as acceptance  # noqa: E402  (features, training, Swift output)


def episode(turn):
    """"s2-e41-t3" → 41."""
    return int(turn.split("-")[1][1:])


def read_labels(path):
    labels = {}
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if line.startswith("#") or line.startswith("turn\t") or not line.strip():
                continue
            parts = line.rstrip("\n").split("\t")
            if len(parts) != 3 or parts[2] not in ("A", "B", "C"):
                sys.exit(f"{path}:{number}: expected 'turn<TAB>content_sha1<TAB>A|B|C', got {line.strip()!r}")
            labels[(parts[0], parts[1])] = parts[2]
    if not labels:
        sys.exit(f"{path}: no labels")
    return labels


def digest(content):
    return hashlib.sha1(content.encode("utf-8")).hexdigest()[:12]


def msc_turns(directory):
    """Every turn of the MSC session files, numbered as facts_msc.py and `spotter eval facts` number them."""
    turns = []
    files = sorted(glob.glob(os.path.join(directory, "session_*.jsonl")))
    if not files:
        sys.exit(f"{directory}: no session_N.jsonl files")
    for path in files:
        session = int(os.path.basename(path)[len("session_"):-len(".jsonl")])
        with open(path, encoding="utf-8") as f:
            for e, line in enumerate(f):
                for i, t in enumerate(json.loads(line)["dialog"]):
                    gold = t.get("persona_text") or ""
                    facts = [x.strip() + "." for x in gold.replace("!", ".").split(".") if x.strip()]
                    turns.append({"id": f"s{session}-e{e}-t{i}", "user": f"s{session}-e{e}-{t['id']}",
                                  "text": t["text"], "gold": facts})
    return turns


def msc_score(turns, preds):
    tp = npred = ngold = 0
    for t in turns:
        p = preds.get(t["id"], [])
        tp += acceptance.matched(p, t["gold"]); npred += len(p); ngold += len(t["gold"])
    P = tp / npred if npred else 0.0
    R = tp / ngold if ngold else 0.0
    return (2 * P * R / (P + R) if P + R else 0.0), P, R, npred


def run(cmd, stdin=None):
    proc = subprocess.run(cmd, input=stdin, capture_output=True, text=True)
    if proc.returncode not in (0, 1):
        sys.exit(f"{' '.join(cmd)} exited {proc.returncode}: {proc.stderr.strip()[-500:]}")
    return proc.stdout


def features(candidate):
    return {n: v for n, v in candidate["features"].items() if n.startswith(acceptance.FAMILIES)}


def fit(items, l2, min_count, seed):
    rows = [features(c) for c, _ in items]
    ys = [1 if label == "A" else 0 for _, label in items]
    counts = collections.Counter(n for x in rows for n in x)
    names = [n for n, k in counts.items() if k >= min_count or n in acceptance.NUMERIC or n == "bias"]
    return acceptance.train(rows, ys, names, l2, 20, seed)


def auc(scores, ys):
    pos = [p for p, y in zip(scores, ys) if y]
    neg = [p for p, y in zip(scores, ys) if not y]
    if not pos or not neg:
        return float("nan")
    return sum((p > q) + 0.5 * (p == q) for p in pos for q in neg) / (len(pos) * len(neg))


def shares(kept):
    n = len(kept)
    return n, *(kept.count(x) / n if n else 0.0 for x in "ABC")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--labels", required=True, help="TSV of turn, content SHA-1 prefix, A/B/C (even half)")
    ap.add_argument("--msc", required=True, help="MSC directory of session_N.jsonl (msc-valid)")
    ap.add_argument("--spotter", default=".build/release/spotter")
    ap.add_argument("--candidates", help="a `spotter eval facts --msc DIR --candidates` dump to read instead")
    ap.add_argument("--check", help="labels of the odd half: the A/B/C shares a threshold keeps there")
    ap.add_argument("--thresholds", default="0,0.1,0.2,0.3,0.4,0.5,0.6")
    ap.add_argument("--l2", type=float, default=20.0)
    ap.add_argument("--min-count", type=int, default=3)
    ap.add_argument("--seed", type=int, default=33)
    ap.add_argument("--out", help="write the model as FactAcceptanceWeights.swift (needs --threshold)")
    ap.add_argument("--threshold", type=float)
    a = ap.parse_args()
    if a.out and a.threshold is None:
        sys.exit("--out needs --threshold: the frontier this script prints is what to choose it from")
    labels = read_labels(a.labels)
    odd = [t for t, _ in labels if episode(t) % 2]
    if odd:
        sys.exit(f"{a.labels}: {len(odd)} labels of odd episodes (e.g. {odd[0]}): train on the even half only")
    turns = msc_turns(a.msc)
    path = a.candidates
    if not path:
        path = os.path.join(tempfile.mkdtemp(), "candidates.jsonl")
        run([a.spotter, "eval", "facts", "--msc", a.msc, "--examples", "0", "--candidates", path])
    by_key = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                c = json.loads(line)
                by_key.setdefault((c["turn"], digest(c["content"])), c)
    data = [(by_key[k], label) for k, label in sorted(labels.items()) if k in by_key]
    print(f"labels {len(labels)}, found among the candidates {len(data)} "
          f"(A {sum(l == 'A' for _, l in data)}, B {sum(l == 'B' for _, l in data)}, C {sum(l == 'C' for _, l in data)})")
    if len(data) < 50:
        sys.exit("fewer than 50 labelled facts found among the candidates: wrong --msc or --candidates?")
    rng = random.Random(a.seed)
    order = list(range(len(data)))
    rng.shuffle(order)
    cv = [0.0] * len(data)
    for k in range(5):
        held = set(order[k::5])
        w = fit([data[i] for i in order if i not in held], a.l2, a.min_count, a.seed)
        for i in held:
            cv[i] = acceptance.score(w, features(data[i][0]))
    ys = [1 if label == "A" else 0 for _, label in data]
    print(f"A against the rest, 5-fold cross-validated AUC {auc(cv, ys):.3f}; "
          f"the shipped model's probability on the same facts {auc([c['probability'] for c, _ in data], ys):.3f}")
    w = fit(data, a.l2, a.min_count, a.seed)
    stdin = "".join(json.dumps({"id": t["id"], "user_id": t["user"], "text": t["text"],
                                "sent_at": "2024-01-01T12:00:00Z"}) + "\n" for t in turns)
    stored = []
    for line in run([a.spotter, "facts", "extract"], stdin).splitlines():
        fact = json.loads(line)
        for turn in fact.get("source_ids") or []:
            c = by_key.get((turn, digest(fact["content"])))
            p = acceptance.score(w, features(c)) if c else 1.0
            stored.append((turn, fact["content"], fact.get("category") == "health", p))
    check = []
    if a.check:
        held = read_labels(a.check)
        check = [(acceptance.score(w, features(by_key[k])), by_key[k]["category"], label)
                 for k, label in held.items() if k in by_key]
        print(f"check labels {len(held)}, found {len(check)}")
    print("threshold | labelled kept (cross-validated): n  A  B  C | msc F1  P  R  facts"
          + (" | check kept: n  A  B  C" if check else ""))
    for t in (float(x) for x in a.thresholds.split(",")):
        kept = [label for (c, label), p in zip(data, cv) if c["category"] == "health" or p >= t]
        preds = collections.defaultdict(list)
        for turn, content, health, p in stored:
            if health or p >= t:
                preds[turn].append(content)
        F, P, R, n = msc_score(turns, preds)
        line = "{:9.2f} | {:4d} {:.2f} {:.2f} {:.2f} | {:.4f} {:.3f} {:.3f} {:6d}".format(t, *shares(kept), F, P, R, n)
        if check:
            line += " | {:4d} {:.2f} {:.2f} {:.2f}".format(
                *shares([label for p, category, label in check if category == "health" or p >= t]))
        print(line)
    top = sorted(w.items(), key=lambda kv: kv[1])
    print("most negative:", ", ".join(f"{n} {v:.2f}" for n, v in top[:12]))
    print("most positive:", ", ".join(f"{n} {v:.2f}" for n, v in top[-12:]))
    if a.out:
        summary = [f"training: {len(data)} hand-labelled stored facts of msc-valid's even half ({a.labels}), "
                   f"A against B and C; L2 {a.l2}, min count {a.min_count}, seed {a.seed}; "
                   f"cross-validated AUC {auc(cv, ys):.3f}",
                   f"threshold {a.threshold:.2f} chosen from the frontier eval/train_fact_standalone.py prints"]
        with open(a.out, "w", encoding="utf-8") as f:
            f.write(acceptance.swift(w, a.threshold, summary))
        print(f"wrote {a.out}")


if __name__ == "__main__":
    main()
