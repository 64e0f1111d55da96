"""The engine's translatable messages, read from the sources (no babel needed; pure ast and re):

- report templates (resources/reports/*.j2): `_("...")`, `plural(n, "one", "many")` and the bodies of
  `{% filter trh(...) %}...{% endfilter %}` (whitespace folded, as engine.reports.lang does);
- `N_("...")` anywhere in engine/;
- in the report and CLI modules, the literal first arguments of `_()`, `pl()`, `lang._()`, `say()`,
  `i18n.t()`; an f-string becomes a msgid whose placeholders are the expressions as written
  (`f"{n} runs"` -> "{n} runs"), which is what engine.i18n.localize matches the English line against;
- import problems (engine/ingest): the reason of `Problems.add(...)`, `Problem(...)`, `RecordError(...)`.

    python tools/i18n_extract.py [--missing LANG]

Used by tests/engine/test_report_language.py to check the catalogues are complete.
"""
from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "resources" / "reports"
CALLS = {"_", "pl", "say", "t", "N_", "plural"}
REASON_CALLS = {"add": 3, "Problem": 3, "RecordError": 1}     # call name -> index of the reason argument

_STR = r'"((?:[^"\\]|\\.)*)"|\'((?:[^\'\\]|\\.)*)\''
_TEMPLATE_CALL = re.compile(r'\b_\(\s*(?:' + _STR + r')')
_TEMPLATE_PLURAL = re.compile(r'\bplural\([^,]+,\s*(?:' + _STR + r')\s*,\s*(?:' + _STR + r')')
_TRH = re.compile(r"\{%-?\s*filter\s+trh\b.*?%\}(.*?)\{%-?\s*endfilter\s*-?%\}", re.S)


def words(text: str) -> str:
    return " ".join(text.split())


def _unescape(a: str | None, b: str | None) -> str:
    raw = a if a is not None else (b or "")
    return ast.literal_eval('"' + raw.replace('"', '\\"') + '"') if "\\" in raw else raw


def from_templates(folder: Path = TEMPLATES) -> set[str]:
    out: set[str] = set()
    for path in sorted(folder.glob("*.j2")):
        text = path.read_text(encoding="utf-8")
        for m in _TEMPLATE_CALL.finditer(text):
            out.add(_unescape(m.group(1), m.group(2)))
        for m in _TEMPLATE_PLURAL.finditer(text):
            out.add(_unescape(m.group(1), m.group(2)))
            out.add(_unescape(m.group(3), m.group(4)))
        for m in _TRH.finditer(text):
            out.add(words(m.group(1)))
    return out


