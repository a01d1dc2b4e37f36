"""Game records (CONTRACT.md): write them as a game goes, read and replay them."""

from __future__ import annotations

import difflib
import json
import numbers
import os
import re
import reprlib
from collections import Counter
from pathlib import Path

import yaml

from . import cards as C
from .errors import CardrulesError, RecordError, RulesetError, Where, printable
from .source import bundled_without_slash, decoded, digest, is_file, non_file, resolve_path, shown

FORMAT = "cardrules-record/1"
SHOWN = 120  # characters of an action a message repeats
FIELDS = ("format", "ruleset", "options", "seed", "shuffles", "actions", "result", "play")  # what cardrules writes
MAX_NUMBER = 999_999_999  # as in a ruleset: at most 9 digits
FINGERPRINT = "rules_fingerprint"  # in `play`: the `fingerprint` of the rules the game was played under


def make(st, ruleset: str | None = None, play: dict | None = None) -> dict:
    """The record of a game so far; `play` ({"seat": K, "bots": SPEC}) when a person played it at the table.
    A record's seed is a whole number (CONTRACT.md): a game seeded with text cannot be kept as one. Deck
    orders given and not yet used stay in `shuffles`, for the hands still to come. The record names `ruleset`
    (it must be the game's), by default the game's own: a bundled one by its name, another by its whole path."""
    _a_state(st, "records.make", "record")
    named = _ruleset_named(st, ruleset, "record")
    ruleset = named if ruleset is not None else portable_name(named, ".", whole_path=True)
    decks = list(st.decks) + [tuple(d) for d in st.given[len(st.decks):]]
    return _record(st, ruleset, play, [_names(d) for d in decks], [{"seat": s, "action": a} for s, a in st.actions])


def _record(st, ruleset: str, play: dict | None, shuffles, actions) -> dict:
    """A record's fields in their order, its shuffles and actions as given (lists, or JSON text already)."""
    if st.seed is not None and not _whole(st.seed):
        raise RecordError(f"a record's seed is a whole number; this game's seed is {st.seed!r}")
    if not st.history:
        raise RecordError("this state is a copy without its history (copy(history=False)): its decisions so far"
                          " are not kept, so no record replays it; write the game it was copied from")
    rec = {"format": FORMAT, "ruleset": ruleset, "options": dict(st.game.overrides), "seed": st.seed or 0,
           "shuffles": shuffles, "actions": actions}
    if st.over:
        rec["result"] = st.result()
    if play is not None:
        rec["play"] = dict(play)
    return rec


def _names(deck) -> list[str]:
    return [C.NAMES[c] for c in deck]


class _Json(str):
    """Text already in JSON, written as it is."""


class Keeper:
    """Keeps a game's record file up to date as the game goes, as `make` gives it: each action and deck
    order is put in JSON once (a long game's record stays cheap to write again), one a line, and fields the
    record had that cardrules does not write (a note) are kept, after its own."""

    def __init__(self, path, ruleset: str, play: dict | None = None, extra: dict | None = None,
                 extra_actions: dict | None = None, whole_path: bool = False):
        self.path, self.play, self.extra = Path(path), play, dict(extra or {})
        self.extra_actions = dict(extra_actions or {})  # index -> an action's fields of its own (a note)
        self.ruleset = portable_name(ruleset, self.path, whole_path)
        self.actions: list[str] = []
        self.decks: list[str] = []
        self.failed: str | None = None  # why the last write failed, while it does
        self.guarded, self.seen = False, frozenset()  # digests of the file as this session last read or wrote it
        self.moved: tuple[Path, Path | None] | None = None  # (left, new) once another session's changes were left
        # alone; (path, None) once the file was found removed, and written again there

    def guard(self, seen: str | None) -> None:
        """From now on write over the file only while it is as this session last read (`seen`, a digest; None:
        no file) or wrote it: another session's game written there since is left alone, and this one goes on
        in a new file beside it (`moved` says which). A check of the content needs no lock to be left behind."""
        self.guarded, self.seen = True, frozenset({seen})

    def write(self, st) -> None:
        if self.path.is_dir():
            raise IsADirectoryError(21, "it is a folder", str(self.path))
        if self.path.exists() and not self.path.is_file():  # written over, /dev/null would be a file
            raise OSError(22, "it is not a file but a device, a pipe or a socket", str(self.path))
        if self.guarded and (now := file_digest(self.path)) not in self.seen:
            if now is None:  # removed: no other session's game to leave alone, so written again where it was
                self.moved = (Path(os.path.realpath(self.path)), None)
            else:
                self._move_beside()
        steps = st.game.steps
        if len(self.actions) > len(st.log):  # decisions taken back (`undo` at the table): written no more, nor
            del self.actions[len(st.log):]  # the notes of their own a resumed record kept with them
            self.extra_actions = {i: a for i, a in self.extra_actions.items() if i < len(st.log)}
        del self.decks[len(st.decks):]
        done, extra = len(self.actions), self.extra_actions
        self.actions += [_json({"seat": seat, "action": steps[i].text(m), **extra.get(done + k, {})}, ascii_own=True)
                         for k, (seat, i, m) in enumerate(st.log[done:])]
        self.decks += [_json(_names(d)) for d in st.decks[len(self.decks):]]
        unused = [_json(_names(d)) for d in st.given[len(st.decks):]]
        rec = _record(st, self.ruleset, self.play, _Json(_lines(self.decks + unused)), _Json(_lines(self.actions)))
        fields = [f" {_json(k)}: {v if isinstance(v, _Json) else _json(v, ascii_own=True)}" for k, v in rec.items()]
        fields += [f" {json.dumps(k)}: {json.dumps(v)}" for k, v in self.extra.items()]  # as read: ASCII escapes
        path = Path(os.path.realpath(self.path))  # through a link, the file it names
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")  # each session its own: two never mix
        text = ("{\n" + ",\n".join(fields) + "\n}\n").encode("utf-8")
        if path.exists() and not os.access(path, os.W_OK):  # replaced, a file made read-only would be written all
            raise PermissionError(13, "the file is read-only", str(path))  # the same (a records audit)
        try:
            tmp.write_bytes(text)
            if path.exists():  # the new file keeps the old one's permissions (a record kept private stays so)
                os.chmod(tmp, path.stat().st_mode & 0o7777)
            if self.guarded:  # what is there once replaced, also if a signal stops this write just after it
                self.seen |= {digest(text)}
            tmp.replace(path)
        except OSError as e:
            if not tmp.is_dir():
                tmp.unlink(missing_ok=True)
            raise _unwritable(e, path) from None
        if self.guarded:
            self.seen = frozenset({digest(text)})

    def _move_beside(self) -> None:
        """The file was changed by someone else: claim a new one beside it (`NAME-2.json`, …) for this game."""
        left = Path(os.path.realpath(self.path))
        new = claimed(left.with_name(f"{left.stem}-{k}{left.suffix}") for k in range(2, 1000))
        if new is None:
            raise OSError(17, "it was changed by another session, and no new name beside it is free", str(left))
        self.path, self.seen, self.moved = new, frozenset({digest(b"")}), (left, new)


