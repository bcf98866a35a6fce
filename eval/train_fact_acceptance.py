#!/usr/bin/env python3
"""Train the facts extractor's acceptance model (FactAcceptance) on Synthetic-Persona-Chat.

The rules draw candidate facts from every turn; this script asks a release build for them with
their features (`spotter eval facts --persona-chat FILE --half even --candidates OUT`), labels each
candidate 1 when it matches one of its speaker's persona sentences the way the real-data scorer
matches (token F1 >= 0.5 after normalisation, as in facts_msc.py and TokenMatch), and fits a
logistic model with an L2 penalty (standard library only, deterministic). The threshold is the one
that maximises the persona F1 of the training half itself. It then writes the weights as Swift
(Sources/SpotterFacts/Extraction/FactAcceptanceWeights.swift) for review and a rebuild.

Only the even half of the persona-chat conversations is read for training: the odd half and
msc-valid are what the model is checked on (docs/facts.md). Never point --data at msc-valid or at
a test split. Nothing of the data is written into the project: only the weights.

usage: python3 eval/train_fact_acceptance.py --data ../shared/data/synthetic-persona-chat/valid.csv \\
           [--spotter .build/release/spotter] [--out Sources/SpotterFacts/Extraction/FactAcceptanceWeights.swift]
"""
import argparse, collections, csv, json, math, os, random, re, subprocess, sys, tempfile, textwrap

CONTR = {"i'm": "i am", "i've": "i have", "i'd": "i would", "i'll": "i will", "don't": "do not",
         "doesn't": "does not", "didn't": "did not", "can't": "can not", "cannot": "can not",
         "won't": "will not", "isn't": "is not", "aren't": "are not", "wasn't": "was not",
         "it's": "it is", "that's": "that is", "im": "i am", "ive": "i have", "dont": "do not"}
STOP = set("a an the and or but so to of in on at for with is am are was were be been being it that this "
           "i me my mine myself he him his she her hers they them their we our you your user person "
           "has have had do does did very really also just".split())
NUMERIC = {"confidence", "cover", "from-partner"}
# The feature families learned from: the form of a candidate, never its topic (a topic word
# learned on one corpus's personas says nothing about another's people).
FAMILIES = ("bias", "origin=", "category=", "temporal=", "negative", "other-subject", "first=", "words=", "named",
            "number", "relation", "has=", "confidence", "cover", "long-message", "partner-question",
            "from-partner")


def stem(t):
    for suf in ("ing", "ed", "es", "s"):
        if len(t) > len(suf) + 2 and t.endswith(suf):
            return t[: -len(suf)]
    return t


def toks(s):
    out = []
    for t in re.findall(r"[a-z0-9']+", s.lower().replace("\u2019", "'")):
        out.extend(CONTR.get(t, t).split())
    return [stem(t) for t in out if t not in STOP]


def f1(a, b):
    ca, cb = collections.Counter(a), collections.Counter(b)
    c = sum((ca & cb).values())
    if not c:
        return 0.0
    p, r = c / sum(ca.values()), c / sum(cb.values())
    return 2 * p * r / (p + r)


def personas(path):
    """Per speaker id ("c12-user1"), the persona sentences, numbered as RealDataCorpus numbers them."""
    csv.field_size_limit(1 << 30)
    with open(path, encoding="utf-8", newline="") as f:
        rows = list(csv.reader(f))
    people = {}
    for number, row in enumerate(rows[1:]):
        if len(row) < 3:
            continue
        for side in range(2):
            people[f"c{number}-user{side + 1}"] = [x.strip() for x in row[side].splitlines() if x.strip()]
    return people


def sigmoid(z):
    return 1 / (1 + math.exp(-z)) if z > -60 else 0.0


