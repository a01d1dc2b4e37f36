"""Load stage: safe YAML with a position for every node, and `extends:` merged."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

from .errors import RulesetError, Where

MAX_NODES = 20_000  # guards against alias bombs
RULESETS_DIR = Path(__file__).resolve().parent.parent / "rulesets"


@dataclass(frozen=True)
class Pos:
    """Where a YAML value stands, and how it was quoted (for columns inside it)."""

    file: str
    line: int
    col: int
    style: str | None = None
    indent: int = 0

    def at(self, line: int = 1, col: int = 1) -> Where:
        """The place of (line, col) inside this scalar's text."""
        if self.style in ("|", ">"):
            return Where(self.file, self.line + line, self.indent + col)
        shift = 1 if self.style in ("'", '"') else 0
        if line == 1:
            return Where(self.file, self.line, self.col + shift + col - 1)
        return Where(self.file, self.line + line - 1, col)

    @property
    def where(self) -> Where:
        return Where(self.file, self.line, self.col)


class Map(dict):
    """A mapping that remembers where each of its values came from."""

    def __init__(self, *a, pos: Pos | None = None, **kw):
        super().__init__(*a, **kw)
        self.pos = pos
        self.at: dict = {}

    def where(self, key) -> Pos:
        return self.at.get(key) or self.pos


class Seq(list):
    """A list that remembers where each of its items came from."""

    def __init__(self, *a, pos: Pos | None = None):
        super().__init__(*a)
        self.pos = pos
        self.at: dict = {}

    def where(self, i) -> Pos:
        return self.at.get(i) or self.pos


def resolve_path(name: str, base_dir: Path | None = None) -> Path:
    """A ruleset path: an existing path wins, then one beside `base_dir`, then a bundled name."""
    p = Path(name)
    candidates = [p]
    if base_dir is not None and not p.is_absolute():
        candidates.insert(0, base_dir / p)
    stem = p.name if p.suffix in (".yaml", ".yml") else p.name + ".yaml"
    candidates.append(RULESETS_DIR / stem)
    for c in candidates:
        if c.is_file():
            return c
    raise FileNotFoundError(name)


def read_yaml(path: Path, label: str):
    """Parse one YAML file into Map/Seq/scalars, every error located."""
    try:
        raw = path.read_bytes()
    except OSError as e:
        raise RulesetError(f"cannot read file: {e.strerror}", Where(label)) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise RulesetError("not a text file (not UTF-8)", _offset_where(raw, e.start, label)) from None
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as e:
        m = e.problem_mark or e.context_mark
        msg = f"YAML syntax: {e.problem or e.context}"
        raise RulesetError(msg, Where(label, m.line + 1, m.column + 1) if m else Where(label)) from None
    except yaml.YAMLError as e:  # ReaderError: control characters and the like
        where = _offset_where(raw, getattr(e, "position", 0), label, text)
        raise RulesetError("not a text file (unprintable characters)", where) from None
    if node is None:
        raise RulesetError("empty ruleset: expected a mapping with 'name', 'deck', ...", Where(label))
    lines = text.splitlines()
    budget = [MAX_NODES]
    return _convert(node, label, lines, budget)


def _offset_where(raw: bytes, offset: int, label: str, text: str | None = None) -> Where:
    before = text[:offset] if text is not None else raw[:offset].decode("utf-8", "replace")
    line = before.count("\n") + 1
    return Where(label, line, len(before) - (before.rfind("\n") + 1) + 1)


def _pos(node, label: str, lines: list[str]) -> Pos:
    m = node.start_mark
    style = getattr(node, "style", None)
    indent = 0
    if style in ("|", ">") and m.line + 1 < len(lines):
        body = lines[m.line + 1]
        indent = len(body) - len(body.lstrip(" "))
    return Pos(label, m.line + 1, m.column + 1, style, indent)


def _convert(node, label, lines, budget):
    budget[0] -= 1
    if budget[0] < 0:
        m = node.start_mark
        raise RulesetError(
            f"document too large: more than {MAX_NODES} values (an alias bomb?)",
            Where(label, m.line + 1, m.column + 1),
        )
    pos = _pos(node, label, lines)
    if isinstance(node, yaml.MappingNode):
        out = Map(pos=pos)
        for k, v in node.value:
            key = _scalar(k) if isinstance(k, yaml.ScalarNode) else None
            if not isinstance(key, (str, int)) or isinstance(key, bool):
                raise RulesetError("mapping keys must be plain names", _pos(k, label, lines).where)
            if key in out:
                raise RulesetError(f"duplicate key '{key}'", _pos(k, label, lines).where)
            out[key] = _convert(v, label, lines, budget)
            out.at[key] = _pos(v, label, lines)
        return out
    if isinstance(node, yaml.SequenceNode):
        out = Seq(pos=pos)
        for i, v in enumerate(node.value):
            out.append(_convert(v, label, lines, budget))
            out.at[i] = _pos(v, label, lines)
        return out
    return _scalar(node)


