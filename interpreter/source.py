"""Load stage: safe YAML with a position for every node, and `extends:` merged."""

from __future__ import annotations

import codecs
import difflib
import functools
import hashlib
import itertools
import json
import os
import re
import unicodedata
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

import yaml

from . import cards as C
from .data import bundled_dir
from .errors import RulesetError, Where, printable, unknown
from .numbers import TO_ASCII

MAX_NODES = 20_000  # guards against alias bombs
MAX_DEPTH = 64
MAX_BYTES = 1_000_000  # a ruleset file at most (the largest bundled one is 13 KB): a larger one is refused unread
MAX_EXTENDS = 32  # `extends:` links in one chain (a ruleset, its base, the base of that, ...)
STANDARD_TAG = "tag:yaml.org,2002:"
# the standard tags plain YAML gives its values; others (!!python/object…, !!set, !!binary) were read as a plain
# mapping or text, their tag passed over unsaid
OCTAL = re.compile(r"[-+]?0[0-7_]+")  # a number written with a leading 0, which YAML 1.1 reads as octal
PLAIN_TAGS = frozenset(("str", "int", "float", "bool", "null", "map", "seq", "merge", "timestamp", "value"))
ANYWHERE = "CARDRULES_EXTENDS_ANYWHERE"  # set to 1: `extends:` may name any path
MERGE_KEY = ("'<<' merge keys are not supported: to repeat a part of this file, name it with an anchor where it is"
             " written (&name) and repeat it whole, unchanged, with an alias (*name); to build on another ruleset,"
             " use extends")


@dataclass(frozen=True)
class Pos:
    """Where a YAML value stands, and how it was quoted (for columns inside it)."""

    file: str
    line: int
    col: int
    scalar: tuple = field(default=(), compare=False, repr=False)  # a scalar's (YAML node, file lines)

    @cached_property
    def segments(self) -> tuple:
        """(line, col, length) of each source line of a scalar's text (worked out when an error asks)."""
        return _segments(*self.scalar) if self.scalar else ()

    @cached_property
    def chars(self) -> tuple:
        """A quoted scalar with escapes: the file's (line, column) of each character of its text (one line: a
        quoted scalar's line breaks fold into spaces)."""
        return _escaped(*self.scalar) if self.scalar else ()

    def at(self, line: int = 1, col: int = 1, text: str | None = None) -> Where:
        """The place of (line, col) inside this scalar's text, in the file."""
        if self.chars and line == 1:
            return Where(self.file, *self.chars[min(col, len(self.chars)) - 1])
        if not self.segments:
            return self.where
        k = col - 1
        if text is not None and line > 1:
            k += sum(len(x) + 1 for x in text.split("\n")[: line - 1])
        for src_line, src_col, length in self.segments:
            if k <= length:
                return Where(self.file, src_line, src_col + k)
            k -= length + 1
        src_line, src_col, length = self.segments[-1]
        return Where(self.file, src_line, src_col + length)

    @property
    def where(self) -> Where:
        return Where(self.file, self.line, self.col)


class Map(dict):
    """A mapping that remembers where each of its values came from."""

    def __init__(self, *a, pos: Pos | None = None, **kw):
        super().__init__(*a, **kw)
        self.pos = pos
        self.at: dict = {}
        self.key_at: dict = {}
        self.unsaid: set = set()  # keys of `{…}` given no value at all (`{a: rank in (J, Q)}` makes a key 'Q)')

    def where(self, key) -> Pos:
        return self.at.get(key) or self.pos

    def drop(self, key) -> None:
        """The key taken away, with where it was."""
        del self[key]
        self.at.pop(key, None)
        self.key_at.pop(key, None)

    def drops(self, key) -> bool:
        """Does `key: null` here take a base's key away on purpose? Not a key `{…}` gives no value: a comma
        in an unquoted value ends it, and what follows is read as such a key."""
        return self[key] is None and key not in self.unsaid


class Seq(list):
    """A list that remembers where each of its items came from."""

    def __init__(self, *a, pos: Pos | None = None):
        super().__init__(*a)
        self.pos = pos
        self.at: dict = {}

    def where(self, i) -> Pos:
        return self.at.get(i) or self.pos


def is_file(path) -> bool:
    """Whether `path` names a file; a name the system refuses (too long, a NUL byte, ...) names none."""
    try:
        return Path(path).is_file()
    except (OSError, ValueError):
        return False


def resolve_path(name: str, base_dir: Path | None = None) -> Path:
    """A ruleset path: one beside `base_dir`, then the path itself, then a bundled ruleset for a bare name
    (`NAME`, `NAME.yaml`) or `rulesets/NAME.yaml` (a checkout's path); any other missing path is missing."""
    p = Path(name)
    candidates = [p]
    if base_dir is not None and not p.is_absolute():
        candidates.insert(0, base_dir / p)
    local = list(candidates)
    if may_be_bundled(p) and not _names_folder(name):
        candidates.append(bundled_dir() / _bundled_stem(p))
    for c in candidates:
        if is_file(c):
            return c
    _refuse_non_file(p, name)
    found = _bundled_named(name) if not any(_same_but_case(c) for c in local) else None
    if found is not None:
        return found
    raise FileNotFoundError(name)


def _bundled_named(name: str) -> Path | None:
    """The bundled ruleset a name that is no file names in another case or by its title, if one does."""
    p = Path(name)
    found = _bundled_any_case(p) if may_be_bundled(p) and not _names_folder(name) else None
    if found is None and not p.is_absolute() and len(p.parts) == 1:
        found = bundled_titles().get(title_key(name))
    return found


def _same_but_case(path: Path) -> bool:
    """Is there a file beside `path` whose name differs from its only in case (`name.yaml` for `Name.yaml`)? It,
    not a bundled ruleset, is likely meant: none is taken then (the error names the file)."""
    try:
        folder, wanted = path.parent, path.name.casefold()
        return any(f.name.casefold() == wanted and f.is_file() for f in folder.iterdir())
    except (OSError, ValueError):
        return False


def title_key(title: str) -> str:
    """A game's title as typed, for matching: case, a zero-width non-joiner, spaces and Persian digits aside
    (`بازی من`, `بازی‌من`; `تا 105`, `تا ۱۰۵`; `My Game`, `my game`)."""
    text = unicodedata.normalize("NFKC", title).casefold().translate(_PERSIAN_DIGITS)
    return "".join(text.replace("\u200c", "").split())


_PERSIAN_DIGITS = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩", "01234567890123456789")


def bundled_titles() -> dict:
    """{title_key of a title: its bundled ruleset}, from each bundled file's `names:` line (English and Persian:
    `cardrules play "NAME for two"` by its title); a title two rulesets share names neither."""
    return _titles_in(bundled_dir())


@functools.lru_cache(maxsize=4)
def _titles_in(folder: Path) -> dict:
    found: dict = {}
    for path in sorted(folder.glob("*.yaml")):
        try:
            line = next((x for x in path.read_text(encoding="utf-8").splitlines() if x.startswith("names:")), "")
            names = (yaml.safe_load(line) or {}).get("names") if line else None
        except (OSError, UnicodeDecodeError, yaml.YAMLError, AttributeError):
            continue
        for title in (names.values() if isinstance(names, dict) else ()):
            if isinstance(title, str) and title.strip():
                key = title_key(title)
                found[key] = None if key in found and found[key] != path else path
    return {k: v for k, v in found.items() if v is not None}


def _bundled_any_case(p: Path) -> Path | None:
    """The one bundled ruleset a bare name names in another case (`Name`, `NAME.yaml` for `name`), if one does."""
    stem = p.name.casefold()
    stem = stem if stem.endswith((".yaml", ".yml")) else stem + ".yaml"
    found = [f for f in bundled_dir().glob("*.yaml") if f.name.casefold() == stem]
    return found[0] if len(found) == 1 else None


def _refuse_non_file(p: Path, name: str) -> None:
    """A path that exists but is no file (a folder, a device) is named as such, not as missing."""
    what = non_file(p)
    if what:
        raise RulesetError(f"'{shown(name)}' is {what}, not a ruleset file (a YAML file)", Where(shown(name)))


def non_file(p: Path) -> str | None:
    """What a path that exists but is no file is ("a folder"); None for a file, or for nothing there."""
    try:
        folder, exists = p.is_dir(), p.exists()
    except (OSError, ValueError):
        return None
    if not exists or p.is_file():
        return None
    return "a folder" if folder else "a device or other special file"


def _names_folder(name: str) -> bool:
    """`NAME/` names a folder, never a bundled ruleset file."""
    return name.endswith(("/", os.sep))


