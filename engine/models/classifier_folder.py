"""What a sequence-classification verifier folder says about itself (no torch, no onnxruntime).

The folder format is agreed with the trainer of the embedded model (docs: /tmp/team/CLASSIFIER_FORMAT.md,
summarised here): config.json with `id2label`, either `model.onnx` (ready to run) or Hugging Face
weights (exported to ONNX once, engine.models.classifier_export), `tokenizer.json` (the `tokenizers`
package reads it), and an optional `verifier.json` with pair order, max_length, evidence window,
labels map and thresholds. Anything this module cannot read gives one ModelNotFound sentence that
names the folder and what is wrong, never a traceback.

Labels are mapped by name when verifier.json has no `labels_map`: entail*/support* → Supported,
contradict*/refute* → Refuted, neutral/not_entail*/non_entail*/unsupport*/no*/NEI → No Evidence (the
negative forms are tested first, so "not_entailment" and "unsupported" are not read as support).
A model without a Refuted column (MiniCheck-style supported/unsupported) is *binary*: Refuted never
comes from it.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from factaudit.engine.errors import ModelNotFound

SUPPORTED, REFUTED, NO_EVIDENCE = "Supported", "Refuted", "No Evidence"
TARGETS = (SUPPORTED, REFUTED, NO_EVIDENCE)
PAIR_ORDERS = ("evidence_first", "claim_first")
ONNX_FILE = "model.onnx"
CONFIG, VERIFIER, TOKENIZER = "config.json", "verifier.json", "tokenizer.json"
# Read by the tokenizer setup (pad token) where present; pinned with the rest.
TOKENIZER_EXTRAS = ("tokenizer_config.json", "special_tokens_map.json")
WEIGHT_PATTERNS = ("model.safetensors", "model-*-of-*.safetensors", "model.safetensors.index.json",
                   "pytorch_model.bin", "pytorch_model-*-of-*.bin", "pytorch_model.bin.index.json")
DEFAULT_WINDOW, DEFAULT_STRIDE = 2, 1
DEFAULT_THRESHOLD = 0.5
MAX_DEFAULT_LENGTH = 512

# (pattern on the normalised label name, target); first match wins, negative forms first.
_NAME_RULES = (
    (r"(not|non)_?entail.*", NO_EVIDENCE), (r"un_?support.*", NO_EVIDENCE), (r"not_?support.*", NO_EVIDENCE),
    (r"neutral.*", NO_EVIDENCE), (r"nei", NO_EVIDENCE), (r"no.*", NO_EVIDENCE),
    (r"entail.*", SUPPORTED), (r"support.*", SUPPORTED),
    (r"contradict.*", REFUTED), (r"refut.*", REFUTED),
)


RULES = ("maxima", "evidence_stance")
STANCE_KEY = {"maxima": (), "evidence_stance": ("stance",)}   # the optional stance bias, evidence_stance only
MAX_STANCE = 10.0


@dataclass(frozen=True)
class Thresholds:
    """The verdict rule and its thresholds (engine/pipeline/classify.py documents both rules).

    "maxima": τ_s on max P(Supported), τ_r on max P(Refuted) — for models trained as NLI classifiers.
    "evidence_stance": τ_e on the evidence a window carries, 1 - P(No Evidence); the stance of the
    window with the most evidence decides; a passage whose best window has evidence >= τ_c and the
    opposite stance makes the claim Ambiguous (τ_c >= τ_e; 1.0 turns Ambiguous off). A window's stance is
    Supported when log P(S) - log P(R) >= `stance` (0: the likelier of the two), a bias fitted like τ_e, since a
    small model trained on more Supported than Refuted pairs leans to Supported."""

    supported: float = DEFAULT_THRESHOLD
    refuted: float = DEFAULT_THRESHOLD
    rule: str = "maxima"
    evidence: float = DEFAULT_THRESHOLD
    conflict: float = 1.0
    stance: float = 0.0

    def to_json(self) -> dict[str, Any]:
        if self.rule == "maxima":
            return {"supported": self.supported, "refuted": self.refuted}
        out = {"rule": self.rule, "evidence": self.evidence, "conflict": self.conflict}
        # Written only when set, so the pins of runs made before it existed read back unchanged.
        return {**out, "stance": self.stance} if self.stance else out

    def describe(self) -> str:
        if self.rule == "maxima":
            return f"τ_s {self.supported:g} / τ_r {self.refuted:g}"
        bias = f", stance bias {self.stance:g}" if self.stance else ""
        return f"evidence τ_e {self.evidence:g}, conflict τ_c {self.conflict:g}{bias}"


@dataclass(frozen=True)
class ClassifierSpec:
    """Everything a run needs to know about a classifier folder before loading it."""

    folder: Path
    id2label: dict[int, str]            # the model's own names, by logit index
    labels_map: dict[str, str]          # model label name -> Supported | Refuted | No Evidence
    pair_order: str
    max_length: int
    window: int
    stride: int
    thresholds: Thresholds
    has_onnx: bool                      # model.onnx in the folder (else HF weights to export)
    weight_files: tuple[str, ...]       # HF weight files (relative), empty for an ONNX folder
    model_type: str | None
    verifier_info: dict[str, Any]       # verifier.json as read ({} when absent): provenance for pins
    # the model's position limit (max_position_embeddings): a long claim's pairs may grow to it
    # (engine.pipeline.classify_windows.pair_limit); None reads as max_length
    positions: int | None = None

    @property
    def num_labels(self) -> int:
        return len(self.id2label)

    @property
    def binary(self) -> bool:
        """No Refuted column: Refuted never comes from this model."""
        return REFUTED not in self.labels_map.values()

    def columns(self, target: str) -> list[int]:
        """Logit indices whose probabilities add up to one verdict column."""
        return [i for i, name in self.id2label.items() if self.labels_map[name] == target]

    def files_read(self) -> list[str]:
        """Files (relative) the backend reads from this folder: the pin hashes each of them."""
        names = [CONFIG, TOKENIZER, *[n for n in TOKENIZER_EXTRAS if (self.folder / n).is_file()]]
        if (self.folder / VERIFIER).is_file():
            names.append(VERIFIER)
        names.extend([ONNX_FILE] if self.has_onnx else self.weight_files)
        return names


def _fail(folder: Path, why: str) -> ModelNotFound:
    return ModelNotFound(f"{folder} is not a usable classifier model: {why}")


def _read_json(folder: Path, name: str) -> dict[str, Any]:
    try:
        data = json.loads((folder / name).read_text(encoding="utf-8"))
    except OSError as exc:
        raise _fail(folder, f"cannot read {name} ({exc.strerror or exc})") from exc
    except ValueError as exc:
        raise _fail(folder, f"{name} is not valid JSON ({exc})") from exc
    if not isinstance(data, dict):
        raise _fail(folder, f"{name} is not a JSON object")
    return data


def weight_files(folder: Path) -> tuple[str, ...]:
    """HF weight files; safetensors preferred over .bin, as transformers loads them."""
    for group in (WEIGHT_PATTERNS[:3], WEIGHT_PATTERNS[3:]):
        found = sorted({p.name for pat in group for p in folder.glob(pat) if p.is_file()})
        if found:
            return tuple(found)
    return ()


def looks_like_classifier(folder: Path) -> bool:
    """Cheap test for listings: config.json with id2label and something to run, not an embedder."""
    if not folder.is_dir() or not (folder / CONFIG).is_file() or (folder / "modules.json").is_file():
        return False
    if not ((folder / ONNX_FILE).is_file() or weight_files(folder)):
        return False
    try:
        cfg = json.loads((folder / CONFIG).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    if not isinstance(cfg, dict):
        return True   # read_spec says why it cannot be used, so the listing shows the folder with the reason
    archs = cfg.get("architectures") or []
    if not isinstance(archs, list):
        return True
    return isinstance(cfg.get("id2label"), dict) and (
        not archs or any(str(a).endswith("ForSequenceClassification") for a in archs))


def normalise_label(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", str(name).lower()).strip("_")


def map_label(name: str) -> str | None:
    """Supported | Refuted | No Evidence for a label name, or None when the name says nothing."""
    norm = normalise_label(name)
    for pattern, target in _NAME_RULES:
        if re.fullmatch(pattern, norm):
            return target
    return None


def labels_map_for(folder: Path, id2label: dict[int, str], given: Any) -> dict[str, str]:
    """verifier.json's labels_map when given (checked), else by name; every label must map."""
    if given is not None:
        if not isinstance(given, dict):
            raise _fail(folder, "verifier.json labels_map must be an object {model label: verdict}")
        out = {}
        for name in id2label.values():
            target = given.get(name)
            if target not in TARGETS:
                raise _fail(folder, f"verifier.json labels_map gives {name!r} -> {target!r}; "
                                    f"expected one of {', '.join(TARGETS)} for every label of config.json")
            out[name] = target
    else:
        out = {name: map_label(name) for name in id2label.values()}
        unknown = [n for n, t in out.items() if t is None]
        if unknown:
            raise _fail(folder, f"unknown labels map: cannot tell what label(s) {', '.join(map(repr, unknown))} "
                                "mean (expected entailment/neutral/contradiction or supported/unsupported "
                                "in any naming, or a labels_map in verifier.json)")
    if SUPPORTED not in out.values():
        raise _fail(folder, f"no label means Supported among {sorted(out)}")
    if len(set(out.values())) < 2:
        raise _fail(folder, f"all labels {sorted(out)} mean {next(iter(out.values()))}; a verifier needs two")
    return out  # type: ignore[return-value]


