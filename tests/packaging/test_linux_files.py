"""The .deb's desktop entry and shared-mime-info types (issue #24 item 1), checked without the bundle.

The desktop entry goes through `desktop-file-validate` where it is installed and always through the
checks below (the parts of the Desktop Entry Specification 1.5 a launcher and its file types rest
on). The MIME XML is checked against the engine's own constants, by `update-mime-database` where
installed, and by Qt's QMimeDatabase (its own shared-mime-info reader, run in a child process on a
data folder that holds only this file) on real files the engine writes: a project, a sealed copy,
a rater package and an encrypted file.
"""
from __future__ import annotations

import contextlib
import fnmatch
import json
import os
import re
import shutil
import sqlite3
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from factaudit.engine.project.db import PROJECT_APPLICATION_ID, RATER_PACKAGE_APPLICATION_ID

ROOT = Path(__file__).resolve().parents[2]
LINUX = ROOT / "packaging" / "linux"
DESKTOP = LINUX / "factaudit.desktop"
MIME_XML = LINUX / "factaudit-mime.xml"
NS = "{http://www.freedesktop.org/standards/shared-mime-info}"

# ---- a Desktop Entry checker (the fallback when desktop-file-validate is absent) -----------------
KNOWN_KEYS = {"Type", "Version", "Name", "GenericName", "NoDisplay", "Comment", "Icon", "Hidden", "OnlyShowIn",
              "NotShowIn", "DBusActivatable", "TryExec", "Exec", "Path", "Terminal", "Actions", "MimeType",
              "Categories", "Implements", "Keywords", "StartupNotify", "StartupWMClass", "URL",
              "PrefersNonDefaultGPU", "SingleMainWindow"}
BOOLEAN_KEYS = {"NoDisplay", "Hidden", "DBusActivatable", "Terminal", "StartupNotify", "PrefersNonDefaultGPU",
                "SingleMainWindow"}
LIST_KEYS = {"OnlyShowIn", "NotShowIn", "Actions", "MimeType", "Categories", "Implements", "Keywords"}
LOCALIZABLE = {"Name", "GenericName", "Comment", "Icon", "Keywords"}
MAIN_CATEGORIES = {"AudioVideo", "Audio", "Video", "Development", "Education", "Game", "Graphics", "Network",
                   "Office", "Science", "Settings", "System", "Utility"}
FIELD_CODES = set("fFuUick%")
MIME_NAME = re.compile(r"^[a-z]+/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*$")


def parse_desktop(text: str) -> tuple[dict[str, dict[str, str]], list[str]]:
    """(groups of key -> value, errors) of a desktop entry file."""
    groups: dict[str, dict[str, str]] = {}
    errors: list[str] = []
    current = None
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        if line.startswith("["):
            if not line.endswith("]") or any(c in line[1:-1] for c in "[]") or not line[1:-1]:
                errors.append(f"line {n}: bad group header {line!r}")
                continue
            if current is None and line != "[Desktop Entry]":
                errors.append(f"line {n}: the first group must be [Desktop Entry]")
            current = line[1:-1]
            if current in groups:
                errors.append(f"line {n}: group {current} twice")
            groups[current] = {}
            continue
        m = re.fullmatch(r"([A-Za-z0-9-]+)(\[[A-Za-z_@.]+\])? *= *(.*)", line)
        if not m:
            errors.append(f"line {n}: neither a comment, a group nor key=value: {line!r}")
            continue
        if current is None:
            errors.append(f"line {n}: key before the [Desktop Entry] group")
            continue
        key = m.group(1) + (m.group(2) or "")
        if key in groups[current]:
            errors.append(f"line {n}: key {key} twice in {current}")
        groups[current][key] = m.group(3)
    return groups, errors


def exec_field_codes(exec_line: str) -> list[str]:
    return re.findall(r"%(.)", exec_line.replace("%%", ""))


