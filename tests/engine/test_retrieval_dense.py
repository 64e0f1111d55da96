"""Dense (embedded MiniLM + FAISS) and RRF runs on a small SciFact slice, checked against direct
computation with the model and a hand-made RRF."""
import json
import shutil

import ir_measures
import numpy as np
import pytest
from ir_measures import RR, R, nDCG

from factaudit.engine.models import embedders
from factaudit.engine.project import queries, runs
from factaudit.engine.project.db import Project
from factaudit.engine.retrieval.fusion import rrf
from factaudit.engine.services import import_files, retrieval
from factaudit.engine.services.demo import demo_file

N_CLAIMS, N_OTHER = 15, 25


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    """15 SciFact claims with evidence, their gold abstracts and 25 other abstracts; one project for
    the module, so the passages are embedded once (the first dense run) and the cache serves the rest."""
    out = tmp_path_factory.mktemp("dense")
    claims = [json.loads(line) for line in demo_file("scifact_claims_dev100.jsonl").read_text().splitlines()]
    claims = [c for c in claims if c["evidence"]][:N_CLAIMS]
    gold = {str(d) for c in claims for d in c["evidence"]}
    corpus = [json.loads(line) for line in demo_file("scifact_corpus_subset.jsonl").read_text().splitlines()]
    keep = [d for d in corpus if str(d["doc_id"]) in gold] + [d for d in corpus if str(d["doc_id"]) not in gold][:N_OTHER]
    (out / "corpus.jsonl").write_text("".join(json.dumps(d) + "\n" for d in keep))
    (out / "claims_dev.jsonl").write_text("".join(json.dumps(c) + "\n" for c in claims))
    p = Project.create(out / "small.faproj")
    import_files(p, [out / "corpus.jsonl", out / "claims_dev.jsonl"], fmt="scifact", dataset="small")
    yield p
    p.close()


@pytest.fixture(scope="module")
def dense_runs(small):
    """The first dense run builds the index, the second finds it in the cache."""
    return (retrieval.retrieve(small, retrieval.RetrievalRequest("dense", k=5)),
            retrieval.retrieve(small, retrieval.RetrievalRequest("dense:minilm-l6", k=5)))


@pytest.fixture(scope="module")
def model():
    return embedders.load_embedder(embedders.resolve_embedder("minilm-l6"))


def test_dense_run_matches_direct_cosine_and_reuses_its_cache(small, dense_runs, model):
    first, again = dense_runs
    assert first.retriever == "dense:minilm-l6" and first.cache == {"dense:minilm-l6": "built"}
    assert again.cache == {"dense:minilm-l6": "hit"}
    hits = runs.get_hits(small, first.run_id)
    assert hits == runs.get_hits(small, again.run_id)

    # Independent: embed every passage and claim with the model and rank by cosine similarity.
    passages = list(queries.iter_passages(small))
    texts = [f"{p.title} {p.text}" if p.title else p.text for p in passages]
    P = model.encode(texts, convert_to_numpy=True)
    P /= np.linalg.norm(P, axis=1, keepdims=True)
    for claim in queries.list_claims(small)[:5]:
        q = model.encode([claim.text], convert_to_numpy=True)[0]
        sims = P @ (q / np.linalg.norm(q))
        order = np.argsort(-sims)[:5]
        got = hits[claim.id]
        assert [h.passage_id for h in got] == [passages[i].id for i in order]
        assert [h.score for h in got] == pytest.approx([float(sims[i]) for i in order], abs=1e-4)

    prov = runs.get_run(small, first.run_id).provenance
    assert prov["models"]["dense:minilm-l6"]["sha256"] == embedders.model_sha256(embedders.resolve_embedder("minilm-l6"))


def test_hnsw_index_agrees_with_exact_search():
    from factaudit.engine.retrieval.dense import build_faiss

    rng = np.random.default_rng(3)
    x = rng.standard_normal((2000, 32)).astype(np.float32)
    x /= np.linalg.norm(x, axis=1, keepdims=True)
    q = x[:50] + 0.1 * rng.standard_normal((50, 32)).astype(np.float32)
    _, exact = build_faiss(x, "flat").search(q, 10)
    _, approx = build_faiss(x, "hnsw").search(q, 10)
    brute = np.argsort(-(q @ x.T), axis=1)[:, :10]
    assert (exact == brute).all()
    assert np.mean([len(set(a) & set(e)) / 10 for a, e in zip(approx, exact)]) >= 0.95


def test_hnsw_run_reuses_the_cached_embeddings(small, dense_runs):
    flat = dense_runs[0]
    hnsw = retrieval.retrieve(small, retrieval.RetrievalRequest("dense", k=5, dense_index="hnsw"))
    assert hnsw.cache == {"dense:minilm-l6 hnsw": "built", "dense:minilm-l6": "hit"}   # no re-embedding
    again = retrieval.retrieve(small, retrieval.RetrievalRequest("dense", k=5, dense_index="hnsw"))
    assert again.cache["dense:minilm-l6 hnsw"] == "hit"
    a, b = runs.get_hits(small, flat.run_id), runs.get_hits(small, hnsw.run_id)
    assert {c: [h.passage_id for h in hs] for c, hs in a.items()} == {c: [h.passage_id for h in hs] for c, hs in b.items()}
    assert runs.get_run(small, hnsw.run_id).config["dense_index"] == "hnsw"