def bundled_without_slash(name: str) -> str | None:
    """For a name that ends in a slash and would name a bundled ruleset without it (`NAME/`, `rulesets/NAME.yaml/`),
    that name; else None."""
    bare = name.rstrip("/" + os.sep)
    if bare == name or not bare or not may_be_bundled(Path(bare)):
        return None
    return bare if is_file(bundled_dir() / _bundled_stem(Path(bare))) else None


def may_be_bundled(p: Path) -> bool:
    """A bare name, or a relative path into a folder `rulesets`, may name a bundled ruleset."""
    return not p.is_absolute() and p.name not in ("", ".", "..") and p.parent in (Path("."), Path("rulesets"))


def _bundled_stem(p: Path) -> str:
    return p.name if p.suffix in (".yaml", ".yml") else p.name + ".yaml"


def resolve_base(name: str, folder: Path, anywhere: bool) -> Path:
    """What `extends: name` names: a file in the extending ruleset's folder (or below), or a bundled ruleset.

    A path out of that folder (absolute, or `..` past it) is refused unless it is a bundled ruleset itself
    or `anywhere` (CARDRULES_EXTENDS_ANYWHERE=1) allows any path. FileNotFoundError if there is none."""
    if anywhere:
        return resolve_path(name, folder)
    p = Path(name)
    beside = folder / p
    if is_file(beside):
        if _inside(beside, folder) or _inside(beside, bundled_dir()):
            return beside
        raise PermissionError(name)
    if p.parent != Path(".") or p.is_absolute() or _names_folder(name):  # a path, not a bare name: no bundled fallback
        raise FileNotFoundError(name)
    bundled = bundled_dir() / _bundled_stem(p)
    if is_file(bundled):
        return bundled
    found = _bundled_named(name) if not _same_but_case(beside) else None  # `extends: Name`, as FILE takes it
    if found is not None:
        return found
    raise FileNotFoundError(name)


def _inside(path: Path, folder: Path) -> bool:
    try:
        return path.resolve().is_relative_to(folder.resolve())
    except (OSError, RuntimeError):  # a symlink loop
        return False


def extends_anywhere() -> bool:
    return os.environ.get(ANYWHERE, "") not in ("", "0")


# What the parser's words most often mean in a ruleset, said for a person who is not a programmer.
YAML_HINTS = (
    ("mapping values are not allowed here", "check the indentation of this line and the one above, or put a value"
     " that holds ': ' in quotes"),
    ("that cannot start any token", "a tab: indent with spaces"),
    ("found unexpected end of stream", "a quote opened here is never closed"),
    ("could not find expected ':'", "a line here is not 'key: value' (a ':' missing, or a quote not closed)"),
    ("did not find expected key", "check the indentation: a line here is not in line with the keys around it"),
    ("did not find expected '-' indicator", "check the indentation: a line here is not in line with the list"),
    ("expected <block end>", "check the indentation: a line here is not in line with the ones before it"),
)


BRACKETS = {"flow sequence": ("[", "]"), "flow mapping": ("{", "}")}


def _unclosed(e: yaml.MarkedYAMLError, said: str) -> str:
    """Where the `[` or `{` the parser was reading when it met something other than a comma or its close was
    opened, when that is on an earlier line than the problem: the line said is often well after a bracket left
    open (or a comma left out between items). On the line itself: an expression not in quotes, most often."""
    kind = next((k for k in BRACKETS if f"while parsing a {k}" in said), None)
    opened, found = e.context_mark, e.problem_mark
    if kind is not None and opened is not None and found is not None and opened.line == found.line:
        return _on_the_line(kind, said)
    if kind is None or opened is None or found is None or opened.line >= found.line:
        return ""
    left, right = BRACKETS[kind]
    return (f"inside the '{left}' opened at line {opened.line + 1}, column {opened.column + 1}: a ',' between"
            f" items, or its closing '{right}', is missing")


def _on_the_line(kind: str, said: str) -> str:
    """What a flow mapping's or sequence's problem on the line it opened most likely is, by what the parser met:
    an expression not in quotes (a bracket inside a value), a comma left out between items, a bracket closed that
    was not the one opened; '' for anything else."""
    left, right = BRACKETS[kind]
    if said.endswith(("but got '['", "but got '{'")):
        return (f"inside '{left}…{right}' a value that holds brackets or a comma is read as YAML: put an expression"
                " in quotes, as \"count(won[rank == A]) * 2\"")
    if said.endswith("but got ':'"):
        return f"a ',' is missing between two items of the '{left}…{right}'"
    if said.endswith(("but got ']'", "but got '}'")):
        return f"the '{left}' opened here is closed by '{right}', not '{said[-2]}'"
    return ""


ODD_SPACES = {"\u00a0": "a no-break space", "\u202f": "a narrow no-break space", "\u2007": "a figure space",
              "\u3000": "an ideographic space", "\u200b": "a zero-width space"}  # pasted from a page or a document


def odd_space_said(text: str) -> str:
    """`it holds a no-break space, U+00A0, …` where `text` holds a space YAML does not read as one, else ''."""
    odd = next((ch for ch in text if ch in ODD_SPACES), None)
    if odd is None:
        return ""
    return (f"it holds {ODD_SPACES[odd]}, U+{ord(odd):04X}, which YAML does not read as a space: type an ordinary"
            " space there")


def _odd_space_near(e: yaml.MarkedYAMLError) -> str:
    """Where YAML's syntax fails at or just after a line with a space it does not read as one (`target:` then a
    no-break space): that line and what is wrong with it; '' for anything else."""
    m = e.problem_mark
    if m is None or not isinstance(m.buffer, str):
        return ""
    lines = m.buffer.split("\n")
    for k in (m.line, m.line - 1):
        said = odd_space_said(lines[k]) if 0 <= k < len(lines) else ""
        if said:
            return f"line {k + 1} {said.removeprefix('it ')}"
    return ""


def _key_in_a_list(e: yaml.MarkedYAMLError, said: str) -> str:
    """A key (`game:`, an item's `points:`) in line with the dashes of the list before it, where the parser says only
    that it found '?': the key named, and where it may belong; '' for anything else."""
    m = e.problem_mark
    if not said.endswith("but found '?'") or "block collection" not in said or m is None or \
            not isinstance(m.buffer, str):
        return ""
    key = re.match(r"([^\n#]+?):(?:\s|$)", m.buffer[m.pointer:m.pointer + 100])  # `market share:`, `url: http://x`
    return (f"the key '{key.group(1)}:' is out of line with the list above it: indent it under the first key of the"
            " item it belongs to, or begin it in line with the key that holds the list") if key else ""


def _syntax_error(e: yaml.MarkedYAMLError, label: str) -> RulesetError:
    """The parser's message, with what it most likely means; located where a quote left open began."""
    said = ", ".join(x for x in (e.context, e.problem) if x)
    hint = next((h for words, h in YAML_HINTS if words in said), "")
    m = e.context_mark if "quoted scalar" in said and e.context_mark else e.problem_mark or e.context_mark
    hint = _odd_space_near(e) or _key_in_a_list(e, said) or hint or _unclosed(e, said)
    msg = "YAML syntax: " + said + (f" ({hint})" if hint else "")
    return RulesetError(msg, Where(label, m.line + 1, m.column + 1) if m else Where(label))


# the byte order marks a ruleset may begin with: its coding, and the order said (UTF-32's little-endian mark begins
# as UTF-16's: tried first)
MARKS = {codecs.BOM_UTF32_LE: ("UTF-32", "little-endian"), codecs.BOM_UTF32_BE: ("UTF-32", "big-endian"),
         codecs.BOM_UTF16_LE: ("UTF-16", "little-endian"), codecs.BOM_UTF16_BE: ("UTF-16", "big-endian")}


def _utf16_unmarked(raw: bytes) -> bool:
    """Text saved as UTF-16 without its mark: a zero byte beside nearly every character, which is not zero."""
    half = len(raw) // 2
    zeros = sorted((raw[0::2].count(0), raw[1::2].count(0)))  # (the characters' half, the zeros' half)
    return half > 0 and zeros[1] > half * 3 // 4 and zeros[0] < half // 4


def _check_marked(raw: bytes, mark: bytes | None, label: str, error=RulesetError) -> None:
    """A file whose byte order mark says UTF-16 or UTF-32 must be that: every ruleset holds plain ASCII (its keys),
    which both write with zero bytes. Without any, what follows the mark is 8-bit text (a stray mark before
    UTF-8), which decoded as the mark says is a line of foreign characters, no mapping."""
    if mark is None:
        return
    rest, (coded, order) = raw[len(mark):], MARKS[mark]
    if rest and b"\0" not in rest:
        raise error(f"not UTF-8 text: it begins with the byte order mark of {coded}, {order}"
                    f" ({mark.hex(' ').upper()}), yet what follows is not {coded} text: save the file as UTF-8",
                    Where(label))


