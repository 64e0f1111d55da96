"""ONNX Runtime backend for sentence-transformers models shaped Transformer -> Pooling (-> Normalize).

An ONNX folder holds `model.onnx` (the Transformer, exported from the same weights: inputs
input_ids / attention_mask / token_type_ids, output last_hidden_state) beside the model's
`tokenizer.json`, `modules.json`, `sentence_bert_config.json` and `1_Pooling/config.json`, so the
folder alone says how to tokenize (the Rust `tokenizers` library), pool and normalise: no torch at
run time. `export` writes such a folder from a sentence-transformers folder (needs torch; done by
the bundle build, or once per installed model on first use where torch is present).
"""
from __future__ import annotations

import json
import os
import pickle
import shutil
import tempfile
import warnings
from pathlib import Path
from typing import Sequence

import numpy as np

from factaudit.engine.errors import ModelNotFound

ONNX_FILE = "model.onnx"
EXPORT_INFO = "export.json"
OPSET = 17
INPUTS = ("input_ids", "attention_mask", "token_type_ids")
# Files copied from the sentence-transformers folder: what tokenizing and pooling read, plus the
# configs that say what the model is (the weights stay behind).
_COPIED = ("tokenizer.json", "tokenizer_config.json", "special_tokens_map.json", "vocab.txt", "config.json",
           "modules.json", "sentence_bert_config.json", "config_sentence_transformers.json",
           "1_Pooling/config.json")
_NORMALIZE = "sentence_transformers.models.Normalize"
_POOLINGS = ("pooling_mode_mean_tokens", "pooling_mode_cls_token")


def is_onnx_folder(path: Path) -> bool:
    return (path / ONNX_FILE).is_file() and (path / "tokenizer.json").is_file()


def runtime_available() -> bool:
    """onnxruntime and tokenizers importable (found without importing them: the check must stay cheap)."""
    from importlib.util import find_spec

    return find_spec("onnxruntime") is not None and find_spec("tokenizers") is not None


def export(st_folder: str | os.PathLike, out_folder: str | os.PathLike, source_sha256: str = "",
           stored: str = "fp32", fuse: bool = True, fp32_nodes: Sequence[str] = ()) -> Path:
    """Export the Transformer of a sentence-transformers folder to `out_folder` (replaced atomically).
    Eager attention and a padded dummy batch, so the traced graph keeps the attention mask (SDPA
    drops an all-ones mask at trace time, which would bake "no padding" into the graph).
    stored="fp16" keeps the weight matrices as float16 on disk, cast back to float32 when the session
    loads them (half the file; the arithmetic stays fp32, only the weights are rounded).
    stored="int8": the fp32 graph dynamically quantised (int8 weights per output channel, activations
    quantised per call), except `fp32_nodes`, which keep fp32 weights and arithmetic."""
    import torch
    from transformers import AutoModel

    src, out = Path(st_folder), Path(out_folder)
    _pooling(src)   # refuse a model this backend cannot pool before spending the export on it
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)   # torch's pickle-protocol notice about the same file
            model = AutoModel.from_pretrained(str(src), attn_implementation="eager").eval()
    except pickle.UnpicklingError as exc:
        # torch's own message is several lines and suggests weights_only=False, i.e. running the file's code
        raise ModelNotFound(f"{src}: its weights file holds Python objects besides tensors, which are never "
                            "loaded (they could run code); use a model.safetensors copy from a source you trust") from exc

    class _Hidden(torch.nn.Module):
        def __init__(self, inner):
            super().__init__()
            self.inner = inner

        def forward(self, input_ids, attention_mask, token_type_ids):
            return self.inner(input_ids=input_ids, attention_mask=attention_mask,
                              token_type_ids=token_type_ids).last_hidden_state

    ids = torch.tensor([[101, 2023, 2003, 1037, 3231, 102], [101, 2023, 102, 0, 0, 0]], dtype=torch.long)
    mask = (ids != 0).long()
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=out.name + ".", dir=out.parent))
    try:
        dynamic = {name: {0: "batch", 1: "sequence"} for name in (*INPUTS, "last_hidden_state")}
        with torch.no_grad(), warnings.catch_warnings():
            warnings.simplefilter("ignore")   # tracer notes on Python-level branches the padded batch covers
            torch.onnx.export(_Hidden(model), (ids, mask, torch.zeros_like(ids)), str(tmp / ONNX_FILE),
                              input_names=list(INPUTS), output_names=["last_hidden_state"],
                              dynamic_axes=dynamic, opset_version=OPSET, dynamo=False)
        fused = _fuse(tmp / ONNX_FILE, src) if fuse else {}
        if stored == "fp16":
            _store_fp16(tmp / ONNX_FILE)
        elif stored == "int8":
            _quantize_int8(tmp / ONNX_FILE, fp32_nodes)
        for rel in _COPIED:
            if (src / rel).is_file():
                (tmp / rel).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(src / rel, tmp / rel)
        (tmp / EXPORT_INFO).write_text(json.dumps({
            "source_sha256": source_sha256, "torch": torch.__version__, "opset": OPSET,
            "attention": "eager", "stored": stored, "fused": fused,
            **({"fp32_nodes": list(fp32_nodes)} if stored == "int8" else {})}, indent=2) + "\n", encoding="utf-8")
        if out.exists():
            shutil.rmtree(out)
        os.replace(tmp, out)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return out


