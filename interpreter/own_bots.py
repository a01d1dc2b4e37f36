"""Bots of the user's own: `--bots MODULE:CLASS` (or `FILE.py:CLASS`), a class whose `decide(seat)` is given one
seat's observation (`observe.Seat`) and returns a legal move or an action's text, checked before it is played."""

from __future__ import annotations

import copy
import hashlib
import importlib
import importlib.util
import sys
import traceback
from contextlib import redirect_stdout
from pathlib import Path

from .bots import Bot, BotSpecError, acting
from .errors import CardrulesError, IllegalAction
from .observe import Seat

SHOWN_LEGAL = 8  # legal actions listed when a bot's move is none of them


class BotError(CardrulesError):
    """A bot of one's own erred: a move that is not legal, or an exception of its code (SystemExit too). `public`:
    the words to say at a table, where the legal moves of the bot's seat would show its hidden hand."""

    def __init__(self, message: str, public: str | None = None):
        super().__init__(message)
        self.public = str(CardrulesError(public)) if public else str(self)


def is_own(kind: str) -> bool:
    """Does a bot kind name a class of the user's own (`mybots:Careful`, `bots/careful.py:Careful`)?"""
    where, colon, name = kind.rpartition(":")
    return bool(colon and where) and all(part.isidentifier() for part in name.split("."))


def bot_class(kind: str) -> type:
    """The class a kind `MODULE:CLASS` or `FILE.py:CLASS` names, imported (once a process), or a BotSpecError
    that says what is wrong. A module is looked for on the Python path and in the current folder, as
    `python -m` looks."""
    where, _, name = kind.rpartition(":")
    module = _module(kind, where)
    found = module
    for part in name.split("."):
        found = getattr(found, part, None)
        if found is None:
            raise BotSpecError(f"bot '{kind}': {where} has no '{name}'")
    if not isinstance(found, type) or not callable(getattr(found, "decide", None)):
        raise BotSpecError(f"bot '{kind}': '{name}' is not a class with a decide(seat) method, made as {name}(rng)")
    return found


def _module(kind: str, where: str):
    """The module of a bot's class: a file (`bots/careful.py`), or a module's name (`mybots`, `club.bots`)."""
    if where.endswith(".py"):
        return _from_file(kind, where)
    if not all(part.isidentifier() for part in where.split(".")):
        raise BotSpecError(f"bot '{kind}': '{where}' is neither a module's name nor a .py file")
    if "" not in sys.path and str(Path.cwd()) not in sys.path:
        sys.path.append(str(Path.cwd()))  # as `python -m` finds a module in the current folder
    try:
        return importlib.import_module(where)
    except (Exception, SystemExit) as e:
        if isinstance(e, ModuleNotFoundError) and e.name and where.startswith(e.name):  # not its own import
            raise BotSpecError(f"bot '{kind}': no module '{where}' (on the Python path or in the current folder;"
                               f" or give a file: {where.replace('.', '/')}.py:{kind.rpartition(':')[2]})") from None
        raise BotSpecError(f"bot '{kind}': importing {where} raised {raised(e)}") from None


def _from_file(kind: str, where: str):
    """A bot's module read from its file, once a process (kept under a name made from its path)."""
    path = Path(where).resolve()
    if not path.is_file():
        raise BotSpecError(f"bot '{kind}': no file {where}")
    name = "cardrules_own_bot_" + hashlib.sha1(str(path).encode()).hexdigest()[:12]
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    module = sys.modules[name] = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except (Exception, SystemExit) as e:
        del sys.modules[name]
        raise BotSpecError(f"bot '{kind}': reading {where} raised {raised(e)}") from None
    return module


def _private_copy(st):
    """A copy of the state sharing nothing the game keeps (its hands' records and deck orders to come too, which
    `State.copy`, made for search, shares): what a bot does to it is not the game's. The game itself, its
    compiled rules, is shared: a bot is trusted code (docs/bots.md)."""
    mine = st.copy()
    mine.hands, mine.given = copy.deepcopy(st.hands), list(st.given)
    return mine


def raised(e: BaseException) -> str:
    """`ValueError: no card (careful.py:12)`: an exception of the user's code, with the line it came from."""
    frames = traceback.extract_tb(e.__traceback__)
    at = f" ({Path(frames[-1].filename).name}:{frames[-1].lineno})" if frames else ""
    said = str(e)
    return f"{type(e).__name__}{': ' + said if said else ''}{at}"


class OwnBot(Bot):
    """A bot of the user's class: made with its own random numbers (`cls(rng)`), given the seat's observation
    alone at each decision, its move checked to be legal."""

    def __init__(self, rng, kind: str):
        super().__init__(rng)
        self.kind = kind
        cls = bot_class(kind)
        try:
            self.player = cls(rng)
        except (Exception, SystemExit) as e:
            raise BotSpecError(f"bot '{kind}': making one, {cls.__name__}(rng) raised {raised(e)}") from None

    def choose(self, st):
        st = acting(st)
        try:  # a copy: what the bot does to it is not the game's; what it prints is no command's output (--json)
            with redirect_stdout(sys.stderr):
                move = self.player.decide(Seat(_private_copy(st)))
        except CardrulesError as e:  # the API told it what it did wrong
            raise BotError(f"bot '{self.kind}' at seat {st.to_act}: {e.problems[0][1]}") from None
        except KeyboardInterrupt:
            raise
        except BaseException as e:  # its own code's (SystemExit, its own kinds too): never a silent end, nor a trace
            raise BotError(f"bot '{self.kind}' at seat {st.to_act} raised {raised(e)}") from None
        return self.checked(st, move)

    def checked(self, st, move):
        """The move to play for what the bot returned: one of the legal moves, or an action's text (any spelling
        `State.apply` takes); else a CardrulesError naming the bot, the seat and the legal actions."""
        if isinstance(move, str):
            try:
                return st.move_of(move)
            except IllegalAction as e:
                why = e.reason
        else:
            try:
                if move in st.legal_moves() and type(move) is not bool:
                    return move
            except TypeError:  # unhashable, or unlike any move
                pass
            why = "not one of the seat's legal moves"
        legal = st.legal_actions()
        shown = ", ".join(legal[:SHOWN_LEGAL]) + (f" … ({len(legal)} in all)" if len(legal) > SHOWN_LEGAL else "")
        said = f"bot '{self.kind}' at seat {st.to_act} chose {move!r}"
        raise BotError(f"{said}: {why} (legal: {shown})",
                       f"{said}, which is not a legal move there (why, and the seat's legal moves, are not said at the"
                       " table: they would show its hand; `cardrules simulate` with this bot says them)")
