"""Every `factaudit` command and every visible option is documented in README.md's "Command line"
section (the idea of sqlite-utils' tests/test_docs.py): a new command or option fails here until the
README shows it. Commands are read from the console script's group, so the GUI command counts too."""
from __future__ import annotations

import re
from pathlib import Path

import click
import pytest

from factaudit.launcher import cli

README = Path(__file__).resolve().parents[2] / "README.md"


def command_line_block(text: str) -> str:
    section = text.split("\n## Command line\n", 1)[1].split("\n## ", 1)[0]
    return section.split("```", 2)[1]


def usage_blocks(block: str) -> dict[str, str]:
    """`factaudit <words>` -> its usage text: the line plus indented continuation lines. Words are the
    command path (lower-case words before the first argument or option; a comment after two spaces)."""
    blocks: dict[str, str] = {}
    current = None
    for line in block.splitlines():
        if line.startswith("factaudit"):
            words = []
            usage = re.split(r"\s{2,}", line.strip())[0]    # a comment follows after two spaces
            for word in usage.split()[1:]:
                if not re.fullmatch(r"[a-z][a-z-]*", word):
                    break
                words.append(word)
            current = " ".join(words)
            blocks[current] = blocks.get(current, "") + "\n" + line
        elif line.startswith(" ") and current is not None:
            blocks[current] += "\n" + line
        else:
            current = None
    return blocks


def commands(group: click.Group, prefix: tuple[str, ...] = ()):
    # through click's listing, not group.commands: the top group imports each command when asked for it
    ctx = click.Context(group)
    for name in sorted(group.list_commands(ctx)):
        command = group.get_command(ctx, name)
        if command.hidden:
            continue
        path = (*prefix, name)
        if isinstance(command, click.Group):
            yield from commands(command, path)
        else:
            yield " ".join(path), command


def visible_options(command: click.Command) -> list[str]:
    """The first long spelling of each visible option (`--prompt-cache` for the on/off pair)."""
    out = []
    for param in command.params:
        if isinstance(param, click.Option) and not param.hidden:
            longs = [o for o in param.opts if o.startswith("--")]
            out.append(longs[0] if longs else param.opts[0])
    return [o for o in out if o != "--help"]


ALL = list(commands(cli))
BLOCKS = usage_blocks(command_line_block(README.read_text(encoding="utf-8")))


def test_the_walk_finds_the_commands():
    names = [n for n, _ in ALL]
    assert len(names) > 25 and {"gui", "verify", "codebook show", "annotations export"} <= set(names)


@pytest.mark.parametrize("name, command", ALL, ids=[n for n, _ in ALL])
def test_command_and_its_options_are_in_the_readme(name, command):
    assert command.help, f"factaudit {name} has no help text"
    usage = "\n".join(text for words, text in BLOCKS.items() if words == name)
    assert usage, f"README.md's Command line section has no `factaudit {name}` line"
    missing = [o for o in visible_options(command) if not re.search(re.escape(o) + r"(?![a-z-])", usage)]
    assert not missing, f"`factaudit {name}` in README.md misses {', '.join(missing)}"


def test_top_level_options_are_in_the_readme():
    top = command_line_block(README.read_text(encoding="utf-8"))
    for option in visible_options(cli):
        assert re.search(r"^factaudit " + re.escape(option) + r"\b", top, re.M), option


def test_the_readme_names_no_command_that_does_not_exist():
    names = {n for n, _ in ALL} | {""}
    unknown = sorted(words for words in BLOCKS if words not in names)
    assert unknown == [], unknown


def test_the_check_fails_on_an_undocumented_option():
    @click.command("imaginary")
    @click.option("--frobnicate")
    def imaginary(frobnicate):
        """Help."""
    blocks = usage_blocks("factaudit imaginary PROJECT [--frob]\n")
    assert "imaginary" in blocks
    assert [o for o in visible_options(imaginary) if not re.search(re.escape(o) + r"(?![a-z-])",
                                                                    blocks["imaginary"])] == ["--frobnicate"]
