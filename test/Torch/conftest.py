"""pytest setup: makes ``python/`` importable without setting PYTHONPATH."""

import os
import sys

_PYTHON_DIR = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "python"))
if _PYTHON_DIR not in sys.path:
    sys.path.insert(0, _PYTHON_DIR)