def _id2label(folder: Path, cfg: dict[str, Any]) -> dict[int, str]:
    raw = cfg.get("id2label")
    if not isinstance(raw, dict) or not raw:
        archs = cfg.get("architectures") or []
        kind = f" (architectures: {', '.join(map(str, archs))})" if archs else ""
        raise _fail(folder, f"config.json has no id2label: not a sequence-classification model{kind}")
    try:
        out = {int(k): str(v) for k, v in raw.items()}
    except (TypeError, ValueError) as exc:
        raise _fail(folder, f"config.json id2label keys must be integers ({exc})") from exc
    if sorted(out) != list(range(len(out))):
        raise _fail(folder, f"config.json id2label must number the labels 0..{len(out) - 1}, got {sorted(out)}")
    if len(set(out.values())) != len(out):
        raise _fail(folder, "config.json id2label repeats a label name")
    return out


# Sizes config.json may give, with limits far above any real model's; a value outside them (or not a
# whole number: `hidden_size: "abc"`) makes the folder unusable, with the reason, before it is used.
CONFIG_LIMITS = {"hidden_size": 1 << 16, "dim": 1 << 16, "num_attention_heads": 1024, "n_heads": 1024,
                 "num_hidden_layers": 1024, "n_layers": 1024, "intermediate_size": 1 << 18,
                 "vocab_size": 1 << 22, "max_position_embeddings": 1 << 20, "type_vocab_size": 1 << 10}