def decoded(raw: bytes, label: str, error=RulesetError) -> str:
    """A file's text: UTF-8, or UTF-16 or UTF-32 where it begins with that byte order mark (Notepad's "Unicode"
    is UTF-16, with its mark); else `error`, located where it can be, saying what the bytes are instead."""
    mark = next((m for m in MARKS if raw.startswith(m)), None)
    if mark is None and _utf16_unmarked(raw):
        raise error("UTF-16 text without the mark it begins with: save the file as UTF-8", Where(label))
    coding = MARKS[mark][0].lower() if mark else "utf-8"
    _check_marked(raw, mark, label, error)
    try:
        return raw.decode(coding)
    except UnicodeDecodeError as e:
        if coding != "utf-8":
            raise error(f"not {coding.upper()} text, though it begins as {coding.upper()} does: save the file as"
                        " UTF-8", Where(label)) from None
        if b"\0" in raw:
            raise error("not a text file (binary data)", _offset_where(raw, e.start, label)) from None
        raise error(f"not UTF-8 text (byte 0x{raw[e.start]:02x} here): save the file as UTF-8",
                    _offset_where(raw, e.start, label)) from None


def read_yaml(path: Path, label: str):
    """Parse one YAML file into Map/Seq/scalars, every error located."""
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:  # read whole, a file of a million values took a minute and 750 MB to refuse
            raise RulesetError(f"file too large: {size:,} bytes, and a ruleset is at most {MAX_BYTES:,}",
                               Where(label))
        raw = path.read_bytes()
    except OSError as e:
        raise RulesetError(f"cannot read file: {e.strerror}", Where(label)) from None
    text = decoded(raw, label)
    try:
        node = _compose(text)
    except yaml.MarkedYAMLError as e:
        raise _syntax_error(e, label) from None
    except RecursionError:
        raise RulesetError(f"nested too deeply: more than {MAX_DEPTH} levels of lists and mappings",
                           _deepest(text, label)) from None
    except yaml.YAMLError as e:  # ReaderError: control characters and the like
        where = _offset_where(raw, getattr(e, "position", 0), label, text)
        raise RulesetError("not a text file (unprintable characters)", where) from None
    if node is None:
        raise RulesetError("empty ruleset: expected a mapping with 'name', 'deck', ...", Where(label))
    converter = _Converter(label, text.splitlines())
    try:
        tree = converter.convert(node, ())
    except RulesetError as e:  # said with the mistakes found before it (a key read as true, then given twice)
        raise RulesetError("", problems=converter.faults + e.problems) from None
    if isinstance(tree, Map):
        tree.faults = converter.faults
        tree.stamps = ((path.resolve(), digest(raw)),)  # the file read, and what its text was (`file_stamp`)
    elif converter.faults:
        raise RulesetError("", problems=converter.faults)
    return tree


def _compose(text: str):
    """The YAML node tree: by libyaml when it is there and the text is good (16x faster), else by the
    Python parser, whose error messages and places the errors above are written for."""
    fast = getattr(yaml, "CSafeLoader", None)
    if fast is not None:
        try:
            return yaml.compose(text, Loader=fast)
        except yaml.YAMLError:
            pass
    return yaml.compose(text, Loader=yaml.SafeLoader)


def _deepest(text: str, label: str) -> Where:
    """Where brackets first nest deeper than MAX_DEPTH."""
    depth = 0
    for i, ch in enumerate(text):
        depth += ch in "[{"
        depth -= ch in "]}"
        if depth > MAX_DEPTH:
            return _offset_where(b"", i, label, text)
    return Where(label)


def _offset_where(raw: bytes, offset: int, label: str, text: str | None = None) -> Where:
    before = text[:offset] if text is not None else raw[:offset].decode("utf-8", "replace")
    line = before.count("\n") + 1
    return Where(label, line, len(before) - (before.rfind("\n") + 1) + 1)


class _Converter:
    """YAML nodes to Map/Seq/scalars, refusing tags, self-reference, deep nesting and bombs."""

    def __init__(self, label: str, lines: list[str]):
        self.label, self.lines, self.budget = label, lines, MAX_NODES
        self.faults: list = []  # (where, message): mistakes that need not stop the reading, said with the rest

    def where(self, node) -> Where:
        m = node.start_mark
        return Where(self.label, m.line + 1, m.column + 1)

    def pos(self, node) -> Pos:
        m = node.start_mark
        if not isinstance(node, yaml.ScalarNode):
            return Pos(self.label, m.line + 1, m.column + 1)
        return Pos(self.label, m.line + 1, m.column + 1, (node, self.lines))

    def convert(self, node, parents: tuple):
        self.budget -= 1
        if self.budget < 0:
            raise RulesetError(f"document too large: more than {MAX_NODES} values (an alias bomb?)", self.where(node))
        if id(node) in parents:
            raise RulesetError("a YAML alias is inside the value it names", self.where(node))
        if len(parents) > MAX_DEPTH:
            raise RulesetError(f"nested too deeply: more than {MAX_DEPTH} levels of lists and mappings",
                               self.where(node))
        self.untagged(node)
        inner = parents + (id(node),)
        if isinstance(node, yaml.MappingNode):
            return self.mapping(node, inner)
        if isinstance(node, yaml.SequenceNode):
            out = Seq(pos=self.pos(node))
            for i, v in enumerate(node.value):
                out.append(self.convert(v, inner))
                out.at[i] = self.pos(v)
            return out
        return self.scalar(node)

    def scalar(self, node):
        """A scalar's value; one its tag cannot make (`!!int abc`) is a located error."""
        try:
            value = _scalar(node)
        except yaml.YAMLError as e:
            raise RulesetError(f"not a value: {getattr(e, 'problem', e)}", self.where(node)) from None
        except Exception:  # noqa: BLE001 - a standard tag that cannot make its value (!!bool abc, !!int): the file's
            raise RulesetError(f"not a value: '{node.value}' cannot be read as !!{node.tag.removeprefix(STANDARD_TAG)}",
                               self.where(node)) from None
        if type(value) is int and not node.style and OCTAL.fullmatch(node.value):  # YAML 1.1 octal: 010 is 8
            raise RulesetError(f"'{node.value}' is read by YAML as the octal number {value}: write {value} for that,"
                               f" or {int(node.value.replace('_', ''))} without its leading 0", self.where(node))
        return value if type(value) is not str or value.isascii() else self.whole_characters(value, node)

    def whole_characters(self, text: str, node) -> str:
        """Text whose escaped surrogate pairs ("\\ud83c\\udca1", as JSON escapes a character beyond the first
        65,536) are each made the one character they stand for; a surrogate without its pair is half of no
        character, which no file or screen can show: a located error, before anything prints it."""
        try:
            text.encode("utf-8")
            return text
        except UnicodeEncodeError:
            pass
        try:
            return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le")
        except UnicodeDecodeError as e:
            half = int.from_bytes(e.object[e.start:e.start + 2], "little")
        raise RulesetError(f"the text holds \\u{half:04x}, half of a character (a surrogate without its"
                           " pair): write the character itself", self.where(node))

    def untagged(self, node) -> None:
        if not node.tag.startswith(STANDARD_TAG) or node.tag.removeprefix(STANDARD_TAG) not in PLAIN_TAGS:
            shown_tag = node.tag.replace(STANDARD_TAG, "!!", 1)
            raise RulesetError(f"unknown YAML tag '{shown_tag}': a ruleset is plain YAML, without tags of its own",
                               self.where(node))

    def mapping(self, node, inner) -> Map:
        out = Map(pos=self.pos(node))
        for k, v in node.value:
            if k.tag == STANDARD_TAG + "merge":
                raise RulesetError(MERGE_KEY, self.where(k))
            self.untagged(k)  # a tag on a key (`!x name: ...`)
            key = self.scalar(k) if isinstance(k, yaml.ScalarNode) else None
            if isinstance(key, bool):  # YAML reads yes, no, on, off (and true, false) as true or false
                self.faults.append((self.where(k), f"the key '{k.value}' reads as {str(key).lower()} (YAML takes yes,"
                                    f" no, on and off for true and false): write it in quotes, as \"{k.value}\", or"
                                    " check its spelling"))
                key = k.value  # read on as the text written, so that the file's other mistakes are found too
            if not isinstance(key, (str, int)):
                raise RulesetError("mapping keys must be plain names", self.where(k))
            if key in out:
                raise RulesetError(f"duplicate key '{key}'", self.where(k))
            out[key] = self.convert(v, inner)
            out.at[key] = self.pos(v)
            out.key_at[key] = self.pos(k)
            if node.flow_style and isinstance(v, yaml.ScalarNode) and v.value == "" and v.tag.endswith(":null") \
                    and v.start_mark.index == k.end_mark.index:  # no colon after the key (`{key: }` is a null)
                out.unsaid.add(key)
        return out


