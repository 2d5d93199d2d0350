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


def small(name):
    """Parameters for a short game of `name`: a small Amazons board, else a
    length limit where the game has one (a game bounded by its board, as
    Connect Four, needs none)."""
    import gridgames
    if name == "amazons":
        return {"rows": 5, "cols": 5, "amazons": 1}
    names = {p["name"] for p in gridgames.game_info(name)["params"]}
    return {"max_length": 60} if "max_length" in names else {}


def game_string(name, max_length):
    """small(name) as OpenSpiel writes a game with parameters: name(k=v,...)."""
    params = small(name)
    if "max_length" in params:
        params["max_length"] = max_length
    inside = ",".join("%s=%s" % kv for kv in params.items())
    return "%s(%s)" % (name, inside) if inside else name
