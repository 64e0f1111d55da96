"""Wrap the string literals a GUI file passes to Qt's text setters and constructors in Qt's translation
(issue #24 item 3). Mechanical and conservative; what it cannot see (lists of labels, module constants,
strings built with +) is done by hand.

    python tools/wrap_tr.py gui/views/x.py [...]      # rewrites the files, prints how many it wrapped
    python tools/wrap_tr.py --dry gui/views/x.py      # only counts

Inside a method of a class (first parameter `self`) the literal becomes `self.tr("...")`, elsewhere
`QCoreApplication.translate("<module>", "...")`. An f-string becomes a template with named
placeholders: f"Open {name}?" -> self.tr("Open {name}?").format(name=name); an expression that is not a
name or attribute gets {0}, {1}, ... in order.
"""
from __future__ import annotations

import ast
import json
import re
import sys
from pathlib import Path

SETTERS = {
    "setText", "setToolTip", "setWindowTitle", "setPlaceholderText", "setTitle", "setStatusTip",
    "setInformativeText", "setDetailedText", "setLabelText", "setWhatsThis", "addAction", "addMenu",
    "addTab", "insertTab", "setTabText", "setTabToolTip", "setHorizontalHeaderLabels", "addItem",
    "setHeaderLabels", "setPrefix", "setSuffix", "setSpecialValueText", "showMessage", "addRow",
    "setButtonText", "insertRow", "addButton", "setItemText", "setPlainText",
    "section_head", "muted_label", "refresh_button",   # gui/views/page_parts.py
    "title", "error", "read_only_table", "_fill", "addItems", "_big_button", "_text_dialog", "add_buttons", "_warn",
}
KEYWORDS = {"failed", "busy", "title", "text", "tooltip"}   # keyword arguments that carry visible text
CONSTRUCTORS = {"QLabel", "QPushButton", "QCheckBox", "QRadioButton", "QGroupBox", "QAction", "QToolButton",
                "QMenu", "QCommandLinkButton"}
DIALOG_STATICS = {"information", "warning", "critical", "question", "about", "getSaveFileName",
                  "getOpenFileName", "getExistingDirectory", "getText", "getItem", "getInt", "getDouble",
                  "getOpenFileNames"}
DIALOG_CLASSES = {"QMessageBox", "QFileDialog", "QInputDialog"}
LETTERS = re.compile(r"[A-Za-z]{2,}")


def _call_name(func: ast.expr) -> tuple[str, str | None]:
    if isinstance(func, ast.Attribute):
        owner = func.value.id if isinstance(func.value, ast.Name) else None
        return func.attr, owner
    if isinstance(func, ast.Name):
        return func.id, None
    return "", None


def _wants(call: ast.Call) -> bool:
    name, owner = _call_name(call.func)
    if name in SETTERS or name in CONSTRUCTORS:
        return True
    return name in DIALOG_STATICS and owner in DIALOG_CLASSES


def _literal(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


class _Scope(ast.NodeVisitor):
    """Records, for every call worth wrapping, whether it sits in a method with `self`."""

    def __init__(self):
        self.found: list[tuple[ast.AST, bool]] = []
        self._self = [False]

    def visit_FunctionDef(self, node):
        args = node.args.posonlyargs + node.args.args
        has_self = bool(args) and args[0].arg == "self"
        self._self.append(has_self)
        self.generic_visit(node)
        self._self.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Lambda(self, node):
        self.generic_visit(node)

    def visit_Call(self, node):
        if _wants(node):
            name, owner = _call_name(node.func)
            if name in DIALOG_STATICS:
                picked = node.args[1:2] if owner == "QFileDialog" else node.args[1:3]
            else:   # the first argument that is text: addItem("English", "en") keeps its data
                picked = [a for a in node.args if self._is_text(a) or isinstance(a, (ast.List, ast.Tuple, ast.IfExp))][:1]
            picked += [k.value for k in node.keywords if k.arg in KEYWORDS]
            picked = [x for a in picked for x in ((a.body, a.orelse) if isinstance(a, ast.IfExp) else (a,))]
            for arg in picked:
                for item in (arg.elts if isinstance(arg, (ast.List, ast.Tuple)) else [arg]):
                    if self._is_text(item):
                        self.found.append((item, self._self[-1]))
        self.generic_visit(node)

    @staticmethod
    def _is_text(node) -> bool:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            v = node.value
            if "://" in v or re.fullmatch(r"[a-z0-9_./:-]+", v):   # a URL, a path, an identifier
                return False
            return bool(LETTERS.search(v))
        if isinstance(node, ast.JoinedStr):
            return any(isinstance(v, ast.Constant) and LETTERS.search(v.value) for v in node.values)
        return False


def _template(node: ast.JoinedStr, source: str) -> tuple[str, list[str]]:
    parts, args, n = [], [], 0
    used: dict[str, str] = {}
    for value in node.values:
        if isinstance(value, ast.Constant):
            parts.append(value.value.replace("{", "{{").replace("}", "}}"))
            continue
        expr = ast.get_source_segment(source, value.value)
        if isinstance(value.value, ast.Name):
            key = value.value.id
        elif isinstance(value.value, ast.Attribute):
            key = value.value.attr
        else:
            key = None
        if key is not None and used.get(key, expr) != expr:
            key = None
        if key is None:
            key = f"v{n}"
            n += 1
        if key not in used:
            used[key] = expr
            args.append(f"{key}={expr}")
        conv = {-1: "", 115: "!s", 114: "!r", 97: "!a"}[value.conversion]
        spec = ""
        if value.format_spec is not None:
            spec = ":" + "".join(v.value for v in value.format_spec.values if isinstance(v, ast.Constant))
        parts.append("{" + key + conv + spec + "}")
    return "".join(parts), args


def wrap_source(source: str, context: str) -> tuple[str, int]:
    tree = ast.parse(source)
    scope = _Scope()
    scope.visit(tree)
    lines = source.splitlines(keepends=True)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))

    def pos(lineno, col):
        return offsets[lineno - 1] + len(lines[lineno - 1].encode("utf-8")[:col].decode("utf-8"))

    edits = []
    for node, has_self in scope.found:
        start, end = pos(node.lineno, node.col_offset), pos(node.end_lineno, node.end_col_offset)
        if isinstance(node, ast.Constant):
            text, args = node.value, []
        else:
            text, args = _template(node, source)
        call = f"self.tr({_literal(text)})" if has_self else \
            f"QCoreApplication.translate({_literal(context)}, {_literal(text)})"
        if args:
            call += f".format({', '.join(args)})"
        edits.append((start, end, call))
    out = source
    for start, end, call in sorted(edits, reverse=True):
        out = out[:start] + call + out[end:]
    if any(not has_self for _, has_self in scope.found) and "QCoreApplication" not in _imported(source):
        out = _add_import(out)
    return out, len(edits)