def _segments(node, lines: list[str]) -> tuple:
    """Where each line of a scalar's text stands in the file (1-based line and column)."""
    start, end, style = node.start_mark, node.end_mark, node.style
    rest = _content_lines(lines, start.line + 1, end.line)
    if style in ("|", ">") and rest:  # the text keeps what a line has beyond the block's indent
        # the block's indent is its first line's (YAML); a line indented less, which the end mark may reach
        # (the next key, a comment), is not the block's
        indent = _block_indent(lines[start.line], start.column) or rest[0][1]
        rest = tuple(itertools.takewhile(lambda r: r[1] >= indent, rest))
        segments = [(n, indent, length + col - indent) for n, col, length in rest]
        if style == "|":  # a literal block keeps its blank lines, each an empty line of the text
            shown = {n for n, _, _ in rest}
            segments += [(n, indent, 0) for n in range(rest[0][0] + 1, rest[-1][0]) if n not in shown]
        # blank lines before the first line of text: each a line feed at the text's start, in either style
        segments += [(n, indent, 0) for n in range(start.line + 2, rest[0][0])]
        return tuple(sorted(segments))
    if start.line >= len(lines):
        return ((start.line + 1, start.column + 1, 0),)
    at = _text_start(node, lines)
    first = lines[start.line][at:]
    return ((start.line + 1, at + 1, len(first.rstrip())),) + rest


def _text_start(node, lines: list[str]) -> int:
    """The 0-based column where a scalar's text starts on its first line: after its opening quote, which
    an anchor or a tag may stand before (`&a "…"`, `!!str "…"`)."""
    start = node.start_mark
    if node.style not in ("'", '"'):
        return start.column
    quote = lines[start.line].find(node.style, start.column)
    return (quote if quote >= 0 else start.column) + 1


def _escaped(node, lines: list[str]) -> tuple:
    """For a quoted scalar that spells characters with escapes (`\\"`, `\\t`, `''`): the file's 1-based (line,
    column) of each character of its text, and one past its end; else (). Its lines fold as YAML folds them:
    each line break a space (placed after the line's end), a blank line a line feed, and in double quotes a
    backslash at a line's end joins it to the next."""
    start, end = node.start_mark, node.end_mark
    if node.style not in ("'", '"') or end.line >= len(lines):
        return ()
    first = _text_start(node, lines)
    rows = [(start.line, first, lines[start.line][first:] if end.line > start.line else
             lines[start.line][first:end.column - 1])]
    for n in range(start.line + 1, end.line + 1):
        body = lines[n][:end.column - 1] if n == end.line else lines[n]
        lead = len(body) - len(body.lstrip())
        rows.append((n, lead, body[lead:]))
    if not any(("\\" if node.style == '"' else "''") in raw for _, _, raw in rows):
        return ()
    out: list = []
    for k, (n, at, raw) in enumerate(rows):
        last = k == len(rows) - 1
        body = raw if last else raw.rstrip(" \t")
        joined = node.style == '"' and not last and _escapes_break(body)
        out += _spelt(node.style, n + 1, at + 1, body[:-1] if joined else body)
        if not last and not joined and body and rows[k + 1][2].strip():  # a break between two lines: a space
            out.append((n + 1, at + 1 + len(body)))
        elif not last and not body.strip() and k:  # a blank line: a line feed
            out.append((n + 1, 1))
    return tuple(out) + ((end.line + 1, end.column),)


def _escapes_break(body: str) -> bool:
    """Does a double-quoted line end in a backslash that escapes its line break (an odd run of them)?"""
    return (len(body) - len(body.rstrip("\\"))) % 2 == 1


def _spelt(style: str, line: int, col: int, raw: str) -> list:
    """(line, column) of each character a quoted line's raw text spells, an escape one character."""
    out, i = [], 0
    while i < len(raw):
        out.append((line, col + i))
        if style == '"' and raw[i] == "\\":
            i += {"x": 4, "u": 6, "U": 10}.get(raw[i + 1:i + 2], 2)
        else:
            i += 2 if style == "'" and raw[i:i + 2] == "''" else 1
    return out


def _block_indent(header: str, at: int) -> int | None:
    """The 1-based column a block scalar's text starts at when its header gives an indentation indicator
    (`>2-`: two beyond the line's own indent), else None."""
    m = re.match(r"[|>][+-]?([1-9])?[+-]?", header[at:])
    digit = m and m.group(1)
    return len(header) - len(header.lstrip()) + int(digit) + 1 if digit else None


def _content_lines(lines: list[str], first: int, last: int) -> tuple:
    """(line, column, length) of the non-blank text of lines first..last (0-based, inclusive)."""
    out = []
    for n in range(first, min(last + 1, len(lines))):
        body = lines[n]
        if body.strip():
            lead = len(body) - len(body.lstrip())
            out.append((n + 1, lead + 1, len(body.strip())))
    return tuple(out)


def _scalar(node):
    if node.tag == _STR:  # most of a ruleset: the text itself, as the constructor would give it
        return node.value
    value = _LOADER.construct_object(node)
    _LOADER.constructed_objects.clear()
    return value


_LOADER = yaml.SafeLoader("")
_STR = STANDARD_TAG + "str"


def load_tree(path: Path, label: str | None = None, _chain: tuple = (), anywhere: bool | None = None) -> Map:
    """Read a ruleset file and the files it `extends:`, merged into one tree.

    `extends:` names a file in the extending ruleset's folder or a bundled ruleset; `anywhere` (default:
    the environment variable CARDRULES_EXTENDS_ANYWHERE=1) allows any path."""
    label = label or str(path)
    tree = read_yaml(path, label)
    if not isinstance(tree, Map):
        raise RulesetError("a ruleset must be a mapping (name: ..., deck: ...)", Where(label))
    parent = tree.get("extends")
    if parent is None:
        _no_placing(tree)
        return tree
    where = tree.where("extends").where
    if not isinstance(parent, str):
        raise RulesetError("'extends' takes the name or path of a ruleset", where)
    if len(_chain) >= MAX_EXTENDS:
        raise RulesetError(f"'extends' goes deeper than {MAX_EXTENDS} files", where)
    anywhere = extends_anywhere() if anywhere is None else anywhere
    base_path = _base_file(parent, path, anywhere, where)
    key = base_path.resolve()
    chain = _chain + (path.resolve(),)
    if key in chain:
        raise RulesetError(f"cyclic 'extends': '{parent}' extends this file again", where)
    base_label = _relative_label(base_path, label)
    base = load_tree(base_path, base_label, chain, anywhere)
    merged = merge_variant(base, tree)
    merged.base = base  # what the options read before this file changed it
    merged.stamps = tree.stamps + base.stamps
    return merged


def _base_file(parent: str, path: Path, anywhere: bool, where: Where) -> Path:
    """The file `extends: parent` in the file at `path` names."""
    base_path = _find_base(parent, path.parent, anywhere, where)
    if base_path.resolve() == path.resolve() and may_be_bundled(Path(parent)):  # a file named as it extends:
        bundled = bundled_dir() / _bundled_stem(Path(parent))  # `NAME` saying `extends: NAME` builds on the
        base_path = bundled if is_file(bundled) else base_path  # bundled one, never on itself
    return base_path


def bases_of(path: Path, label: str) -> tuple[Where | None, str, list[Path]]:
    """Where a ruleset file says `extends:`, the name it gives there, and the files it builds on, its own base
    first, each resolved: as far as they can be read (load says what stops the chain); (None, '', []) for a file
    that extends none."""
    where, parent, bases, anywhere = None, "", [], extends_anywhere()
    while len(bases) <= MAX_EXTENDS:
        try:
            tree = read_yaml(path, label)
            named = tree.get("extends") if isinstance(tree, Map) else None
            if not isinstance(named, str):
                break
            at = tree.where("extends").where
            path = _base_file(named, path, anywhere, at)  # unresolved: its `extends:` is read from its folder
            key = path.resolve()
        except (RulesetError, OSError, ValueError, RuntimeError):
            break
        if where is None:
            where, parent = at, named
        if key in bases:  # a cycle: said by load
            break
        bases.append(key)
        label = str(path)
    return where, parent, bases


def file_stamp(path: Path) -> str | None:
    """A digest of a file's text: a ruleset loaded again after its file (or a base's) was written anew is read
    anew, whatever the file system's clock says (an edit of the same size in the same tick)."""
    try:
        return digest(path.read_bytes())
    except (OSError, ValueError):
        return None