def check_desktop(text: str) -> list[str]:
    groups, errors = parse_desktop(text)
    entry = groups.get("Desktop Entry")
    if entry is None:
        return errors + ["no [Desktop Entry] group"]
    for key, value in entry.items():
        base = key.split("[", 1)[0]
        if base not in KNOWN_KEYS and not base.startswith("X-"):
            errors.append(f"unknown key {key}")
        if "[" in key and base not in LOCALIZABLE:
            errors.append(f"{base} cannot be localized")
        if base in BOOLEAN_KEYS and value not in ("true", "false"):
            errors.append(f"{key}={value!r} is not a boolean")
        if base in LIST_KEYS and not value.endswith(";"):
            errors.append(f"{key} must end with ';'")
    for key in ("Type", "Name"):
        if key not in entry:
            errors.append(f"required key {key} missing")
    if entry.get("Version", "1.5") not in {"1.0", "1.1", "1.2", "1.3", "1.4", "1.5"}:
        errors.append(f"unknown Version {entry['Version']}")
    if entry.get("Type") == "Application":
        exec_line = entry.get("Exec")
        if not exec_line and entry.get("DBusActivatable") != "true":
            errors.append("an Application needs Exec")
        codes = exec_field_codes(exec_line or "")
        bad = [c for c in codes if c not in FIELD_CODES]
        if bad:
            errors.append(f"Exec has unknown field codes {bad}")
        if sum(codes.count(c) for c in "fFuU") > 1:
            errors.append("Exec may hold only one of %f %F %u %U")
        if "MimeType" in entry and not set(codes) & set("fFuU"):
            errors.append("MimeType is listed but Exec takes no file (%f, %F, %u or %U)")
    for mime in filter(None, entry.get("MimeType", "").split(";")):
        if not MIME_NAME.match(mime):
            errors.append(f"MimeType {mime!r} is not a MIME type name")
    categories = set(filter(None, entry.get("Categories", "").split(";")))
    if categories and not categories & MAIN_CATEGORIES:
        errors.append("Categories holds no main category")
    icon = entry.get("Icon", "")
    if icon and not icon.startswith("/") and re.search(r"\.(png|svg|xpm)$", icon):
        errors.append("an icon name has no file extension")
    return errors


def desktop_entry() -> dict[str, str]:
    return parse_desktop(DESKTOP.read_text(encoding="utf-8"))[0]["Desktop Entry"]


def mime_types() -> dict[str, ET.Element]:
    root = ET.parse(MIME_XML).getroot()
    assert root.tag == f"{NS}mime-info"
    return {el.get("type"): el for el in root.findall(f"{NS}mime-type")}


# ---- the desktop entry ---------------------------------------------------------------------------
def test_the_checker_finds_what_is_wrong():
    broken = ("[Desktop Entry]\nType=Application\nName=x\nExec=x %f %U\nTerminal=yes\nMimeType=text/plain\n"
              "Categories=Foo;\nIcon=x.png\nBogus=1\nName=y\n")
    errors = " | ".join(check_desktop(broken))
    for needle in ("one of %f", "not a boolean", "MimeType must end", "no main category", "file extension",
                   "unknown key Bogus", "key Name twice"):
        assert needle in errors
    assert check_desktop("[Other]\nName=x\n")
    assert check_desktop("[Desktop Entry]\nType=Application\nName=x\n") == ["an Application needs Exec"]


def test_desktop_entry_is_valid():
    assert check_desktop(DESKTOP.read_text(encoding="utf-8")) == []
    entry = desktop_entry()
    assert entry["Type"] == "Application" and entry["Terminal"] == "false"
    # opens the file it is given in the desktop app: `factaudit gui FILE`
    assert entry["Exec"].split() == ["factaudit", "gui", "%f"]
    assert entry["Icon"] == "factaudit" and (ROOT / "resources" / "icons" / "factaudit.svg").is_file()
    if shutil.which("desktop-file-validate"):
        res = subprocess.run(["desktop-file-validate", str(DESKTOP)], capture_output=True, text=True)
        assert res.returncode == 0 and "error" not in res.stdout + res.stderr, res.stdout + res.stderr


def test_the_gui_command_takes_one_file():
    """%f hands one path: the launcher's `gui` command takes exactly one optional file argument."""
    from click.testing import CliRunner

    from factaudit.launcher import gui_cmd

    params = [p for p in gui_cmd.params if p.param_type_name == "argument"]
    assert len(params) == 1 and params[0].nargs == 1 and not params[0].required
    res = CliRunner().invoke(gui_cmd, ["a.faproj", "b.faproj"])
    assert res.exit_code != 0