def train(rows, labels, names, l2, epochs, seed):
    """Logistic regression by AdaGrad over shuffled rows; `names` are the features kept."""
    w = {n: 0.0 for n in names}
    g2 = {n: 1e-8 for n in names}
    order = list(range(len(rows)))
    rng = random.Random(seed)
    rate = 0.5
    for _ in range(epochs):
        rng.shuffle(order)
        for i in order:
            x = rows[i]
            p = sigmoid(sum(w[n] * v for n, v in x.items() if n in w))
            err = p - labels[i]
            for n, v in x.items():
                if n not in w:
                    continue
                grad = err * v + (l2 * w[n] / len(rows) if n != "bias" else 0.0)
                g2[n] += grad * grad
                w[n] -= rate * grad / math.sqrt(g2[n])
    return w


def score(w, x):
    return sigmoid(sum(w.get(n, 0.0) * v for n, v in x.items()))


def matched(preds, golds):
    """How many of `preds` match a fact of `golds` one to one (greedy by token F1, at least 0.5):
    the scorers' rule."""
    gt = [toks(g) for g in golds]
    pairs = sorted(((f1(toks(p), g), i, j) for i, p in enumerate(preds) for j, g in enumerate(gt)), reverse=True)
    up, ug, tp = set(), set(), 0
    for s, i, j in pairs:
        if s < 0.5:
            break
        if i in up or j in ug:
            continue
        up.add(i); ug.add(j); tp += 1
    return tp


def persona_f1(cands, probs, people, threshold):
    """The persona scorer's F1 on the candidates kept at `threshold` (health always kept)."""
    by_user = collections.defaultdict(list)
    for c, p in zip(cands, probs):
        if c["category"] == "health" or p >= threshold:
            by_user[c["user"]].append(c["content"])
    tp = npred = ngold = 0
    for user, gold in people.items():
        pred = by_user.get(user, [])
        npred += len(pred); ngold += len(gold)
        tp += matched(pred, gold)
    P = tp / npred if npred else 0.0
    R = tp / ngold if ngold else 0.0
    return (2 * P * R / (P + R) if P + R else 0.0), P, R, npred