def digest(raw: bytes) -> str:
    """A short digest of some bytes, as text: a file's (`file_stamp`, a record as read), a ruleset's rules."""
    return hashlib.blake2b(raw, digest_size=16).hexdigest()


def shown(name: str, whole: bool = False) -> str:
    """A file name fit for a message: printable, and cut short when very long (unless `whole`: a name to type)."""
    text = "".join(ch if ch.isprintable() else "?" for ch in str(name))
    return text if whole or len(text) <= 80 else text[:77] + "..."


def _find_base(parent: str, folder: Path, anywhere: bool, where: Where) -> Path:
    if not parent.strip():  # else the folder itself (`''`), or a file of spaces
        raise RulesetError("'extends' names no ruleset: the name is empty (name a bundled ruleset or a file beside"
                           " this one, or leave 'extends' out)", where)
    name = shown(parent)
    try:
        return resolve_base(parent, folder, anywhere)
    except RulesetError as e:  # a folder or a device, named at the `extends:` that names it
        raise RulesetError(e.problems[0][1], where) from None
    except FileNotFoundError:
        if _is_folder(folder / parent):
            raise RulesetError(f"'extends' names '{name}', a folder, not a ruleset file (a YAML file)", where) from None
        raise RulesetError(f"cannot find ruleset '{name}' to extend{_near_base(parent, folder)}", where) from None
    except PermissionError:
        raise RulesetError(f"'extends' names a file outside this ruleset's folder: '{name}' (name a bundled "
                           f"ruleset or a file beside this one, or set {ANYWHERE}=1)", where) from None


def _is_folder(path: Path) -> bool:
    try:
        return path.is_dir()
    except (OSError, ValueError):  # a name too long, a NUL in it
        return False


def _near_base(parent: str, folder: Path) -> str:
    """' (did you mean house.yaml?)' where a ruleset beside this one or a bundled one is named much alike: as
    it is to be typed, a file beside by its whole name (`extends: house` finds no house.yaml), a bundled one as
    the name typed is (with .yaml or without); never the name typed itself."""
    from .data import bundled_dir

    try:
        beside = sorted(p.name for p in folder.glob("*.y*ml"))
        bundled = sorted(p.name for p in bundled_dir().glob("*.yaml"))
    except OSError:
        return ""
    suffix = bool(Path(parent).suffix)  # a bundled name is given without its .yaml
    near: dict[str, str] = {}  # as compared with the name typed: as it is to be typed
    for name in beside:
        near.setdefault(name if suffix else Path(name).stem, name)
    for name in bundled:
        near.setdefault(name if suffix else Path(name).stem, name if suffix else Path(name).stem)
    typed = parent.removeprefix("./")
    close = [near[n] for n in difflib.get_close_matches(typed, sorted(near), n=1, cutoff=0.75)]
    close = [n for n in close if n != parent]
    return f" (did you mean {close[0]}?)" if close else ""


def _relative_label(base_path: Path, label: str) -> str:
    """Name the base file as the user would: from the current folder if it is below it, else in full."""
    if Path(label).is_absolute():
        return str(base_path)
    full = base_path.resolve()
    try:
        return str(full.relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):  # not below the current folder, or that folder is gone
        return str(full)


def _own_name(out: Map, variant: Map, base: Map) -> None:
    """A variant that names itself nothing is named by its file (`house.yaml`: house), not shown as its
    base by `simulate`, `coverage` and the JSON they print; without a description of its own, it is described by
    its base's title and whose house rules change it (the base's description may no longer hold: 'first to 62'
    for a game to 30)."""
    file = variant.pos.file if variant.pos else None
    if not file:
        return
    if "name" not in variant:
        out["name"] = shown(Path(file).stem)  # printable: it heads simulate's lines and the table
        out.at["name"] = variant.pos
    root = base
    while getattr(root, "base", None) is not None:  # the ruleset the chain begins with: its title has no figures
        root = root.base  # that a house rule may change ('… to 105'), nor does the game's own name
    names = root.get("names")
    titled = (names.get("en") if isinstance(names, Map) else None) or root.get("name") or base.get("name")
    if "description" not in variant and isinstance(titled, str):  # not 'first to 62' for a game to 63
        out["description"] = f"{titled}, with the house rules of {shown(Path(file).name)}"
        out.at["description"] = variant.pos


def merge_variant(base: Map, variant: Map) -> Map:
    """Variant keys override the base; `options: {name: value}` sets a default. What looks like a slip but
    is allowed (a new item named almost as one of the base's) is kept in the tree's `notes` as a warning."""
    notes: list = []
    removed: dict = {}  # (what, name) -> where the variant removes it, for a base's line that still names it
    out = _merge(base, variant, notes=notes, removed=removed)
    out.notes = getattr(base, "notes", []) + notes
    out.faults = getattr(base, "faults", []) + getattr(variant, "faults", [])
    out.removed = {**getattr(base, "removed", {}), **removed}
    out.pos = variant.pos
    out.variants = (variant,) + getattr(base, "variants", ())  # each file's own tree, the outermost first
    out.root = getattr(base, "root", base.pos.file)  # the file at the end of the chain, which extends none
    out.pop("extends", None)
    _own_name(out, variant, base)
    if "options" in variant:  # options set wrongly are said with the file's other mistakes, not alone
        out["options"] = merge_options(base.get("options", Map()), variant["options"], variant.where("options"),
                                       out.faults)
        out.at["options"] = variant.where("options")
    return out


GAME_OWN = ("target", "rounds", "hands", "max_hands")  # what `game:` sets, which a house rule may take for options
WORDS_ONLY = ("extends", "name", "description", "names", "fa", "doc")  # what a variant says, not changes


def changed_by(tree: Map, file: str) -> list[tuple[str, list]]:
    """The files that extend `file` in `tree`'s chain, the outermost first, each with what it changes
    there: `players`, `zones.won`, `hand: deal`, each with its line."""
    files = [v.pos.file for v in getattr(tree, "variants", ())]
    outer = getattr(tree, "variants", ())[:files.index(file)] if file in files else getattr(tree, "variants", ())
    return [(v.pos.file, _changes(v)) for v in outer]


def root_file(tree: Map) -> Path:
    """The ruleset file a ruleset's `extends:` chain ends at (its own, if it extends none), resolved."""
    return Path(getattr(tree, "root", tree.pos.file)).resolve()


def own_changes(tree: Map) -> tuple[str, list]:
    """What the outermost file of a ruleset's `extends:` chain names as its base, and what it changes there
    (what, line); ('', []) for a ruleset that extends none."""
    variants = getattr(tree, "variants", ())
    return (str(variants[0].get("extends", "")), _changes(variants[0])) if variants else ("", [])


def _changes(variant: Map) -> list:
    """(what, line) for each thing a variant's own file writes, in its order."""
    out = []
    for key, value in variant.items():
        if key in WORDS_ONLY:
            continue
        if isinstance(value, Map) and value:
            out += [(f"{key}.{k}", value.key_at.get(k, value.where(k)).line) for k in value
                    if not _words_only(value[k])]
        elif isinstance(value, Seq) and value and all(isinstance(x, Map) and "name" in x for x in value):
            out += [(f"{key}: {x['name']}", value.where(i).line) for i, x in enumerate(value)
                    if not _words_only(x, "name")]
        else:
            out.append((key, variant.key_at.get(key, variant.where(key)).line))
    return out


def _words_only(node, *naming: str) -> bool:
    """Does a variant's mapping only say something anew (an option's `doc`, a row's `fa`), beside the keys that
    name what it says it of (`naming`), and change no rule?"""
    return isinstance(node, Map) and any(k not in naming for k in node) and all(
        k in WORDS_ONLY or k in naming for k in node)


def all_text(node) -> str:
    """Every text written under a node (a mapping's values, a list's items), joined by spaces."""
    return " ".join(texts(node))


def texts(node):
    """Every value written under a node, as text, in order."""
    if isinstance(node, dict):
        for v in node.values():
            yield from texts(v)
    elif isinstance(node, list):
        for v in node:
            yield from texts(v)
    else:
        yield str(node)


WORDS_KEYS = frozenset(("doc", "forbid_doc", "win_doc", "may_play_doc", "description", "names", "fa",
                        "name"))  # words for people
RULE_DOCS = {"forbid_if": "forbid_doc", "win_if": "win_doc", "may_play": "may_play_doc"}  # a rule -> its words


def expressions_at(node):
    """(where, text) of every text written under a node, in order, but its words for people (docs, names)."""
    items = node.items() if isinstance(node, Map) else enumerate(node) if isinstance(node, Seq) else ()
    for k, v in items:
        if k in WORDS_KEYS:
            continue
        if isinstance(v, str):
            yield node.where(k), v
        else:
            yield from expressions_at(v)