def _check_config_sizes(folder: Path, cfg: dict[str, Any]) -> None:
    for key, limit in CONFIG_LIMITS.items():
        value = cfg.get(key)
        if value is None:
            continue
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= limit:
            raise _fail(folder, f"config.json {key} must be a whole number from 1 to {limit:,}, got {str(value)[:40]!r}")


def _int(folder: Path, value: Any, what: str, low: int = 1) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise _fail(folder, f"verifier.json {what} must be an integer >= {low}, got {value!r}")
    return value


def parse_thresholds(raw: Any, where: str) -> Thresholds:
    """{"supported": x, "refuted": y} (rule "maxima") or {"rule": "evidence_stance", "evidence": x,
    "conflict": y, "stance": b}, every threshold in (0, 1] and b in [-10, 10] (a missing key keeps the default)."""
    from factaudit.engine.errors import InvalidArgument

    rule = raw.get("rule", "maxima") if isinstance(raw, dict) else None
    keys = ("supported", "refuted") if rule == "maxima" else ("evidence", "conflict")
    if not isinstance(raw, dict) or rule not in RULES or set(raw) - {"rule", *keys, *STANCE_KEY[rule]}:
        raise InvalidArgument(f"{where}: thresholds must be an object {{\"supported\": x, \"refuted\": y}} or "
                              f"{{\"rule\": \"evidence_stance\", \"evidence\": x, \"conflict\": y}}")
    vals: dict[str, Any] = {"rule": rule}
    for key in keys:
        v = raw.get(key, 1.0 if key == "conflict" else DEFAULT_THRESHOLD)
        if not isinstance(v, (int, float)) or isinstance(v, bool) or not 0.0 < float(v) <= 1.0:
            raise InvalidArgument(f"{where}: threshold {key!r} must be a number in (0, 1], got {v!r}")
        vals[key] = float(v)
    if STANCE_KEY[rule] and "stance" in raw:
        v = raw["stance"]
        if not isinstance(v, (int, float)) or isinstance(v, bool) or not -MAX_STANCE <= float(v) <= MAX_STANCE:
            raise InvalidArgument(f"{where}: the stance bias must be a number from -{MAX_STANCE:g} to {MAX_STANCE:g} "
                                  f"(a log-odds margin), got {v!r}")
        vals["stance"] = float(v)
    if rule == "evidence_stance" and vals["conflict"] < vals["evidence"]:
        raise InvalidArgument(f"{where}: threshold 'conflict' ({vals['conflict']:g}) must be at least "
                              f"'evidence' ({vals['evidence']:g})")
    return Thresholds(**vals)


