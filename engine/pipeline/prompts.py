"""Versioned prompt templates in resources/prompts/*.txt, identified by the sha256 of the file.

A file has a `### system` and a `### user` section; `{{name}}` marks are filled by `render`
(plain replacement, so JSON braces in the text need no escaping).
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from factaudit.engine.errors import NotFound

_SECTION = re.compile(r"^### (system|user)\s*$", re.M)


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