def unread_option_names(tree: Map) -> list[str]:
    """The options this file leaves unread, so that setting one changes nothing: new here and read by no rule,
    or declared in a ruleset it extends, read there, and read by no rule of the merged ruleset (this file
    replaced what read them: `game: {target: 30}` leaves `option.target`). An option this file declares again
    (its doc or values reshaped) is one its author has looked at: left alone."""
    here, base = tree.pos.file, getattr(tree, "base", None)
    unread = _unread(tree)
    if not unread:
        return []
    options, in_base = tree.get("options", Map()), base.get("options", ()) if base is not None else ()
    read_in_base = set(in_base) - set(_unread(base)) if in_base else set()
    return [name for name in unread if name not in in_base and options.where(name).file == here
            or name in read_in_base and options.where(name).file != here]


def unread_base_options(tree: Map) -> list[str]:
    """The options a ruleset this file extends declared that no rule of the merged tree reads, whoever removed
    the rule that read them (the rules sheet says so in place of their docs, which no longer hold); those this
    file declares again keep their own docs."""
    options, here = tree.get("options", Map()), tree.pos.file
    return [name for name in _unread(tree) if options.where(name).file != here]


def _unread(tree: Map) -> list[str]:
    """The options declared in the merged tree that no rule of it reads (a table's notice is a rule: what it
    tests is said at the table; the table's words are not)."""
    options = tree.get("options", Map())
    if not options:
        return []
    table = tree.get("table")
    notices = table.get("notices", ()) if isinstance(table, Map) else ()
    rules = " ".join([*(all_text(v) for k, v in tree.items() if k not in ("options", "table")), all_text(notices)])
    return [name for name in options if not re.search(rf"\boption\.{re.escape(name)}\b", rules)]


def unread_options(tree: Map) -> list[tuple]:
    """A warning for each option this file leaves unread (`unread_option_names`): at its declaration when it
    is this file's own, else where this file sets it, else at the top of the file."""
    options, here = tree.get("options", Map()), tree.pos.file
    out = []
    for name in unread_option_names(tree):
        if options.where(name).file == here:  # new here
            out.append((options.where(name).where, f"option '{name}' is read by no rule: setting it changes"
                                                   " nothing (a rule reads it as option." + name + ")"))
        else:
            spec = options.get(name)
            set_here = isinstance(spec, Map) and spec.where("default").file == here  # `options: {rounds: 2}`
            out.append((spec.where("default").where if set_here else tree.pos.where,
                        f"option '{name}' (of {Path(options.where(name).file).name}) is read by no rule here: this"
                        " file replaced what read it, so setting the option changes nothing"))
    return out


def merge_options(base, overrides, pos: Pos, faults: list | None = None, in_file: bool = True) -> Map:
    """Override option defaults by name; a mapping declares or reshapes an option. With `faults`, options set
    wrongly are put there and left as the base has them (the rest of the file is still checked), else raised.
    Options given to `load` (not `in_file`) cannot declare one: an unknown one is not told how to."""
    if not isinstance(overrides, Map):
        raise RulesetError("'options' must be a mapping of option names", pos.where)
    out = _copy(base) if isinstance(base, Map) else Map(pos=pos)
    problems = []  # every option set wrongly, not only the first
    for name, value in overrides.items():
        where = overrides.where(name)
        if isinstance(value, Map):
            out[name] = _merge(out[name], value) if isinstance(out.get(name), Map) else value
            out.at[name] = where
        elif name not in out:
            game = (f": the game's own {name} is set under game:, as game: {{{name}: {value}}}"
                    if name in GAME_OWN and type(value) is int else "")  # a house rule to 300, as an option
            said = unknown("option", name, sorted(out))
            named = [k for k, v in out.items() if isinstance(v, Map) and v.get("fa") == name]  # its Persian name
            if named:
                said += f"; '{name}' is the Persian name of option {' or '.join(repr(k) for k in named)}: set it by" \
                        " that name"
            if in_file and not game and "did you mean" not in said and not named and isinstance(name, str) \
                    and name.isidentifier() \
                    and isinstance(value, (int, str)):  # a new one, meant so? as YAML writes its value
                shown = json.dumps(value, ensure_ascii=False) if isinstance(value, (bool, str)) else value
                game = (f"; to add an option of your own, give it a default, {name}: {{default: {shown}}}, and"
                        f" read it in a rule (option.{name})")
            problems.append((overrides.key_at.get(name, where).where, said + game))
        elif value is None:
            problems.append((where.where, f"option '{name}' cannot be taken away (null): the base's rules read it;"
                                          " give it a value"))
        elif _wrong_kind(name, out[name], value) and bool_word(where, value) and \
                isinstance(out[name].get("default"), str):
            allowed = out[name].get("values")
            word = bool_word(where, value)
            if isinstance(allowed, list) and word not in map(str, allowed):  # not a value quoted or not: say them
                problems.append((where.where, f"option '{name}' is {word}; it may be {', '.join(map(str, allowed))}"
                                              f" (YAML reads {word} as {str(value).lower()}: a word such as it"
                                              " goes in quotes)"))
            else:
                problems.append((where.where, word_read_as_bool(name, f"{name}: {word}", value)))
        elif _wrong_kind(name, out[name], value):
            problems.append((where.where, _wrong_kind(name, out[name], value)))
        else:
            opt = _copy(out[name])
            opt["default"] = value
            opt.at["default"] = where
            out[name] = opt
    if problems:  # and the values outside an option's own, which the compiler would say were these not fatal
        problems += [(overrides.where(name).where, not_a_value(name, value, out[name]["values"], out[name]))
                     for name, value in overrides.items() if not isinstance(value, Map) and name in out
                     and isinstance(out[name], Map) and isinstance(out[name].get("values"), list)
                     and out[name].get("default") == value and value not in out[name]["values"]]
        problems.sort(key=lambda p: (p[0].line, p[0].col))
        if faults is None:
            raise RulesetError("", problems=problems)
        faults.extend(problems)
    return out


def bool_word(pos, value) -> str:
    """yes, no, on or off as the file wrote a value YAML reads as true or false, or '' (true, false, quoted)."""
    node = pos.scalar[0] if pos is not None and pos.scalar else None
    if type(value) is not bool or node is None or node.style or node.value.lower() in ("true", "false"):
        return ""
    return node.value


def word_read_as_bool(name: str, said: str, value) -> str:
    """An option of words given `said` (`default: yes`), which YAML reads as `value`: write it in quotes."""
    word = said.rpartition(" ")[2]
    return (f"option '{name}' takes words, but {said} is read as {str(value).lower()} (YAML takes yes, no, on and off"
            f" for true and false): write \"{word}\" in quotes")


def not_a_value(name: str, value, allowed, spec) -> str:
    """An option's default outside its `values`: where those values come from, and how to allow more (values as YAML
    writes them: true, not True; a fuzz of house rules)."""
    listed, here = ", ".join(map(yaml_word, allowed)), spec.where("default").file
    said = _yaml_said(value)
    close = difflib.get_close_matches(value, [str(a) for a in allowed], n=1, cutoff=0.7) \
        if isinstance(value, str) else []
    if spec.where("values").file == here:
        meant = f" (did you mean {close[0]}?)" if close else ""
        return f"option '{name}' is {said}, which is not one of its own values ({listed}){meant}"
    meant = next((a for a in allowed if isinstance(value, str) and str(a).casefold() == value.casefold()), None)
    if meant is not None:  # 'Draw' for draw: a slip, not a new value
        return f"option '{name}' is {said}; it may be {listed}: write it as {_yaml_said(meant)}"
    again = f"{name}: {{default: {said}, values: [{listed}, {said}]}}"
    if close:  # 'win' for wins: a slip, most likely
        return (f"option '{name}' is {said}; it may be {listed} (did you mean {close[0]}? a house rule that means a"
                f" new value declares it again: {again})")
    if spec.pos is not None and spec.pos.file == here:  # a mapping in this file, without `values`
        return (f"option '{name}' is {said}; the base allows {listed}, and a mapping without `values` keeps"
                f" them: give them anew to allow more, {again}")
    return f"option '{name}' is {said}; it may be {listed} (a house rule may declare it again to allow more: {again})"


def option_values(spec):
    """The values an option's declaration says it may be set to: its `values`, or false and true for a yes-no one
    (its default a true/false); None where it lists none (a number, open-ended)."""
    if not hasattr(spec, "get"):
        return None
    values = spec.get("values")
    if values is None and type(spec.get("default")) is bool:
        return (False, True)
    return values


