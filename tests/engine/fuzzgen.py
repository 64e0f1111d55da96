"""A seeded generator of broken import files, for the importer fuzz test (issue #11 item 7).

Two layers of damage: structural (parse the seed, then change one thing in its records: a value of the
wrong type, deep nesting, a huge string, NUL, a lone surrogate, a duplicated record or row, a dropped
or extra column, a number Python cannot hold: an integer over 4,300 digits, 1e400, NaN, Infinity)
and byte-level (truncation, invalid UTF-8, a stray NUL byte, a UTF-16 BOM, flipped
bytes). Everything derives from one `random.Random(seed)`, so a failure names a reproducible case.
"""
from __future__ import annotations

import csv
import io
import json
import random
import re
from typing import Any, Callable

WEIRD_VALUES: list[Any] = [None, 0, -1, 12345, 1.5, float("1e308"), True, False, "", " ", [], {}, [1, 2],
                           {"a": 1}, ["x"], "\x00", "a\x00b", "\u202e", "=1+1", "$x$", "💊", "null"]


# JSON number tokens Python cannot hold as they are (issue #26 item 5): json.dumps cannot write the first
# four, so they travel as marked strings that _dump replaces by the bare token.
RAW_NUMBERS = ("1" + "0" * 5000, "-" + "9" * 4400, "1e400", "-1e400", "NaN", "Infinity", "-Infinity")
_RAW = "\x01RAW"
_RAW_RE = re.compile(r'"\\u0001RAW([^"\\]*)\\u0001"')


def _random_value(rng: random.Random) -> Any:
    kind = rng.randrange(7)
    if kind == 6:
        return f"{_RAW}{rng.choice(RAW_NUMBERS)}\x01"                # a bare out-of-range number
    if kind == 0:
        return rng.choice(WEIRD_VALUES)
    if kind == 1:
        return "x" * rng.choice((1_000, 100_000, 400_000))          # huge field
    if kind == 2:
        depth = rng.choice((50, 2_000, 20_000))                     # deep nesting
        value: Any = "leaf"
        for _ in range(depth):
            value = [value]
        return value
    if kind == 3:
        return rng.choice(("\ud800", "a\udfffb", "\udc00\ud800"))   # lone surrogates
    if kind == 4:
        return rng.randrange(-(2 ** 70), 2 ** 70)                   # beyond SQLite's 64-bit integers
    return {"nested": rng.choice(WEIRD_VALUES), "more": [rng.choice(WEIRD_VALUES)]}


def _nodes(value: Any, path: tuple = ()) -> list[tuple]:
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _nodes(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value[:20]):
            out += _nodes(v, path + (i,))
    return out


def _set(root: Any, path: tuple, new: Any) -> Any:
    if not path:
        return new
    node = root
    for p in path[:-1]:
        node = node[p]
    node[path[-1]] = new
    return root


def mutate_json_value(value: Any, rng: random.Random) -> Any:
    """Replace one node of a parsed JSON value (or delete a key) by something wrong."""
    nodes = _nodes(value)
    path = rng.choice(nodes[1:] or nodes)
    if path and rng.random() < 0.2:
        parent = value
        for p in path[:-1]:
            parent = parent[p]
        if isinstance(parent, dict):
            del parent[path[-1]]
            return value
    return _set(value, path, _random_value(rng))


def _dump(value: Any) -> str:
    # json.dumps' default ASCII output keeps lone surrogates as \ud800 escapes, as a broken exporter writes them
    try:
        text = json.dumps(value)
    except RecursionError:
        # deeper than json.dumps recurses: write the nesting by hand, which is what a hostile file does
        text = _deep_dump(value)
    return _RAW_RE.sub(lambda m: m.group(1), text)


