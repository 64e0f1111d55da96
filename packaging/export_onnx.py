"""Build step: export the embedded MiniLM to ONNX for the bundle and check it against
sentence-transformers before anything ships (cosine >= 0.9999 on every check text for the fp32
export; the int8 one, FACTAUDIT_EMBEDDER_PRECISION=int8, is held to nDCG@10 on SciFact by
benchmarks/bench_embedders.py, and here only to a floor that catches a broken graph).

    .venv/bin/python packaging/export_onnx.py [OUT_FOLDER]      # default build/onnx/minilm-l6-onnx

factaudit.spec calls export_embedded() itself, so `make bundle` runs it.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

MIN_COSINE = 0.9999
MIN_COSINE_INT8 = 0.98
CHECK_TEXTS = [
    "Aspirin reduces the risk of myocardial infarction.",
    "0-dimensional biomaterials show inductive properties.",
    "Short.",
    "A longer passage about vitamin D supplementation in elderly patients and the risk of falls, "
    "fractures and all-cause mortality across randomised controlled trials. " * 6,
    "阿司匹林可以降低心肌梗死的风险。",
]


def export_embedded(out: Path) -> Path:
    import numpy as np
    from sentence_transformers import SentenceTransformer

    from factaudit.engine import hashing
    from factaudit.engine.models import embedders, onnx_embedder

    source = embedders._embedded_path()
    digest = hashing.sha256_tree(source)
    info_file = out / onnx_embedder.EXPORT_INFO
    made = json.loads(info_file.read_text(encoding="utf-8")) if info_file.is_file() else {}
    int8 = embedders.precision() == embedders.INT8
    stored = embedders.INT8 if int8 else embedders.EXPORT_STORED
    fresh = (onnx_embedder.is_onnx_folder(out) and made.get("source_sha256") == digest
             and made.get("stored") == stored)
    if not fresh:
        onnx_embedder.export(source, out, digest, stored, fp32_nodes=embedders.INT8_FP32_NODES if int8 else ())
    st = SentenceTransformer(str(source), device="cpu")
    ref = st.encode(CHECK_TEXTS, normalize_embeddings=True, convert_to_numpy=True)
    got = onnx_embedder.OnnxEmbedder(out).encode(CHECK_TEXTS, normalize_embeddings=True)
    worst = float(np.min(np.sum(ref * got, axis=1)))
    if worst < (MIN_COSINE_INT8 if int8 else MIN_COSINE):
        raise SystemExit(f"ONNX export of {source} disagrees with sentence-transformers: cosine {worst:.7f}")
    print(f"ONNX export {out} ({hashing.sha256_tree(out)[:12]}): min cosine vs sentence-transformers {worst:.7f}")
    return out


if __name__ == "__main__":
    root = Path(__file__).resolve().parent.parent
    export_embedded(Path(sys.argv[1]) if len(sys.argv) > 1 else root / "build" / "onnx" / "minilm-l6-onnx")
