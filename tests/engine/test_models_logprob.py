"""Log-probability verdicts (#16 item 2): the scores equal an independent computation with llama.cpp's
all-token logits and scipy's log_softmax; reusing the shared instruction prefix cannot change a score;
calibration arithmetic against scipy; a logprob verify run pins its calibration and a context sized to
its longest prompt."""
from __future__ import annotations

import json
import re
import shutil

import numpy as np
import pytest
from scipy.special import log_softmax, logsumexp, softmax

from factaudit.engine.errors import InvalidArgument
from factaudit.engine.models import calibration, registry
from factaudit.engine.models.llama_backend import LlamaBackend
from factaudit.engine.models.logprob import prompt_tokens, score_choices
from factaudit.engine.pipeline.verify import (VERDICT_PREFIX, VERDICT_SUFFIX, EvidencePassage, VerifyOptions,
                                              fit_messages, verify_claim)
from factaudit.engine.project.records import VERDICTS

MESSAGES = [{"role": "system", "content": "You are a fact-checker. Verdicts: Supported, Refuted, No Evidence, "
                                          "Ambiguous. Reply with JSON."},
            {"role": "user", "content": "Claim: Aspirin lowers fever.\nEvidence: In the trial aspirin reduced "
                                        "body temperature in febrile patients.\nGive the verdict as JSON."}]


@pytest.fixture(scope="module")
def backend():
    llm = LlamaBackend(registry.resolve_llm(n_ctx=1024), n_threads=1)
    yield llm
    llm.close()


def _expected(ref, rows, cont) -> float:
    """Exact tokens, the last one summed over the vocabulary entries that write its text and then no
    letter or digit (issue #32: `",` is one token, so the bare `"` undercounts)."""
    last = ref.detokenize([cont[-1]])
    ends = [t for t in range(ref.n_vocab()) if re.fullmatch(re.escape(last) + rb"(?![A-Za-z0-9]).*",
                                                              ref.detokenize([t]), re.S)]
    assert cont[-1] in ends
    lp = [log_softmax(row) for row in rows]
    return sum(r[t] for r, t in zip(lp[:-1], cont[:-1])) + float(logsumexp(lp[-1][ends]))


@pytest.mark.slow
def test_scores_equal_all_token_logits_with_scipy(backend):
    from llama_cpp import Llama

    got = score_choices(backend._llama(), MESSAGES, VERDICT_PREFIX, list(VERDICTS), VERDICT_SUFFIX).logprobs
    ref = Llama(model_path=backend.entry.path, n_ctx=1024, n_threads=1, logits_all=True, verbose=False)
    try:
        prompt = prompt_tokens(ref, MESSAGES, VERDICT_PREFIX)
        head = ref.tokenize(VERDICT_PREFIX.encode(), add_bos=False)
        for verdict in VERDICTS:
            cont = ref.tokenize((VERDICT_PREFIX + verdict + VERDICT_SUFFIX).encode(), add_bos=False)[len(head):]
            # llama.cpp's kernels give slightly different logits for a batch and for one token at a
            # time, so the reference evaluates the continuation as the scorer does: one token at a time.
            ref.reset()
            ref.eval(prompt)
            for tok in cont[:-1]:
                ref.eval([tok])
            rows = np.asarray(ref.scores[len(prompt) - 1: len(prompt) - 1 + len(cont)], dtype=np.float64)
            expected = _expected(ref, rows, cont)
            assert got[verdict] == pytest.approx(expected, abs=1e-3), verdict
            # and all in one batch it is the same number up to those kernel differences
            ref.reset()
            ref.eval(prompt + cont)
            rows = np.asarray(ref.scores[len(prompt) - 1: len(prompt) - 1 + len(cont)], dtype=np.float64)
            assert got[verdict] == pytest.approx(_expected(ref, rows, cont), abs=0.5)
            assert got[verdict] < 0
    finally:
        ref.close()