def claimed(paths) -> Path | None:
    """The first of `paths` no file holds, made at once as an empty file: two sessions never take the same name
    (each checking it free, then writing, the one would overwrite the other); None where all are taken."""
    for path in paths:
        try:
            path.open("x").close()
        except FileExistsError:
            continue
        return path
    return None


def _unwritable(e: OSError, path: Path) -> OSError:
    """The error said plainly where the folder exists but takes no new file (/proc: "No such file")."""
    folder = path.parent
    if e.errno == 2 and folder.is_dir():
        return OSError(e.errno, f"no file can be written in {folder}", e.filename)
    return e


def file_digest(path) -> str | None:
    """A digest of the file's bytes as they are now; None where there is no file."""
    try:
        return digest(Path(path).read_bytes())
    except FileNotFoundError:
        return None


def fingerprint(game) -> str:
    """What a game's rules say, its bases and options merged in, as a digest; comments, layout, where the files
    lie, which file says what, the words that only say the rules (the table's words, docs, names and
    descriptions, Persian labels), and the named values only the table reads (a kot kept to announce it) count for
    nothing. A record keeps it in `play`; a changed one means the same actions may now make another game."""
    tree, shown = _rules_and_shown(game)
    return _digest(_without(tree, shown))


SHOWN_SUBSETS = 8  # values only the table reads, past which only all or none of them are tried (2^8 digests)


def fingerprints(game) -> list[str]:
    """The fingerprints a record of these rules may keep: `fingerprint`'s first, then those cardrules wrote before
    2026-12-07, which counted the values only the table reads — of the rules as they are, or as they were before
    some of those values were added (a record kept before a value was added for the table to announce was refused
    as played under other rules)."""
    tree, shown = _rules_and_shown(game)
    shown = sorted(shown)
    every = 2 ** len(shown) - 1
    ways = [every, *(range(every) if len(shown) <= SHOWN_SUBSETS else (0,))]  # bit k set: shown[k] left out
    return list(dict.fromkeys(_digest(_without(tree, {n for k, n in enumerate(shown) if way >> k & 1}))
                              for way in ways))


FINGERPRINT_FORM = re.compile(r"[0-9a-f]{32}")  # `fingerprint`'s form (`digest`): 16 bytes, in hex


def _a_fingerprint(kept) -> None:
    """`replay`'s rules_fingerprint, where given, must be one `fingerprint` made: another was said to be rules
    changed (an API audit)."""
    if kept is not None and not (isinstance(kept, str) and FINGERPRINT_FORM.fullmatch(kept)):
        raise RecordError(f"rules_fingerprint {reprlib.repr(kept)} is no fingerprint: give what"
                          " records.fingerprint(game) made (32 hexadecimal digits), or None")


def same_rules(game, kept) -> bool:
    """Were the rules a record's fingerprint `kept` stands for these?"""
    return kept in fingerprints(game)


def _rules_tree(game) -> dict:
    return {k: v for k, v in game.tree.items() if k not in SAYS_ONLY_AT_TOP}


def _rules_and_shown(game) -> tuple[dict, set]:
    """The rules' part of the game's tree (`_rules_tree`), and the named values in it only the table reads."""
    tree = _rules_tree(game)
    values = tree.get("values")
    return tree, _shown_only(tree, values) if isinstance(values, dict) else set()


def _without(tree: dict, values: set) -> dict:
    """`tree` without the named `values`."""
    if not values:
        return tree
    return {**tree, "values": {k: v for k, v in tree["values"].items() if k not in values}}


def _digest(tree: dict) -> str:
    text = json.dumps(_canonical(tree), sort_keys=True, ensure_ascii=True, separators=(",", ":"), default=str)
    return digest(text.encode("ascii"))


