"""The Labeling page's layout and rendering (the queue, keys and writes are in labeling_view)."""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, QTimer
from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QFrame, QGridLayout, QHBoxLayout, QLabel, QLineEdit, QPushButton, QScrollArea, QSizePolicy,
    QSplitter, QTextBrowser, QVBoxLayout, QWidget,
)

from factaudit.engine import services
from factaudit.engine.i18n import language
from factaudit.gui.i18n import verdict_name
from factaudit.gui.views.labeling_parts import (
    UnitCard, auto_advance, esc as _esc, markdown_html, project_annotator, set_auto_advance,
)
from factaudit.gui.views.labeling_reasoning import ReasoningFromLLMBar
from factaudit.gui.views.long_text import FullTexts, elide
from factaudit.gui.views.page_parts import build_later, section_head
from factaudit.gui.views.review_detail import label_name

MODES = {"evidence": QT_TRANSLATE_NOOP("LabelingLayout", "Evidence pairs (5 dimensions)"),
         "reasoning": QT_TRANSLATE_NOOP("LabelingLayout", "Verifier reasoning (6 steps)")}
# a passage's stance in a per-passage verify run (engine/pipeline/aggregate.STANCES)
STANCE_NAMES = {"supports": QT_TRANSLATE_NOOP("LabelingLayout", "supports"),
                "refutes": QT_TRANSLATE_NOOP("LabelingLayout", "refutes"),
                "neutral": QT_TRANSLATE_NOOP("LabelingLayout", "neutral")}
# why a unit is in the queue (engine.audit.queues reasons)
REASONS = {"disagreement": QT_TRANSLATE_NOOP("LabelingLayout", "disagreement"),
           "sample": QT_TRANSLATE_NOOP("LabelingLayout", "sample"),
           "retest": QT_TRANSLATE_NOOP("LabelingLayout", "retest (seen before)")}