@pytest.mark.slow
def test_reusing_the_instruction_prefix_changes_no_score(backend):
    llm = backend._llama()
    other = [MESSAGES[0], {"role": "user", "content": "Claim: The moon is made of cheese.\nEvidence: Lunar rock "
                                                      "samples are basalt and anorthosite.\nGive the verdict."}]
    cold = score_choices(llm, other, VERDICT_PREFIX, list(VERDICTS), VERDICT_SUFFIX, reuse_prefix=False)
    score_choices(llm, MESSAGES, VERDICT_PREFIX, list(VERDICTS), VERDICT_SUFFIX)
    warm = score_choices(llm, other, VERDICT_PREFIX, list(VERDICTS), VERDICT_SUFFIX, reuse_prefix=True)
    assert warm.logprobs == cold.logprobs
    assert warm.prompt_tokens == cold.prompt_tokens == len(prompt_tokens(llm, other, VERDICT_PREFIX))
    assert cold.evaluated_tokens == cold.prompt_tokens
    assert 0 < warm.evaluated_tokens < cold.evaluated_tokens


def test_calibration_arithmetic_matches_scipy():
    rng = np.random.default_rng(3)
    labels = list(VERDICTS)
    inputs = {t: rng.normal(size=4) * 3 for t in calibration.CONTENT_FREE}
    bias = calibration.contextual_bias(lambda c, e: dict(zip(labels, inputs[c])), labels)
    mean_p = np.mean([softmax(v) for v in inputs.values()], axis=0)
    assert [bias[y] for y in labels] == pytest.approx(list(np.log(mean_p)))
    x = rng.normal(size=4) * 3
    got = calibration.apply_bias(dict(zip(labels, x)), bias)
    assert [got[y] for y in labels] == pytest.approx(list(log_softmax(x) - np.log(mean_p)))
    # dividing out the content-free preference: p(y|x)/p_cf(y), renormalised, is what apply_bias ranks by
    ratio = softmax(x) / mean_p
    assert calibration.pick(got, labels) == labels[int(np.argmax(ratio))]


def test_fitted_bias_recovers_a_known_shift():
    rng = np.random.default_rng(0)
    labels = list(VERDICTS)
    true = np.array([2.0, -0.5, -0.5, -1.0])
    clean = rng.normal(size=(400, 4)) * 2
    gold = [labels[i] for i in np.argmax(clean, axis=1)]
    shifted = [dict(zip(labels, row + true)) for row in clean]   # a model that over-prefers "Supported"
    fitted = calibration.fit_bias(shifted, gold, labels, l2=0.0)
    before = np.mean([calibration.pick(calibration.apply_bias(s, None), labels) == g for s, g in zip(shifted, gold)])
    after = np.mean([calibration.pick(calibration.apply_bias(s, fitted), labels) == g for s, g in zip(shifted, gold)])
    assert after > before + 0.2
    # biases are defined up to a constant: compare centred
    assert [fitted[y] for y in labels] == pytest.approx(list(true - true.mean()), abs=0.35)


def test_bias_file_is_checked(tmp_path):
    good = tmp_path / "bias.json"
    good.write_text(json.dumps({"bias": {"Supported": 1.5, "Refuted": -0.5}}))
    assert calibration.read_bias_file(good, VERDICTS) == {"Supported": 1.5, "Refuted": -0.5,
                                                          "No Evidence": 0.0, "Ambiguous": 0.0}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"bias": {"True": 1}}))
    with pytest.raises(InvalidArgument):
        calibration.read_bias_file(bad, VERDICTS)


