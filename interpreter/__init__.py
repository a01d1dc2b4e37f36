"""cardrules: card games as data. `load` a ruleset, then play it through its states.

    from interpreter import load
    game = load("rulesets/my-game.yaml")      # or the name of a bundled ruleset
    st = game.new_state(seed=1)
    st.apply(st.legal_actions()[0])
"""

from __future__ import annotations

import difflib
import os
from functools import lru_cache
from pathlib import Path

from .data import bundled_dir
from .errors import CardrulesError, IllegalAction, RecordError, RulesetError, Where, in_base
from .records import ReplayFailure
from .rules import Game, Options
from .schema import MAX_NUMBER, check_structure
from .source import (
    Map,
    bundled_without_slash,
    extends_anywhere,
    file_stamp,
    is_file,
    load_tree,
    may_be_bundled,
    merge_options,
    resolve_path,
    shown,
    unread_options,
)
from .state import SeedError, State, whole_number

__all__ = [
    "CardrulesError", "Game", "IllegalAction", "RecordError", "ReplayFailure", "RulesetError", "SeedError", "State",
    "bundled", "in_base", "load", "locate",
]


def locate(name: str) -> Path:
    """A ruleset file: a path that exists wins, then a bundled name (`NAME` or `NAME.yaml`)."""
    try:
        return resolve_path(str(name))
    except FileNotFoundError:
        bare = bundled_without_slash(str(name))
        if bare:
            raise RulesetError(f"no folder '{shown(name)}': the bundled ruleset is named without the slash,"
                               f" '{shown(bare)}'", Where(shown(name))) from None
        close = _close_bundled(str(name))
        see = f"did you mean {' or '.join(close)}?" if close else "see `cardrules list`"
        here = next((f"{name}{end}" for end in (".yaml", ".yml") if is_file(f"{name}{end}")), None)
        if here and may_be_bundled(Path(str(name))):  # a file of this folder, named without its ending
            see = f"did you mean the file ./{shown(here)}? a bare name is a bundled ruleset's"
        raise RulesetError(f"no ruleset file or bundled ruleset named '{shown(name)}' ({see})",
                           Where(shown(name))) from None


def _close_bundled(name: str) -> list[str]:
    """Bundled rulesets named like a bare name (or `rulesets/NAME`) that names none (a letter off); not for
    another path, whose file was meant."""
    path = Path(name)
    if not may_be_bundled(path):
        return []
    return difflib.get_close_matches(path.stem, [p.stem for p in bundled()], n=3, cutoff=0.6)  # `NAME.yml` → NAME


def load(name, options: dict | None = None) -> Game:
    """Load, check and compile a ruleset; `options` override its option defaults."""
    if not isinstance(name, (str, os.PathLike)) or not str(name).strip():
        raise RulesetError(f"a ruleset is named by a bundled ruleset's name or a file's path, not {name!r}",
                           None)  # no file named: no place
    if options is not None and not isinstance(options, dict):
        raise RulesetError(f"options are a mapping of option names to values, not {options!r}", Where(str(name)))
    given = {}
    for k, v in (options or {}).items():
        if type(v).__module__ == "numpy" and hasattr(v, "item"):  # numpy's true, words and integers: Python's
            v = v.item()
        v = str(v) if isinstance(v, str) else v
        number = whole_number(v)
        if not isinstance(k, str) or not isinstance(v, (bool, str)) and number is None:
            raise RulesetError(f"option '{k}' must be set to a whole number, true/false or a word, not {v!r}",
                               Where(str(name)))
        if number is not None and abs(number) > MAX_NUMBER:
            raise RulesetError(f"option '{k}': number too large (at most 9 digits)", Where(str(name)))
        given[k] = v if number is None else number
    key = tuple(sorted((k, type(v).__name__, v) for k, v in given.items()))  # true is not 1: refused alike
    path = locate(str(name))
    label = str(name) if is_file(str(name)) else str(path)
    try:
        game = _load(str(path.resolve()), label, key, extends_anywhere())
        if any(file_stamp(p) != stamp for p, stamp in game.stamps):  # a file of it written since: read anew
            _load.cache_clear()
            game = _load(str(path.resolve()), label, key, extends_anywhere())
        return game
    except RulesetError as e:
        tree = getattr(e, "tree", None)
        raise RulesetError("", problems=in_base(e.problems, label, tree), notes=in_base(e.notes, label, tree)) from None


@lru_cache(maxsize=64)
def _load(path: str, label: str, options: tuple, anywhere: bool) -> Game:
    from .rules import Compiler

    tree = load_tree(Path(path), label, anywhere=anywhere)
    if options:
        tree["options"] = merge_options(tree.get("options", Map()), _as_map({k: v for k, _, v in options}, tree),
                                        tree.pos, in_file=False)
    notes = getattr(tree, "notes", [])  # (where, message): warnings, which do not stop the game
    faults = getattr(tree, "faults", [])  # mistakes found in reading, said with the checks' own
    problems = []
    try:
        check_structure(tree)
        game = Compiler(tree, label).compile()
    except RulesetError as e:
        at_fault = {w for w, _ in faults}  # a key read as true or false is an unknown key too: said once
        problems = [p for p in e.problems if p[0] not in at_fault]
    if faults or problems:  # a warning may tell why: a step meant to be changed, misspelt, is a new one
        err = RulesetError("", problems=faults + problems, notes=notes)
        err.tree = tree  # what the variants change, for a problem at a base's line
        raise err
    game.overrides = Options({k: v for k, _, v in options})  # read only, as the options: the game is shared
    game.stamps = tree.stamps  # each file read (the ruleset's own first, `game.path`), and a digest of its text
    found = notes + game.cautions + unread_options(tree)  # a base's line says so, unless its message names the file
    game.notes = [(w, m) if label in m else in_base([(w, m)], label, tree)[0] for w, m in found]
    return game


def _as_map(values: dict, tree: Map) -> Map:
    """Options given by the caller, placed where the ruleset declares each (else at its options)."""
    declared = tree.get("options", Map())
    section = tree.where("options") if "options" in tree else tree.pos
    m = Map(values, pos=section)
    m.at = {k: declared.key_at.get(k, declared.where(k)) if k in declared else section for k in values}
    return m


def bundled() -> list[Path]:
    """The rulesets that ship with cardrules."""
    return sorted(bundled_dir().glob("*.yaml"))