# ---- the MIME types ------------------------------------------------------------------------------
def test_every_type_the_entry_opens_is_defined_and_every_defined_type_is_opened():
    listed = set(filter(None, desktop_entry()["MimeType"].split(";")))
    assert listed == set(mime_types())
    assert "application/x-factaudit-project" in listed and "application/x-factaudit-rater-package" in listed


def test_mime_xml_is_well_formed_shared_mime_info():
    types = mime_types()
    assert types
    for name, el in types.items():
        assert MIME_NAME.match(name), name
        comments = [c for c in el.findall(f"{NS}comment") if not c.get("{http://www.w3.org/XML/1998/namespace}lang")]
        assert len(comments) == 1 and comments[0].text.strip(), name
        assert el.findall(f"{NS}glob") or el.findall(f"{NS}magic"), f"{name} can never be recognised"
        for glob in el.findall(f"{NS}glob"):
            assert glob.get("pattern") and 0 <= int(glob.get("weight", "50")) <= 100
        for magic in el.findall(f"{NS}magic"):
            assert 0 <= int(magic.get("priority", "50")) <= 100
            for match in magic.iter(f"{NS}match"):
                assert match.get("type") == "string" and match.get("value")
                assert re.fullmatch(r"\d+(:\d+)?", match.get("offset")), match.get("offset")
        for parent in el.findall(f"{NS}sub-class-of"):
            assert parent.get("type") in types or parent.get("type") == "application/vnd.sqlite3"


def test_globs_and_magic_are_the_engines_own():
    from factaudit.engine.audit.raters import PACKAGE_KEY
    from factaudit.engine.project.db import PROJECT_SUFFIX
    from factaudit.engine.seal import SQLITE_MAGIC
    from factaudit.engine.seal_crypt import ENC_MAGIC

    types = mime_types()
    globs = {t: [g.get("pattern") for g in el.findall(f"{NS}glob")] for t, el in types.items()}
    assert globs["application/x-factaudit-project"] == ["*" + PROJECT_SUFFIX]
    assert "*.sealed" + PROJECT_SUFFIX in globs["application/x-factaudit-sealed-project"]
    values = {t: [m.get("value") for m in el.iter(f"{NS}match")] for t, el in types.items()}
    enc = values["application/x-factaudit-encrypted"]
    assert len(enc) == 1 and ENC_MAGIC.startswith(enc[0].encode())
    sqlite, app_id, sqlite2, key = values["application/x-factaudit-rater-package"]
    assert SQLITE_MAGIC.startswith(sqlite.encode()) and SQLITE_MAGIC.startswith(sqlite2.encode())
    assert key == PACKAGE_KEY and app_id.encode() == struct.pack(">I", RATER_PACKAGE_APPLICATION_ID)
    sqlite, app_id = values["application/x-factaudit-project"]
    assert SQLITE_MAGIC.startswith(sqlite.encode()) and app_id.encode() == struct.pack(">I", PROJECT_APPLICATION_ID)
    offsets = {m.get("value"): m.get("offset") for el in types.values() for m in el.iter(f"{NS}match")}
    assert offsets["FAPJ"] == offsets["FARP"] == "68"   # SQLite's header: application_id, big-endian