def yaml_word(value) -> str:
    """A value as YAML writes it: true, not True."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def _yaml_said(value) -> str:
    return yaml_word(value) if isinstance(value, bool) else repr(value)


def _wrong_kind(name: str, spec, value) -> str:
    """What is wrong with a new default not of the option's kind, or '' (its `values` are checked at compile
    time). The value is said as the file spells it: true, not Python's True."""
    old = spec.get("default") if isinstance(spec, Map) else None
    kinds = {bool: "true or false", int: "a whole number", str: "a word"}
    if old is None or type(value) is type(old):
        return ""
    said = ("true" if value else "false") if isinstance(value, bool) else repr(value) if isinstance(value, str) \
        else str(value)
    digits = value.translate(TO_ASCII).strip() if isinstance(value, str) else ""
    hint = f" (write it in the digits 0-9: {int(digits)})" if type(old) is int and \
        re.fullmatch(r"-?[0-9]+", digits) and digits != value.strip() else ""  # '۱۰۵', Persian digits
    return f"option '{name}' is {kinds.get(type(old), 'a value')}, not {said}{hint}"



def _copy(m: Map) -> Map:
    c = Map(m, pos=m.pos)
    c.at, c.key_at = dict(m.at), dict(m.key_at)
    return c


def _merge(base, over, key=None, notes=None, removed=None):
    if isinstance(base, Map) and isinstance(over, Map):
        out = _copy(base)
        out.pos = over.pos
        for k, v in over.items():
            if over.drops(k):  # `key: null` takes the base's key away
                if k not in base:
                    raise RulesetError(f"'{k}: null' takes a key of the base away, but the ruleset this file"
                                       f" extends has no '{k}' here (is it misspelt?)", over.where(k).where)
                out.drop(k)
                if key is None and removed is not None:  # a whole section: a section every ruleset needs is
                    removed["section", k] = over.where(k)  # said missing at this line
                continue
            out[k] = _merge(base[k], v, k, notes, removed) if k in base else v
            out.at[k] = over.where(k)
            out.key_at[k] = over.key_at.get(k, over.where(k))
            said = RULE_DOCS.get(k)  # a rule changed without its words: the base's described the old rule
            if said in base and said not in over and said in out and out[k] != base[k]:
                out.drop(said)
        return out
    if isinstance(base, Seq) and isinstance(over, Seq):
        named = NAMED.get(key, Named())
        if _named(base, named) and _named(over, named):
            return _merge_named(base, over, named, notes, removed)
        _replaced_whole(base, over, named, notes)
        if not named.what:
            _keys_dropped(base, over, key, notes)
            return _nulls_dropped(base, over, key)
    return over


def _named(seq, named: Named) -> bool:
    """Are these items named, one text each (else the list is replaced whole and its schema says why)?"""
    return all(isinstance(x, Map) and isinstance(_item_name(x, named), str) for x in seq)


def _item_name(x: Map, named: Named):
    """An item's name; where a list lets an item go without one (a special entry), the key it goes by."""
    name = x.get("name")
    if name is None and named.by is not None:
        return named.by(x)
    return name


def _replaced_whole(base: Seq, over: Seq, named: Named, notes) -> None:
    """A variant's list of items that do not all have names replaces the base's whole: an error where that
    would drop named items unsaid, a warning where the base's are not all named either. (Rows and declarations
    must have names, a whole ruleset's steps need not: the schema says which lacks one.)"""
    what = named.what
    if not what or named.must_name or not base or not over:
        return
    if not _named(base, named):
        if notes is not None:
            notes.append((over.pos.where, f"the base's {what}s are not all named, so these replace them all:"
                                          f" name each {what} in the base to change one"))
        return
    j = next(j for j, x in enumerate(over) if not (isinstance(x, Map) and isinstance(_item_name(x, named), str)))
    if isinstance(over[j], Map) and "name" in over[j] and what == "step":  # a name not text: the schema says so
        return
    names = ", ".join(f"'{_item_name(x, named)}'" for x in base)
    if not isinstance(over[j], Map):  # `- deal`: not a mapping at all
        shown = printable(str(over[j]))
        shown = shown if len(shown) <= 40 else shown[:39] + "…"
        raise RulesetError(f"this {what} is '{shown}', not a mapping: a {what} is written as keys"
                           f" and values ({{name: ..., ...}}), and a variant changes the base's by name ({names})",
                           over.where(j).where)
    raise RulesetError(f"this {what} has no name: a variant changes and adds {what}s by name (the base's: {names}),"
                       f" and unnamed ones would replace them all; name it: as the base's {what} it changes, or"
                       f" anew to add one (placed with after: or before:; {{name: ..., remove: true}} drops one of"
                       f" the base's)", over.where(j).where)


ITEM_WORDS = {"deal": "packet", "refill": "packet"}  # what an unnamed list item is called, by the key holding it


def _nulls_dropped(base: Seq, over: Seq, key) -> Seq:
    """A list of unnamed items replacing a base's whole, where an item's `key: null` drops a key the base's items
    had, on purpose (unwarned by `_keys_dropped`): the items without those keys. A key none of the base's items
    had is an error at it (is it misspelt?)."""
    if not any(isinstance(x, Map) and any(map(x.drops, x)) for x in over):
        return over
    had = {k for x in base if isinstance(x, Map) for k in x}
    out = Seq(over, pos=over.pos)
    out.at = dict(over.at)
    for i, x in enumerate(over):
        if not isinstance(x, Map) or not any(map(x.drops, x)):
            continue
        kept = _copy(x)
        for k in [k for k in x if x.drops(k)]:
            if k not in had:
                word = ITEM_WORDS.get(key, "item")
                raise RulesetError(f"'{k}: null' takes a key of the base's {word}s away, but none of them has '{k}'"
                                   " (is it misspelt?)", x.where(k).where)
            kept.drop(k)
        out[i] = kept
    return out


def _keys_dropped(base: Seq, over: Seq, key, notes) -> None:
    """A variant's list replaces a base's list of mappings without names whole: a warning at the variant's list
    where a key the base's items had is in none of the new ones (a deal restated without the base's
    `redeal_if`), which the author may not have meant to drop; one given as null is dropped on purpose."""
    if notes is None or not base or not over or not all(isinstance(x, Map) and "name" not in x for x in base):
        return
    given = {k for x in over if isinstance(x, Map) for k in x}
    lost: dict = {}  # key -> the base's items that had it
    for i, x in enumerate(base):
        for k in x:
            if k not in given and k not in WORDS_ONLY:
                lost.setdefault(k, []).append(base.where(i).where)
    if not lost:
        return
    word = ITEM_WORDS.get(key, "item")
    said = []
    for k, places in lost.items():
        file = places[0].file.rsplit("/", 1)[-1]
        lines = ", ".join(str(p.line) for p in places)
        said.append(f"{k} of the base's {word}{'s' if len(places) > 1 else ''} at {file}:{lines}")
    one = len(lost) == 1
    notes.append((over.pos.where, f"'{key}' replaces the base's {word}s whole (they have no names): {'; '.join(said)}"
                                  f" {'is' if one else 'are'} dropped; restate {'it' if one else 'them'} to keep"
                                  f" {'it' if one else 'them'}, or give {'it' if one else 'them'} as null to drop"
                                  f" {'it' if one else 'them'}"))


STEP_KINDS = ("deal", "draw", "set", "choose", "redeal", "auction", "exchange", "play", "collect", "pick", "pass")


@dataclass(frozen=True)
class Named:
    """A list of named items: what an item is called, the keys a new one must give (any of them), and the keys
    that say what it does (changed without a `doc`, the base's doc, which described the old rule, goes)."""

    what: str = ""
    needs: tuple = ()
    content: tuple = ()
    needs_all: bool = False  # a new one gives every key of `needs`
    by: object = None  # f(item): the key an item without a name goes by, where one may go without (else None)
    must_name: bool = False  # the schema asks every item for a name (and says so better than a merge can)


def _entry_card(x) -> str | None:
    """A special entry without a name goes by its card (as the deck spells it: `bj`, `BJ` are one), or by
    its test on cards."""
    said = x.get("card", x.get("cards"))
    if not isinstance(said, (str, int)):
        return None
    try:
        return C.NAMES[C.card_id(str(said))] if "card" in x else str(said)
    except C.CardError:  # not a card: the step's own check says so
        return str(said)