def _literal(node: ast.AST, source: str) -> str | None:
    """A str constant, or an f-string as a msgid with its expressions as placeholders."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        parts = []
        for v in node.values:
            if isinstance(v, ast.Constant):
                parts.append(str(v.value))
            elif isinstance(v, ast.FormattedValue):
                expr = ast.get_source_segment(source, v.value) or ast.unparse(v.value)
                conv = {-1: "", 115: "!s", 114: "!r", 97: "!a"}[v.conversion]
                spec = ""
                if v.format_spec is not None:
                    spec = ":" + "".join(str(x.value) for x in v.format_spec.values if isinstance(x, ast.Constant))
                parts.append("{" + expr + conv + spec + "}")
        return "".join(parts)
    return None


def _name(func: ast.AST) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def from_python(path: Path, calls: set[str], reasons: bool = False, heads: bool = False) -> set[str]:
    source = path.read_text(encoding="utf-8")
    out: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if heads and isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "head"
                                                          for t in node.targets):
            # a report table's header row: head = ["run", "n", ...]
            if isinstance(node.value, ast.List):
                out |= {e.value for e in node.value.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)}
        if not isinstance(node, ast.Call):
            continue
        name = _name(node.func)
        args = node.args
        if name in calls and args:
            picks = [args[0]]
            if name in ("pl", "plural") and len(args) >= 3:
                picks = [args[1], args[2]]
            for a in picks:
                if isinstance(a, ast.Call) and _name(a.func) == "N_" and a.args:
                    a = a.args[0]
                text = _literal(a, source)
                if text and text.strip():
                    out.add(text)
        if reasons and name in REASON_CALLS and len(args) > REASON_CALLS[name]:
            text = _literal(args[REASON_CALLS[name]], source)
            if text and text.strip():
                out.add(text)
    return out


def report_messages() -> set[str]:
    found = from_templates()
    for path in sorted((ROOT / "engine" / "reports").glob("*.py")):
        found |= from_python(path, CALLS, heads=True)
    return found


def cli_messages() -> set[str]:
    found: set[str] = set()
    for path in sorted((ROOT / "engine" / "cli").glob("*.py")):
        found |= from_python(path, {"say", "t", "N_"})
    return found


def import_messages() -> set[str]:
    found = from_python(ROOT / "engine" / "errors.py", {"N_"})
    for path in sorted((ROOT / "engine" / "ingest").rglob("*.py")):
        found |= from_python(path, {"N_"}, reasons=True)
    return found


def marked_messages() -> set[str]:
    """Every N_() mark in the engine (workflow steps, cell words, sheet titles, ...)."""
    found: set[str] = set()
    for path in sorted((ROOT / "engine").rglob("*.py")):
        found |= from_python(path, {"N_"})
    return found


def all_messages() -> set[str]:
    return report_messages() | cli_messages() | import_messages() | marked_messages()


def main(argv: list[str]) -> int:
    msgs = sorted(all_messages())
    if argv[:1] == ["--missing"]:
        sys.path.insert(0, str(ROOT.parent))
        from factaudit.engine import i18n

        cat = i18n.catalogue(argv[1])
        msgs = [m for m in msgs if m not in cat]
    for m in msgs:
        print(repr(m))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))


# engine modules whose raised errors (FactAuditError subclasses) are in the catalogue: the ones every
# user meets (opening, locking, importing, sealing, running a job, writing a report) and the refusals of
# the services and the audit layer the GUI's dialogs show, and the models', metrics' and pipeline's.
ERROR_MODULES = ("engine/project", "engine/ingest", "engine/seal.py", "engine/seal_crypt.py", "engine/jobs.py",
                 "engine/reports", "engine/services", "engine/audit", "engine/models", "engine/metrics",
                 "engine/pipeline", "engine/retrieval", "engine/conflicts", "engine/selftest.py")
_BUILTIN = {"ValueError", "TypeError", "RuntimeError", "KeyError", "AssertionError", "NotImplementedError",
            "OSError", "RecordError", "AttributeError", "IndexError"}


def raise_messages(modules: tuple[str, ...] = ERROR_MODULES) -> set[str]:
    """The literal first argument of `raise SomeFactAuditError("...")` in those modules."""
    out: set[str] = set()
    paths: list[Path] = []
    for m in modules:
        p = ROOT / m
        paths += sorted(p.rglob("*.py")) if p.is_dir() else [p]
    for path in paths:
        source = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args:
                name = _name(node.exc.func)
                text = _literal(node.exc.args[0], source)
                if text and name and name[0].isupper() and name not in _BUILTIN:
                    out.add(text)
    return out


def note_messages() -> set[str]:
    """Notes and warnings the metrics and services attach to a result (`notes.append("...")`), which the
    report shows through engine.i18n.localize."""
    out: set[str] = set()
    for base in ("engine/metrics", "engine/services"):
        for path in sorted((ROOT / base).rglob("*.py")):
            source = path.read_text(encoding="utf-8")
            for node in ast.walk(ast.parse(source)):
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "append"
                        and _name(node.func.value) in ("notes", "warnings") and node.args):
                    text = _literal(node.args[0], source)
                    if text and text.strip():
                        out.add(text)
    return out
