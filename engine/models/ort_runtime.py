"""onnxruntime, always imported with its native telemetry off (issue #36).

onnxruntime >= 1.30 on Linux carries Microsoft's 1DS telemetry client in its native library: from its
own threads, out of reach of the Python offline guard, it looks up mobile.events.data.microsoft.com
and posts events, and it writes a device id under ~/.cache/Microsoft/DeveloperTools. The one switch
that stops it, ORT_DISABLE_TELEMETRY=1, is read when the native library loads (measured: set after
`import onnxruntime` it changes nothing, and `disable_telemetry_events()` does not stop it either).
Every engine module that runs an onnxruntime session imports it through `load_onnxruntime`, so the
switch is set before the load even when no entry point ran first (a script using the engine).
"""
from __future__ import annotations

from types import ModuleType

from factaudit.engine import netguard
from factaudit.engine.errors import ModelNotFound


def load_onnxruntime() -> ModuleType:
    """The onnxruntime module with telemetry off; ModelNotFound when it is missing or was already
    loaded by someone else without the switch (its telemetry would run and nothing could stop it)."""
    netguard.quiet_native_telemetry()
    if "onnxruntime" in netguard.native_switches_missed():
        raise ModelNotFound("onnxruntime was loaded before factaudit could switch its telemetry off; "
                            "start factaudit through its own command (or set ORT_DISABLE_TELEMETRY=1 "
                            "before importing onnxruntime)")
    import onnxruntime

    return onnxruntime
