"""Issue 36, items 5 and 6: hostile model files in local_models/ end in one line each, never a
traceback, a long loop or a large allocation. GGUF headers (5,000 nested arrays, truncated at every
byte of a real header, garbage after the magic, version 99, counts larger than the file), a
classifier folder whose config.json says `hidden_size: "abc"` (listed as unusable with the reason,
the rest of `models` still listed), tokenizers with an empty vocabulary or a normalizer that turns
"." into 200,000 characters."""
from __future__ import annotations

import json
import shutil
import struct
from pathlib import Path

import pytest
from click.testing import CliRunner

from factaudit.engine.cli import cli
from factaudit.engine.errors import ModelNotFound
from factaudit.engine.models import gguf, model_check, registry
from factaudit.engine.models.classifier_registry import embedded_classifier_path, local_classifiers
from factaudit.engine.models.classifier_tokens import PairEncoder


@pytest.fixture(autouse=True)
def _dirs(monkeypatch, tmp_path):
    monkeypatch.setenv("FACTAUDIT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("FACTAUDIT_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("FACTAUDIT_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("FACTAUDIT_LOCAL_MODELS", str(tmp_path / "local_models"))


def _s(text: str) -> bytes:
    b = text.encode()
    return struct.pack("<Q", len(b)) + b


def _header(kvs: list[bytes], version: int = 3, n_kv: int | None = None) -> bytes:
    return b"GGUF" + struct.pack("<IQQ", version, 0, len(kvs) if n_kv is None else n_kv) + b"".join(kvs)


GOOD_KVS = [_s("general.architecture") + struct.pack("<I", 8) + _s("llama"),
            _s("llama.context_length") + struct.pack("<II", 4, 2048),
            _s("tokenizer.ggml.tokens") + struct.pack("<IIQ", 9, 8, 3) + _s("a") + _s("b") + _s("c")]


def _nested(depth: int) -> bytes:
    """A value of `depth` arrays, each holding one array, the innermost empty."""
    body = struct.pack("<IQ", 9, 0)
    for _ in range(depth - 1):
        body = struct.pack("<IQ", 9, 1) + body
    return _s("evil.nested") + struct.pack("<I", 9) + body


HOSTILE = {
    "nested": _header([GOOD_KVS[0], _nested(5000)]),
    "garbage": b"GGUF" + bytes(range(256)) * 8,
    "v99": _header(GOOD_KVS, version=99),
    "huge_kv_count": _header(GOOD_KVS, n_kv=2 ** 62),
    "huge_array": _header([_s("x") + struct.pack("<IIQ", 9, 8, 2 ** 60)]),
    "huge_string": _header([_s("x") + struct.pack("<IQ", 8, 2 ** 40)]),
    "zero_length": b"",
    "magic_only": b"GGUF",
}


def _one_line(exc: BaseException) -> str:
    msg = str(exc)
    assert msg and "\n" not in msg and "Traceback" not in msg
    return msg


def test_the_good_header_reads_and_each_hostile_one_is_one_line(tmp_path):
    good = tmp_path / "good.gguf"
    good.write_bytes(_header(GOOD_KVS))
    meta = gguf.read_metadata(good)
    assert meta["llama.context_length"] == 2048 and meta["tokenizer.ggml.tokens"] == ["a", "b", "c"]
    # A nesting as deep as MAX_DEPTH is still read (the limit refuses only deeper ones).
    ok = tmp_path / "deep_ok.gguf"
    ok.write_bytes(_header([GOOD_KVS[0], _nested(gguf.MAX_DEPTH)]))
    assert gguf.read_metadata(ok)["general.architecture"] == "llama"
    for name, data in HOSTILE.items():
        path = tmp_path / f"{name}.gguf"
        path.write_bytes(data)
        for read in (gguf.read_metadata, model_check.gguf_data_end):
            with pytest.raises(ModelNotFound) as err:
                read(path)
            _one_line(err.value)
    with pytest.raises(ModelNotFound, match="version 99"):
        gguf.read_metadata(tmp_path / "v99.gguf")
    with pytest.raises(ModelNotFound, match="nested more than"):
        gguf.read_metadata(tmp_path / "nested.gguf")


def test_a_header_truncated_at_any_byte_is_one_line(tmp_path):
    data = _header(GOOD_KVS)
    path = tmp_path / "cut.gguf"
    refused = 0
    for cut in range(len(data)):
        path.write_bytes(data[:cut])
        with pytest.raises(ModelNotFound) as err:
            gguf.read_metadata(path)
        _one_line(err.value)
        refused += 1
    assert refused == len(data)


def test_models_lists_every_hostile_file_with_its_reason(tmp_path):
    local = tmp_path / "local_models"
    local.mkdir()
    for name, data in HOSTILE.items():
        (local / f"{name}.gguf").write_bytes(data)
    (local / "fine.gguf").write_bytes(_header(GOOD_KVS))
    entries = {e.name: e for e in registry.local_llms()}
    assert set(entries) == {*HOSTILE, "fine"}
    assert entries["fine"].note is None and entries["fine"].context_length == 2048
    for name in HOSTILE:
        assert entries[name].note and "\n" not in entries[name].note, name


def _classifier_copy(dst: Path) -> Path:
    shutil.copytree(embedded_classifier_path(), dst)
    return dst


def test_a_config_with_hidden_size_abc_is_listed_as_unusable_and_the_rest_still_listed(tmp_path):
    local = tmp_path / "local_models"
    bad = _classifier_copy(local / "bad-config")
    cfg = json.loads((bad / "config.json").read_text())
    cfg["hidden_size"] = "abc"
    (bad / "config.json").write_text(json.dumps(cfg))
    huge = _classifier_copy(local / "huge-heads")
    cfg["hidden_size"], cfg["num_attention_heads"] = 384, 10 ** 12
    (huge / "config.json").write_text(json.dumps(cfg))
    listed = (bad.parent / "list-config")
    _classifier_copy(listed)
    (listed / "config.json").write_text("[1, 2]")
    entries = {e.name: e for e in local_classifiers()}
    assert "hidden_size must be a whole number" in entries["bad-config"].note and "'abc'" in entries["bad-config"].note
    assert "num_attention_heads" in entries["huge-heads"].note
    assert "not a JSON object" in entries["list-config"].note
    res = CliRunner().invoke(cli, ["models", "--json"])
    assert res.exit_code == 0, res.output
    names = {e["name"] for e in json.loads(res.output)}
    assert {"bad-config", "huge-heads", "list-config", "smollm2-135m"} <= names
    res = CliRunner().invoke(cli, ["models"])
    assert res.exit_code == 0 and "Traceback" not in res.output and "bad-config" in res.output


def _folder_with_tokenizer(tmp_path: Path, name: str, build) -> Path:
    folder = _classifier_copy(tmp_path / name)
    build().save(str(folder / "tokenizer.json"))
    return folder


def test_tokenizers_with_an_empty_vocab_or_an_exploding_normalizer_are_refused_in_one_line(tmp_path):
    from tokenizers import Tokenizer, normalizers, pre_tokenizers
    from tokenizers.models import BPE, WordLevel

    def exploding():
        tok = Tokenizer(WordLevel({"[UNK]": 0, "[PAD]": 1, "a": 2}, unk_token="[UNK]"))
        tok.normalizer = normalizers.Replace(".", "x" * 200_000)
        tok.pre_tokenizer = pre_tokenizers.Whitespace()
        return tok

    def empty():
        tok = Tokenizer(BPE({}, []))
        tok.pre_tokenizer = pre_tokenizers.Whitespace()
        return tok

    def normal():
        return Tokenizer.from_file(str(embedded_classifier_path() / "tokenizer.json"))

    assert PairEncoder(_folder_with_tokenizer(tmp_path, "normal", normal)).count_tokens("The trial.") > 0
    for name, build, words in (("exploding", exploding, "rule string of 200,000 characters"),
                               ("empty", empty, "empty vocabulary")):
        with pytest.raises(ModelNotFound) as err:
            PairEncoder(_folder_with_tokenizer(tmp_path, name, build))
        assert words in _one_line(err.value)


def test_a_normalizer_that_multiplies_each_character_is_refused_by_the_probe(tmp_path):
    """Short rules that still blow text up (every letter into 50) are caught by the probe text."""
    from tokenizers import Tokenizer, normalizers, pre_tokenizers
    from tokenizers.models import WordLevel

    def multiplying():
        tok = Tokenizer(WordLevel({"[UNK]": 0, "a": 1}, unk_token="[UNK]"))
        tok.normalizer = normalizers.Sequence([normalizers.Replace(c, c * 50) for c in "abcde"])
        tok.pre_tokenizer = pre_tokenizers.Whitespace()
        return tok

    with pytest.raises(ModelNotFound) as err:
        PairEncoder(_folder_with_tokenizer(tmp_path, "multiplying", multiplying))
    assert "normalizer turns" in _one_line(err.value)


def test_verify_with_an_exploding_tokenizer_fails_in_one_line_and_leaves_no_running_run(tmp_path):
    """The attack's `verify --model DIR` allocated 5.9 GB and aborted, leaving the run "running"."""
    from tokenizers import Tokenizer, normalizers, pre_tokenizers
    from tokenizers.models import WordLevel

    from factaudit.engine import services
    from factaudit.engine.ingest import import_files
    from factaudit.engine.project import runs

    def exploding():
        tok = Tokenizer(WordLevel({"[UNK]": 0, "[PAD]": 1, "a": 2}, unk_token="[UNK]"))
        tok.normalizer = normalizers.Replace(".", "x" * 200_000)
        tok.pre_tokenizer = pre_tokenizers.Whitespace()
        return tok

    model = _folder_with_tokenizer(tmp_path, "exploding", exploding)
    p = services.create_project(tmp_path / "v.faproj")
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text(json.dumps({"id": "d1", "text": "Aspirin lowered the risk of stroke."}) + "\n")
    claims = tmp_path / "claims.jsonl"
    claims.write_text(json.dumps({"id": "c1", "claim": "Aspirin lowers stroke risk."}) + "\n")
    import_files(p, [corpus], kind="corpus")
    import_files(p, [claims], kind="claims")
    trec = tmp_path / "run.trec"
    trec.write_text("c1 Q0 d1 1 2.0 t\n")
    rr = import_files(p, [trec], fmt="trec").run_id
    p.close()
    res = CliRunner().invoke(cli, ["verify", str(tmp_path / "v.faproj"), "--retrieval-run", rr, "--model", str(model)])
    assert res.exit_code == 2, res.output
    lines = [x for x in res.output.splitlines() if x.startswith("error:")]
    assert len(lines) == 1 and "rule string of 200,000 characters" in lines[0] and "Traceback" not in res.output
    with services.open_project(tmp_path / "v.faproj", readonly=True) as p:
        assert [r.status for r in runs.list_runs(p, "verify")] in ([], ["failed"])


def test_an_embedder_folder_gets_the_same_tokenizer_checks_before_its_model_is_loaded(tmp_path):
    from tokenizers import Tokenizer, normalizers, pre_tokenizers
    from tokenizers.models import WordLevel

    from factaudit.engine.models.onnx_embedder import OnnxEmbedder

    folder = tmp_path / "embedder"
    (folder / "1_Pooling").mkdir(parents=True)
    (folder / "modules.json").write_text(json.dumps([
        {"idx": 0, "name": "0", "path": "", "type": "sentence_transformers.models.Transformer"},
        {"idx": 1, "name": "1", "path": "1_Pooling", "type": "sentence_transformers.models.Pooling"}]))
    (folder / "1_Pooling" / "config.json").write_text(json.dumps({"pooling_mode_mean_tokens": True}))
    (folder / "model.onnx").write_bytes(b"not reached: the tokenizer is refused first")
    tok = Tokenizer(WordLevel({"[UNK]": 0, "a": 1}, unk_token="[UNK]"))
    tok.normalizer = normalizers.Replace(".", "x" * 200_000)
    tok.pre_tokenizer = pre_tokenizers.Whitespace()
    tok.save(str(folder / "tokenizer.json"))
    with pytest.raises(ModelNotFound) as err:
        OnnxEmbedder(folder)
    assert "rule string of 200,000 characters" in _one_line(err.value)
    (folder / "sentence_bert_config.json").write_text(json.dumps({"max_seq_length": "abc"}))
    with pytest.raises(ModelNotFound) as err:
        OnnxEmbedder(folder)
    assert "max_seq_length must be a whole number" in _one_line(err.value)
