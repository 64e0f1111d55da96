"""A sequence-classification verifier on ONNX Runtime: (evidence, claim) pairs -> probabilities.

Open a folder (engine.models.classifier_folder says what one holds) with `open_classifier`, or the
model a run pinned with `open_from_pin` (refused when any file read has another sha256 now). HF
weights are exported to ONNX once into the cache (engine.models.classifier_export); at run time
only onnxruntime, `tokenizers` and numpy are imported. Pairs are scored in length-sorted batches
(less padding), never truncated: a pair longer than max_length is refused here, and
engine.pipeline.classify splits evidence so that none is.

    model = open_classifier("resources/models/minilm-verifier", name="minilm-verifier", threads=1)
    probs = model.score([("Aspirin lowers fever.", "Aspirin reduces fever.")])   # [n, num_labels]
    columns = model.verdict_columns(probs)      # {"Supported": [...], "Refuted": [...] | None, ...}
    config["model"] = model.pin()               # what the run records; open_from_pin(pin) reopens it
"""
from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any, Sequence

import numpy as np

from factaudit.engine.errors import InvalidArgument, ModelNotFound, NotFound
from factaudit.engine.models import classifier_export as export
from factaudit.engine.models.classifier_folder import (NO_EVIDENCE, ONNX_FILE, REFUTED, SUPPORTED, TOKENIZER,
                                                        ClassifierSpec, Thresholds, ram_estimate_bytes, read_spec)
from factaudit.engine.models.classifier_tokens import PairEncoder

BACKEND = "classifier"
DEFAULT_BATCH = 16


def runtime_versions() -> dict[str, str]:
    out = {}
    for dist in ("onnxruntime", "tokenizers"):
        try:
            out[dist] = version(dist)
        except PackageNotFoundError:
            out[dist] = "unknown"
    return out


def _softmax(logits: np.ndarray) -> np.ndarray:
    z = logits - logits.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


class ClassifierModel:
    """One opened classifier; `score` is thread-compatible with onnxruntime's own session locking."""

    def __init__(self, spec: ClassifierSpec, *, name: str, origin: str, source_digests: dict[str, str],
                 threads: int | None = None, batch_size: int = DEFAULT_BATCH, thresholds: Thresholds | None = None,
                 thresholds_source: str | None = None):
        try:
            from factaudit.engine.models.ort_runtime import load_onnxruntime

            ort = load_onnxruntime()  # its native telemetry off before it loads (issue #36)
            import tokenizers  # noqa: F401 - fail here, with the message below, when it is missing
        except ImportError as exc:
            raise ModelNotFound(f"classifier verifiers need onnxruntime and tokenizers ({exc})") from exc
        if batch_size < 1:
            raise InvalidArgument(f"batch size must be >= 1, got {batch_size}")
        self.spec, self.name, self.origin = spec, name, origin
        self.source_digests = dict(source_digests)
        self.onnx_folder = export.ensure_onnx(spec, self.source_digests)
        self.onnx_digests = export.file_digests(self.onnx_folder, [ONNX_FILE, TOKENIZER])
        self.threads, self.batch_size = threads, batch_size
        self.thresholds = thresholds or spec.thresholds
        self.thresholds_source = thresholds_source or ("verifier.json" if "thresholds" in spec.verifier_info
                                                       else "default")
        self.encoder = PairEncoder(spec.folder, spec.pair_order)
        opts = ort.SessionOptions()
        if threads:
            opts.intra_op_num_threads = int(threads)
            opts.inter_op_num_threads = 1
        try:
            self.session = ort.InferenceSession(str(self.onnx_folder / ONNX_FILE), opts,
                                                providers=["CPUExecutionProvider"])
        except Exception as exc:  # noqa: BLE001 - onnxruntime raises its own Fail/InvalidGraph types
            raise ModelNotFound(f"{self.onnx_folder / ONNX_FILE} cannot be loaded by onnxruntime ({exc})") from exc
        self.input_names = [i.name for i in self.session.get_inputs()]
        missing = {"input_ids", "attention_mask"} - set(self.input_names)
        outputs = self.session.get_outputs()
        width = outputs[0].shape[-1] if outputs and outputs[0].shape else None
        if missing or not outputs or (isinstance(width, int) and width != spec.num_labels):
            raise ModelNotFound(f"{self.onnx_folder / ONNX_FILE} is not a classifier graph (inputs "
                                f"{self.input_names}, output {outputs[0].shape if outputs else None}; expected "
                                f"input_ids, attention_mask -> logits [batch, {spec.num_labels}])")
        self.special_tokens = self.encoder.special_tokens

    # ---- tokenising (engine.pipeline.classify_windows calls these) -------------------------------
    def token_offsets(self, text: str) -> list[tuple[int, int]]:
        return self.encoder.token_offsets(text)

    def count_tokens(self, text: str) -> int:
        return self.encoder.count_tokens(text)

    def pair_lengths(self, pairs: Sequence[tuple[str, str]]) -> list[int]:
        return self.encoder.pair_lengths(pairs)

    # ---- scoring ----------------------------------------------------------------------------------
    def score(self, pairs: Sequence[tuple[str, str]], limit: int | None = None) -> np.ndarray:
        """Softmax probabilities [len(pairs), num_labels] (columns in id2label order) for (evidence,
        claim) pairs; InvalidArgument if any pair exceeds `limit` (default max_length; a long claim's
        windows may go up to the position limit, classify_windows.pair_limit) — split the evidence first."""
        pairs = list(pairs)
        out = np.zeros((len(pairs), self.spec.num_labels), dtype=np.float64)
        if not pairs:
            return out
        limit = limit or self.spec.max_length
        if limit > max(self.spec.max_length, self.spec.positions or 0):
            raise InvalidArgument(f"pair limit {limit} exceeds the model's position limit {self.spec.positions}")
        lengths = self.pair_lengths(pairs)
        too_long = [(i, n) for i, n in enumerate(lengths) if n > limit]
        if too_long:
            i, n = too_long[0]
            raise InvalidArgument(f"pair {i} has {n} tokens > the model's max_length {limit} "
                                  f"({len(too_long)} such pairs); split its evidence, it is never truncated")
        order = sorted(range(len(pairs)), key=lambda i: lengths[i])
        for start in range(0, len(order), self.batch_size):
            idx = order[start:start + self.batch_size]
            out[idx] = _softmax(self.logits([pairs[i] for i in idx]).astype(np.float64))
        return out

    def logits(self, pairs: Sequence[tuple[str, str]]) -> np.ndarray:
        """Raw logits of one batch (padded to its longest pair)."""
        enc = self.encoder.encode_batch(pairs)
        feeds = {"input_ids": np.array([e.ids for e in enc], dtype=np.int64),
                 "attention_mask": np.array([e.attention_mask for e in enc], dtype=np.int64),
                 "token_type_ids": np.array([e.type_ids for e in enc], dtype=np.int64)}
        return self.session.run(None, {k: v for k, v in feeds.items() if k in self.input_names})[0]

    def verdict_columns(self, probs: np.ndarray) -> dict[str, np.ndarray | None]:
        """P(Supported), P(Refuted) (None for a binary model) and P(No Evidence) per pair: the model's
        label probabilities added up by the labels map."""
        out: dict[str, np.ndarray | None] = {}
        for target in (SUPPORTED, REFUTED, NO_EVIDENCE):
            cols = self.spec.columns(target)
            out[target] = probs[:, cols].sum(axis=1) if cols else None
        return out

    # ---- facts for runs and the Models page -----------------------------------------------------
    @property
    def binary(self) -> bool:
        return self.spec.binary

    def ram_estimate_bytes(self) -> int:
        return ram_estimate_bytes(self.spec, self.batch_size)

    def pin(self) -> dict[str, Any]:
        """Everything that decides this model's verdicts, for the run config; open_from_pin reopens it."""
        s = self.spec
        return {
            "backend": BACKEND, "name": self.name, "origin": self.origin, "folder": str(s.folder),
            "files": dict(sorted(self.source_digests.items())), "sha256": export.combined_digest(self.source_digests),
            "onnx_files": dict(sorted(self.onnx_digests.items())), "exported": not s.has_onnx,
            "labels": [s.id2label[i] for i in range(s.num_labels)], "labels_map": dict(s.labels_map),
            "binary": s.binary,
            "refuted_note": ("binary model (no contradiction label): Refuted never comes from it" if s.binary else None),
            "thresholds": self.thresholds.to_json(), "thresholds_source": self.thresholds_source,
            "window": {"sentences": s.window, "stride": s.stride}, "max_length": s.max_length,
            "pair_order": s.pair_order, "runtime": runtime_versions(),
            "fitted_on": s.verifier_info.get("fitted_on"), "base_model": s.verifier_info.get("base_model"),
        }


