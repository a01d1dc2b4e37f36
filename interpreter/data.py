"""The data cardrules ships: the expression grammar, the ruleset JSON Schema and the bundled rulesets.

The repository keeps them in its top-level folders grammar/ and rulesets/; pyproject.toml installs those
as the packages interpreter.grammar and interpreter.rulesets (an editable install maps them the same way),
so they are found here, through importlib.resources, wherever cardrules is installed. Code run from a source
checkout reads that checkout's own folders. `user_folder` finds the user's folders where cardrules writes.
"""

from __future__ import annotations

import os
from functools import cache
from importlib import resources
from pathlib import Path


@cache
def data_dir(name: str) -> Path:
    """The installed folder `grammar` or `rulesets`; a missing one is a broken install, not a user's mistake.
    Code run from a source checkout reads the checkout's own folders, even where another checkout is the one
    installed (editable) in the environment."""
    checkout = _checkout()
    if checkout is not None and (checkout / name).is_dir():
        return checkout / name
    folder = resources.files(f"interpreter.{name}")
    if not isinstance(folder, Path) or not folder.is_dir():
        raise RuntimeError(f"cardrules is installed without its data folder '{name}' ({folder})")
    return folder


def data_file(name: str, file: str) -> Path:
    """One file of a data folder, e.g. data_file("grammar", "expr.lark")."""
    return data_dir(name) / file


def user_folder(variable: str, *default: str) -> Path | None:
    """A folder of the user's by the XDG spec: `$variable` where it names an absolute path (a relative one
    is invalid there), else `default` under the home folder; None where no home is found."""
    chosen = os.environ.get(variable, "")
    if os.path.isabs(chosen):
        return Path(chosen)
    home = os.path.expanduser("~")
    return Path(home, *default) if os.path.isabs(home) else None


def bundled_dir() -> Path:
    """The folder of the bundled rulesets."""
    return data_dir("rulesets")


def _checkout() -> Path | None:
    """The source checkout this code lies in (its pyproject.toml names cardrules), else None."""
    root = Path(__file__).resolve().parent.parent
    try:
        project = (root / "pyproject.toml").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    return root if 'name = "cardrules"' in project else None