def read_spec(folder: str | Path) -> ClassifierSpec:
    """The folder's spec, or one ModelNotFound sentence saying why it is not a usable classifier."""
    folder = Path(folder).expanduser()
    if not folder.is_dir():
        raise ModelNotFound(f"no classifier model folder at {folder}")
    if (folder / "modules.json").is_file() and not (folder / VERIFIER).is_file():
        raise _fail(folder, "it is a sentence-transformers embedder (modules.json), not a classifier")
    if not (folder / CONFIG).is_file():
        raise _fail(folder, "no config.json")
    cfg = _read_json(folder, CONFIG)
    archs = cfg.get("architectures") or []
    if not isinstance(archs, list):
        raise _fail(folder, "config.json architectures must be a list of class names")
    _check_config_sizes(folder, cfg)
    if archs and not any(str(a).endswith("ForSequenceClassification") for a in archs):
        raise _fail(folder, f"config.json says {', '.join(map(str, archs))}, not a ...ForSequenceClassification model")
    id2label = _id2label(folder, cfg)
    if not (folder / TOKENIZER).is_file():
        raise _fail(folder, "no tokenizer.json (the fast-tokenizer file; save the tokenizer with "
                            "transformers' save_pretrained to write it)")
    has_onnx = (folder / ONNX_FILE).is_file()
    weights = () if has_onnx else weight_files(folder)
    if not has_onnx and not weights:
        raise _fail(folder, "neither model.onnx nor model.safetensors / pytorch_model.bin")
    info = _read_json(folder, VERIFIER) if (folder / VERIFIER).is_file() else {}
    if info.get("format", 1) != 1:
        raise _fail(folder, f"verifier.json format {info.get('format')!r} is newer than this app reads (1)")
    labels = labels_map_for(folder, id2label, info.get("labels_map"))
    pair_order = info.get("pair_order", PAIR_ORDERS[0])
    if pair_order not in PAIR_ORDERS:
        raise _fail(folder, f"verifier.json pair_order must be one of {', '.join(PAIR_ORDERS)}, got {pair_order!r}")
    positions = cfg.get("max_position_embeddings")
    positions = positions if isinstance(positions, int) and positions > 0 else MAX_DEFAULT_LENGTH
    max_length = _int(folder, info.get("max_length", min(MAX_DEFAULT_LENGTH, positions)), "max_length", 8)
    if max_length > positions:
        raise _fail(folder, f"verifier.json max_length {max_length} exceeds the model's "
                            f"max_position_embeddings {positions}")
    win = info.get("window", {})
    if not isinstance(win, dict):
        raise _fail(folder, "verifier.json window must be an object {\"sentences\": W, \"stride\": S}")
    window = _int(folder, win.get("sentences", DEFAULT_WINDOW), "window.sentences")
    stride = _int(folder, win.get("stride", DEFAULT_STRIDE), "window.stride")
    if stride > window:
        raise _fail(folder, f"verifier.json window stride {stride} > {window} sentences would skip text")
    try:
        thresholds = parse_thresholds(info.get("thresholds", {}), f"{folder / VERIFIER}")
    except Exception as exc:  # InvalidArgument: keep the one-sentence shape of this module's errors
        raise _fail(folder, str(exc)) from exc
    return ClassifierSpec(folder=folder, id2label=id2label, labels_map=labels, pair_order=pair_order,
                          max_length=max_length, window=window, stride=stride, thresholds=thresholds,
                          has_onnx=has_onnx, weight_files=weights, model_type=cfg.get("model_type"),
                          verifier_info=info, positions=positions)


