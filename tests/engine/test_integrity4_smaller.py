"""Issue 36, item 8 ("Why" point 10): `import --skip-invalid` counts every rejected record when all are;
a JSONL file without ids gets record-number ids as a CSV does; `info` gives a run's own measured
duration, not its whole-second timestamps' difference; SciFact claims imported with their corpus
are not named "corpus"; a pickled pytorch_model.bin is refused in one line that never suggests
weights_only=False (and its payload never runs); a tokenizer larger than the model's embedding
table is refused before export."""
from __future__ import annotations

import json
import os
import pickle
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from factaudit.engine.cli import cli
from factaudit.engine.errors import ModelNotFound
from factaudit.engine.ingest import import_files
from factaudit.engine.project import runs
from factaudit.engine.project.db import Project


def _run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def _jsonl(path: Path, rows) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_skip_invalid_counts_every_rejected_record_when_all_are(tmp_path):
    proj = tmp_path / "p.faproj"
    assert _run("new", proj).exit_code == 0
    n = 137                                   # more than the 20 problems a plain import lists
    src = _jsonl(tmp_path / "claims.jsonl", [{"id": f"c{i}", "claim": ""} for i in range(n)])
    res = _run("import", proj, src, "--kind", "claims", "--skip-invalid")
    assert res.exit_code == 2
    assert f"{n} in all, no valid records" in res.output, res.output
    assert "Traceback" not in res.output


def test_jsonl_without_ids_gets_record_number_ids_like_csv(tmp_path):
    proj = tmp_path / "p.faproj"
    assert _run("new", proj).exit_code == 0
    texts = ["Aspirin lowers stroke risk.", "Statins raise HDL.", "Vitamin C cures colds."]
    src = _jsonl(tmp_path / "notes.jsonl", [{"claim": t} for t in texts])
    res = _run("import", proj, src, "--kind", "claims")
    assert res.exit_code == 0, res.output
    assert "notes.jsonl has no id field: ids are generated from the record numbers (notes-1 … notes-3)" in res.output
    with Project.open(proj, readonly=True) as p:
        got = dict(p.conn.execute("SELECT id, text FROM claims").fetchall())
    assert got == {f"notes-{i}": t for i, t in enumerate(texts, start=1)}
    # A file where only some records lack an id is still refused, naming the line.
    mixed = _jsonl(tmp_path / "mixed.jsonl", [{"id": "m1", "claim": "A."}, {"claim": "B."}])
    res = _run("import", proj, mixed, "--kind", "claims")
    assert res.exit_code == 2 and "mixed.jsonl:2:id" in res.output


def test_info_gives_the_run_s_measured_duration(tmp_path):
    proj = tmp_path / "p.faproj"
    assert _run("new", proj).exit_code == 0
    with Project.open(proj) as p:
        rid = runs.create_run(p, "retrieve", {"x": 1})
        runs.finish_run(p, rid, "done", summary={"seconds": 1.437, "k": 10})
        # same whole-second timestamps, as a 1.4 s run that started and ended within one second
        p.conn.execute("UPDATE runs SET finished = created WHERE id = ?", (rid,))
        p.conn.commit()
    line = next(x for x in _run("info", proj).output.splitlines() if rid in x)
    assert line.endswith("took 1.4 s"), line


def test_scifact_claims_imported_with_their_corpus_are_not_named_corpus(tmp_path):
    corpus = _jsonl(tmp_path / "corpus.jsonl", [{"doc_id": 1, "title": "T", "abstract": ["Aspirin works."]}])
    claims = _jsonl(tmp_path / "claims_dev.jsonl", [
        {"id": 7, "claim": "Aspirin works.", "evidence": {"1": [{"sentences": [0], "label": "SUPPORT"}]},
         "cited_doc_ids": [1]}])
    project = Project.create(tmp_path / "sf.faproj")
    try:
        res = import_files(project, [corpus, claims], fmt="scifact")
        assert res.dataset.name == "claims_dev"
        alone = import_files(project, [_jsonl(tmp_path / "corpus2.jsonl", [
            {"doc_id": 2, "title": "U", "abstract": ["Other."]}])], fmt="scifact")
        assert alone.dataset.name == "corpus2"      # a corpus file alone keeps its own name
    finally:
        project.close()


