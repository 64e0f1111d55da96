# Runs before any application code in the bundle: huggingface_hub and transformers read these at
# import time, and the bundled app must never try to reach a model hub. Then offline mode: the guard
# refuses every connection to a host that is not loopback or allowed (on unless the user turned it off).
import os

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("HF_HUB_DISABLE_TELEMETRY", "1")

from factaudit.engine.netguard import start_from_settings  # noqa: E402

start_from_settings()