class LabelingLayout:
    """Mixin for LabelingView: builds the widgets and renders the current unit into them."""

    book = None          # the codebook of the open queue (its names and definitions carry zh and de texts)

    def cb_text(self, obj, attr: str = "name", dimension=None) -> str:
        """A dimension's or code's name, question or definition in the interface language, from the
        codebook's own translations (English when it has none)."""
        if self.book is None:
            return getattr(obj, attr)
        return self.book.text(obj, attr, language(), dimension)

    def _build_ui(self, mode: str) -> None:
        root = QVBoxLayout(self)
        root.setContentsMargins(16, 12, 16, 12)
        root.setSpacing(6)
        # two rows, so the page fits a 1280-px laptop screen next to the sidebar
        head = section_head(self.tr("Labeling"))
        head.addSpacing(10)
        self.mode_combo = QComboBox()
        for key, text in MODES.items():
            self.mode_combo.addItem(self.tr(text), key)
        self.mode_combo.setCurrentIndex(list(MODES).index(mode))
        self.mode_combo.currentIndexChanged.connect(self._mode_changed)
        head.addWidget(self.mode_combo)
        self.run_label = QLabel(self.tr("Run:"))
        head.addWidget(self.run_label)
        self.run_combo = QComboBox()
        self.run_combo.setMinimumWidth(110)
        self.run_combo.activated.connect(lambda _=0: self.load_queue())
        head.addWidget(self.run_combo)
        self.verdict_label = QLabel(self.tr("Verdicts from:"))
        head.addWidget(self.verdict_label)
        self.verdict_combo = QComboBox()
        self.verdict_combo.setMinimumWidth(100)
        # the runs arrive after the page is shown, so the first-show sizing cut "imported-2": room for 14
        # characters whatever the contents, so a long run id cannot widen the page past a small screen
        for combo in (self.run_combo, self.verdict_combo):
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(14)
        self.verdict_combo.setToolTip(self.tr("The verify run whose verdict is revealed after you commit a pair; its disagreements come first in the queue"))
        self.verdict_combo.activated.connect(lambda _=0: self.load_queue())
        head.addWidget(self.verdict_combo)
        head.addStretch(1)
        root.addLayout(head)
        second = QHBoxLayout()
        second.addWidget(QLabel(self.tr("Annotator:")))
        # the name is per project: empty until given here or asked for at the first label
        self.annotator_edit = QLineEdit(project_annotator(self.project) or "")
        self.annotator_edit.setPlaceholderText(self.tr("your name"))
        self.annotator_edit.setMaximumWidth(150)
        self.annotator_edit.setToolTip(self.tr("Your name as it is stored with every label in this project"))
        self.annotator_edit.editingFinished.connect(self._annotator_changed)
        second.addWidget(self.annotator_edit)
        self.auto_check = QCheckBox(self.tr("Auto-advance"))
        self.auto_check.setToolTip(self.tr("A digit sets the code and moves to the next dimension; after the last one the unit is committed (5 keys per evidence pair)"))
        self.auto_check.setChecked(auto_advance())
        self.auto_check.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.auto_check.toggled.connect(set_auto_advance)
        second.addWidget(self.auto_check)
        second.addStretch(1)
        self.reload_button = QPushButton(self.tr("Reload queue"))
        self.reload_button.clicked.connect(self.reload)
        second.addWidget(self.reload_button)
        root.addLayout(second)
        self.llm_bar = ReasoningFromLLMBar(self)    # reasoning mode on a classifier run: no reasoning
        self.llm_bar.verified.connect(self._reasoning_run_made)
        root.addWidget(self.llm_bar)

        self.progress_label = QLabel("")
        self.progress_label.setObjectName("muted")
        self.progress_label.setWordWrap(True)
        root.addWidget(self.progress_label)

        self.status = QLabel("")
        self.status.setObjectName("muted")
        self.status.setWordWrap(True)
        root.addWidget(self.status)
        self._root = root
        self._card_built = False
        self._card_waiting: list = []
        # the unit card and the side panel are built on the next turn of the event loop (or when first
        # used): built in the same turn as the rest, the page blocked the UI thread 170-300 ms when it
        # was opened in a real window (#35 item 4)
        build_later(self, self._build_card)

    _CARD = frozenset(("card", "claim_label", "full_texts", "body", "keys_label", "dims_box", "dims_grid", "dim_rows",
                       "codes_title", "codes_label", "reveal_title", "reveal_label", "previous_label", "side_scroll"))

    def __getattr__(self, name: str):
        # only reached for a missing attribute: a card widget asked for before the card was built
        if name in LabelingLayout._CARD and not self.__dict__.get("_card_built", True):
            self._build_card()
            return getattr(self, name)
        raise AttributeError(name)

    def after_card(self, fn) -> None:
        """fn() once the unit card exists (now if it does)."""
        if self._card_built:
            fn()
        else:
            self._card_waiting.append(fn)

    def _build_card(self) -> None:
        if self._card_built:
            return
        self._card_built = True
        split = QSplitter(Qt.Orientation.Horizontal)
        self.card = UnitCard()
        self.card.keyPressed.connect(self.handle_key)
        card_layout = QVBoxLayout(self.card)
        card_layout.setContentsMargins(14, 10, 14, 10)
        self.claim_label = QLabel("")
        self.claim_label.setObjectName("claimText")
        self.claim_label.setWordWrap(True)
        self.full_texts = FullTexts(self)
        # Only the full-text link reacts to the mouse; the keyboard stays with the labelling keys.
        self.claim_label.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse)
        self.claim_label.linkActivated.connect(self.full_texts.open)
        card_layout.addWidget(self.claim_label)
        self.body = QTextBrowser()
        self.body.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.body.setOpenLinks(False)
        self.body.anchorClicked.connect(self.full_texts.open)
        card_layout.addWidget(self.body, 1)
        self.keys_label = QLabel(self.tr("Keys: 1–9 choose · Enter/Tab next · Shift+Tab back · Backspace undo · R reveal · A accept the revealed pre-label · N note"))
        self.keys_label.setWordWrap(True)
        self.keys_label.setObjectName("muted")
        card_layout.addWidget(self.keys_label)
        split.addWidget(self.card)

        side = QWidget()
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(8, 0, 0, 0)
        dims_title = QLabel(self.tr("Your labels"))
        dims_title.setObjectName("subsectionTitle")
        side_layout.addWidget(dims_title)
        # one row per dimension (rebuilt when the mode changes): number and name, then the chosen code
        self.dims_box = QWidget()
        self.dims_grid = QGridLayout(self.dims_box)
        self.dims_grid.setContentsMargins(0, 0, 0, 0)
        self.dims_grid.setHorizontalSpacing(10)
        self.dims_grid.setVerticalSpacing(2)
        self.dims_grid.setColumnStretch(1, 1)
        self.dim_rows: list[tuple[QLabel, QLabel]] = []
        side_layout.addWidget(self.dims_box)
        self.codes_title = QLabel("")
        self.codes_title.setObjectName("subsectionTitle")
        self.codes_title.setWordWrap(True)
        side_layout.addWidget(self.codes_title)
        self.codes_label = QLabel("")
        self.codes_label.setWordWrap(True)
        self.codes_label.setTextFormat(Qt.TextFormat.RichText)
        self.codes_label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.codes_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Minimum)
        side_layout.addWidget(self.codes_label)
        sub = QLabel(self.tr("System and pre-label"))
        sub.setObjectName("subsectionTitle")
        side_layout.addWidget(sub)
        self.reveal_title = sub
        self.reveal_label = QLabel("")
        self.reveal_label.setObjectName("note")
        self.reveal_label.setWordWrap(True)
        self.reveal_label.setTextFormat(Qt.TextFormat.RichText)
        side_layout.addWidget(self.reveal_label)
        sub2 = QLabel(self.tr("Previous unit (revealed)"))
        sub2.setObjectName("subsectionTitle")
        side_layout.addWidget(sub2)
        self.previous_label = QLabel(self.tr("Nothing committed yet."))
        self.previous_label.setObjectName("muted")
        self.previous_label.setWordWrap(True)
        self.previous_label.setTextFormat(Qt.TextFormat.RichText)
        side_layout.addWidget(self.previous_label)
        side_layout.addStretch(1)
        # the codes' descriptions, the reveal and the previous unit can be long: they scroll, and never
        # make the page (and so the window) taller than the screen
        side_scroll = QScrollArea()
        side_scroll.setObjectName("labelingSide")
        side_scroll.setWidgetResizable(True)
        side_scroll.setFrameShape(QFrame.Shape.NoFrame)
        side_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        side_scroll.setWidget(side)
        side_scroll.setMinimumWidth(260)
        self.side_scroll = side_scroll
        split.addWidget(side_scroll)
        split.setChildrenCollapsible(False)
        self.card.setMinimumWidth(320)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        self._root.insertWidget(self._root.indexOf(self.status), split, 1)
        waiting, self._card_waiting = self._card_waiting, []
        for fn in waiting:
            fn()

    def _render(self) -> None:
        u, entry = self.unit, self.entry
        tag = self.tr(REASONS[entry.reason]) if entry.reason in REASONS else entry.reason
        texts = self.full_texts
        texts.clear()
        b = texts.esc   # user content bounded (long_text.py): a long unbroken word would stall the layout
        self.claim_label.setText(self.tr("<span style='color:#6b7380'>Claim {v0} · {tag}</span><br><b style='font-size:15px'>{v1}</b>").format(v0=b(u.claim_id), tag=tag, v1=b(u.claim_text)))
        if u.target == "evidence":
            p = u.passage
            rank = self.tr("rank {rank}").format(rank=p.rank) + " · " if p.rank else ""
            where = self.tr("passage {id}").format(id=b(p.passage_id))
            self.body.setHtml(f"<p style='color:#6b7380'>{rank}{where}</p>"
                              f"<h3>{b(p.title)}</h3><p style='font-size:14px'>{b(p.text)}</p>")
        else:
            said = services.reasoning_contradiction(u.verdict, u.reasoning)
            warn = ("<p style='color:#8f1d1d'>" + self.tr("<b>⚠ The reasoning contradicts the verdict:</b> it concludes {said}.").format(said=_esc(verdict_name(said)))
                    + "</p>" if said else "")
            parts = ["<p>" + self.tr("<b>Verdict:</b> {verdict}").format(
                         verdict=_esc(verdict_name(u.verdict) if u.verdict else '—')) + f"</p>{warn}",
                     "<p><b>" + self.tr("Reasoning:") + "</b></p>"
                     + (("<p>" + b(u.reasoning, newlines=True) + "</p>" if elide(u.reasoning)[1]
                         else markdown_html(u.reasoning)) if u.reasoning   # markdown only for what Qt lays out fast
                        else "<p>" + self.tr("(no reasoning recorded)") + "</p>"),
                     "<hr><p style='color:#6b7380'>" + self.tr("Passages") + "</p>"]
            for p in u.evidence:
                rank = f"[{p.rank}] " if p.rank else ""
                parts.append(f"<p><b>{rank}{b(p.title)}</b> <span style='color:#6b7380'>{b(p.passage_id)}"
                             f"</span><br>{b(p.text)}</p>")
            self.body.setHtml("".join(parts))
        self._render_dims()
        self._render_reveal()
        self._update_progress()

    def _render_dims(self) -> None:
        u = self.unit
        if len(self.dim_rows) != len(self.dims) or any(n.property("dim") != d.id
                                                        for (n, _v), d in zip(self.dim_rows, self.dims)):
            self._build_dim_rows()
        for i, (d, (name, value)) in enumerate(zip(self.dims, self.dim_rows)):
            a = u.labels.get(d.id)
            code = d.code(a.code) if a else None
            value.setText(_esc(self.cb_text(code, "name", d) if code else a.code) if a else "<span style='color:#a0a6ae'>—</span>")
            current = i == self.dim_index
            style = "background:#d6e6f7;" if current else ""
            name.setStyleSheet(style)
            value.setStyleSheet(style + "font-weight:bold;")
            name.setText(f"{i + 1}. {_esc(self.cb_text(d))}")
        d = self.dims[self.dim_index]
        self.codes_title.setText(f"{self.dim_index + 1}/{len(self.dims)} {self.cb_text(d)}")
        chosen = u.labels.get(d.id)
        rows = [f"<p style='color:#4a5260'>{_esc(self.cb_text(d, 'question'))}</p>"] if d.question else []
        for n, c in enumerate(d.codes, start=1):
            mark = "background:#d6e6f7;" if chosen and chosen.code == c.id else ""
            pattern = f" <span style='color:#8f1d1d'>({_esc(c.pattern)})</span>" if c.pattern else ""
            rows.append(f"<p style='{mark}margin:4px 0'><b style='font-size:14px'>[{n}]</b> <b>{_esc(self.cb_text(c, 'name', d))}</b>"
                        f"{pattern}<br><span style='color:#4a5260'>{_esc(self.cb_text(c, 'definition', d))}</span></p>")
        self.codes_label.setText("".join(rows))

    def _build_dim_rows(self) -> None:
        for name, value in self.dim_rows:
            name.deleteLater()
            value.deleteLater()
        self.dim_rows = []
        for i, d in enumerate(self.dims):
            name, value = QLabel(), QLabel()
            name.setProperty("dim", d.id)
            value.setTextFormat(Qt.TextFormat.RichText)
            value.setWordWrap(True)
            self.dims_grid.addWidget(name, i, 0)
            self.dims_grid.addWidget(value, i, 1)
            self.dim_rows.append((name, value))

    def _reveal_html(self, u, labels) -> str:
        lines = []
        if u.target == "evidence":
            if u.verdict:
                stance = self.tr(" (this passage: {stance})").format(
                    stance=_esc(self.tr(STANCE_NAMES[u.stance]) if u.stance in STANCE_NAMES else u.stance)) if u.stance else ""
                lines.append(self.tr("System verdict: <b>{verdict}</b>").format(verdict=_esc(verdict_name(u.verdict)))
                             + stance)
            else:
                lines.append(self.tr("No system verdict for this claim in the chosen run."))
        if u.gold_label:
            # a verdict, or the expert's sentence label (correct / error) in the interface's words
            lines.append(self.tr("Gold label: <b>{label}</b>").format(label=_esc(label_name(u.gold_label))))
        if not u.prelabels:
            lines.append(self.tr("No LLM pre-label for this unit."))
        for who, codes in sorted(u.prelabels.items()):
            same = sum(labels.get(d) == c for d, c in codes.items())
            cells = []
            for d in self.dims:
                if d.id in codes:
                    ok = labels.get(d.id) == codes[d.id]
                    color = "#1d6b33" if ok else "#8f1d1d"
                    code = d.code(codes[d.id])
                    shown = self.cb_text(code, "name", d) if code is not None else codes[d.id]
                    cells.append(f"{_esc(self.cb_text(d))}: <span style='color:{color}'>{_esc(shown)}</span>")
            lines.append(self.tr("Pre-label by <code>{who}</code> ({same} of {n} agree with you):").format(
                who=_esc(who), same=same, n=len(codes)) + "<br>" + "<br>".join(cells))
        return "<br>".join(lines)

    def _render_reveal(self) -> None:
        if self.index in self.revealed:
            labels = {d: a.code for d, a in self.unit.labels.items()}
            self.reveal_label.setText(self._reveal_html(self.unit, labels))
        else:
            self.reveal_label.setText(
                self.tr("Blind: the system verdict and the LLM pre-label stay hidden until you commit this unit (R reveals them now; later labels are then not blind).") if self.mode == "evidence" else
                self.tr("Blind: the LLM pre-label and the gold label stay hidden until you commit this unit (R reveals them now; later labels are then not blind)."))

    def show_reveal(self) -> None:
        """Scroll the side panel to the revealed verdict and pre-label: under the codes' descriptions they
        sat below the fold at 1280×720 and at 1.5× (issue #35). After the layout has taken the new text."""
        QTimer.singleShot(0, self, self._scroll_to_reveal)

    def _scroll_to_reveal(self) -> None:
        bar = self.side_scroll.verticalScrollBar()
        bar.setValue(min(bar.maximum(), self.reveal_title.y()))

    # ---- helpers for tests and the shell --------------------------------------------------------
    def visible_text(self) -> str:
        """All text the page shows right now (labels and the unit body)."""
        parts = [w.text() for w in self.findChildren(QLabel) if w.isVisible()]
        parts.append(self.body.toPlainText())
        return "\n".join(parts)


