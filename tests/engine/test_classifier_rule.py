"""The classifier verdict rule (max over windows per label, thresholds, Ambiguous when both exceed,
binary models never Refuted) and its attribution, checked on constructed probability tables against
a straightforward loop written independently of engine.pipeline.classify."""
from __future__ import annotations

import itertools
import math
import json
import random

import numpy as np

from factaudit.engine.models.classifier_folder import Thresholds
from factaudit.engine.pipeline.classify import decide, verdict_rule
from factaudit.engine.pipeline.classify_windows import Window


def _reference(rows, ts, tr):
    """rows: (p_s, p_r or None, p_n) per window, in order. Returns verdict, maxima, driving index."""
    ms = mr = -1.0
    for s, r, _ in rows:
        ms = max(ms, s)
        if r is not None:
            mr = max(mr, r)
    binary = rows[0][1] is None
    sup, ref = ms >= ts, (not binary and mr >= tr)
    verdict = "Ambiguous" if sup and ref else "Supported" if sup else "Refuted" if ref else "No Evidence"

    def first_max(values):
        best, at = None, None
        for i, v in enumerate(values):
            if best is None or v > best:
                best, at = v, i
        return at

    i_s = first_max([s for s, _, _ in rows])
    i_r = None if binary else first_max([r for _, r, _ in rows])
    if verdict == "Supported":
        drive = i_s
    elif verdict == "Refuted":
        drive = i_r
    elif verdict == "Ambiguous":
        drive = i_r if rows[i_r][1] > rows[i_s][0] else i_s
    else:
        drive = first_max([s if binary else max(s, r) for s, r, _ in rows])
    return verdict, ms, (None if binary else mr), drive


def _windows(n):
    return [Window(f"p{i // 3}", 10 * i, 10 * i + 9, i % 3 + 1, i % 3 + 1, "x" * 9) for i in range(n)]


def test_verdict_rule_on_a_grid_including_the_thresholds_themselves():
    th = Thresholds(0.6, 0.4)
    for s, r in itertools.product([0.0, 0.39, 0.4, 0.59, 0.6, 1.0], [None, 0.0, 0.39, 0.4, 0.59, 0.6, 1.0]):
        sup, ref = s >= 0.6, r is not None and r >= 0.4
        want = {(True, True): "Ambiguous", (True, False): "Supported", (False, True): "Refuted",
                (False, False): "No Evidence"}[(sup, ref)]
        assert verdict_rule(s, r, th) == want, (s, r)


def test_decide_agrees_with_the_reference_on_random_tables():
    rng = random.Random(11)
    seen = set()
    for trial in range(600):
        n = rng.randint(1, 9)
        binary = trial % 4 == 0
        probs = []
        for _ in range(n):
            # coarse values so that ties between windows happen and are checked too
            raw = [rng.choice([0.05, 0.2, 0.5, 0.8, 1.0, 2.0, 4.0]) for _ in range(2 if binary else 3)]
            z = sum(raw)
            probs.append([v / z for v in raw])
        p_s = np.array([p[0] for p in probs])
        p_n = np.array([p[-1] for p in probs])
        p_r = None if binary else np.array([p[1] for p in probs])
        ts, tr = rng.choice([0.3, 0.5, 0.7]), rng.choice([0.3, 0.5, 0.7])
        ws = _windows(n)
        got = decide("c", ws, p_s, p_r, p_n, Thresholds(ts, tr))
        rows = [(p_s[i], None if binary else p_r[i], p_n[i]) for i in range(n)]
        verdict, ms, mr, drive = _reference(rows, ts, tr)
        assert got.verdict == verdict
        assert got.maxima["Supported"] == ms and got.maxima["Refuted"] == mr
        assert (got.driving.passage_id, got.driving.start) == (ws[drive].passage_id, ws[drive].start)
        if binary:
            assert got.verdict in ("Supported", "No Evidence") and got.binary
        assert len(got.pairs) == n
        seen.add(verdict)
    assert seen == {"Supported", "Refuted", "Ambiguous", "No Evidence"}


