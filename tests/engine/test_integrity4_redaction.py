"""Issue 36, item 7: a key echoed back percent-encoded, base64 or URL-safe base64 (alone, or inside a
longer base64 run such as a Basic header's "user:key"), and percent-encoded URL credentials, are
redacted in stored text (runs.error) and refused by `seal` like the raw key. Each check decodes the
result independently (every base64 run at every alignment, percent-decoding) and looks for the key."""
from __future__ import annotations

import base64
import re
from urllib.parse import quote, quote_plus, unquote

import pytest

from factaudit.engine import redact
from factaudit.engine.errors import SealError
from factaudit.engine.project import runs
from factaudit.engine.services import seal as seal_svc

KEY = "fa-live-9d8c/7b6a+5f4e?3d2c=1b0a"   # characters that percent- and URL-safe encoding change


def _forms(key: str) -> list[str]:
    raw = key.encode()
    out = [quote(key, safe=""), quote_plus(key, safe=""), re.sub("%[0-9A-F]{2}", lambda m: m.group(0).lower(), quote(key, safe=""))]
    for prefix in (b"", b"u", b"us", b"user:"):
        for enc in (base64.b64encode, base64.urlsafe_b64encode):
            out.append(enc(prefix + raw + b"~tail").decode())
            out.append(enc(prefix + raw).decode().rstrip("="))
    out.append("Authorization: Basic " + base64.b64encode(b"clinic-user:" + raw).decode())
    return out


def _decodings(text: str) -> list[bytes]:
    """Every way the text could carry the key: itself, percent-decoded, every base64 run decoded
    (standard and URL-safe) from each of its first four characters."""
    found = [text.encode(), unquote(text).encode()]
    for run in re.findall(r"[A-Za-z0-9+/_\-]{8,}", text):
        for start in range(4):
            piece = run[start:]
            piece = piece[:len(piece) - 1] if len(piece) % 4 == 1 else piece
            piece += "=" * (-len(piece) % 4)
            for alt in (None, b"-_"):
                try:
                    found.append(base64.b64decode(piece, altchars=alt))
                except ValueError:
                    pass
    return found


def _holds_key(text: str) -> bool:
    return any(KEY.encode() in d for d in _decodings(text))


def test_encoded_copies_are_redacted_and_the_check_itself_can_fail(monkeypatch):
    monkeypatch.setenv("FACTAUDIT_API_KEY", KEY)
    forms = _forms(KEY)
    assert all(_holds_key(f"server said: {f} (end)") for f in forms)   # the checker sees every form
    for form in forms:
        text = f"server said: {form} (end)"
        out = redact.redact_text(text)
        assert not _holds_key(out), (form, out)
        assert redact.REDACTED in out and out.startswith("server said: ") and out.endswith(" (end)")


def test_percent_encoded_url_credentials_are_redacted_and_named_by_the_scan():
    url = "https://bob:hunter2pass@10.0.0.5/v1"
    text = f"redirect=https%3A%2F%2Fbob%3Ahunter2pass%40host%2Fv1 and {quote(url, safe='')}"
    out = redact.redact_text(text)
    assert "hunter2pass" not in unquote(out) and out.count(redact.REDACTED) == 2
    assert redact.find_secret(text) == "URL credentials, percent-encoded (user%3Apassword%40)"
    assert redact.may_hold_secret(text)
    # A plain encoded URL without credentials stays as it is.
    plain = "next=https%3A%2F%2Fexample.org%2Fa%3Fq%3D1"
    assert redact.redact_text(plain) == plain and redact.find_secret(plain) is None


def test_short_or_unrelated_base64_is_left_alone(monkeypatch):
    monkeypatch.setenv("FACTAUDIT_API_KEY", KEY)
    prose = "The dataset id is " + base64.b64encode(b"an ordinary string of bytes").decode()
    assert redact.redact_text(prose) == prose
    # Encoded pieces shorter than ENCODED_MIN_LEN are not looked for (they would hit by chance).
    assert all(len(form) >= redact.ENCODED_MIN_LEN or how == "percent-encoded"
               for how, form in redact.encoded_forms("abcdefgh"))


def test_a_failed_run_stores_the_error_without_encoded_keys(project, monkeypatch):
    monkeypatch.setenv("FACTAUDIT_API_KEY", KEY)
    run_id = runs.create_run(project, "verify", {"model": "m"})
    error = "HTTP 401: " + "; ".join(_forms(KEY))
    runs.finish_run(project, run_id, "failed", error=error)
    stored = project.conn.execute("SELECT error FROM runs WHERE id = ?", (run_id,)).fetchone()[0]
    assert stored.startswith("HTTP 401: ") and not _holds_key(stored)
    assert stored.count(redact.REDACTED) == len(_forms(KEY))


@pytest.mark.parametrize("how", ["base64", "urlsafe", "percent", "basic"])
def test_seal_refuses_an_encoded_key(demo_project, tmp_path, monkeypatch, how):
    monkeypatch.setenv("FACTAUDIT_API_KEY", KEY)
    value = {"base64": base64.b64encode(b"x" + KEY.encode()).decode(),
             "urlsafe": base64.urlsafe_b64encode(KEY.encode()).decode(),
             "percent": quote(KEY, safe=""),
             "basic": "Basic " + base64.b64encode(b"user:" + KEY.encode()).decode()}[how]
    assert KEY not in value and _holds_key(value)
    claim_id = demo_project.conn.execute("SELECT id FROM claims ORDER BY rowid LIMIT 1 OFFSET 2").fetchone()[0]
    with demo_project.atomic() as conn:
        conn.execute("UPDATE claims SET text = text || ' echoed ' || ? WHERE id = ?", (value, claim_id))
    out = tmp_path / "s.faproj"
    with pytest.raises(SealError) as err:
        seal_svc.seal_project(demo_project, out)
    msg = str(err.value)
    assert f"table claims, column text, row id={claim_id!r}" in msg and "FACTAUDIT_API_KEY" in msg
    assert not _holds_key(msg)
    assert not out.exists() and not list(tmp_path.glob(".s.faproj.*"))