NAMED = {  # by the key that holds the list
    "hand": Named("step", STEP_KINDS, STEP_KINDS),  # a whole ruleset's steps may go unnamed: not a variant's
    "scoring": Named("scoring row", ("points",), ("points",), must_name=True),
    "captures": Named("capture rule", ("card", "take"), ("card", "take", "from", "sum", "several"), True),
    "after_capture": Named("effect", ("add",), ("add", "if", "by", "side")),
    "after_lay": Named("effect", ("draw", "skip", "reverse"), ("if", "draw", "skip", "reverse", "stack")),
    "after_trick": Named("after_trick entry", ("set",), ("if", "set")),
    "declare": Named("declaration", ("points", "into"), ("cards", "each", "points", "into", "when", "lead"),
                     needs_all=True, must_name=True),
    "special": Named("special entry", ("card", "cards"), ("card", "cards", "free", "allowed", "forced"),
                     by=_entry_card),
}
PLACING = ("before", "after")  # where a variant puts a named item among its base's


def _merge_named(base: Seq, over: Seq, named: Named, notes: list | None = None, removed: dict | None = None) -> Seq:
    """Lists of named items merge by name: a same-named item is changed (replaced, when it is a step given
    another kind), a new one appended or placed `before:`/`after:` a named one; `remove: true` drops one.
    A new item gives what `named.needs`; a changed one that gives new content without a `doc` loses the
    base's."""
    what, content = named.what, named.content
    kinds = content if what == "step" else ()
    items = [(_item_name(x, named), x, base.where(i)) for i, x in enumerate(base)]
    own = [(n, x.get("fa")) for n, x, _ in items]  # the base's names: a new item named almost as one is misspelt
    said: dict = {}  # the variant's own names: one item each, as in a whole ruleset
    for j, x in enumerate(over):
        name = _item_name(x, named)
        first = said.setdefault(name, j)
        if first != j:
            raise RulesetError(f"{what or 'item'} '{name}' is named twice in this list (first at line"
                               f" {over.where(first).where.line}): each {what or 'item'} needs a name of its own",
                               named_at(x).where)
        x, place = _without_placing(x)
        where, names = over.where(j), [n for n, _, _ in items]
        if x.get("remove") is True:
            if name not in names:
                raise RulesetError(f"nothing named '{name}' to remove here ({_listed(name, names)})", where.where)
            del items[names.index(name)]
            if removed is not None:
                removed[what, name] = where
            continue
        item = (name, x, where)
        if name in names:
            i = names.index(name)
            old = items[i][1]
            if not any(k in x and k not in old for k in kinds):  # the same kind of step: changed key by key
                item = (name, _merge(_undocumented(old, x, content), x, notes=notes, removed=removed), where)
            if place is None:
                items[i] = item
                continue
            del items[i]
        elif named.needs and not any(k in x for k in named.needs):
            raise RulesetError(f"no {what} named '{name}' to change ({_listed(name, names)}); a new {what} needs"
                               f" {_needed(named)}{_misspelt_need(x, named)}", where.where)
        else:
            _note_near_miss(notes, name, own, what, named_at(over[j]))
        _put(items, item, place)
    out = Seq([x for _, x, _ in items], pos=over.pos)
    out.at = {i: p for i, (_, _, p) in enumerate(items)}
    return out


def named_at(x: Map):
    """Where a list item's name, or the key it goes by (a special entry's card), is written."""
    return x.where(next((k for k in ("name", "card", "cards") if k in x), "name"))


def special_label(sp) -> str:
    """How a special entry is known (merging, duplicates, coverage, the sheet, refusals): its name, else its
    card as the deck spells it, else its test on cards."""
    return str(sp.get("name") or _entry_card(sp) or "")


def effect_label(entry, k: int) -> str:
    """How the k-th `after_lay` entry of a shedding play is known (coverage, the sheet, errors in play): its name,
    else `effect k+1`."""
    return str(entry.get("name") or f"effect {k + 1}")


def _needed(named: Named) -> str:
    keys = named.needs
    if len(keys) == 1:
        return keys[0]
    return " and ".join(keys) if named.needs_all else "one of: " + ", ".join(keys)


def _misspelt_need(x: Map, named: Named) -> str:
    """A key of the item spelt almost as one a new item needs (`sett:`): said, as the likely mistake."""
    for k in x:
        close = difflib.get_close_matches(str(k), named.needs, n=1, cutoff=0.6)
        if close and k not in named.needs:
            return f" ('{printable(k)}': did you mean '{close[0]}'?)"
    return ""


def _note_near_miss(notes, name: str, names: list, what: str, where: Pos) -> None:
    """A new item named almost as one of the base's (`names`: each its name and Persian name), or by one's
    Persian name, is most likely a change misspelt: say so."""
    if notes is None or not what or not isinstance(name, str):
        return
    by_fa = next((n for n, fa in names if fa == name), None)
    if by_fa is not None:
        notes.append((where.where, f"'{name}' is a new {what}, not the base's '{by_fa}' (its Persian name is"
                                   f" '{name}'): to change that {what}, give it the name '{by_fa}'"))
        return
    close = _near(name, [n for n, _ in names if isinstance(n, str)])
    if close:
        notes.append((where.where, f"'{name}' is a new {what}, not the base's '{close}': to change that"
                                   f" {what}, spell its name as the base does"))


def _near(name: str, names: list) -> str | None:
    """The name of `names` that `name` most likely misspells: the same but for case, a letter or two
    swapped, left out, added or changed (one in a name of 5 to 7 letters, none changed in a shorter one: `bag`
    is not `bam`), the fewest first, or much the same by difflib."""
    folded = name.casefold()
    for n in names:
        if n.casefold() == folded:
            return n
    if len(folded) >= 3:
        near = [(_edits(folded, n.casefold()), n) for n in names]
        near = [(d, n) for d, n in near if d <= (1 if len(folded) < 8 else 2) and not (
            len(folded) < 5 and len(n) == len(folded) and sorted(n.casefold()) != sorted(folded))]
        if near:  # in a short name a letter changed is likely a new word (bag, not bam); one swapped, a slip
            return min(near, key=lambda x: x[0])[1]
    close = difflib.get_close_matches(name, names, n=1, cutoff=0.8)
    return close[0] if close else None


def _edits(a: str, b: str) -> int:
    """Letters to change, add, leave out or swap with the next to turn `a` into `b` (optimal string alignment)."""
    if abs(len(a) - len(b)) > 2:
        return 3
    prev2, prev = None, list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        row = [i]
        for j, cb in enumerate(b, 1):
            cost = min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (ca != cb))
            if prev2 is not None and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cost = min(cost, prev2[j - 2] + 1)
            row.append(cost)
        prev2, prev = prev, row
    return prev[-1]


DOCUMENTED_LISTS = tuple(k for k in NAMED if k not in ("hand", "scoring"))  # in a step, items with own docs


def _undocumented(old: Map, new: Map, content: tuple) -> Map:
    """The base's item without its `doc` when the variant gives new content and no words of its own — but
    a step changed only in lists whose items have their own docs (a special entry added) keeps its words."""
    if "doc" in new or "doc" not in old or not any(k in new for k in content):
        return old
    changed = [new[k] for k in content if k in new]
    if all(isinstance(c, Map) and c and set(c) <= set(DOCUMENTED_LISTS) for c in changed):
        return old
    out = _copy(old)
    del out["doc"]
    return out


def _without_placing(x: Map) -> tuple:
    """The item without its `before:`/`after:`, and (that key, the name it goes next to, where) or None."""
    keys = [k for k in PLACING if k in x]
    if not keys:
        return x, None
    if len(keys) > 1:
        raise RulesetError("an item goes 'before' or 'after' another, not both", x.where(keys[1]).where)
    key = keys[0]
    if not isinstance(x[key], str):
        raise RulesetError(f"'{key}' takes the name of an item", x.where(key).where)
    out = _copy(x)
    del out[key]
    return out, (key, x[key], x.where(key))


def _put(items: list, item: tuple, place) -> None:
    """Append the item, or put it before or after the item `place` names."""
    if place is None:
        items.append(item)
        return
    key, target, where = place
    names = [n for n, _, _ in items]
    if target not in names:
        raise RulesetError(f"'{key}: {target}': nothing of that name here ({_listed(target, names)})", where.where)
    i = names.index(target)
    items.insert(i if key == "before" else i + 1, item)


def _listed(name: str, names: list) -> str:
    """The names close to `name`, else every name."""
    close = difflib.get_close_matches(name, names, n=3, cutoff=0.6)
    if close:
        return "did you mean " + " or ".join(f"'{n}'" for n in close) + "?"
    return "names: " + (", ".join(f"'{n}'" for n in names) or "none")


def _no_placing(tree) -> None:
    """`before:`/`after:` place a variant's item among its base's: a file that extends nothing has none."""
    if isinstance(tree, Map):
        for k, v in tree.items():
            if k in PLACING and "name" in tree:
                raise RulesetError(f"'{k}' places an item among those of the ruleset this file extends, but it"
                                   " extends none", tree.where(k).where)
            _no_placing(v)
    elif isinstance(tree, Seq):
        for v in tree:
            _no_placing(v)