def test_rrf_run_is_the_hand_fusion_of_its_components_and_evaluates_like_ir_measures(small, dense_runs):
    depth = 20
    fused = retrieval.retrieve(small, retrieval.RetrievalRequest("rrf:bm25,dense:minilm-l6", k=10, rrf_k=60,
                                                                 rrf_depth=depth))
    bm = retrieval.retrieve(small, retrieval.RetrievalRequest("bm25", k=depth))
    dn = retrieval.retrieve(small, retrieval.RetrievalRequest("dense", k=depth))
    hf, hb, hd = (runs.get_hits(small, r.run_id) for r in (fused, bm, dn))
    for claim in queries.list_claims(small):
        lists = [[h.passage_id for h in hb.get(claim.id, [])], [h.passage_id for h in hd[claim.id]]]
        expected = rrf(lists, c=60, k=10)
        got = [(h.passage_id, h.score) for h in hf[claim.id]]
        assert [p for p, _ in got] == [p for p, _ in expected]
        assert [s for _, s in got] == pytest.approx([s for _, s in expected])
    cfg = runs.get_run(small, fused.run_id).config
    assert (cfg["rrf_k"], cfg["rrf_depth"], cfg["components"]) == (60, depth, ["bm25", "dense:minilm-l6"])

    ev = retrieval.eval_retrieval(small, fused.run_id)
    gold = queries.gold_evidence(small)
    qrels = [ir_measures.Qrel(c, g.passage_id, 1) for c, gs in gold.items() for g in gs]
    run = [ir_measures.ScoredDoc(c, h.passage_id, float(100 - h.rank)) for c, hs in hf.items() for h in hs]
    ref = ir_measures.calc_aggregate([nDCG @ 10, R @ 10, RR @ 10], qrels, run)
    assert ev.metrics["ndcg@10"] == pytest.approx(ref[nDCG @ 10], abs=1e-6)
    assert ev.metrics["recall@10"] == pytest.approx(ref[R @ 10], abs=1e-6)
    assert ev.metrics["mrr@10"] == pytest.approx(ref[RR @ 10], abs=1e-6)


def _tree_digest(folder):
    """Independent of engine.hashing: sha256 over each file's relative path and content digest."""
    import hashlib
    h = hashlib.sha256()
    for f in sorted(p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
        h.update(f.relative_to(folder).as_posix().encode() + b"\x00")
        h.update(hashlib.sha256(f.read_bytes()).hexdigest().encode() + b"\n")
    return h.hexdigest()


def test_local_models_folder_is_known_by_name_and_hashed_by_content(tmp_path, monkeypatch):
    monkeypatch.setenv(embedders.BACKEND_ENV, embedders.ST_BACKEND)   # copy the sentence-transformers folder
    src = embedders.resolve_embedder("minilm-l6")
    local = tmp_path / "models" / "my-minilm"
    shutil.copytree(src.path, local)
    monkeypatch.setenv("FACTAUDIT_MODELS_DIR", str(tmp_path / "models"))
    monkeypatch.setenv("FACTAUDIT_CACHE_DIR", str(tmp_path / "cache"))
    info = embedders.resolve_embedder("my-minilm")
    assert (info.name, info.origin) == ("my-minilm", "local")
    assert "my-minilm" in [e.name for e in embedders.list_embedders()]
    expected = _tree_digest(local)
    assert embedders.model_sha256(info) == expected
    weights = local / "model.safetensors"
    import hashlib
    assert hashlib.sha256(weights.read_bytes()).hexdigest() in (tmp_path / "cache" / "file_hashes.json").read_text()
    by_path = embedders.resolve_embedder(str(local))
    assert by_path.origin == "path" and embedders.model_sha256(by_path) == expected
    # The pin follows the weights: one changed byte in the weight file gives another digest.
    data = bytearray(weights.read_bytes())
    data[-1] ^= 0xFF
    weights.write_bytes(bytes(data))
    assert embedders.model_sha256(info) != expected
    assert embedders.model_sha256(info) == _tree_digest(local)
    with pytest.raises(embedders.ModelNotFound, match="my-minilm"):
        embedders.resolve_embedder("nope")


def test_embedded_model_pin_hashes_its_weight_files(tmp_path, monkeypatch):
    monkeypatch.setenv("FACTAUDIT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv(embedders.BACKEND_ENV, embedders.ST_BACKEND)   # tests/engine/test_embed_onnx.py: ONNX
    info = embedders.resolve_embedder("minilm-l6")
    assert (info.origin, info.backend) == ("embedded", embedders.ST_BACKEND)
    from pathlib import Path
    assert (Path(info.path) / "model.safetensors").is_file()
    assert embedders.model_sha256(info) == _tree_digest(Path(info.path))


def test_batched_query_vectors_match_one_at_a_time(small, model):
    """A run encodes its claims in batches up front (#16 item 4); each vector is the one a single
    encode gives (padding in a batch must not change it)."""
    from factaudit.engine.retrieval.dense import DenseIndex, build_faiss

    texts = [c.text for c in queries.list_claims(small)]
    single = np.vstack([model.encode([t], normalize_embeddings=True, convert_to_numpy=True) for t in texts])
    index = DenseIndex(build_faiss(single.astype(np.float32), "flat"), [f"p{i}" for i in range(len(texts))], model)
    calls = []
    real = model.encode

    def counting(batch, **kw):
        calls.append(len(batch))
        return real(batch, **kw)

    model.encode = counting
    try:
        index.prime(texts + texts[:3])                    # repeated claims are encoded once
        primed = np.vstack([index.embed_query(t) for t in texts])
    finally:
        del model.encode
    assert sum(calls) == len(texts) and len(calls) < len(texts)
    cos = np.sum(primed * single, axis=1)
    assert cos.min() >= 0.99999
    assert [index.search(t, 1)[0][0] for t in texts] == [f"p{i}" for i in range(len(texts))]
