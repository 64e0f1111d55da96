"""The codebook editor: evidence dimensions and reasoning steps, their codes with definitions, examples
and taxonomy patterns. Saving never edits a version in place: it stores the next version (annotations
name the version they were made under), after the engine validated the whole codebook."""
from __future__ import annotations

import copy

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox, QFrame, QHBoxLayout, QLabel, QLineEdit, QMessageBox, QPushButton, QScrollArea, QSplitter,
    QStackedWidget, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget,
)

from factaudit.engine.i18n import language
from factaudit.gui.views.codebook_forms import CodebookForms
from factaudit.engine import services
from factaudit.engine.errors import ImportFailed
from factaudit.gui.ops import Op, error_text
from factaudit.gui.query_op import QueryOp
from factaudit.gui.views.page_parts import section_head

TARGET_TITLES = {"evidence": QT_TRANSLATE_NOOP("CodebookEditor", "Evidence dimensions (per claim × passage)"),
                 "reasoning": QT_TRANSLATE_NOOP("CodebookEditor", "Reasoning steps (per claim × verification)")}
ROLE = Qt.ItemDataRole.UserRole


def _lines(text: str) -> list[str]:
    return [ln.strip() for ln in text.splitlines() if ln.strip()]


class CodebookEditor(CodebookForms, QWidget):
    saved = Signal(int)              # the new version

    def __init__(self, project, parent: QWidget | None = None):
        super().__init__(parent)
        self.project = project
        self._save_op: Op | None = None
        self.data: dict = {}
        self.version = None
        self.dirty = False
        self._filling = False
        self.loading = False          # a read of the codebook is running
        root = QVBoxLayout(self)
        root.setContentsMargins(16, 12, 16, 12)
        root.setSpacing(8)

        head = section_head(self.tr("Codebook"))
        head.addSpacing(10)
        head.addWidget(QLabel(self.tr("Version:")))
        self.version_combo = QComboBox()
        self.version_combo.setMinimumWidth(200)
        self.version_combo.activated.connect(self._version_chosen)
        head.addWidget(self.version_combo)
        head.addStretch(1)
        root.addLayout(head)
        self.info = QLabel("")
        self.info.setObjectName("muted")
        self.info.setWordWrap(True)
        root.addWidget(self.info)

        split = QSplitter(Qt.Orientation.Horizontal)
        left = QWidget()
        ll = QVBoxLayout(left)
        ll.setContentsMargins(0, 0, 0, 0)
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels([self.tr("Dimension / code"), self.tr("Pattern")])
        self.tree.setColumnWidth(0, 330)
        self.tree.currentItemChanged.connect(self._selected)
        ll.addWidget(self.tree, 1)
        tools = QHBoxLayout()
        buttons = [QPushButton(t) for t in (self.tr("+ Dimension"), self.tr("+ Code"), self.tr("Remove"), "↑", "↓")]
        self.add_dim_button, self.add_code_button, self.remove_button, self.up_button, self.down_button = buttons
        self.up_button.setToolTip(self.tr("Move up"))
        self.down_button.setToolTip(self.tr("Move down"))
        for b, slot in zip(buttons, (self.add_dimension, self.add_code, self.remove_selected,
                                     lambda: self.move_selected(-1), lambda: self.move_selected(1))):
            b.clicked.connect(slot)
            tools.addWidget(b)
        tools.addStretch(1)
        ll.addLayout(tools)
        split.addWidget(left)

        self.forms = QStackedWidget()
        self.forms.addWidget(self._book_form())
        self.forms.addWidget(self._dim_form())
        self.forms.addWidget(self._code_form())
        forms_scroll = QScrollArea()       # the forms scroll rather than widen the window
        forms_scroll.setWidgetResizable(True)
        forms_scroll.setFrameShape(QFrame.Shape.NoFrame)
        forms_scroll.setWidget(self.forms)
        split.addWidget(forms_scroll)
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 3)
        split.setSizes([440, 700])
        root.addWidget(split, 1)

        self.errors = QLabel("")
        self.errors.setObjectName("errorText")
        self.errors.setStyleSheet("color:#8f1d1d")
        self.errors.setWordWrap(True)
        self.errors.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        root.addWidget(self.errors)
        bottom = QHBoxLayout()
        bottom.addWidget(QLabel(self.tr("Note:")))
        self.note_edit = QLineEdit()
        self.note_edit.setPlaceholderText(self.tr("What changed (stored with the version)"))
        bottom.addWidget(self.note_edit, 1)
        self.revert_button = QPushButton(self.tr("Revert"))
        self.revert_button.clicked.connect(self.refresh)
        bottom.addWidget(self.revert_button)
        self.save_button = QPushButton(self.tr("Save as new version"))
        self.save_button.setObjectName("primary")
        self.save_button.clicked.connect(self.save)
        self.save_button.setEnabled(not project.readonly)
        bottom.addWidget(self.save_button)
        root.addLayout(bottom)
        self.refresh()

    def refresh(self, version: int | None = None) -> None:
        # off the UI thread; the editor says it reads, and Save waits (nothing to save before the read)
        project = self.project
        self.loading = True
        self.save_button.setEnabled(False)
        self.info.setText(QCoreApplication.translate("PageRead", "Reading…"))
        QueryOp(self, op=lambda: (services.codebook_versions(project), services.codebook(project, version)),
                success=self._read).failure(self._read_failed).title("reading the codebook").run_in_background()

    def _read_failed(self, exc: BaseException) -> None:
        self.loading = False
        self.info.setText("")
        self.errors.setText(error_text(exc))
        self.save_button.setEnabled(self.version is not None and not self.project.readonly)

    def _read(self, read) -> None:
        versions, book = read
        self.loading = False
        self.save_button.setEnabled(not self.project.readonly)
        self.version = book.version
        self._book = book                # its translated names label the tree (the forms edit the English)
        self.latest = versions[-1]["version"] if versions else book.version
        self.data = book.to_json()
        self.version_combo.blockSignals(True)
        self.version_combo.clear()
        for v in versions:
            note = f" — {v['note']}" if v.get("note") else ""
            self.version_combo.addItem(f"v{v['version']}{note}", v["version"])
        self.version_combo.setCurrentIndex(self.version_combo.findData(book.version))
        self.version_combo.blockSignals(False)
        n_codes = sum(len(d["codes"]) for t in ("evidence", "reasoning") for d in self.data[t])
        latest = self.tr(" (latest)") if book.version == self.latest else \
            self.tr(" (latest is v{latest}; saving builds on this one)").format(latest=self.latest)
        self.info.setText(self.tr("Codebook v{version}{latest}: {v0} evidence dimensions, {v1} reasoning steps, {n_codes} codes. Saving stores a new version; existing labels keep the version they were made under.").format(version=book.version, latest=latest, v0=len(self.data['evidence']), v1=len(self.data['reasoning']), n_codes=n_codes))
        self.errors.setText("")
        self.dirty = False
        self._build_tree()

    def _version_chosen(self, _index: int) -> None:
        self.refresh(self.version_combo.currentData())

    def _build_tree(self, select: tuple | None = None) -> None:
        self.tree.blockSignals(True)
        self.tree.clear()
        root = QTreeWidgetItem([self.data.get("name") or self.tr("Codebook"), ""])
        root.setData(0, ROLE, ("book",))
        self.tree.addTopLevelItem(root)
        chosen = root
        for target in ("evidence", "reasoning"):
            top = QTreeWidgetItem([self.tr(TARGET_TITLES[target]), ""])
            top.setData(0, ROLE, ("target", target))
            root.addChild(top)
            if select == ("target", target):
                chosen = top
            for i, d in enumerate(self.data[target]):
                di = QTreeWidgetItem([f"{i + 1}. {d.get('name') or d['id']}{self._in_language(target, d)}", ""])
                di.setData(0, ROLE, ("dim", target, i))
                top.addChild(di)
                if select == ("dim", target, i):
                    chosen = di
                for j, c in enumerate(d["codes"]):
                    ci = QTreeWidgetItem([f"{j + 1}  {c.get('name') or c['id']}{self._in_language(target, d, c)}",
                                          c.get("pattern") or ""])
                    ci.setData(0, ROLE, ("code", target, i, j))
                    di.addChild(ci)
                    if select == ("code", target, i, j):
                        chosen = ci
        self.tree.expandAll()
        self.tree.blockSignals(False)
        self.tree.setCurrentItem(chosen)
        self._selected(chosen, None)

    def _in_language(self, target: str, d: dict, c: dict | None = None) -> str:
        """The tree's hint: the name in the interface language after a "·", for a stored dimension or code
        whose English name is unchanged here; nothing for a name being edited (it has no translation yet)."""
        book = getattr(self, "_book", None)
        lang = language()
        if book is None or lang == "en":
            return ""
        dim = next((x for x in book.dimensions(target) if x.id == d.get("id")), None)
        obj = dim if c is None or dim is None else dim.code(c.get("id"))
        english = (c if c is not None else d).get("name")
        if obj is None or obj.name != english:
            return ""
        shown = book.text(obj, "name", lang, dim if c is not None else None)
        return f"  · {shown}" if shown and shown != english else ""

    def _path(self) -> tuple:
        item = self.tree.currentItem()
        return item.data(0, ROLE) if item is not None else ("book",)

    def _selected(self, item, _previous) -> None:
        path = item.data(0, ROLE) if item is not None else ("book",)
        self._filling = True
        try:
            if path[0] in ("book", "target"):
                self.forms.setCurrentIndex(0)
                self.book_name.setText(self.data.get("name") or "")
                self.patterns_edit.setPlainText("\n".join(f"{k}: {v}" for k, v in self.data.get("patterns", {}).items()))
            elif path[0] == "dim":
                d = self.data[path[1]][path[2]]
                self.forms.setCurrentIndex(1)
                self.dim_id.setText(d["id"])
                self.dim_name.setText(d.get("name") or "")
                self.dim_question.setPlainText(d.get("question") or "")
            else:
                target, i, j = path[1:]
                d = self.data[target][i]
                c = d["codes"][j]
                self.forms.setCurrentIndex(2)
                self.code_id.setText(c["id"])
                self.code_name.setText(c.get("name") or "")
                self.code_definition.setPlainText(c.get("definition") or "")
                self.code_examples.setPlainText("\n".join(c.get("examples") or []))
                prefix = "R" if target == "evidence" else "V"
                ids = sorted({p for p in self.data.get("patterns", {}) if p.startswith(prefix)}, key=lambda p: int(p[1:]))
                self.code_pattern.clear()
                self.code_pattern.addItems(["", *ids])
                self.code_pattern.setCurrentText(c.get("pattern") or "")
                evidence = target == "evidence"
                self.code_hq.setVisible(evidence)
                self.code_off.setVisible(evidence)
                self.code_hq.setChecked(c["id"] in self.data.get("high_quality", {}).get(d["id"], []))
                self.code_off.setChecked(c["id"] in self.data.get("off_topic", {}).get(d["id"], []))
        finally:
            self._filling = False
        self.add_code_button.setEnabled(path[0] in ("dim", "code"))
        self.remove_button.setEnabled(path[0] in ("dim", "code"))
        self.up_button.setEnabled(path[0] in ("dim", "code"))
        self.down_button.setEnabled(path[0] in ("dim", "code"))

    # ---- edits -----------------------------------------------------------------------------------
    def _touch(self) -> None:
        self.dirty = True
        self.errors.setText("")

    def _set(self, keys: tuple, value) -> None:
        if self._filling:
            return
        self.data[keys[0]] = value
        self._touch()

    def _patterns_changed(self) -> None:
        if self._filling:
            return
        patterns = {}
        for line in _lines(self.patterns_edit.toPlainText()):
            key, _, name = line.partition(":")
            patterns[key.strip()] = name.strip()
        self.data["patterns"] = patterns
        self._touch()

    def _set_dim(self, key: str, value) -> None:
        path = self._path()
        if self._filling or path[0] != "dim":
            return
        self.data[path[1]][path[2]][key] = value
        if key == "name":
            self.tree.currentItem().setText(0, f"{path[2] + 1}. {value or self.data[path[1]][path[2]]['id']}")
        self._touch()

    def _dim_id_changed(self, new: str) -> None:
        path = self._path()
        if self._filling or path[0] != "dim":
            return
        d = self.data[path[1]][path[2]]
        old, d["id"] = d["id"], new.strip()
        for key in ("high_quality", "off_topic"):
            sets = self.data.get(key, {})
            if old in sets:
                sets[d["id"]] = sets.pop(old)
        self._touch()

    def _set_code(self, key: str, value) -> None:
        path = self._path()
        if self._filling or path[0] != "code":
            return
        c = self.data[path[1]][path[2]]["codes"][path[3]]
        c[key] = value
        if key == "name":
            self.tree.currentItem().setText(0, f"{path[3] + 1}  {value or c['id']}")
        if key == "pattern":
            self.tree.currentItem().setText(1, value or "")
        self._touch()

    def _code_id_changed(self, new: str) -> None:
        path = self._path()
        if self._filling or path[0] != "code":
            return
        d = self.data[path[1]][path[2]]
        c = d["codes"][path[3]]
        old, c["id"] = c["id"], new.strip()
        for key in ("high_quality", "off_topic"):
            codes = self.data.get(key, {}).get(d["id"])
            if codes and old in codes:
                codes[codes.index(old)] = c["id"]
        self._touch()

    def _set_code_set(self, key: str, on: bool) -> None:
        path = self._path()
        if self._filling or path[0] != "code" or path[1] != "evidence":
            return
        d = self.data["evidence"][path[2]]
        code = d["codes"][path[3]]["id"]
        sets = self.data.setdefault(key, {})
        codes = sets.setdefault(d["id"], [])
        if on and code not in codes:
            codes.append(code)
        elif not on and code in codes:
            codes.remove(code)
        if not codes:
            sets.pop(d["id"])
        self._touch()

    def _fresh_id(self, taken: list[str], stem: str) -> str:
        n = 1
        while f"{stem}_{n}" in taken:
            n += 1
        return f"{stem}_{n}"

    def add_dimension(self) -> None:
        path = self._path()
        target = path[1] if path[0] in ("target", "dim", "code") else "evidence"
        dims = self.data[target]
        taken = [d["id"] for t in ("evidence", "reasoning") for d in self.data[t]]
        new_id = self._fresh_id(taken, "new_dimension" if target == "evidence" else "new_step")
        # the new entries' names are the user's data from here on: in the language they work in
        name = self.tr("New dimension") if target == "evidence" else self.tr("New step")
        dims.append({"id": new_id, "name": name, "question": "",
                     "codes": [{"id": "code_1", "name": self.tr("Code {n}").format(n=1), "definition": "",
                                "examples": [], "pattern": None}]})
        self._touch()
        self._build_tree(("dim", target, len(dims) - 1))

    def add_code(self) -> None:
        path = self._path()
        if path[0] not in ("dim", "code"):
            return
        target, i = path[1], path[2]
        codes = self.data[target][i]["codes"]
        new_id = self._fresh_id([c["id"] for c in codes], "code")
        codes.append({"id": new_id, "name": self.tr("Code {n}").format(n=new_id.rsplit("_", 1)[-1]), "definition": "",
                      "examples": [],
                      "pattern": None})
        self._touch()
        self._build_tree(("code", target, i, len(codes) - 1))

    def remove_selected(self) -> None:
        path = self._path()
        if path[0] == "dim":
            d = self.data[path[1]].pop(path[2])
            for key in ("high_quality", "off_topic"):
                self.data.get(key, {}).pop(d["id"], None)
            select = ("target", path[1])
        elif path[0] == "code":
            d = self.data[path[1]][path[2]]
            c = d["codes"].pop(path[3])
            for key in ("high_quality", "off_topic"):
                codes = self.data.get(key, {}).get(d["id"])
                if codes and c["id"] in codes:
                    codes.remove(c["id"])
                    if not codes:
                        self.data[key].pop(d["id"])
            select = ("dim", path[1], path[2])
        else:
            return
        self._touch()
        self._build_tree(select)

    def move_selected(self, step: int) -> None:
        path = self._path()
        if path[0] == "dim":
            items, at = self.data[path[1]], path[2]
        elif path[0] == "code":
            items, at = self.data[path[1]][path[2]]["codes"], path[3]
        else:
            return
        to = at + step
        if not 0 <= to < len(items):
            return
        items[at], items[to] = items[to], items[at]
        self._touch()
        self._build_tree((*path[:-1], to))

    # ---- saving ----------------------------------------------------------------------------------
    def save(self) -> Op | None:
        """Validate and store the edited codebook as the next version, in the worker path; problems
        are listed and nothing is saved. `saved` brings the new version."""
        if (self._save_op is not None and self._save_op.running) or self.loading:
            return None
        data = copy.deepcopy(self.data)
        for target in ("evidence", "reasoning"):
            for d in data[target]:
                for c in d["codes"]:
                    if not c.get("pattern"):
                        c.pop("pattern", None)
                    if not c.get("examples"):
                        c.pop("examples", None)
        note = self.note_edit.text().strip() or None
        project, previous = self.project, self.version
        self._save_op = (Op(self, lambda job: services.save_codebook_data(project, data, note))
                         .title(self.tr("Saving the codebook")).quiet()
                         .success(lambda book: self._stored(book, previous)).failure(self._not_saved).run())
        return self._save_op

    def _stored(self, book, previous) -> None:
        self.note_edit.clear()
        self.refresh()
        if book.version == previous:
            self.info.setText(self.info.text() + self.tr(" Nothing changed, so no new version was made."))
        else:
            self.saved.emit(book.version)

    def _not_saved(self, exc: BaseException) -> None:
        if isinstance(exc, ImportFailed):
            lines = [f"{p.field or 'codebook'}: {p.reason}" for p in exc.problems]
            if exc.truncated:
                lines.append("…")
            self.errors.setText(self.tr("Not saved — fix these first:") + "\n" + "\n".join("• " + ln for ln in lines))
        else:
            self.errors.setText(self.tr("Not saved: {v0}").format(v0=error_text(exc)))

    def confirm_discard(self) -> bool:
        if not self.dirty:
            return True
        answer = QMessageBox.question(self, self.tr("Codebook"), self.tr("Discard the unsaved codebook changes?"))
        return answer == QMessageBox.StandardButton.Yes


__all__ = ["CodebookEditor"]