@pytest.mark.slow
def test_logprob_verdict_is_the_best_calibrated_score(backend):
    passages = [EvidencePassage("p1", "Aspirin reduced body temperature in febrile patients. It was well tolerated.")]
    bias = (("Supported", 0.7), ("Refuted", -0.2), ("No Evidence", 0.0), ("Ambiguous", -0.5))
    opts = VerifyOptions(scoring="logprob", calibration_bias=bias)
    rec = verify_claim(backend, "Aspirin lowers fever.", "c1", passages, opts)
    raw = json.loads(rec.raw_output)
    messages = fit_messages(backend, opts.prompt(), "Aspirin lowers fever.", passages, opts)[0]
    fresh = score_choices(backend._llama(), messages, VERDICT_PREFIX, list(VERDICTS), VERDICT_SUFFIX,
                          reuse_prefix=False).logprobs
    assert raw["logprobs"] == fresh
    expected = max(VERDICTS, key=lambda v: log_softmax([fresh[y] for y in VERDICTS])[VERDICTS.index(v)] - dict(bias)[v])
    assert rec.verdict == expected and rec.parse_status == "ok" and rec.completion_tokens == 0
    with pytest.raises(InvalidArgument):
        verify_claim(backend, "x", "c2", passages, VerifyOptions(mode="per-passage", scoring="logprob"))


def add_trec_run(project, tmp, n_claims: int, k: int) -> str:
    from factaudit.engine.ingest import import_files
    from factaudit.engine.project.queries import iter_passages, list_claims

    pids = [p.id for p in iter_passages(project, "scifact-demo")]
    lines = [f"{c.id} Q0 {pids[(i * 7 + r) % len(pids)]} {r} {10 - r}.0 t"
             for i, c in enumerate(list_claims(project, "scifact-demo")[:n_claims]) for r in range(1, k + 1)]
    (tmp / "run.trec").write_text("\n".join(lines) + "\n")
    return import_files(project, [tmp / "run.trec"], fmt="trec").run_id


@pytest.mark.slow
def test_logprob_run_pins_its_calibration_and_context_size(demo_project_path, tmp_path, monkeypatch):
    from factaudit.engine import services as vs
    from factaudit.engine.project import runs as run_store
    from factaudit.engine.project.db import Project

    monkeypatch.setenv("FACTAUDIT_CACHE_DIR", str(tmp_path / "cache"))
    dst = tmp_path / "demo.faproj"
    shutil.copy2(demo_project_path, dst)
    with Project.open(dst) as project:
        run = add_trec_run(project, tmp_path, n_claims=4, k=2)
        req = vs.VerifyRequest(retrieval_run=run, model="smollm2-135m", k=2, limit=3, passage_words=30, scoring="logprob",
                               calibration="contextual", n_threads=1)
        res = vs.verify(project, req)
        cfg = run_store.get_run(project, res.run_id).config
        assert cfg["scoring"]["method"] == "logprob" and cfg["scoring"]["calibration"] == "contextual"
        bias = cfg["scoring"]["bias"]
        assert set(bias) == set(VERDICTS)
        # the pinned bias is log p̄_cf: the mean content-free probabilities sum to one
        assert sum(np.exp(list(bias.values()))) == pytest.approx(1.0)
        for rec in run_store.get_verdicts(project, res.run_id).values():
            scores = json.loads(rec.raw_output)["scores"]
            lp = json.loads(rec.raw_output)["logprobs"]
            norm = log_softmax([lp[y] for y in VERDICTS])
            assert [scores[y] for y in VERDICTS] == pytest.approx([norm[i] - bias[y] for i, y in enumerate(VERDICTS)])
            assert rec.verdict == max(VERDICTS, key=lambda y: scores[y])
        # n_ctx sized to the run's longest prompt (rounded up to 256), not the 8192 default, and pinned
        n_ctx = cfg["model"]["n_ctx"]
        longest = max(r.prompt_tokens for r in run_store.get_verdicts(project, res.run_id).values())
        assert n_ctx % 256 == 0 and longest + req.max_tokens <= n_ctx < 8192
        assert n_ctx - 256 < longest + req.max_tokens + 32 + 96     # 96: the count's per-message slack
        with pytest.raises(InvalidArgument):
            vs.verify(project, vs.VerifyRequest(retrieval_run=run, model="smollm2-135m", k=2, calibration="contextual"))