def _shown_only(tree: dict, values: dict) -> set:
    """The named values no rule reads, directly or through other values: those only the table shows (its part of
    the ruleset is not in `tree`)."""
    from .rules import names_read

    known = set(values)

    def reads(node) -> set:
        if isinstance(node, str):
            return names_read(node, known)
        if isinstance(node, dict):
            return set().union(*map(reads, node.values())) if node else set()
        if isinstance(node, (list, tuple)):
            return set().union(*map(reads, node)) if node else set()
        return set()

    read = reads({k: v for k, v in tree.items() if k != "values"})
    todo = list(read)
    while todo:
        for name in reads(values[todo.pop()]) - read:
            read.add(name)
            todo.append(name)
    return known - read


SAYS_ONLY_AT_TOP = ("table", "name", "names", "description", "extends")  # how the game is shown and named
SAYS_ONLY = ("doc", "fa", "forbid_doc", "may_play_doc")  # at any depth: words for people, no rule


def _canonical(value):
    """Mappings keyed by their keys' JSON (a YAML key may be a number), so that any key order sorts alike; the
    words that only say a rule left out."""
    if isinstance(value, dict):
        return {json.dumps(k, default=str): _canonical(v) for k, v in value.items() if k not in SAYS_ONLY}
    if isinstance(value, (list, tuple)):
        return [_canonical(v) for v in value]
    return value


def _json(value, ascii_own: bool = False) -> str:
    """JSON text, non-ASCII written as it is; with `ascii_own`, escaped where it cannot be (a lone surrogate
    in a field of the record's own, as read)."""
    text = json.dumps(value, ensure_ascii=False)
    if ascii_own:
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            return json.dumps(value)
    return text


def _lines(items: list[str]) -> str:
    """A JSON list of items already in JSON, one a line."""
    return "[\n  " + ",\n  ".join(items) + "\n ]" if items else "[]"


def portable_name(ruleset: str, record_path, whole_path: bool = False) -> str:
    """How a record names its ruleset: a bundled name, else a path from the record's folder (with
    `whole_path`, from the root: a record kept far from the ruleset, in the folder of unfinished games)."""
    from . import locate
    from .data import bundled_dir

    found = locate(ruleset).resolve()
    if found.parent == bundled_dir().resolve():
        return found.stem  # the bundled name: a same-named file beside the record cannot stand in for it
    if whole_path:
        return found.as_posix()
    beside = Path(os.path.relpath(found, Path(record_path).resolve().parent)).as_posix()  # read alike everywhere
    return f"./{beside}" if _bare(beside) else beside  # not to be read as a bundled name


def _bare(name: str) -> bool:
    """A name without a folder or a suffix (`NAME`): how a record names a bundled ruleset."""
    return "/" not in name and "\\" not in name and not Path(name).suffix


def write(path, st, ruleset: str | None = None, play: dict | None = None) -> None:
    """Write atomically, so an interrupted game leaves a readable record. The record names `ruleset`, by default
    the file the game was loaded from (a bundled one by its name, another by its path from the record's folder)."""
    _a_path(path)
    _a_state(st, "records.write", str(path))
    if play is not None and not isinstance(play, dict):
        raise RecordError(f"a record's 'play' is a mapping ({{\"seat\": 0, \"bots\": ...}}), not {play!r}",
                          Where(str(path)))
    ruleset = _ruleset_named(st, ruleset, path)
    if _not_a_record(path):
        raise RecordError("the file exists and is not a game record: records.write writes over a record only (the"
                          " game's own ruleset, a note, would be lost): name another file", Where(str(path)))
    try:
        Keeper(path, ruleset, play).write(st)
    except OSError as e:
        raise RecordError(f"cannot write record: {e.strerror or e}", Where(str(path))) from None


def _not_a_record(path) -> bool:
    """A file with something in it that does not read as a game record (a ruleset, a note)."""
    try:
        return os.path.isfile(path) and os.path.getsize(path) > 0 and not is_record(path)
    except OSError:
        return False  # the write says why it cannot


def _ruleset_named(st, ruleset, path) -> str:
    """The ruleset a record names: as given (a name or a path), checked to be the game's, or the file the game
    was loaded from."""
    if ruleset is None:
        if st.game.path is None:
            raise RecordError("this game was not loaded from a file: name its ruleset", Where(str(path)))
        return str(st.game.path)
    if not isinstance(ruleset, (str, os.PathLike)):
        raise RecordError(f"a record names its ruleset by a name or a path (or leave it out: the game's own), not"
                          f" {type(ruleset).__name__}", Where(str(path)))
    _names_the_game(st, os.fspath(ruleset), path)
    return os.fspath(ruleset)


def _names_the_game(st, ruleset: str, path) -> None:
    """A record names the ruleset its game is played by: another one's record would not replay."""
    from . import locate

    named, played = locate(ruleset).resolve(), st.game.path
    if played is not None and named != played:
        raise RecordError(f"the record would name '{ruleset}', but the game is played by {st.game.label}: name the"
                          " ruleset the game was loaded from", Where(str(path)))


def _a_state(st, said: str, where: str) -> None:
    from .state import State

    if not isinstance(st, State):
        raise RecordError(f"{said} takes a game's state (game.new_state()), not {type(st).__name__}", Where(where))


def _a_path(path) -> None:
    if not isinstance(path, (str, os.PathLike)):
        raise RecordError(f"a record's path is a file name or path, not {type(path).__name__}", Where("record"))
    if "\0" in os.fspath(path):
        raise RecordError("a record's path holds a NUL character, which no file name has",
                          Where(printable(os.fspath(path))))


def read(path) -> dict:
    return read_kept(path)[0]


