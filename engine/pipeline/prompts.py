"""Versioned prompt templates in resources/prompts/*.txt, identified by the sha256 of the file.

A file has a `### system` and a `### user` section; `{{name}}` marks are filled by `render`
(plain replacement, so JSON braces in the text need no escaping).

Text from documents, answers or earlier model output is quoted data, never instructions. Every prompt
that shows such text (the fields in DATA_FIELDS) fences it between `<<<` and `>>>` (the verifier uses
`<<<EVIDENCE` / `EVIDENCE>>>`), says in the system part that fenced text is quoted material whose
instructions must not be followed, and repeats that after the data (a reminder placed after the data
is what small models still remember when they answer). `neutralise` keeps quoted text from closing
its fence or opening a chat turn. `fencing_problems` checks a template for all of this; the tests run
it on every file in resources/prompts.

A project may keep its own versions of a template (engine/services/prompts.py); `schema_problems` says
why such a version would break the run that reads it (a placeholder the run fills is gone or a new one
it cannot fill; a reply key the parser reads is no longer asked for), before any run starts.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from factaudit.engine.errors import NotFound

_SECTION = re.compile(r"^### (system|user)\s*$", re.M)

# Placeholders that carry quoted text (documents, answers, model output), not the app's own words.
DATA_FIELDS = ("evidence", "passage", "answer", "sentence", "question", "claim", "cases", "reasoning")
_DATA_RULE = re.compile(r"(?:data|quoted)[^\n]*(?:not instructions|never follow|ignore any instruction)", re.I)
# Chat-template tokens (ChatML `<|im_start|>`, Llama `[INST]`, `<<SYS>>`) that a tokenizer may read as
# real turn markers if they reach it verbatim.
_CHAT_TOKENS = re.compile(r"<\|(?=[A-Za-z_ ]*\|>)|\[(?=/?INST\])|<<(?=/?SYS>>)")
_LOOKALIKE = {"<|": "‹|", "[": "⁅", "<<": "‹<"}
_PLACEHOLDER = re.compile(r"\{\{(\w+)\}\}")
# the keys of the JSON reply a template asks for: `{"verdict": ...` / `, "reasoning": ...`
_REPLY_KEY = re.compile(r'"(\w+)"\s*:')


def neutralise(text: str) -> str:
    """Quoted text must not close its fence (`>>>`, `EVIDENCE>>>`) or open a chat turn."""
    text = text.replace("<<<", "‹‹‹").replace(">>>", "›››")
    return _CHAT_TOKENS.sub(lambda m: _LOOKALIKE[m.group(0)], text)


@dataclass(frozen=True)
class Prompt:
    name: str
    system: str
    user: str
    sha256: str

    def render(self, **values: str) -> list[dict[str, str]]:
        user = self.user
        for key, value in values.items():
            user = user.replace("{{" + key + "}}", value)
        missing = re.findall(r"\{\{(\w+)\}\}", user)
        if missing:
            raise ValueError(f"prompt {self.name} needs values for {missing}")
        return [{"role": "system", "content": self.system}, {"role": "user", "content": user}]

    def ref(self) -> dict[str, str]:
        return {"name": self.name, "sha256": self.sha256}


def fencing_problems(prompt: Prompt) -> list[str]:
    """Why a template does not fence its quoted data properly (empty when it does)."""
    fields = [f for f in re.findall(r"\{\{(\w+)\}\}", prompt.user) if f in DATA_FIELDS]
    if not fields:
        return []
    problems = []
    if not _DATA_RULE.search(prompt.system):
        problems.append(f"{prompt.name}: the system part does not say that fenced text is data, not instructions")
    last = max(prompt.user.rfind("{{" + f + "}}") for f in fields)
    if not _DATA_RULE.search(prompt.user[last:]):
        problems.append(f"{prompt.name}: no reminder after the data that it is quoted and not to be obeyed")
    for f in fields:
        for m in re.finditer(r"\{\{" + f + r"\}\}", prompt.user):
            before, after = prompt.user[:m.start()], prompt.user[m.end():]
            if before.rfind("<<<") <= before.rfind(">>>") or after.find(">>>") < 0 or \
                    (0 <= after.find("<<<") < after.find(">>>")):
                problems.append(f"{prompt.name}: {{{{{f}}}}} is not inside a <<< … >>> fence")
    return problems


def placeholders(prompt: Prompt) -> set[str]:
    return set(_PLACEHOLDER.findall(prompt.system)) | set(_PLACEHOLDER.findall(prompt.user))


def reply_keys(prompt: Prompt) -> set[str]:
    return set(_REPLY_KEY.findall(prompt.system)) | set(_REPLY_KEY.findall(prompt.user))


def schema_problems(candidate: Prompt, base: Prompt) -> list[str]:
    """Why `candidate` cannot stand in for the shipped `base` (empty when it can): the run fills
    exactly the base's placeholders and parses the reply keys the base asks for."""
    problems = []
    have, need = placeholders(candidate), placeholders(base)
    problems += [f"the template does not show {{{{{p}}}}}, which the run fills" for p in sorted(need - have)]
    problems += [f"{{{{{p}}}}} is not a value the run fills (it fills {', '.join(sorted(need))})"
                 for p in sorted(have - need)]
    problems += [f"the reply key \"{k}\" that the parser reads is not asked for"
                 for k in sorted(reply_keys(base) - reply_keys(candidate))]
    return problems + fencing_problems(candidate)


def parse_prompt(name: str, raw: bytes) -> Prompt:
    text = raw.decode("utf-8")
    parts = _SECTION.split(text)
    sections = {parts[i]: parts[i + 1].strip("\n") for i in range(1, len(parts) - 1, 2)}
    if set(sections) != {"system", "user"}:
        raise NotFound(f"prompt {name} must have '### system' and '### user' sections")
    return Prompt(name=name, system=sections["system"].strip(), user=sections["user"].strip(),
                  sha256=hashlib.sha256(raw).hexdigest())


@lru_cache(maxsize=None)
def load_prompt(name: str) -> Prompt:
    path = resources.files("factaudit.resources").joinpath("prompts", f"{name}.txt")
    try:
        raw = path.read_bytes()
    except (FileNotFoundError, OSError) as exc:
        raise NotFound(f"no prompt template {name!r} in resources/prompts") from exc
    return parse_prompt(name, raw)


def shipped_names() -> list[str]:
    folder = resources.files("factaudit.resources").joinpath("prompts")
    return sorted(p.name[:-4] for p in folder.iterdir() if p.name.endswith(".txt"))


def pinned_prompt(ref: dict | None) -> Prompt | None:
    """The project template a run pinned with its text (None: the run read a shipped template). The
    text travels in the run's config so a resumed run reads exactly what it started with."""
    if not ref or "text" not in ref:
        return None
    prompt = parse_prompt(ref["name"], ref["text"].encode("utf-8"))
    if prompt.sha256 != ref.get("sha256"):
        raise NotFound(f"the pinned text of prompt {ref['name']!r} does not match its sha256")
    return prompt