def _fuse(path: Path, src: Path) -> dict[str, int]:
    """Rewrite a BERT graph with ONNX Runtime's fused kernels (Attention, SkipLayerNormalization,
    BiasGelu, EmbedLayerNormalization: onnxruntime.transformers.optimizer, fp32, the same arithmetic
    in fewer passes over memory). Returns the fused operator counts; {} (graph unchanged) for a model
    the optimizer does not know."""
    try:
        from onnxruntime.transformers.optimizer import optimize_model
    except ImportError:
        return {}
    cfg = json.loads((src / "config.json").read_text(encoding="utf-8")) if (src / "config.json").is_file() else {}
    if cfg.get("model_type") != "bert" or not cfg.get("num_attention_heads") or not cfg.get("hidden_size"):
        return {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        model = optimize_model(str(path), model_type="bert", num_heads=int(cfg["num_attention_heads"]),
                               hidden_size=int(cfg["hidden_size"]), opt_level=0)
    counts = {k: int(v) for k, v in model.get_fused_operator_statistics().items() if v}
    model.save_model_to_file(str(path))
    return counts


def _quantize_int8(path: Path, fp32_nodes: Sequence[str]) -> None:
    """Dynamic int8 in place (onnxruntime.quantization): MatMul and the fused Attention get int8 weights
    per output channel and activations quantised per call (VNNI kernels where the CPU has them), the
    nodes named in fp32_nodes stay fp32 (the ones whose rounding moves the vectors most; a wrong name
    is refused rather than silently quantised)."""
    import onnx
    from onnxruntime.quantization import QuantType, quantize_dynamic

    names = {n.name for n in onnx.load(str(path), load_external_data=False).graph.node}
    unknown = sorted(set(fp32_nodes) - names)
    if unknown:
        raise ValueError(f"{path}: no node named {', '.join(unknown)} to keep in fp32")
    tmp = path.with_name(path.stem + ".int8.onnx")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        quantize_dynamic(str(path), str(tmp), weight_type=QuantType.QInt8, per_channel=True,
                         nodes_to_exclude=list(fp32_nodes),
                         extra_options={"DefaultTensorType": onnx.TensorProto.FLOAT})
    os.replace(tmp, path)


def _store_fp16(path: Path, min_size: int = 1024) -> None:
    """Every float32 initializer of at least min_size values becomes float16 + a Cast to float32."""
    import onnx
    from onnx import helper, numpy_helper

    model = onnx.load(str(path))
    graph = model.graph
    casts = []
    for init in graph.initializer:
        if init.data_type != onnx.TensorProto.FLOAT:
            continue
        values = numpy_helper.to_array(init)
        if values.size < min_size:
            continue
        name = init.name
        init.CopyFrom(numpy_helper.from_array(values.astype(np.float16), name + "__fp16"))
        casts.append(helper.make_node("Cast", [name + "__fp16"], [name], to=onnx.TensorProto.FLOAT,
                                      name=name + "__cast"))
    nodes = list(graph.node)
    del graph.node[:]
    graph.node.extend(casts + nodes)
    onnx.save(model, str(path))


def _pooling(folder: Path) -> tuple[str, bool]:
    """(pooling mode, normalise?) from modules.json and the Pooling config."""
    try:
        modules = json.loads((folder / "modules.json").read_text(encoding="utf-8"))
        pool_dir = next(m["path"] for m in modules if m["type"].endswith(".Pooling"))
        cfg = json.loads((folder / pool_dir / "config.json").read_text(encoding="utf-8"))
    except (OSError, ValueError, StopIteration, KeyError) as exc:
        raise ModelNotFound(f"{folder}: no readable modules.json / Pooling config ({exc})") from exc
    types = [m["type"] for m in modules]
    allowed = {"sentence_transformers.models.Transformer", "sentence_transformers.models.Pooling", _NORMALIZE}
    modes = [k for k, v in cfg.items() if k.startswith("pooling_mode") and v]
    if set(types) - allowed or len(modes) != 1 or modes[0] not in _POOLINGS:
        raise ModelNotFound(f"{folder}: only Transformer -> mean or CLS pooling (-> Normalize) runs on ONNX; "
                            f"this model has {types} with {modes}")
    return modes[0], _NORMALIZE in types


class OnnxEmbedder:
    """The subset of SentenceTransformer that factaudit uses (`encode`, the dimension), on ONNX Runtime."""

    def __init__(self, folder: str | os.PathLike, threads: int | None = None):
        from factaudit.engine.models.ort_runtime import load_onnxruntime

        ort = load_onnxruntime()  # its native telemetry off before it loads (issue #36)

        self.folder = Path(folder)
        self.mode, self.normalize = _pooling(self.folder)
        st_cfg = self.folder / "sentence_bert_config.json"
        try:
            max_len = json.loads(st_cfg.read_text(encoding="utf-8")).get("max_seq_length") if st_cfg.is_file() else None
        except (OSError, ValueError, AttributeError) as exc:
            raise ModelNotFound(f"{self.folder}: sentence_bert_config.json cannot be read ({exc})") from exc
        if max_len is not None and (not isinstance(max_len, int) or isinstance(max_len, bool)
                                    or not 1 <= max_len <= 1 << 20):
            raise ModelNotFound(f"{self.folder}: sentence_bert_config.json max_seq_length must be a whole number "
                                f"from 1 to {1 << 20:,}, got {str(max_len)[:40]!r}")
        from factaudit.engine.models.classifier_tokens import load_checked

        self.tokenizer = load_checked(self.folder)   # size, rule strings and blow-up checked before use
        # Same as the fast tokenizer sentence-transformers calls: truncate at max_seq_length, pad to
        # the longest text of the batch.
        if max_len:
            self.tokenizer.enable_truncation(max_length=int(max_len))
        self.pad_id, _ = self._pad()
        self.tokenizer.no_padding()          # each batch is padded here, to its own longest text
        self.threads = threads or available_cpus()
        opts = ort.SessionOptions()
        opts.intra_op_num_threads = self.threads
        opts.inter_op_num_threads = 1
        # Threads that spin between kernels steal the cores a shared machine's other work needs (and
        # ours, when a second process runs): measured slower under load, no faster when idle.
        opts.add_session_config_entry("session.intra_op.allow_spinning", "0")
        opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        self.session = ort.InferenceSession(str(self.folder / ONNX_FILE), opts, providers=["CPUExecutionProvider"])
        self.input_names = [i.name for i in self.session.get_inputs()]
        self.dim = int(self.session.get_outputs()[0].shape[-1])

    def _pad(self) -> tuple[int, str]:
        cfg_file = self.folder / "tokenizer_config.json"
        token = "[PAD]"
        if cfg_file.is_file():
            token = json.loads(cfg_file.read_text(encoding="utf-8")).get("pad_token") or token
            token = token["content"] if isinstance(token, dict) else token
        pad_id = self.tokenizer.token_to_id(token)
        return (0 if pad_id is None else pad_id), token

    def get_sentence_embedding_dimension(self) -> int:
        return self.dim

    def encode(self, sentences: str | Sequence[str], batch_size: int = 32, normalize_embeddings: bool = False,
               convert_to_numpy: bool = True, show_progress_bar: bool = False, **_ignored) -> np.ndarray:
        """Tokenize everything once (the Rust tokenizer, in parallel), order by token count and run
        batches padded only to their own longest text: on abstracts, where lengths vary from 60 to
        the 256-token cut, padding to a batch's character-longest text is most of the waste."""
        single = isinstance(sentences, str)
        texts = [sentences] if single else list(sentences)
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        enc = self.tokenizer.encode_batch(texts)
        order = sorted(range(len(texts)), key=lambda i: -len(enc[i].ids))
        for start in range(0, len(order), batch_size):
            idx = order[start:start + batch_size]
            out[idx] = self._batch([enc[i] for i in idx])
        if self.normalize or normalize_embeddings:
            norms = np.linalg.norm(out, axis=1, keepdims=True)
            out = out / np.maximum(norms, 1e-12)   # torch.nn.functional.normalize's eps
        return out[0] if single else out

    def _batch(self, enc: list) -> np.ndarray:
        width = max(len(e.ids) for e in enc)
        ids = np.full((len(enc), width), self.pad_id, dtype=np.int64)
        mask = np.zeros((len(enc), width), dtype=np.int64)
        types = np.zeros((len(enc), width), dtype=np.int64)
        for row, e in enumerate(enc):
            n = len(e.ids)
            ids[row, :n] = e.ids
            mask[row, :n] = 1
            types[row, :n] = e.type_ids
        feeds = {"input_ids": ids, "attention_mask": mask, "token_type_ids": types}
        hidden = self.session.run(None, {k: v for k, v in feeds.items() if k in self.input_names})[0]
        if self.mode == "pooling_mode_cls_token":
            return hidden[:, 0]
        weights = mask[:, :, None].astype(np.float32)
        return (hidden * weights).sum(axis=1) / np.maximum(weights.sum(axis=1), 1e-9)


def available_cpus() -> int:
    """The cores this process may run on (its affinity mask, else the machine's count)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)