def _deep_dump(value: Any) -> str:
    depth = 0
    while isinstance(value, list) and len(value) == 1:
        value, depth = value[0], depth + 1
    if depth:
        return "[" * depth + _dump(value) + "]" * depth
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(str(k))}: {_dump(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_dump(v) for v in value) + "]"
    return json.dumps(value)


def jsonl_structural(text: str, rng: random.Random) -> str:
    records = [json.loads(line) for line in text.splitlines() if line.strip()]
    op = rng.randrange(4)
    if op == 0 and records:                                   # duplicate a record (same ids)
        records.insert(rng.randrange(len(records) + 1), json.loads(json.dumps(rng.choice(records))))
    elif op == 1:                                             # a line that is not an object
        return "\n".join([*(_dump(r) for r in records), _dump(_random_value(rng))]) + "\n"
    else:
        k = rng.randrange(len(records))
        records[k] = mutate_json_value(records[k], rng)
    return "".join(_dump(r) + "\n" for r in records)


def json_structural(text: str, rng: random.Random) -> str:
    value = json.loads(text)
    if isinstance(value, list) and value and rng.random() < 0.25:
        value.append(json.loads(json.dumps(rng.choice(value))))   # duplicated task / question
    else:
        value = mutate_json_value(value, rng)
    return _dump(value)


def csv_structural(text: str, rng: random.Random) -> str:
    rows = list(csv.reader(io.StringIO(text)))
    op = rng.randrange(5)
    body = rows[1:]
    if op == 0 and body:
        body.insert(rng.randrange(len(body) + 1), list(rng.choice(body)))          # duplicate row
    elif op == 1 and body:
        r = rng.choice(body)
        r.pop(rng.randrange(len(r))) if r else None                               # missing cell
    elif op == 2 and body:
        rng.choice(body).append("extra")                                          # extra cell
    elif op == 3:
        rows[0] = [rng.choice(["", rows[0][0], "id", "\x00"]) if rng.random() < 0.3 else h for h in rows[0]]
    elif body:
        r = rng.choice(body)
        if r:
            r[rng.randrange(len(r))] = rng.choice(["x" * 300_000, "\x00", "[[[[", '["a", 1, [2]]', "=1+1",
                                                   "[" * 5000 + "]" * 5000, '"\\ud800"', "", "nan",
                                                   *RAW_NUMBERS])
    out = io.StringIO()
    csv.writer(out).writerows([rows[0], *body])
    return out.getvalue()


def trec_structural(text: str, rng: random.Random) -> str:
    lines = text.splitlines()
    k = rng.randrange(len(lines))
    parts = lines[k].split()
    op = rng.randrange(5)
    if op == 0:
        lines.insert(k, lines[k])                                                # duplicate hit
    elif op == 1 and parts:
        parts[rng.randrange(len(parts))] = rng.choice(["nan", "inf", "-1", "1e999", "x", "\x00", "9" * 40,
                                                       "9" * 5000])
        lines[k] = " ".join(parts)
    elif op == 2:
        lines[k] = " ".join(parts[: rng.randrange(len(parts))])
    elif op == 3:
        lines[k] = lines[k] + " extra"
    else:
        lines.append("x" * 200_000)
    return "\n".join(lines) + "\n"


def byte_damage(data: bytes, rng: random.Random) -> bytes:
    op = rng.randrange(6)
    if op == 0 and data:
        return data[: rng.randrange(len(data))]                                  # truncation
    if op == 1:
        i = rng.randrange(len(data) + 1)
        return data[:i] + rng.choice([b"\xff", b"\xc3\x28", b"\xed\xa0\x80", b"\xe9", b"\x80\x80"]) + data[i:]
    if op == 2:
        i = rng.randrange(len(data) + 1)
        return data[:i] + b"\x00" + data[i:]                                     # raw NUL byte
    if op == 3:
        return rng.choice([b"\xff\xfe", b"\xfe\xff", b"\xef\xbb\xbf\xef\xbb\xbf"]) + data   # stray BOMs
    if op == 4:
        return data.decode("utf-8").encode(rng.choice(["utf-16", "latin-1", "cp1252"]), errors="replace")
    b = bytearray(data)
    for _ in range(rng.randrange(1, 8)):
        if b:
            b[rng.randrange(len(b))] = rng.randrange(256)                         # flipped bytes
    return bytes(b)


STRUCTURAL: dict[str, Callable[[str, random.Random], str]] = {
    "jsonl": jsonl_structural, "json": json_structural, "csv": csv_structural, "trec": trec_structural,
}


def broken_file(seed_text: str, shape: str, rng: random.Random) -> tuple[str, bytes]:
    """(description, bytes) of one broken variant of `seed_text` (shape: jsonl, json, csv, trec)."""
    if rng.random() < 0.6:
        try:
            text = STRUCTURAL[shape](seed_text, rng)
        except RecursionError:
            text = seed_text
        data = text.encode("utf-8", errors="surrogatepass")
        if rng.random() < 0.2:
            return "structural+bytes", byte_damage(data, rng)
        return "structural", data
    return "bytes", byte_damage(seed_text.encode("utf-8"), rng)
