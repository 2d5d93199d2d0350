"""The real libraries the tests check gridgames against (PettingZoo,
Gymnasium, OpenSpiel's Python files), from ../shared/vendor beside the
checkout (GRIDGAMES_VENDOR); tests that need them are skipped, with the
reason, where that folder is absent."""
import os
import sys

import pytest

VENDOR = os.environ.get("GRIDGAMES_VENDOR", "")
for folder in ("pettingzoo", "gymnasium", "open_spiel"):
    path = os.path.join(VENDOR, folder)
    if VENDOR and os.path.isdir(path) and path not in sys.path:
        sys.path.insert(0, path)


def vendor(module):
    """Imports `module` from the vendored libraries, or skips the test."""
    try:
        return __import__(module, fromlist=["_"])
    except ImportError as missing:
        pytest.skip("%s is not there (../shared/vendor, with Debian's numpy, cloudpickle, "
                    "typing-extensions and absl): %s" % (module, missing))