def read_kept(path) -> tuple[dict, str]:
    """The record, and a digest of the file's bytes as read (what `Keeper.guard` holds its writes to)."""
    _a_path(path)
    label = str(path)
    if Path(path).is_dir():
        raise RecordError(f"'{shown(label)}' is a folder, not a record file (the JSON `play --record` writes)",
                          Where(label))
    try:
        if Path(path).is_char_device() or Path(path).is_block_device():  # /dev/zero would be read for ever
            raise OSError(22, "it is not a file but a device")  # (a pipe is read: `replay <(cat r.json)`)
        raw = Path(path).read_bytes()
    except OSError as e:
        raise RecordError(f"cannot read record: {getattr(e, 'strerror', None) or e}", Where(label)) from None
    text = decoded(raw, label, RecordError).removeprefix("\ufeff")  # a byte order mark is allowed
    return _parsed(text, label), digest(raw)


def _parsed(text: str, label: str) -> dict:
    """The record a file's text holds, its shape checked."""
    try:
        rec = json.loads(text, parse_constant=_not_json, parse_float=_finite, object_pairs_hook=_once_each)
    except _NotJson as e:
        raise RecordError(f"not JSON: {e} is not a JSON value", _at(text, str(e), label)) from None
    except _TooLarge as e:  # read as infinity, it would be written back as Infinity, which is not JSON
        raise RecordError(f"not a record: the number {e} is too large to keep", _at(text, str(e), label)) from None
    except _Twice as e:
        key = json.dumps(str(e), ensure_ascii=False)
        raise RecordError(f"not a record: the key {key} is given twice in one object (which is meant?)",
                          _line_col(text, _second_key(text, str(e)), label)) from None
    except json.JSONDecodeError as e:
        said = e.msg[:-3] + " here" if e.msg.endswith(" at") else e.msg  # "Unterminated string starting at"
        raise RecordError(f"not JSON: {said[:1].lower() + said[1:]}{_ruleset_here(text)}",
                          Where(label, e.lineno, e.colno)) from None
    except RecursionError:
        raise RecordError("not a record: nested too deeply", Where(label)) from None
    except ValueError:  # a number of more digits than Python reads (4,300)
        raise RecordError("not a record: a number with thousands of digits", _long_number(text, label)) from None
    _check_shape(rec, label)
    return rec


HINT_TEXT = 100_000  # characters: the longest bundled ruleset has some 12,000


def _ruleset_here(text: str) -> str:
    """A hint where a file that is not JSON reads as a ruleset (YAML with a ruleset's keys): a record was
    wanted. Only a text of a ruleset's size is read so (a long one would take seconds for a hint)."""
    if len(text) > HINT_TEXT:
        return ""
    try:
        tree = yaml.safe_load(text)
    except Exception:  # noqa: BLE001 - only a hint: whatever YAML makes of the text, the error stands
        return ""
    if isinstance(tree, dict) and {"extends", "hand", "scoring", "players", "deck"} & tree.keys():
        return " (this reads as a ruleset; a record is the JSON `play --record` writes)"
    return ""


class _NotJson(ValueError):
    """NaN, Infinity or -Infinity: Python reads them, JSON has no such value."""


def _not_json(word: str):
    raise _NotJson(word)


class _TooLarge(ValueError):
    """A number JSON allows but a float cannot hold (1e400)."""


def _finite(word: str) -> float:
    value = float(word)
    if value in (float("inf"), float("-inf")):
        raise _TooLarge(word)
    return value


class _Twice(ValueError):
    """A key given twice in one object: JSON readers keep one or the other."""


def _once_each(pairs: list) -> dict:
    out = dict(pairs)
    if len(out) < len(pairs):
        seen = set()
        raise _Twice(next(k for k, _ in pairs if k in seen or seen.add(k)))
    return out


def _at(text: str, word: str, label: str) -> Where:
    """Where `word` first stands in the text."""
    return _line_col(text, max(0, text.find(word)), label)


def _line_col(text: str, at: int, label: str) -> Where:
    """The place of offset `at` in the text."""
    return Where(label, text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at))


def _second_key(text: str, key: str) -> int:
    """The offset of `key` where it is given a second time in one object (0 if not found)."""
    keys: list = []  # per open object, the keys given so far; None for a list
    at = 0
    while at < len(text):
        ch = text[at]
        if ch == '"':
            word, end = json.decoder.scanstring(text, at + 1)
            after = _skip(text, end) if end < len(text) else end
            if keys and keys[-1] is not None and after < len(text) and text[after] == ":":
                if word == key and word in keys[-1]:
                    return at
                keys[-1].add(word)
            at = end
            continue
        if ch == "{":
            keys.append(set())
        elif ch == "[":
            keys.append(None)
        elif ch in "}]" and keys:
            keys.pop()
        at += 1
    return 0


def _long_number(text: str, label: str) -> Where:
    """Where the first number too long to read begins."""
    m = re.search(r"\d{4301,}", text)
    return _line_col(text, m.start(), label) if m else Where(label)


def place(label: str, *path) -> Where:
    """Where the value at `path` (keys and list indexes: "actions", 10) stands in the record file `label`, for an
    error about it; the file's start when it cannot be read or found there (a record built in code)."""
    try:
        text = Path(label).read_text(encoding="utf-8-sig")
        at = _find(text, path)
    except (OSError, UnicodeDecodeError, ValueError, IndexError):
        return Where(label)
    return _line_col(text, at, label)