def _scalar(node):
    value = _LOADER.construct_object(node)
    _LOADER.constructed_objects.clear()
    return value


_LOADER = yaml.SafeLoader("")


def load_tree(path: Path, label: str | None = None, _chain: tuple = ()) -> Map:
    """Read a ruleset file and the files it `extends:`, merged into one tree."""
    label = label or str(path)
    tree = read_yaml(path, label)
    if not isinstance(tree, Map):
        raise RulesetError("a ruleset must be a mapping (name: ..., deck: ...)", Where(label))
    parent = tree.get("extends")
    if parent is None:
        return tree
    where = tree.where("extends").where
    if not isinstance(parent, str):
        raise RulesetError("'extends' takes the name or path of a ruleset", where)
    try:
        base_path = resolve_path(parent, path.parent)
    except FileNotFoundError:
        raise RulesetError(f"cannot find ruleset '{parent}' to extend", where) from None
    key = base_path.resolve()
    chain = _chain + (path.resolve(),)
    if key in chain:
        raise RulesetError(f"cyclic 'extends': '{parent}' extends this file again", where)
    base_label = _relative_label(base_path, path, label)
    base = load_tree(base_path, base_label, chain)
    return merge_variant(base, tree)


def _relative_label(base_path: Path, path: Path, label: str) -> str:
    """Name the base file as the user would: beside the variant's label."""
    try:
        return str(Path(label).parent / base_path.resolve().relative_to(path.resolve().parent))
    except ValueError:
        return str(base_path)


def merge_variant(base: Map, variant: Map) -> Map:
    """Variant keys override the base; `options: {name: value}` sets a default."""
    out = _merge(base, variant)
    out.pos = variant.pos
    out.pop("extends", None)
    if "options" in variant:
        out["options"] = merge_options(base.get("options", Map()), variant["options"], variant.where("options"))
        out.at["options"] = variant.where("options")
    return out


def merge_options(base, overrides, pos: Pos) -> Map:
    """Override option defaults by name; a mapping declares or reshapes an option."""
    if not isinstance(overrides, Map):
        raise RulesetError("'options' must be a mapping of option names", pos.where)
    out = _copy(base) if isinstance(base, Map) else Map(pos=pos)
    for name, value in overrides.items():
        where = overrides.where(name)
        if isinstance(value, Map):
            out[name] = _merge(out[name], value) if isinstance(out.get(name), Map) else value
            out.at[name] = where
        elif name not in out:
            known = ", ".join(sorted(out)) or "none"
            raise RulesetError(f"unknown option '{name}' (options: {known})", where.where)
        else:
            opt = _copy(out[name])
            opt["default"] = value
            opt.at["default"] = where
            out[name] = opt
    return out


def _copy(m: Map) -> Map:
    c = Map(m, pos=m.pos)
    c.at = dict(m.at)
    return c


def _merge(base, over):
    if isinstance(base, Map) and isinstance(over, Map):
        out = _copy(base)
        for k, v in over.items():
            out[k] = _merge(base[k], v) if k in base else v
            out.at[k] = over.where(k)
        return out
    if isinstance(base, Seq) and isinstance(over, Seq) and _named(base) and _named(over):
        return _merge_named(base, over)
    return over


def _named(seq) -> bool:
    return all(isinstance(x, Map) and "name" in x for x in seq)


def _merge_named(base: Seq, over: Seq) -> Seq:
    """Lists of named items merge by name; `remove: true` drops one."""
    items = [(x["name"], x, base.where(i)) for i, x in enumerate(base)]
    for j, x in enumerate(over):
        names = [n for n, _, _ in items]
        if x["name"] in names:
            i = names.index(x["name"])
            if x.get("remove") is True:
                del items[i]
            else:
                items[i] = (x["name"], _merge(items[i][1], x), over.where(j))
        elif x.get("remove") is not True:
            items.append((x["name"], x, over.where(j)))
    out = Seq([x for _, x, _ in items], pos=over.pos)
    out.at = {i: p for i, (_, _, p) in enumerate(items)}
    return out