def test_ambiguous_when_one_passage_supports_and_another_refutes():
    ws = _windows(4)
    p_s = np.array([0.1, 0.9, 0.2, 0.1])
    p_r = np.array([0.1, 0.05, 0.1, 0.85])
    p_n = 1 - p_s - p_r
    got = decide("c", ws, p_s, p_r, p_n, Thresholds(0.5, 0.5))
    assert got.verdict == "Ambiguous"
    assert got.best_support.start == ws[1].start and got.best_refute.start == ws[3].start
    assert got.driving == got.best_support          # 0.9 > 0.85


def test_no_windows_is_no_evidence_without_attribution_and_records_keep_verdict_semantics():
    got = decide("c0", [], np.array([]), np.array([]), np.array([]), Thresholds())
    assert got.verdict == "No Evidence" and got.driving is None
    verdict, evidence = got.records(latency_ms=2.5)
    assert verdict.parse_status == "ok" and verdict.evidence_used == [] and verdict.latency_ms == 2.5
    assert evidence.passage_id is None and evidence.pairs == []

    ws = _windows(2)
    got = decide("c1", ws, np.array([0.2, 0.91]), np.array([0.1, 0.02]), np.array([0.7, 0.07]), Thresholds())
    verdict, evidence = got.records()
    assert verdict.verdict == "Supported" and verdict.evidence_used == [ws[1].passage_id]
    assert verdict.reasoning.startswith(f"Passage {ws[1].passage_id}, sentence {ws[1].first}: P(Supported)=0.910")
    assert json.loads(verdict.raw_output)["maxima"]["Supported"] == 0.91
    assert (evidence.span_start, evidence.span_end, evidence.prob) == (ws[1].start, ws[1].end, 0.91)


def _es_reference(rows, pids, te, tc, bias=0.0):
    """Rule "evidence_stance" written out as a loop: evidence = 1 - P(NE), the first window with the
    most evidence decides; Ambiguous needs another passage's best window at >= τ_c, opposite stance."""
    ev = [1 - n for _, _, n in rows]
    # the stance bias as a ratio, not a log-odds difference: written apart from the engine's form
    stance = ["Supported" if r is None or s >= r * math.exp(bias) else "Refuted" for s, r, _ in rows]
    top = 0
    for i in range(len(rows)):
        if ev[i] > ev[top]:
            top = i
    if ev[top] < te:
        return "No Evidence", top
    if ev[top] >= tc:
        for pid in dict.fromkeys(pids):
            idx = [i for i in range(len(rows)) if pids[i] == pid]
            best = idx[0]
            for i in idx:
                if ev[i] > ev[best]:
                    best = i
            if ev[best] >= tc and stance[best] != stance[top]:
                return "Ambiguous", top
    return stance[top], top


def test_evidence_stance_rule_agrees_with_the_reference_on_random_tables():
    rng = random.Random(5)
    seen = set()
    for trial in range(800):
        n = rng.randint(1, 9)
        binary = trial % 5 == 0
        probs = []
        for _ in range(n):
            raw = [rng.choice([0.05, 0.2, 0.5, 0.8, 1.0, 2.0, 4.0]) for _ in range(2 if binary else 3)]
            probs.append([v / sum(raw) for v in raw])
        p_s = np.array([p[0] for p in probs])
        p_n = np.array([p[-1] for p in probs])
        p_r = None if binary else np.array([p[1] for p in probs])
        te = rng.choice([0.2, 0.4, 0.6])
        tc = rng.choice([te, 0.7, 1.0])
        ws = _windows(n)
        th = Thresholds(rule="evidence_stance", evidence=te, conflict=tc)
        got = decide("c", ws, p_s, p_r, p_n, th)
        rows = [(p_s[i], None if binary else p_r[i], p_n[i]) for i in range(n)]
        verdict, top = _es_reference(rows, [w.passage_id for w in ws], te, tc)
        assert got.verdict == verdict, (rows, te, tc)
        assert (got.driving.passage_id, got.driving.start) == (ws[top].passage_id, ws[top].start)
        want_label = "Supported" if binary or p_s[top] >= p_r[top] else "Refuted"
        assert got.driving.label == want_label
        assert got.driving.prob == (p_s[top] if want_label == "Supported" else p_r[top])
        if binary:
            assert got.verdict in ("Supported", "No Evidence")
        seen.add(verdict)
    assert seen == {"Supported", "Refuted", "Ambiguous", "No Evidence"}