def _find(text: str, path: tuple) -> int:
    """The offset of the value at `path` in JSON `text`; ValueError where the path is not there."""
    decoder, at = json.JSONDecoder(), _skip(text, 0)
    for step in path:
        if isinstance(step, str):
            if text[at] != "{":
                raise ValueError(step)
            at = _skip(text, at + 1)
            while text[at] != "}":
                key, at = json.decoder.scanstring(text, at + 1)
                at = _skip(text, _skip(text, at) + 1)  # past the ':'
                if key == step:
                    break
                at = _skip(text, decoder.raw_decode(text, at)[1])
                at = _skip(text, at + 1) if text[at] == "," else at
            else:
                raise ValueError(step)
        else:
            if text[at] != "[":
                raise ValueError(step)
            at = _skip(text, at + 1)
            for _ in range(step):
                at = _skip(text, decoder.raw_decode(text, at)[1])
                if text[at] != ",":
                    raise ValueError(step)
                at = _skip(text, at + 1)
    return at


def _skip(text: str, at: int) -> int:
    """Past white space."""
    while text[at] in " \t\r\n":
        at += 1
    return at


def is_record(path) -> bool:
    """Whether the file at `path` reads as a game record."""
    try:
        read(path)
    except CardrulesError:
        return False
    return True


def _check_shape(rec, label: str) -> None:
    def bad(msg, *path):
        raise RecordError(msg, place(label, *path))

    if not isinstance(rec, dict):
        bad("a record is a JSON object")
    for key in rec:
        meant = _misspelt_field(key, rec)
        if meant:  # read as a field of the record's own, the game would be another one, without a word
            bad(f"unknown field {json.dumps(key, ensure_ascii=False)}: did you mean {json.dumps(meant)}? (the record"
                f" has no {json.dumps(meant)}, so it would be read as if it had none; fields of other names are"
                " kept as they are)", key)
    if rec.get("format", FORMAT) != FORMAT:
        bad(f"unknown record format {rec.get('format')!r} (expected {FORMAT})", "format")
    _check_ruleset_named(rec.get("ruleset"), lambda msg: bad(msg, "ruleset"))
    if rec.get("options") is not None and not isinstance(rec["options"], dict):
        bad("'options' must be an object", "options")
    seed = rec.get("seed")
    if seed is not None and not _whole(seed):
        bad("'seed' must be a whole number", "seed")
    if rec.get("shuffles") is not None and not isinstance(rec["shuffles"], list):
        bad("'shuffles' must be a list of deck orders", "shuffles")
    actions = rec.get("actions", [])
    if not isinstance(actions, list):
        bad("'actions' must be a list", "actions")
    for i, a in enumerate(actions):
        if not (isinstance(a, dict) and isinstance(a.get("action"), str)):
            bad(f"action {i}: expected {{\"seat\": N, \"action\": \"...\"}}", "actions", i)
        if "seat" in a and not _whole(a["seat"]):
            bad(f"action {i}: 'seat' must be a whole number", "actions", i)
    _check_result(rec.get("result"), lambda msg: bad(msg, "result"))


def _misspelt_field(key, rec: dict) -> str | None:
    """The field of cardrules' own that `key` looks like a misspelling of (`Actions`, `results`, `option`), where
    the record lacks it; else None (a field of another tool's, kept as it is)."""
    if not isinstance(key, str) or key in FIELDS:
        return None
    missing = [f for f in FIELDS if f not in rec]
    same = [f for f in missing if f == key.strip().lower()]
    near = [f for f in missing if f not in ("play", "format")]  # short words another tool's fields lie near
    return (same or difflib.get_close_matches(key.strip().lower(), near, n=1, cutoff=0.85) or [None])[0]


def _check_ruleset_named(ruleset, bad) -> None:
    if ruleset is not None and not isinstance(ruleset, str):
        bad(f"'ruleset' must be a bundled ruleset's name or a ruleset file's path, not {_kind(ruleset)}"
            " (text: a name `cardrules list` shows, or a path such as \"my-rules.yaml\")")
    if ruleset is None or not ruleset.strip():
        bad("the record names no 'ruleset' (a ruleset file's path or a bundled name)")


def _kind(value) -> str:
    """What a JSON value is, for a message that names what it should be instead."""
    if isinstance(value, bool):
        return "true or false"
    kinds = ((int, "a number"), (float, "a number"), (list, "a list"), (dict, "an object"), (str, "text"))
    return next((said for kind, said in kinds if isinstance(value, kind)), type(value).__name__)


def table_seat(rec: dict, players: int, label: str, given=()) -> tuple[int | None, str | None]:
    """The person's seat and the bots spec from the record's optional `play` field (None where not recorded);
    a field named in `given` ("seat", "bots") is set by its option instead, and not read. A field that is
    wrong says which option overrides it.

    Only `play --resume` reads it; replay ignores it."""
    play = rec.get("play")
    if play is None:
        return None, None
    if not isinstance(play, dict):
        raise RecordError('\'play\' must be an object like {"seat": 0, "bots": "random"}', place(label, "play"))
    seat, bots = (None if k in given else play.get(k) for k in ("seat", "bots"))
    if seat is not None and not (_whole(seat) and 0 <= seat < players):
        raise RecordError(f"'play': 'seat' must be a whole number from 0 to {players - 1} (this game's seats);"
                          " give --seat to choose one", place(label, "play", "seat"))
    if bots is not None and not (isinstance(bots, str) and bots.strip()):
        raise RecordError("'play': 'bots' must be a bots spec, as --bots takes (\"random\"); give --bots to choose"
                          " them", place(label, "play", "bots"))
    return seat, bots