def open_classifier(folder: str | Path, *, name: str | None = None, origin: str = "path", threads: int | None = None,
                    batch_size: int = DEFAULT_BATCH, thresholds: Thresholds | None = None,
                    thresholds_source: str | None = None) -> ClassifierModel:
    """Open a classifier folder (exporting HF weights once); ModelNotFound says in one sentence why not."""
    spec = read_spec(folder)
    digests = export.file_digests(spec.folder, spec.files_read())
    return ClassifierModel(spec, name=name or spec.folder.name, origin=origin, source_digests=digests,
                           threads=threads, batch_size=batch_size, thresholds=thresholds,
                           thresholds_source=thresholds_source)


def open_from_pin(pin: dict[str, Any], *, threads: int | None = None,
                  batch_size: int = DEFAULT_BATCH) -> ClassifierModel:
    """Reopen the model a run pinned (for resume), with the run's thresholds; NotFound when the model is
    gone or any file it read has another sha256 now (a changed model would mix verdicts in one run)."""
    from factaudit.engine.models import classifier_registry

    if pin.get("backend") != BACKEND:
        raise InvalidArgument(f"not a classifier pin (backend {pin.get('backend')!r})")
    try:
        folder = Path(pin["folder"]) if pin.get("origin") == "path" else Path(classifier_registry.resolve_classifier(pin["name"]).path)
        spec = read_spec(folder)
    except (ModelNotFound, KeyError) as exc:
        raise NotFound(f"the run's classifier {pin.get('name')!r} is not available ({exc}); "
                       "put that exact folder back to resume") from exc
    pinned = pin.get("files") or {}
    now = export.file_digests(spec.folder, [n for n in spec.files_read() if (spec.folder / n).is_file()])
    changed = sorted(n for n in set(pinned) | set(now) if pinned.get(n) != now.get(n))
    if changed:
        raise NotFound(f"the run's classifier {pin.get('name')!r} changed since the run started "
                       f"({', '.join(changed)} differ from the pinned sha256); resume needs the same files")
    thresholds = Thresholds(**pin["thresholds"]) if pin.get("thresholds") else None
    model = ClassifierModel(spec, name=pin.get("name") or spec.folder.name, origin=pin.get("origin", "path"),
                            source_digests=now, threads=threads, batch_size=batch_size, thresholds=thresholds,
                            thresholds_source=pin.get("thresholds_source"))
    if pin.get("onnx_files") and model.onnx_digests != pin["onnx_files"]:
        raise NotFound(f"the ONNX graph of {pin.get('name')!r} differs from the one the run used (the cache "
                       "export was rebuilt, e.g. by another torch); resume needs the same graph")
    return model