def read_thresholds_file(path: str | Path) -> Thresholds:
    """`--thresholds FILE`: the JSON of parse_thresholds; InvalidArgument names what is wrong."""
    from factaudit.engine.errors import InvalidArgument

    try:
        raw = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise InvalidArgument(f"cannot read thresholds file {path}: {exc.strerror or exc}") from exc
    except ValueError as exc:
        raise InvalidArgument(f"thresholds file {path} is not valid JSON ({exc})") from exc
    return parse_thresholds(raw, str(path))


# Compute buffers of onnxruntime itself, beyond weights and activations (order of magnitude).
RUNTIME_OVERHEAD_BYTES = 64 * 1024 * 1024


def ram_estimate_bytes(spec: ClassifierSpec, batch_size: int = 16) -> int:
    """Rough RAM for running the folder: the fp32 weights (the ONNX file, or the HF weights, doubled
    when stored as 16-bit) + one batch's activations at max_length + the runtime. File sizes, not a
    measurement: the Models page shows it as an estimate."""
    try:
        cfg = json.loads((spec.folder / CONFIG).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        cfg = {}
    if spec.has_onnx:
        weights = (spec.folder / ONNX_FILE).stat().st_size
    else:
        weights = sum((spec.folder / n).stat().st_size for n in spec.weight_files if not n.endswith(".json"))
        if str(cfg.get("torch_dtype", "")).lower() in ("float16", "bfloat16"):
            weights *= 2
    cfg = cfg if isinstance(cfg, dict) else {}
    hidden = cfg.get("hidden_size") or cfg.get("dim")
    hidden = hidden if isinstance(hidden, int) and 0 < hidden <= CONFIG_LIMITS["hidden_size"] else 768
    heads = cfg.get("num_attention_heads") or cfg.get("n_heads")
    heads = heads if isinstance(heads, int) and 0 < heads <= CONFIG_LIMITS["n_heads"] else 12
    seq = spec.max_length
    # a handful of [batch, seq, hidden] tensors live at once, plus the attention scores and softmax
    activations = batch_size * seq * hidden * 4 * 8 + batch_size * heads * seq * seq * 4 * 2
    tokenizer = (spec.folder / TOKENIZER).stat().st_size
    return weights + tokenizer + activations + RUNTIME_OVERHEAD_BYTES
