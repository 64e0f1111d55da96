"""Hugging Face classification weights -> an ONNX folder in the cache, once (torch only here).

The export sits in `<cache>/onnx/classifier-<name>-<digest>` where the digest is over the files the
export reads (weights, config, tokenizer files, verifier.json), so new weights export again and the
same weights never export twice. The folder holds `model.onnx` (inputs input_ids / attention_mask
and token_type_ids where the model has a token-type embedding, output logits [batch, num_labels])
beside copies of the config and tokenizer files and `export.json` (the source digest and torch
version). As in engine.models.onnx_embedder: eager attention and a padded dummy batch, so the traced
graph keeps the attention mask.
"""
from __future__ import annotations

import hashlib
import inspect
import json
import os
import pickle
import shutil
import tempfile
import warnings
from importlib.util import find_spec
from pathlib import Path

from factaudit.engine import config, hashing
from factaudit.engine.errors import ModelNotFound
from factaudit.engine.models.classifier_folder import (CONFIG, ONNX_FILE, TOKENIZER, TOKENIZER_EXTRAS, VERIFIER,
                                                        ClassifierSpec)

OPSET = 17
EXPORT_INFO = "export.json"


def file_digests(folder: Path, names: list[str]) -> dict[str, str]:
    """sha256 per file (cached by path, size and mtime: big weights are read once)."""
    return {name: hashing.cached_sha256(folder / name) for name in names}


def combined_digest(digests: dict[str, str]) -> str:
    h = hashlib.sha256()
    for name in sorted(digests):
        h.update(f"{name}\x00{digests[name]}\n".encode("utf-8"))
    return h.hexdigest()


def export_folder(spec: ClassifierSpec, digest: str) -> Path:
    safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in spec.folder.name)[:40]
    return config.cache_dir() / "onnx" / f"classifier-{safe}-{digest[:16]}"


def is_export(folder: Path) -> bool:
    return all((folder / n).is_file() for n in (ONNX_FILE, TOKENIZER, CONFIG, EXPORT_INFO))


def ensure_onnx(spec: ClassifierSpec, source_digests: dict[str, str]) -> Path:
    """The folder holding model.onnx for this spec: the folder itself, or its export (made now if absent)."""
    if spec.has_onnx:
        return spec.folder
    target = export_folder(spec, combined_digest(source_digests))
    if is_export(target):
        return target
    if find_spec("torch") is None or find_spec("transformers") is None:
        raise ModelNotFound(f"{spec.folder} holds Hugging Face weights; exporting them to ONNX once needs torch "
                            "and transformers (pip install torch transformers), or give a folder with model.onnx")
    from filelock import FileLock

    target.parent.mkdir(parents=True, exist_ok=True)
    with FileLock(str(target) + ".lock"):
        if not is_export(target):
            try:
                export(spec, target, combined_digest(source_digests))
            except ModelNotFound:
                raise
            except Exception as exc:  # noqa: BLE001 - any exporter failure is a model problem for the user
                raise ModelNotFound(f"could not export {spec.folder} to ONNX: {type(exc).__name__}: {exc}") from exc
    return target


def _uses_token_types(model) -> bool:
    """Feed token_type_ids only to models that have a token-type embedding (BERT, RoBERTa); DeBERTa-v3
    has type_vocab_size 0 and DistilBERT no such input."""
    accepts = "token_type_ids" in inspect.signature(model.forward).parameters
    return accepts and int(getattr(model.config, "type_vocab_size", 0) or 0) > 0


def export(spec: ClassifierSpec, out_folder: Path, source_digest: str) -> Path:
    import torch
    from tokenizers import Tokenizer
    from transformers import AutoModelForSequenceClassification

    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    try:  # the weight-loading bar would garble the CLI's own progress display
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()
    except ImportError:
        pass
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)   # torch's pickle-protocol notice about the same file
            model = AutoModelForSequenceClassification.from_pretrained(
                str(spec.folder), attn_implementation="eager", dtype=torch.float32).eval()
    except pickle.UnpicklingError as exc:
        # torch's own message is several lines and suggests weights_only=False, i.e. running the file's code
        raise ModelNotFound(f"{spec.folder}: {', '.join(spec.weight_files)} holds Python objects besides tensors, "
                            "which are never loaded (they could run code); use a model.safetensors copy "
                            "from a source you trust") from exc
    if int(model.config.num_labels) != spec.num_labels:
        raise ModelNotFound(f"{spec.folder}: the weights have {model.config.num_labels} labels, "
                            f"config.json's id2label {spec.num_labels}")
    with_types = _uses_token_types(model)
    names = ["input_ids", "attention_mask"] + (["token_type_ids"] if with_types else [])

    class _Logits(torch.nn.Module):
        def __init__(self, inner):
            super().__init__()
            self.inner = inner

        def forward(self, input_ids, attention_mask, token_type_ids=None):
            kwargs = {"token_type_ids": token_type_ids} if token_type_ids is not None else {}
            return self.inner(input_ids=input_ids, attention_mask=attention_mask, **kwargs).logits

    # A real padded pair batch from the model's own tokenizer (valid ids, both segments).
    tok = Tokenizer.from_file(str(spec.folder / TOKENIZER))
    vocab = int(getattr(model.config, "vocab_size", 0) or 0)
    if vocab and tok.get_vocab_size() > vocab:   # an id past the embedding table fails deep in torch
        raise ModelNotFound(f"{spec.folder}: tokenizer.json has {tok.get_vocab_size():,} tokens, the model's "
                            f"embedding table {vocab:,}: they are not the same model's")
    tok.no_truncation()
    tok.no_padding()
    enc = [tok.encode("A short evidence sentence.", "A claim."), tok.encode("Evidence.", "Claim.")]
    width = max(len(e.ids) for e in enc)
    pad = 0 if tok.token_to_id("<pad>") is None else tok.token_to_id("<pad>")
    ids = torch.full((2, width), pad, dtype=torch.long)
    mask = torch.zeros((2, width), dtype=torch.long)
    types = torch.zeros((2, width), dtype=torch.long)
    for row, e in enumerate(enc):
        ids[row, :len(e.ids)] = torch.tensor(e.ids)
        mask[row, :len(e.ids)] = 1
        types[row, :len(e.ids)] = torch.tensor(e.type_ids)
    args = (ids, mask, types) if with_types else (ids, mask)

    out_folder.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=out_folder.name + ".", dir=out_folder.parent))
    try:
        dynamic = {n: {0: "batch", 1: "sequence"} for n in names} | {"logits": {0: "batch"}}
        with torch.no_grad(), warnings.catch_warnings():
            warnings.simplefilter("ignore")   # tracer notes on Python-level branches the padded batch covers
            torch.onnx.export(_Logits(model), args, str(tmp / ONNX_FILE), input_names=names,
                              output_names=["logits"], dynamic_axes=dynamic, opset_version=OPSET, dynamo=False)
        for name in (CONFIG, TOKENIZER, VERIFIER, *TOKENIZER_EXTRAS):
            if (spec.folder / name).is_file():
                shutil.copy2(spec.folder / name, tmp / name)
        (tmp / EXPORT_INFO).write_text(json.dumps({
            "source": str(spec.folder), "source_sha256": source_digest, "torch": torch.__version__,
            "opset": OPSET, "attention": "eager", "inputs": names}, indent=2) + "\n", encoding="utf-8")
        if out_folder.exists():
            shutil.rmtree(out_folder)
        os.replace(tmp, out_folder)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return out_folder