def _imported(source: str) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            names.update(a.asname or a.name for a in node.names)
    return names


def _add_import(source: str, name: str = "QCoreApplication") -> str:
    m = re.search(r"^from PySide6\.QtCore import \(?", source, re.M)
    if m:
        return source[:m.end()] + name + ", " + source[m.end():]
    m = re.search(r"^from PySide6\.", source, re.M) or re.search(r"^from __future__ import annotations\n", source, re.M)
    at = (m.start() if m.group(0).startswith("from PySide6") else m.end()) if m else 0
    return source[:at] + f"from PySide6.QtCore import {name}\n" + source[at:]


def wrap_constants(source: str, names: set[str], context: str) -> tuple[str, int]:
    """QT_TRANSLATE_NOOP(context, "...") around the text literals (dict values, tuple/list items) of the
    module-level constants `names`; their use sites then call QCoreApplication.translate(context, x)."""
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))

    def pos(lineno, col):
        return offsets[lineno - 1] + len(lines[lineno - 1].encode("utf-8")[:col].decode("utf-8"))

    edits = []
    for node in tree.body:
        if not isinstance(node, ast.Assign) or not any(isinstance(t, ast.Name) and t.id in names
                                                       for t in node.targets):
            continue
        keys = set()
        for sub in ast.walk(node.value):
            if isinstance(sub, ast.Dict):
                keys.update(id(k) for k in sub.keys if k is not None)
        for sub in ast.walk(node.value):
            if isinstance(sub, ast.Constant) and isinstance(sub.value, str) and id(sub) not in keys \
                    and _Scope._is_text(sub):
                edits.append((pos(sub.lineno, sub.col_offset), pos(sub.end_lineno, sub.end_col_offset),
                              f"QT_TRANSLATE_NOOP({_literal(context)}, {_literal(sub.value)})"))
    out = source
    for start, end, call in sorted(edits, reverse=True):
        out = out[:start] + call + out[end:]
    if edits and "QT_TRANSLATE_NOOP" not in _imported(source):
        m = re.search(r"^from PySide6\.QtCore import \(?", out, re.M)
        out = (out[:m.end()] + "QT_TRANSLATE_NOOP, " + out[m.end():]) if m else _add_import(out, "QT_TRANSLATE_NOOP")
    return out, len(edits)


def main(argv: list[str]) -> int:
    if argv and argv[0] == "--constants":     # --constants FILE CONTEXT NAME [NAME ...]
        path = Path(argv[1])
        out, n = wrap_constants(path.read_text(encoding="utf-8"), set(argv[3:]), argv[2])
        path.write_text(out, encoding="utf-8")
        print(f"{n:4d}  {path}")
        return 0
    dry = "--dry" in argv
    total = 0
    for name in [a for a in argv if a != "--dry"]:
        path = Path(name)
        source = path.read_text(encoding="utf-8")
        out, n = wrap_source(source, path.stem)
        total += n
        print(f"{n:4d}  {path}")
        if not dry and n:
            path.write_text(out, encoding="utf-8")
    print(f"{total:4d}  in all")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
