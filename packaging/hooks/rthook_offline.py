# Runs before any application code in the bundle: huggingface_hub and transformers read these at
# import time, and the bundled app must never try to reach a model hub.
import os

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("HF_HUB_DISABLE_TELEMETRY", "1")