def test_evidence_stance_the_surest_window_decides_even_when_another_has_a_higher_p_supported():
    ws = _windows(3)
    # window 0: P(S) .55 but P(NE) .40 (evidence .60); window 1: evidence .95, stance Refuted.
    p_s, p_r, p_n = np.array([0.55, 0.30, 0.1]), np.array([0.05, 0.65, 0.1]), np.array([0.40, 0.05, 0.8])
    th = Thresholds(rule="evidence_stance", evidence=0.5, conflict=1.0)
    assert decide("c", ws, p_s, p_r, p_n, th).verdict == "Refuted"
    # under "maxima" the same table is Ambiguous at 0.5 / 0.5: the reason the embedded model uses the other rule
    assert decide("c", ws, p_s, p_r, p_n, Thresholds(0.5, 0.5)).verdict == "Ambiguous"
    # the conflict threshold only looks at other passages' best windows (windows 0-2 are one passage here)
    assert decide("c", ws, p_s, p_r, p_n, Thresholds(rule="evidence_stance", evidence=0.5, conflict=0.5)).verdict == "Refuted"


def test_the_stance_bias_moves_the_line_between_supported_and_refuted():
    """A stance bias b makes a window Supported only when P(S) >= P(R) * e^b, checked against the reference
    on random tables; with b = 0 the rule is the plain P(S) >= P(R)."""
    rng = random.Random(11)
    flipped = 0
    for _ in range(600):
        n = rng.randint(1, 6)
        probs = []
        for _ in range(n):
            raw = [rng.choice([0.05, 0.2, 0.5, 0.8, 1.0, 2.0, 4.0]) for _ in range(3)]
            probs.append([v / sum(raw) for v in raw])
        p_s, p_r, p_n = (np.array([p[i] for p in probs]) for i in range(3))
        bias = rng.choice([-1.3, -0.4, 0.7, 1.9])
        ws = _windows(n)
        got = decide("c", ws, p_s, p_r, p_n, Thresholds(rule="evidence_stance", evidence=0.3, conflict=1.0, stance=bias))
        rows = [(p_s[i], p_r[i], p_n[i]) for i in range(n)]
        assert got.verdict == _es_reference(rows, [w.passage_id for w in ws], 0.3, 1.0, bias)[0]
        plain = decide("c", ws, p_s, p_r, p_n, Thresholds(rule="evidence_stance", evidence=0.3, conflict=1.0)).verdict
        flipped += plain != got.verdict
    assert flipped > 0


def test_the_stance_bias_is_read_checked_and_pinned_only_when_set():
    import pytest

    from factaudit.engine.errors import InvalidArgument
    from factaudit.engine.models.classifier_folder import parse_thresholds

    th = parse_thresholds({"rule": "evidence_stance", "evidence": 0.1, "conflict": 1.0, "stance": -0.75}, "t")
    assert th.stance == -0.75 and th.to_json()["stance"] == -0.75 and "stance bias -0.75" in th.describe()
    assert "stance" not in parse_thresholds({"rule": "evidence_stance", "evidence": 0.7}, "t").to_json()
    for bad in (11, "1", True):
        with pytest.raises(InvalidArgument, match="stance bias"):
            parse_thresholds({"rule": "evidence_stance", "evidence": 0.1, "stance": bad}, "t")
    with pytest.raises(InvalidArgument):
        parse_thresholds({"supported": 0.5, "refuted": 0.5, "stance": 1.0}, "t")