class _Payload:
    def __init__(self, marker: Path):
        self.marker = marker

    def __reduce__(self):
        return (os.system, (f"touch {self.marker}",))


def _hf_folder(folder: Path, vocab_size: int) -> None:
    """A tiny BERT classifier saved by transformers, with the embedded verifier's tokenizer."""
    from transformers import BertConfig, BertForSequenceClassification

    from factaudit.engine.models.classifier_registry import embedded_classifier_path

    labels = {0: "entailment", 1: "neutral", 2: "contradiction"}
    cfg = BertConfig(vocab_size=vocab_size, hidden_size=16, num_hidden_layers=1, num_attention_heads=2,
                     intermediate_size=32, num_labels=3, id2label=labels, label2id={v: k for k, v in labels.items()})
    BertForSequenceClassification(cfg).save_pretrained(str(folder))
    shutil.copy(embedded_classifier_path() / "tokenizer.json", folder / "tokenizer.json")


def test_a_pickled_weights_file_is_refused_in_one_line_and_never_runs(tmp_path):
    from factaudit.engine.models import classifier_export
    from factaudit.engine.models.classifier_folder import read_spec

    folder, marker = tmp_path / "evil", tmp_path / "payload-ran"
    _hf_folder(folder, vocab_size=40_000)
    for f in folder.glob("*.safetensors"):
        f.unlink()
    with open(folder / "pytorch_model.bin", "wb") as fh:
        pickle.dump({"weight": _Payload(marker)}, fh)
    spec = read_spec(folder)
    assert spec.weight_files == ("pytorch_model.bin",)
    with pytest.raises(ModelNotFound) as err:
        classifier_export.export(spec, tmp_path / "out" / "x", "digest")
    msg = str(err.value)
    assert "\n" not in msg and "weights_only" not in msg and "pytorch_model.bin holds Python objects" in msg
    assert not marker.exists()


def test_a_tokenizer_larger_than_the_embedding_table_is_refused(tmp_path):
    from factaudit.engine.models import classifier_export
    from factaudit.engine.models.classifier_folder import read_spec

    folder = tmp_path / "small-vocab"
    _hf_folder(folder, vocab_size=100)
    with pytest.raises(ModelNotFound) as err:
        classifier_export.export(read_spec(folder), tmp_path / "out" / "y", "digest")
    assert "embedding table 100" in str(err.value) and "\n" not in str(err.value)


def test_a_pickled_embedder_weights_file_is_refused_in_one_line_and_never_runs(tmp_path):
    from transformers import BertConfig, BertModel

    from factaudit.engine.models import onnx_embedder

    folder, marker = tmp_path / "evil-embedder", tmp_path / "payload-ran"
    BertModel(BertConfig(vocab_size=100, hidden_size=16, num_hidden_layers=1, num_attention_heads=2,
                         intermediate_size=32)).save_pretrained(str(folder))
    for f in folder.glob("*.safetensors"):
        f.unlink()
    with open(folder / "pytorch_model.bin", "wb") as fh:
        pickle.dump({"weight": _Payload(marker)}, fh)
    (folder / "modules.json").write_text(json.dumps([
        {"idx": 0, "name": "0", "path": "", "type": "sentence_transformers.models.Transformer"},
        {"idx": 1, "name": "1", "path": "1_Pooling", "type": "sentence_transformers.models.Pooling"}]))
    (folder / "1_Pooling").mkdir()
    (folder / "1_Pooling" / "config.json").write_text(json.dumps({"pooling_mode_mean_tokens": True}))
    with pytest.raises(ModelNotFound) as err:
        onnx_embedder.export(folder, tmp_path / "out")
    msg = str(err.value)
    assert "\n" not in msg and "weights_only" not in msg and "Python objects besides tensors" in msg
    assert not marker.exists()
