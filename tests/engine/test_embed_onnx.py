"""The embedded MiniLM on ONNX Runtime (issue #16 item 4): the same vectors as sentence-transformers
on SciFact texts (the demo subset shipped in the repo), the same rankings, the backend and file digest
pinned, and no torch imported on the way."""
from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

import ir_measures
import numpy as np
import pytest
from ir_measures import nDCG

from factaudit.engine.models import embedders, onnx_embedder
from factaudit.engine.services.demo import demo_file


def _tree_digest(folder: Path) -> str:
    """Independent of engine.hashing: sha256 over each file's relative path and content digest."""
    h = hashlib.sha256()
    for f in sorted(p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
        h.update(f.relative_to(folder).as_posix().encode() + b"\x00")
        h.update(hashlib.sha256(f.read_bytes()).hexdigest().encode() + b"\n")
    return h.hexdigest()


@pytest.fixture(scope="module")
def scifact():
    corpus = [json.loads(x) for x in demo_file("scifact_corpus_subset.jsonl").read_text().splitlines()]
    claims = [json.loads(x) for x in demo_file("scifact_claims_dev100.jsonl").read_text().splitlines()]
    gold = {str(d) for c in claims[:40] for d in c["evidence"]}
    corpus = ([d for d in corpus if str(d["doc_id"]) in gold] + [d for d in corpus if str(d["doc_id"]) not in gold])[:120]
    texts = [f"{d['title']} {' '.join(d['abstract'])}" for d in corpus]
    return corpus, texts, claims


@pytest.fixture(scope="module")
def both():
    """(sentence-transformers model, ONNX model, ONNX folder): the export is the one runs use."""
    from sentence_transformers import SentenceTransformer

    onnx_info = embedders.resolve_embedder(embedders.EMBEDDED_MINILM)
    assert onnx_info.backend == embedders.ONNX_BACKEND      # onnxruntime, torch and onnx are installed here
    st = SentenceTransformer(str(embedders._embedded_path()), device="cpu")
    return st, embedders.load_embedder(onnx_info), Path(onnx_info.path)


def test_onnx_vectors_are_sentence_transformers_vectors(scifact, both):
    _, texts, claims = scifact
    st, onnx, _ = both
    # Long abstracts (truncated at 256 tokens), short claims, and batches that mix the two (padding).
    sample = texts[:40] + [c["claim"] for c in claims[:40]] + ["x", "阿司匹林 aspirin"]
    ref = st.encode(sample, batch_size=16, normalize_embeddings=True, convert_to_numpy=True)
    got = onnx.encode(sample, batch_size=16)
    assert got.shape == ref.shape == (len(sample), 384)
    assert np.allclose(np.linalg.norm(got, axis=1), 1.0, atol=1e-5)      # modules.json lists Normalize
    assert float(np.min(np.sum(ref * got, axis=1))) >= 0.9999
    # One text at a time gives the batch's vectors (the mask keeps padding out of the mean).
    one = np.vstack([onnx.encode([t]) for t in sample[38:44]])
    assert float(np.min(np.sum(one * got[38:44], axis=1))) >= 0.9999


def test_onnx_ranks_scifact_claims_like_sentence_transformers(scifact, both):
    corpus, texts, claims = scifact
    st, onnx, _ = both
    ids = [str(d["doc_id"]) for d in corpus]
    claims = [c for c in claims if any(str(d) in ids for d in c["evidence"])][:30]
    assert len(claims) >= 10
    qrels = [ir_measures.Qrel(str(c["id"]), d, 1) for c in claims for d in map(str, c["evidence"]) if d in ids]
    scores = {}
    for name, model in (("st", st), ("onnx", onnx)):
        P = model.encode(texts, batch_size=32, normalize_embeddings=True)
        Q = model.encode([c["claim"] for c in claims], batch_size=32, normalize_embeddings=True)
        sims = Q @ P.T
        run = [ir_measures.ScoredDoc(str(c["id"]), ids[j], float(sims[i, j]))
               for i, c in enumerate(claims) for j in np.argsort(-sims[i])[:10]]
        scores[name] = ir_measures.calc_aggregate([nDCG @ 10], qrels, run)[nDCG @ 10]
    assert scores["st"] > 0.3                    # the comparison is between working retrievers
    assert abs(scores["onnx"] - scores["st"]) <= 0.001


def test_the_run_pins_backend_and_the_digest_of_the_onnx_files(both):
    _, _, folder = both
    info = embedders.resolve_embedder(embedders.EMBEDDED_MINILM)
    prov = embedders.provenance(info)
    assert prov["backend"] == "onnx" and prov["origin"] == "embedded"
    assert prov["sha256"] == _tree_digest(folder)
    assert (folder / "model.onnx").is_file() and (folder / "tokenizer.json").is_file()
    assert prov["size_bytes"] == sum(f.stat().st_size for f in folder.rglob("*") if f.is_file())
    # The export records the weights it came from (an independent digest of the installed folder).
    exported = json.loads((folder / "export.json").read_text())
    assert exported["source_sha256"] == _tree_digest(embedders._embedded_path())
    assert exported["stored"] == embedders.EXPORT_STORED
    # Forced back to sentence-transformers, the pin is the weights folder's.
    st_info = embedders.EmbedderInfo(info.name, str(embedders._embedded_path()), "embedded", 0, embedders.ST_BACKEND)
    assert embedders.model_sha256(st_info) != prov["sha256"]
    assert embedders.model_key(info) != embedders.model_key(st_info)          # their index caches never mix


def test_backend_can_be_forced_and_a_bad_value_is_refused(monkeypatch):
    monkeypatch.setenv(embedders.BACKEND_ENV, "sentence-transformers")
    assert embedders.resolve_embedder("minilm-l6").backend == embedders.ST_BACKEND
    monkeypatch.setenv(embedders.BACKEND_ENV, "onnx")
    assert embedders.resolve_embedder("minilm-l6").backend == embedders.ONNX_BACKEND
    monkeypatch.setenv(embedders.BACKEND_ENV, "tensorflow")
    with pytest.raises(embedders.ModelNotFound, match="tensorflow"):
        embedders.resolve_embedder("minilm-l6")


def test_first_use_exports_into_the_cache_once(tmp_path, monkeypatch, both):
    monkeypatch.setenv("FACTAUDIT_CACHE_DIR", str(tmp_path / "cache"))
    info = embedders.resolve_embedder("minilm-l6")
    expected = (tmp_path / "cache" / "onnx"
                / f"minilm-l6-{_tree_digest(embedders._embedded_path())[:16]}-{embedders.EXPORT_STORED}-fused")
    assert Path(info.path) == expected and info.backend == "onnx"
    mtime = (expected / "model.onnx").stat().st_mtime_ns
    assert embedders.resolve_embedder("minilm-l6").path == str(expected)
    assert (expected / "model.onnx").stat().st_mtime_ns == mtime          # found, not exported again
    st, _, _ = both
    text = ["Statins lower LDL cholesterol."]
    got = onnx_embedder.OnnxEmbedder(expected).encode(text)
    assert float(got[0] @ st.encode(text, normalize_embeddings=True)[0]) >= 0.9999


def test_fp16_storage_halves_the_file_and_keeps_the_vectors(tmp_path, both):
    """The default export stores weights as float16 (computed in float32): against a plain fp32 export
    of the same weights, the file is about half and the vectors agree to cosine >= 0.9999."""
    st, default, folder = both
    assert json.loads((folder / "export.json").read_text())["stored"] == "fp16"
    fp32 = onnx_embedder.export(embedders._embedded_path(), tmp_path / "fp32", stored="fp32")
    ratio = (folder / "model.onnx").stat().st_size / (fp32 / "model.onnx").stat().st_size
    assert 0.45 < ratio < 0.55
    import onnx

    graph = onnx.load(str(folder / "model.onnx")).graph
    assert sum(i.data_type == onnx.TensorProto.FLOAT16 for i in graph.initializer) >= 30
    texts = ["Vitamin D supplementation reduces fractures in the elderly.", "short"]
    a = onnx_embedder.OnnxEmbedder(fp32).encode(texts)
    assert float(np.min(np.sum(a * default.encode(texts), axis=1))) >= 0.9999
    assert float(np.min(np.sum(a * st.encode(texts, normalize_embeddings=True), axis=1))) >= 0.9999


def test_the_export_uses_fused_kernels_and_keeps_the_vectors(both):
    """The default export's graph runs ONNX Runtime's fused BERT kernels (#22 item 3): fewer nodes,
    the attention and layer norms fused, and still sentence-transformers' vectors (cosine >= 0.9999)."""
    import onnx

    st, model, folder = both
    fused = json.loads((folder / "export.json").read_text())["fused"]
    assert fused.get("Attention", 0) >= 6 and fused.get("SkipLayerNormalization", 0) >= 6, fused
    ops = {n.op_type for n in onnx.load(str(folder / "model.onnx")).graph.node}
    assert {"Attention", "SkipLayerNormalization"} <= ops and "Softmax" not in ops
    texts = ["Aspirin reduces the risk of myocardial infarction in adults over 50 years of age " * 20,
             "short", "Vitamin D and fractures."]
    ref = st.encode(texts, normalize_embeddings=True, convert_to_numpy=True)
    assert float(np.min(np.sum(ref * model.encode(texts, batch_size=2), axis=1))) >= 0.9999


def test_a_model_this_backend_cannot_pool_is_refused(tmp_path, both):
    _, _, folder = both
    copy = tmp_path / "maxpool"
    shutil.copytree(folder, copy)
    cfg = json.loads((copy / "1_Pooling" / "config.json").read_text())
    cfg.update(pooling_mode_mean_tokens=False, pooling_mode_max_tokens=True)
    (copy / "1_Pooling" / "config.json").write_text(json.dumps(cfg))
    with pytest.raises(embedders.ModelNotFound, match="pooling"):
        onnx_embedder.OnnxEmbedder(copy)


def test_onnx_embedding_imports_no_torch(both):
    """Resolving, loading and encoding with the ONNX backend (as a dense run and the bundle do)."""
    probe = ("import sys, json\n"
             "from factaudit.engine.models import embedders\n"
             "from factaudit.engine.retrieval.dense import encode\n"
             "info = embedders.resolve_embedder('minilm-l6')\n"
             "v = encode(embedders.load_embedder(info), ['Aspirin lowers fever.'])\n"
             "heavy = sorted(m for m in ('torch', 'sentence_transformers', 'transformers') if m in sys.modules)\n"
             "print(json.dumps([info.backend, v.shape[1], heavy]))\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1]) == ["onnx", 384, []]


def test_the_int8_export_keeps_its_fp32_nodes_and_its_own_digest(tmp_path, monkeypatch, both):
    """FACTAUDIT_EMBEDDER_PRECISION=int8 (#22 item 3): its own export in the cache, quantised except the
    nodes INT8_FP32_NODES names, pinned by its own digest, so a dense index cache (keyed by the model
    key) never serves fp32 vectors to an int8 run or back. Its vectors stay close to the stock ones; the
    retrieval rule (nDCG@10 within 0.005 on all 5,183 SciFact abstracts) is benchmarks/bench_embedders.py's."""
    import onnx

    st, _, _ = both
    monkeypatch.setenv("FACTAUDIT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv(embedders.PRECISION_ENV, "int8")
    info = embedders.resolve_embedder("minilm-l6")
    folder = Path(info.path)
    assert info.backend == "onnx" and folder.parent == tmp_path / "cache" / "onnx"
    assert folder.name == f"minilm-l6-{_tree_digest(embedders._embedded_path())[:16]}-int8-fused"
    made = json.loads((folder / "export.json").read_text())
    assert made["stored"] == "int8" and made["fp32_nodes"] == list(embedders.INT8_FP32_NODES)
    ops = {n.name: n.op_type for n in onnx.load(str(folder / "model.onnx")).graph.node}
    assert all(ops[name] in ("MatMul", "Attention", "EmbedLayerNormalization") for name in embedders.INT8_FP32_NODES)
    kinds = list(ops.values())
    # every other MatMul and Attention of the 6 layers became its integer form
    assert kinds.count("MatMulInteger") == 18 - 3 and kinds.count("QAttention") == 6 - 1
    prov = embedders.provenance(info)
    assert prov["sha256"] == _tree_digest(folder)
    monkeypatch.setenv(embedders.PRECISION_ENV, "fp32")
    fp32_info = embedders.resolve_embedder("minilm-l6")
    assert embedders.model_sha256(fp32_info) != prov["sha256"]
    assert embedders.model_key(fp32_info) != embedders.model_key(info)
    texts = ["Statins lower LDL cholesterol.", "Vitamin D supplementation and fractures in the elderly " * 10]
    got = onnx_embedder.OnnxEmbedder(folder).encode(texts)
    cos = np.sum(got * st.encode(texts, normalize_embeddings=True), axis=1)
    assert float(cos.min()) >= 0.98 and float(cos.max()) < 0.99999    # close, and not the fp32 graph


def test_a_bad_precision_or_an_unknown_fp32_node_is_refused(tmp_path, monkeypatch):
    monkeypatch.setenv(embedders.PRECISION_ENV, "int4")
    with pytest.raises(embedders.ModelNotFound, match="int4"):
        embedders.resolve_embedder("minilm-l6")
    with pytest.raises(ValueError, match="no_such_node"):
        onnx_embedder.export(embedders._embedded_path(), tmp_path / "q", stored="int8", fuse=False,
                             fp32_nodes=("no_such_node",))
    assert not (tmp_path / "q").exists()