def _plain_numbers(rec):
    """The record with the whole numbers of its own fields (seed, each action's seat, the result's, play's seat) of
    other types (numpy's int64) as Python's own: read as they are, they were refused as not whole, and a message
    that quotes them could not be written. Fields of other names are kept as they are."""
    if not isinstance(rec, dict):
        return rec
    rec = {**rec, "seed": _plain(rec["seed"])} if "seed" in rec else dict(rec)
    if isinstance(rec.get("actions"), list):
        rec["actions"] = [{**a, "seat": _plain(a["seat"])} if isinstance(a, dict) and "seat" in a else a
                          for a in rec["actions"]]
    result = rec.get("result")
    if isinstance(result, dict):
        rec["result"] = {k: [_plain(x) for x in v] if k in ("scores", "rounds") and isinstance(v, list) else
                         _plain(v) if k == "winner" else v for k, v in result.items()}
    if isinstance(rec.get("play"), dict) and "seat" in rec["play"]:
        rec["play"] = {**rec["play"], "seat": _plain(rec["play"]["seat"])}
    return rec


def _plain(value):
    return int(value) if isinstance(value, numbers.Integral) and not isinstance(value, (int, bool)) else value


def _whole(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _check_result(result, bad) -> None:
    """`result`: whole-number `scores` (and `rounds`), a side's index (or null) as `winner`, true/false as
    `draw`."""
    if result is None:
        return
    if not isinstance(result, dict):
        bad("'result' must be an object")
    scores = result.get("scores", [])
    if not isinstance(scores, list) or not all(_whole(x) for x in scores):
        bad("'result': 'scores' must be a list of whole numbers")
    rounds = result.get("rounds", [])
    if not isinstance(rounds, list) or not all(_whole(x) for x in rounds):
        bad("'result': 'rounds' must be a list of whole numbers (rounds won per side)")
    winner = result.get("winner")
    if winner is not None and not _whole(winner):
        bad("'result': 'winner' must be a side's number (a whole number) or null")
    if not isinstance(result.get("draw", False), bool):
        bad("'result': 'draw' must be true or false")


def decks(rec: dict, game, label: str) -> list[list[int]]:
    """The record's shuffles as card ids, each checked to be a permutation of the deck."""
    out = []
    want = sorted(game.deck)
    for i, order in enumerate(rec.get("shuffles") or []):
        if not isinstance(order, list) or not all(isinstance(x, str) for x in order):
            raise RecordError(f"shuffle {i}: a deck order is a list of card names", place(label, "shuffles", i))
        if len(order) > 2 * len(want):  # before its cards are read: a list of a million names is refused at once
            raise RecordError(f"shuffle {i}: not a permutation of this ruleset's {len(want)}-card deck ({len(order):,}"
                              " cards)", place(label, "shuffles", i))
        try:
            ids = [C.card_id(x) for x in order]
        except C.CardError as e:
            raise RecordError(f"shuffle {i}: {e}", place(label, "shuffles", i)) from None
        if sorted(ids) != want:
            raise RecordError(f"shuffle {i}: not a permutation of this ruleset's {len(want)}-card deck"
                              f"{_misfit(ids, want)}", place(label, "shuffles", i))
        out.append(ids)
    return out


def _misfit(ids: list, want: list) -> str:
    """What a deck order gets wrong: a card twice, one missing, one not in this deck."""
    said = []
    twice = sorted(c for c, n in Counter(ids).items() if n > 1)
    missing = sorted(set(want) - set(ids))
    foreign = sorted(set(ids) - set(want))
    for what, cards in (("twice", twice), ("missing", missing), ("not in this deck", foreign)):
        if cards:
            said.append(f"{what}: {' '.join(C.NAMES[c] for c in cards[:8])}{' …' if len(cards) > 8 else ''}")
    return f" ({'; '.join(said)})" if said else ""


def ruleset_path(rec: dict, record_path) -> str:
    """A bundled ruleset's bare name (`NAME`, as cardrules writes it) is that ruleset, whatever files are named
    so; relative rulesets resolve against the record's folder, then the current folder."""
    from .data import bundled_dir
    name = rec["ruleset"]
    bundled = bundled_dir() / f"{name}.yaml"
    if _bare(name) and is_file(bundled):
        return str(bundled)
    if Path(name).is_absolute():
        return name
    # the folder the record is written in (through a link, the file it names: as `Keeper` writes it), then the
    # link's own
    for folder in dict.fromkeys((Path(os.path.realpath(record_path)).parent, Path(record_path).parent)):
        if is_file(folder / name):
            return str(folder / name)
    return name


def start(rec: dict, record_path, max_hands: int | None = None, confined: bool = False):
    """A new state for the record's game, before any action (bounded by `max_hands`, where given); `confined`:
    a record from anyone (`replay`), held to CARDRULES_RECORDS_CONFINED where it is set. `record_path` None: a
    record whose file is not known (a relative ruleset path then resolves in the current folder alone)."""
    from . import load

    known, record_path = record_path is not None, "record" if record_path is None else record_path
    name = ruleset_path(rec, record_path)
    if confined:
        _check_confined(name, record_path)
    _check_ruleset_file(name, record_path, known)
    _check_options(rec.get("options") or {}, load(name), str(record_path))
    game = _load_with(name, rec.get("options") or None, str(record_path))
    seed = rec.get("seed")  # none given counts as 0, as it does for the shuffles: written back as 0
    return game.new_state(seed=0 if seed is None else seed, shuffles=decks(rec, game, str(record_path)),
                          max_hands=max_hands)


CONFINED = "CARDRULES_RECORDS_CONFINED"  # set (not 0): a record may name only a bundled ruleset or one beside it


def _check_confined(name: str, record_path) -> None:
    """With CARDRULES_RECORDS_CONFINED set (a server replaying records from strangers), a record's ruleset must be
    a bundled one or a file in the record's folder or below: a record names its ruleset by any path, and the
    errors of a file that is no ruleset quote what it holds (a secret beside the server's own files)."""
    if os.environ.get(CONFINED, "") in ("", "0"):
        return
    from .data import bundled_dir

    try:
        where = Path(os.path.realpath(resolve_path(name)))  # the file the record's game loads (a bundled name)
    except (FileNotFoundError, RulesetError):
        return  # no such file: said as the record's error where it is looked for
    folders = (Path(os.path.realpath(record_path)).parent, Path(os.path.realpath(bundled_dir())))
    if not any(where.is_relative_to(folder) for folder in folders):
        raise RecordError(f"the record's ruleset '{shown(name)}' lies outside the record's folder, and"
                          f" {CONFINED} is set: a record may name only a bundled ruleset or a file beside it",
                          place(str(record_path), "ruleset"))


def _check_ruleset_file(name: str, record_path, known: bool = True) -> None:
    """The record's `ruleset` must name a ruleset file; one missing, or a folder, is the record's error, at its
    `ruleset` entry (`known`: the record's own file is, and was looked beside)."""
    try:
        resolve_path(name)
        return
    except (FileNotFoundError, RulesetError):  # RulesetError: a folder or a device
        pass
    places = [Path(name)] if Path(name).is_absolute() else [Path(record_path).parent / name, Path(name)]
    what = next(filter(None, map(non_file, places)), None)
    moved = "if it has moved, name its new place: `cardrules play FILE --resume RECORD`"
    bare = bundled_without_slash(name)
    if what:
        said = (f"the record's ruleset '{shown(name)}' is {what}, not a ruleset file (a YAML file): name the file"
                f" itself; {moved}")
    elif bare:
        said = (f"the record's ruleset '{shown(name)}' names no folder: the bundled ruleset is named without the"
                f" slash, '{shown(bare)}'; {moved}")
    elif not known:  # a record read in code, replayed without its path (an API audit: it said it looked beside it)
        said = (f"no ruleset file or bundled ruleset named '{shown(name)}' (looked in the current folder alone: to"
                f" look beside the record as well, pass its file to replay as record_path=; see `cardrules list`"
                f"{_bundled_alike(name)})")
    else:
        said = (f"no ruleset file or bundled ruleset named '{shown(name)}' (looked beside the record and in the current"
                f" folder; see `cardrules list`; {moved}{_bundled_alike(name)})")
    raise RecordError(said, place(str(record_path), "ruleset"))


def _bundled_alike(name: str) -> str:
    """Where a ruleset file gone by its path has the name of a bundled one (a bundled game's file once lay in
    another folder): how to name that one, for `replay` too, which takes no ruleset FILE."""
    from .data import bundled_dir

    stem = Path(name.replace("\\", "/")).stem
    try:
        bundled = bool(stem) and (bundled_dir() / f"{stem}.yaml").is_file()
    except (OSError, ValueError):  # a name the system refuses (too long, a NUL): no bundled ruleset has it
        bundled = False
    return f"; or, if it was the bundled one, name it in the record: \"ruleset\": \"{stem}\"" if bundled else ""


def _load_with(name: str, options: dict | None, label: str):
    """The ruleset with the record's options; one the ruleset cannot take (a limit of -5 hands) is the record's
    error, at its options, since the ruleset loads without them."""
    from . import load

    try:
        return load(name, options)
    except RulesetError as e:
        if not options:
            raise
        said = "; ".join(m for _, m in e.problems)
        raise RecordError(f"the record's options {_json(options)} do not suit the ruleset: {said}",
                          place(label, "options")) from None


def _check_options(options: dict, game, label: str) -> None:
    """The record's options must be the ruleset's, each of its kind and among its values."""
    for name, value in options.items():
        if name not in game.options:
            known = ", ".join(sorted(game.options)) or "none"
            raise RecordError(f"option '{printable(name)}' is not one of this ruleset's (options: {known})",
                              place(label, "options", name))
        default = game.options[name]
        if type(value) is not type(default):
            raise RecordError(f"option '{name}' must be like its default {_json(default)}, not {_json(value)}",
                              place(label, "options", name))
        if _whole(value) and abs(value) > MAX_NUMBER:
            raise RecordError(f"option '{name}': number too large (at most 9 digits)", place(label, "options", name))
        allowed = game.tree["options"][name].get("values")
        if allowed is not None and value not in allowed:
            raise RecordError(f"option '{name}' is {_json(value)}; it may be {', '.join(map(_json, allowed))}",
                              place(label, "options", name))


class ReplayFailure(RecordError):
    """A recorded action that is not legal where it stands."""

    def __init__(self, index: int, action: str, reason: str, legal: list[str], state=None, where: Where | None = None):
        action = printable(str(action))  # a line break or a control character spelt out: the message stays one line
        action = action if len(action) <= SHOWN else action[:SHOWN - 1] + "…"  # as the table shows a typed line
        self.index, self.action, self.reason, self.legal, self.state = index, action, reason, legal, state
        super().__init__(f"action {index} ('{action}'): {reason}", where)

    @property
    def refused(self) -> str:
        """`action 3 ('play 9S') is refused: …`, as the commands say it."""
        return f"action {self.index} ('{self.action}') is refused: {self.reason}"


def replay(rec: dict, record_path=None, check_result: bool = True, rules_fingerprint: str | None = None,
           max_hands: int | None = None, confined: bool = False):
    """Apply every recorded action in turn; raise ReplayFailure at the first that is not legal, and (with
    `check_result`) a RecordError when the record's `result` is not the replay's. `record_path` is where
    the record lies, against which a relative ruleset path resolves (None: the current folder). With
    `rules_fingerprint` (`fingerprint(game)` kept when the game was stored), rules changed since (the file edited,
    cardrules upgraded) are a RecordError before any action; `max_hands` bounds the game again as it was
    (`new_state(max_hands=)`: a record keeps neither); `confined`: a record from anyone, held to
    CARDRULES_RECORDS_CONFINED where it is set (`cardrules replay`; a game of one's own resumed is not)."""
    in_file = record_path is not None  # a refusal then says where in the file
    record_path = record_path if in_file else "record"
    _a_path(record_path)
    if isinstance(rec, (str, os.PathLike)):
        raise RecordError("replay takes a record as read (a dict): read a file with records.read(path)",
                          Where(str(rec)))
    rec = _plain_numbers(rec)  # a record built in code may hold numpy's whole numbers (a seat drawn by numpy)
    _check_shape(rec, str(record_path))  # `read` has checked a file's; a record built in code is checked here
    _a_fingerprint(rules_fingerprint)
    st = start(rec, record_path if in_file else None, max_hands, confined)
    if rules_fingerprint is not None and not same_rules(st.game, rules_fingerprint):
        raise RecordError("the rules of the record's game have changed since its fingerprint was kept (the ruleset"
                          " file edited, or cardrules upgraded): its actions may make another game now",
                          place(str(record_path), "ruleset") if in_file else None)
    for i, a in enumerate(rec.get("actions", [])):
        why = _why_refused(st, a)
        if why is not None:
            legal = st.legal_actions()
            raise ReplayFailure(i, a["action"], why, legal, st,
                                place(str(record_path), "actions", i) if in_file else None)
    mismatch = record_mismatch(rec, st) if check_result else None
    if mismatch:
        raise RecordError(mismatch, place(str(record_path), "result"))
    return st


def _why_refused(st, a: dict) -> str | None:
    """Why a recorded action is not legal where it stands (None: it is, and it is played)."""
    if st.over:
        return "the game is already over"
    if "seat" in a and not 0 <= a["seat"] < st.game.players:  # (an API audit: it said another seat's turn)
        return f"no seat {a['seat']}: this game's seats are 0 to {st.game.players - 1}"
    if "seat" in a and a["seat"] != st.to_act:
        return f"seat {a['seat']} acted but it is seat {st.to_act}'s turn"
    if not a["action"].strip():
        return "it is empty: a recorded action is a move's text ('play 7H', 'pass'), one of those legal there"
    try:
        st.apply(a["action"])
    except CardrulesError as e:
        return e.problems[0][1]
    return None


def record_mismatch(record: dict, st) -> str | None:
    """`result_mismatch` of the record's `result`; where the record keeps no fingerprint of its rules (written by
    an older cardrules, or by other means), it says that rules changed since may be why: a rule mended in an
    upgrade replays an old record as another game, which reads as a damaged record otherwise."""
    mismatch = result_mismatch(record.get("result"), st)
    play = record.get("play")
    if mismatch and not mismatch.endswith(ONE_ROUND) and not (isinstance(play, dict) and play.get(FINGERPRINT)):
        mismatch += (" (the record keeps no fingerprint of the rules it was played under: if they have changed"
                     " since, the ruleset edited or a rule mended in an upgrade of cardrules, that may be why)")
    return mismatch


ONE_ROUND = ": a game of one round counts no rounds won, and its record leaves 'rounds' out"


def result_mismatch(result, st) -> str | None:
    """How the record's `result` differs from the replayed game's, or None when it agrees (or gives none)."""
    if result is None:
        return None
    if not isinstance(result, dict):
        return "'result' must be an object"
    if not st.over:
        return "the record gives a result, but its actions stop before the game is over"
    said = json.dumps  # as the record writes them: true, null, [62, 40]
    if "scores" in result and result["scores"] != st.scores:
        return f"the record's result scores {said(result['scores'])} differ from the replay's {said(st.scores)}"
    if "rounds" in result and result["rounds"] != st.rounds:
        differ = f"the record's result rounds {said(result['rounds'])} differ from the replay's {said(st.rounds)}"
        return differ + ONE_ROUND if st.game.rounds == 1 else differ  # (CONTRACT: where more than one is played)
    if "winner" in result and result["winner"] != st.winner:
        return f"the record's winner {said(result['winner'])} differs from the replay's {said(st.winner)}"
    if bool(result.get("draw", False)) != st.draw:
        return f"the record's draw {said(result.get('draw', False))} differs from the replay's {said(st.draw)}"
    return None


def _hand(h: dict, rounds: bool) -> dict:
    out = {"points": list(h["points"]), "totals": list(h["totals"])}
    if rounds:
        out["rounds"] = list(h["rounds"])
    if "round_points" in h:  # the hand ended a round, which `round_points` scored
        out["round_points"] = list(h["round_points"])
    return out


def summary(st) -> dict:
    """The `replay --json` object (CONTRACT.md)."""
    rounds = st.game.rounds > 1
    out = {
        "over": st.over,
        "scores": list(st.scores),
        "hands": [_hand(h, rounds) for h in st.hands],
    }
    if rounds:
        out["rounds"] = list(st.rounds)
    if st.over:
        out["winner"] = st.winner  # None when the game ended in a draw
        out["draw"] = st.draw
    else:
        out["to_act"] = st.to_act
        out["legal"] = st.legal_actions()
    return out