def swift(weights, threshold, summary):
    lines = ["// Generated by eval/train_fact_acceptance.py: do not edit by hand; retrain instead.", "//"]
    lines += ["// " + line for s in summary for line in textwrap.wrap(s, 112)]
    lines += ["", "/// The weights of ``FactAcceptance/trained``.", "enum FactAcceptanceWeights {",
              "    /// Candidates under this probability are not stored.",
              f"    static let threshold = {threshold:.2f}", "    /// Weight per feature name.",
              "    static let weights: [String: Double] = ["]
    for name in sorted(weights):
        if abs(weights[name]) >= 0.005:
            lines.append(f"        {json.dumps(name)}: {weights[name]:.3f},")
    lines += ["    ]", "}", ""]
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", required=True, help="Synthetic-Persona-Chat CSV (valid.csv)")
    ap.add_argument("--spotter", default=".build/release/spotter")
    ap.add_argument("--candidates", help="read this candidate dump instead of running --spotter")
    ap.add_argument("--check", help="a candidate dump of --half odd: print the persona F1 there (never trained on)")
    ap.add_argument("--out", default="Sources/SpotterFacts/Extraction/FactAcceptanceWeights.swift")
    ap.add_argument("--min-count", type=int, default=25, help="features seen fewer times get no weight")
    ap.add_argument("--l2", type=float, default=200.0)
    ap.add_argument("--epochs", type=int, default=12)
    ap.add_argument("--seed", type=int, default=33)
    ap.add_argument("--threshold", type=float,
                    help="ship this threshold instead of the training half's best (docs/facts.md says why)")
    a = ap.parse_args()
    if "msc" in os.path.basename(os.path.dirname(os.path.abspath(a.data))).lower():
        sys.exit("train on Synthetic-Persona-Chat only: msc-valid is what the model is checked on")
    people = personas(a.data)
    path = a.candidates
    if not path:
        path = os.path.join(tempfile.mkdtemp(), "candidates.jsonl")
        cmd = [a.spotter, "eval", "facts", "--persona-chat", a.data, "--half", "even", "--examples", "0",
               "--candidates", path]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            sys.exit(f"{' '.join(cmd)} exited {proc.returncode}: {proc.stderr.strip()[-500:]}")
    cands = [json.loads(line) for line in open(path, encoding="utf-8") if line.strip()]
    even = {u: g for u, g in people.items() if int(u.split("-")[0][1:]) % 2 == 0}
    cands = [c for c in cands if c["user"] in even]
    if not cands:
        sys.exit("no candidates of the even half: is --candidates a dump of --half even?")
    labels = []
    for c in cands:
        ct = toks(c["content"])
        labels.append(1 if any(f1(ct, toks(g)) >= 0.5 for g in even[c["user"]]) else 0)
    for c in cands:
        c["features"] = {n: v for n, v in c["features"].items() if n.startswith(FAMILIES)}
    counts = collections.Counter(n for c in cands for n in c["features"])
    names = sorted(n for n, k in counts.items() if k >= a.min_count or n in NUMERIC or n == "bias")
    rows = [c["features"] for c in cands]
    w = train(rows, labels, names, a.l2, a.epochs, a.seed)
    probs = [score(w, x) for x in rows]
    loss = -sum(math.log(max(1e-9, p if y else 1 - p)) for p, y in zip(probs, labels)) / len(labels)
    base = persona_f1(cands, [1.0] * len(cands), even, 0.0)
    best = max((persona_f1(cands, probs, even, t / 100) + (t / 100,) for t in range(0, 40)), key=lambda r: r[0])
    summary = [f"training: persona-chat even half ({len(even)} speakers), {len(cands)} candidates, "
               f"{sum(labels)} match a persona sentence; {len(names)} features of {len(counts)} "
               f"(seen >= {a.min_count} times); L2 {a.l2}, {a.epochs} epochs, seed {a.seed}; log loss {loss:.3f}",
               f"persona F1 of the training half: all candidates {base[0]:.3f} (P {base[1]:.3f}, R {base[2]:.3f}); "
               f"at threshold {best[4]:.2f}: {best[0]:.3f} (P {best[1]:.3f}, R {best[2]:.3f}, {best[3]} kept)"]
    if a.threshold is not None:
        chosen = persona_f1(cands, probs, even, a.threshold) + (a.threshold,)
        summary.append(f"shipped threshold {a.threshold:.2f} (given): training half {chosen[0]:.3f} "
                       f"(P {chosen[1]:.3f}, R {chosen[2]:.3f}, {chosen[3]} kept)")
        best = chosen
    if a.check:
        odd = {u: g for u, g in people.items() if int(u.split("-")[0][1:]) % 2 == 1}
        held = [json.loads(line) for line in open(a.check, encoding="utf-8") if line.strip()]
        held = [c for c in held if c["user"] in odd]
        hp = [score(w, {n: v for n, v in c["features"].items() if n.startswith(FAMILIES)}) for c in held]
        all_ = persona_f1(held, [1.0] * len(held), odd, 0.0)
        kept = persona_f1(held, hp, odd, best[4])
        summary.append(f"check, persona-chat odd half ({len(odd)} speakers, {len(held)} candidates): all candidates "
                       f"{all_[0]:.3f} (P {all_[1]:.3f}, R {all_[2]:.3f}); at {best[4]:.2f}: {kept[0]:.3f} "
                       f"(P {kept[1]:.3f}, R {kept[2]:.3f}, {kept[3]} kept)")
    with open(a.out, "w", encoding="utf-8") as f:
        f.write(swift(w, best[4], summary))
    print("\n".join(summary))
    print(f"wrote {a.out}")
    top = sorted(w.items(), key=lambda kv: kv[1])
    print("most negative:", ", ".join(f"{n} {v:.2f}" for n, v in top[:15]))
    print("most positive:", ", ".join(f"{n} {v:.2f}" for n, v in top[-15:]))


if __name__ == "__main__":
    main()