def test_project_and_package_carry_their_application_id(engine_files, tmp_path):
    from factaudit.engine.project.db import Project

    def header_id(path):
        raw = Path(path).read_bytes()[:100]
        with contextlib.closing(sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro&immutable=1", uri=True)) as c:
            by_sqlite = c.execute("PRAGMA application_id").fetchone()[0]
        assert struct.unpack(">I", raw[68:72])[0] == by_sqlite   # the byte offset the MIME rule reads
        return by_sqlite

    assert PROJECT_APPLICATION_ID != RATER_PACKAGE_APPLICATION_ID
    assert header_id(engine_files["project"]) == PROJECT_APPLICATION_ID
    assert header_id(engine_files["sealed"]) == PROJECT_APPLICATION_ID
    assert header_id(engine_files["package"]) == RATER_PACKAGE_APPLICATION_ID
    # a project written before the id (0 in the header) still opens, and opening leaves it as it was
    old = tmp_path / "old.faproj"
    shutil.copyfile(engine_files["project"], old)
    with contextlib.closing(sqlite3.connect(old)) as c:
        c.execute("PRAGMA application_id = 0")
        c.commit()
    proj = Project.open(old)
    try:
        assert proj.conn.execute("SELECT count(*) FROM meta").fetchone()[0] > 0
    finally:
        proj.close()
    assert header_id(old) == 0


def test_update_mime_database_accepts_it(tmp_path):
    if not shutil.which("update-mime-database"):
        pytest.skip("update-mime-database (shared-mime-info) is not installed")
    (tmp_path / "packages").mkdir()
    shutil.copyfile(MIME_XML, tmp_path / "packages" / "factaudit.xml")
    res = subprocess.run(["update-mime-database", str(tmp_path)], capture_output=True, text=True)
    assert res.returncode == 0
    complaints = [l for l in res.stderr.splitlines() if re.search(r"(?i)error|warning|unknown|invalid", l)]
    assert not complaints, complaints
    globs = (tmp_path / "globs2").read_text(encoding="utf-8")
    assert "application/x-factaudit-project:*.faproj" in globs
    for name in mime_types():
        assert (tmp_path / (name + ".xml")).is_file()


# ---- real files through a real reader -------------------------------------------------------------
def _jsonl(path: Path, rows) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def engine_files(tmp_path_factory):
    """A project, its sealed copy, a rater package and the package encrypted, as the engine writes them."""
    from factaudit.engine import services
    from factaudit.engine.seal_crypt import encrypt_file

    tmp = tmp_path_factory.mktemp("mimefiles")
    old = {k: os.environ.get(k) for k in ("FACTAUDIT_CONFIG_DIR", "FACTAUDIT_DATA_DIR")}
    os.environ["FACTAUDIT_CONFIG_DIR"], os.environ["FACTAUDIT_DATA_DIR"] = str(tmp / "cfg"), str(tmp / "data")
    try:
        project = services.create_project(tmp / "study.faproj")
        passages = [{"id": f"p{i}", "doc_id": f"d{i}", "title": f"T{i}", "text": f"Passage {i}."} for i in range(4)]
        claims = [{"id": f"c{i}", "claim": f"Claim {i}", "label": "Refuted"} for i in range(4)]
        services.import_files(project, [_jsonl(tmp / "corpus.jsonl", passages)], kind="corpus")
        services.import_files(project, [_jsonl(tmp / "claims.jsonl", claims)], kind="claims")
        trec = tmp / "run.trec"
        trec.write_text("".join(f"c{i} Q0 p{(i + r) % 4} {r} {9 - r}.0 t\n" for i in range(4) for r in (1, 2)))
        services.import_files(project, [trec], fmt="trec", kind="run")
        files = {"package": tmp / "study-for-bob.faproj", "renamed": tmp / "received.faproj"}
        services.make_rater_package(project, files["package"], "Bob", target="evidence", all_units=True, k=2)
        project.close()
        shutil.copyfile(files["package"], files["renamed"])
        # the same files under a name no glob knows: only the application_id magic can name them
        files["package_as_db"] = tmp / "package-copy.db"
        shutil.copyfile(files["package"], files["package_as_db"])
        services.seal_project(tmp / "study.faproj", tmp / "study.sealed.faproj")
        files.update(project=tmp / "study.faproj", sealed=tmp / "study.sealed.faproj",
                     encrypted=tmp / "secret-noname", project_as_db=tmp / "study-copy.db")
        shutil.copyfile(files["sealed"], files["project_as_db"])
        encrypt_file(files["package"], files["encrypted"], "a long enough passphrase")
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    return files


def test_the_package_key_lies_in_the_magic_range_and_a_project_has_none(engine_files):
    from factaudit.engine.audit.raters import PACKAGE_KEY

    match = next(m for m in mime_types()["application/x-factaudit-rater-package"].iter(f"{NS}match")
                 if m.get("value") == PACKAGE_KEY)
    start, end = (int(x) for x in match.get("offset").split(":"))
    window = lambda p: p.read_bytes()[start:end + len(PACKAGE_KEY)]  # noqa: E731
    assert PACKAGE_KEY.encode() in window(engine_files["package"])
    assert PACKAGE_KEY.encode() not in window(engine_files["project"])
    assert PACKAGE_KEY.encode() not in window(engine_files["sealed"])


QT_PROBE = """
import json, sys
from PySide6.QtCore import QMimeDatabase
db = QMimeDatabase()
print(json.dumps({name: db.mimeTypeForFile(path).name() for name, path in json.loads(sys.argv[1]).items()}))
"""


def test_qt_reads_the_types_of_the_engines_files(engine_files, tmp_path):
    data = tmp_path / "share"
    (data / "mime" / "packages").mkdir(parents=True)
    shutil.copyfile(MIME_XML, data / "mime" / "packages" / "factaudit.xml")
    env = dict(os.environ, XDG_DATA_DIRS=str(data), XDG_DATA_HOME=str(tmp_path / "none"), QT_QPA_PLATFORM="offscreen")
    paths = {k: str(v) for k, v in engine_files.items()}
    res = subprocess.run([sys.executable, "-c", QT_PROBE, json.dumps(paths)], capture_output=True, text=True,
                         env=env, timeout=120)
    assert res.returncode == 0, res.stderr
    seen = json.loads(res.stdout)
    assert seen == {"project": "application/x-factaudit-project",
                    "sealed": "application/x-factaudit-sealed-project",
                    "package": "application/x-factaudit-rater-package",
                    "renamed": "application/x-factaudit-rater-package",
                    "project_as_db": "application/x-factaudit-project",
                    "package_as_db": "application/x-factaudit-rater-package",
                    "encrypted": "application/x-factaudit-encrypted"}
    # the same files without this XML are nobody's: the types above come from it
    bare = dict(env, XDG_DATA_DIRS=str(tmp_path / "empty"))
    res = subprocess.run([sys.executable, "-c", QT_PROBE, json.dumps(paths)], capture_output=True, text=True,
                         env=bare, timeout=120)
    assert res.returncode == 0 and "factaudit" not in res.stdout, res.stdout


def test_globs_name_the_files_the_app_writes():
    types = mime_types()
    pattern_of = {t: [g.get("pattern") for g in el.findall(f"{NS}glob")] for t, el in types.items()}
    for name in ("demo.faproj", "demo.sealed.faproj", "study-for-Bob.faproj"):
        assert any(fnmatch.fnmatchcase(name, p) for p in pattern_of["application/x-factaudit-project"])
    assert not any(fnmatch.fnmatchcase("demo.sqlite", p) for ps in pattern_of.values() for p in ps)


@pytest.mark.parametrize("reader", ["gio", "mimetype"])
def test_gio_and_file_mimeinfo_read_the_types_too(engine_files, tmp_path, reader):
    """GLib's reader (GTK file managers) and File::MimeInfo (xdg-mime on a system without a desktop)
    sniff only what the application_id magic and the globs give them."""
    system = Path("/usr/share/mime/packages/freedesktop.org.xml")
    if not shutil.which(reader) or not shutil.which("update-mime-database") or not system.is_file():
        pytest.skip(f"{reader}, update-mime-database or freedesktop.org.xml is not installed")
    mime = tmp_path / "share" / "mime"
    (mime / "packages").mkdir(parents=True)
    shutil.copyfile(MIME_XML, mime / "packages" / "factaudit.xml")
    shutil.copyfile(system, mime / "packages" / system.name)
    subprocess.run(["update-mime-database", str(mime)], check=True, capture_output=True, timeout=120)
    env = dict(os.environ, XDG_DATA_DIRS=str(tmp_path / "share"), XDG_DATA_HOME=str(tmp_path / "none"))
    want = {"project": "application/x-factaudit-project", "sealed": "application/x-factaudit-sealed-project",
            "package": "application/x-factaudit-rater-package", "renamed": "application/x-factaudit-rater-package",
            "project_as_db": "application/x-factaudit-project",
            "package_as_db": "application/x-factaudit-rater-package"}
    for name, expected in want.items():
        cmd = (["gio", "info", "-a", "standard::content-type", str(engine_files[name])] if reader == "gio"
               else ["mimetype", "--brief", str(engine_files[name])])
        out = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=60).stdout
        seen = out.split("standard::content-type:")[-1].strip() if reader == "gio" else out.strip()
        assert seen == expected, (name, out)
