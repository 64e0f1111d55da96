"""Which Debian packages a PyInstaller bundle needs from the system (for the .deb's Depends:).

Every ELF file of the bundle names the shared libraries it links (DT_NEEDED, read here from the
file's dynamic section without binutils). A library the bundle does not carry itself (by file name
or SONAME) must come from the system; packaging/linux/depends.txt maps each such SONAME to the
Debian package that has it, or to `-` for a library only an optional plugin links (one that the app
never loads, such as Qt's database drivers). A SONAME the table does not know stops the build: a
new dependency is a decision, not a guess. The glibc version is the highest GLIBC_2.N any file asks
for (its version-needed strings sit in the same string table).
"""
from __future__ import annotations

import os
import re
import struct
from dataclasses import dataclass, field
from pathlib import Path

DT_NULL, DT_NEEDED, DT_SONAME = 0, 1, 14
SHT_DYNAMIC = 6
GLIBC_RE = re.compile(rb"GLIBC_2\.(\d+)")


@dataclass
class ElfInfo:
    needed: list[str]
    soname: str | None
    glibc_minor: int | None   # highest GLIBC_2.N named, None when it names none


@dataclass
class SystemNeeds:
    packages: list[str]                              # sorted, without duplicates
    optional: dict[str, list[str]] = field(default_factory=dict)   # soname -> bundle files linking it
    unknown: dict[str, list[str]] = field(default_factory=dict)    # soname -> bundle files linking it
    glibc_minor: int | None = None


def elf_info(path: str | Path) -> ElfInfo | None:
    """NEEDED, SONAME and glibc version of an ELF file; None for anything that is not a dynamic ELF."""
    with open(path, "rb") as fh:
        head = fh.read(64)
        if len(head) < 52 or head[:4] != b"\x7fELF" or head[4] not in (1, 2) or head[5] not in (1, 2):
            return None
        wide = head[4] == 2
        end = "<" if head[5] == 1 else ">"
        if wide:
            shoff, = struct.unpack_from(end + "Q", head, 0x28)
            shentsize, shnum = struct.unpack_from(end + "HH", head, 0x3A)
            sh_fmt, dyn_fmt = end + "IIQQQQIIQQ", end + "qQ"
        else:
            shoff, = struct.unpack_from(end + "I", head, 0x20)
            shentsize, shnum = struct.unpack_from(end + "HH", head, 0x2E)
            sh_fmt, dyn_fmt = end + "IIIIIIIIII", end + "iI"
        if not shoff or not shnum or shentsize < struct.calcsize(sh_fmt):
            return None
        fh.seek(shoff)
        raw = fh.read(shentsize * shnum)
        if len(raw) < shentsize * shnum:
            return None
        # (type, offset, size, link) of every section header
        sections = [struct.unpack_from(sh_fmt, raw, i * shentsize) for i in range(shnum)]
        sections = [(s[1], s[4], s[5], s[6]) for s in sections]
        dynamic = next((s for s in sections if s[0] == SHT_DYNAMIC), None)
        if dynamic is None or dynamic[3] >= len(sections):
            return None
        _, str_off, str_size, _ = sections[dynamic[3]]
        fh.seek(str_off)
        strtab = fh.read(str_size)
        fh.seek(dynamic[1])
        dyn = fh.read(dynamic[2])
    step = struct.calcsize(dyn_fmt)
    needed, soname = [], None
    for at in range(0, len(dyn) - step + 1, step):
        tag, val = struct.unpack_from(dyn_fmt, dyn, at)
        if tag == DT_NULL:
            break
        if tag in (DT_NEEDED, DT_SONAME) and val < len(strtab):
            text = strtab[val:strtab.index(b"\0", val)].decode("utf-8", "replace")
            if tag == DT_NEEDED:
                needed.append(text)
            else:
                soname = text
    minors = [int(m) for m in GLIBC_RE.findall(strtab)]
    return ElfInfo(needed, soname, max(minors) if minors else None)


def read_table(path: str | Path) -> dict[str, str]:
    """SONAME -> Debian package ('-' for an optional plugin's library) from depends.txt."""
    table: dict[str, str] = {}
    for n, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        parts = line.split()
        if len(parts) != 2:
            raise ValueError(f"{path}:{n}: expected 'SONAME PACKAGE', got {line!r}")
        table[parts[0]] = parts[1]
    return table


def scan_bundle(bundle: str | Path) -> dict[str, ElfInfo]:
    """Every dynamic ELF file under the bundle, by path relative to it (symbolic links skipped)."""
    bundle = Path(bundle)
    found: dict[str, ElfInfo] = {}
    for folder, _dirs, files in os.walk(bundle):
        for name in files:
            path = Path(folder) / name
            if path.is_symlink() or not path.is_file():
                continue
            info = elf_info(path)
            if info is not None:
                found[path.relative_to(bundle).as_posix()] = info
    return found


def file_names(bundle: str | Path) -> set[str]:
    """The names of every file and link in the bundle (what the loader can find there by name)."""
    return {name for _folder, _dirs, files in os.walk(bundle) for name in files}


def system_needs(elves: dict[str, ElfInfo], table: dict[str, str], names: set[str] = frozenset()) -> SystemNeeds:
    """The packages for the libraries the bundle's files link but do not carry (by an ELF file's
    name or SONAME, or by any other file name in `names`)."""
    carried = {Path(rel).name for rel in elves} | {i.soname for i in elves.values() if i.soname} | set(names)
    wanted: dict[str, list[str]] = {}
    for rel, info in sorted(elves.items()):
        for lib in info.needed:
            if lib not in carried:
                wanted.setdefault(lib, []).append(rel)
    needs = SystemNeeds(packages=[])
    packages = set()
    for lib, users in sorted(wanted.items()):
        package = table.get(lib)
        if package is None:
            needs.unknown[lib] = users
        elif package == "-":
            needs.optional[lib] = users
        else:
            packages.add(package)
    needs.packages = sorted(packages)
    minors = [i.glibc_minor for i in elves.values() if i.glibc_minor is not None]
    needs.glibc_minor = max(minors) if minors else None
    return needs


def depends_field(needs: SystemNeeds) -> str:
    """The control file's Depends: value (libc6 carries the glibc version the bundle needs)."""
    out = []
    for package in needs.packages:
        if package == "libc6" and needs.glibc_minor is not None:
            out.append(f"libc6 (>= 2.{needs.glibc_minor})")
        else:
            out.append(package)
    return ", ".join(out)


__all__ = ["ElfInfo", "SystemNeeds", "depends_field", "elf_info", "file_names", "read_table", "scan_bundle", "system_needs"]
