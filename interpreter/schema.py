"""Schema stage: the merged tree's structure, checked against grammar/ruleset.schema.json."""

from __future__ import annotations

import datetime
import difflib
import json
import math
import re
from functools import lru_cache

from .data import data_file
from .errors import RulesetError
from .source import Map, Seq, odd_space_said

MAX_NUMBER = 999_999_999  # the schema's bound on every whole number, as on an expression's literals


def schema_path(variant: bool = False):
    """The installed ruleset JSON Schema, for editors (see the README); with `variant`, the schema of a file
    that `extends:` another, which says only what differs."""
    return data_file("grammar", "variant.schema.json" if variant else "ruleset.schema.json")


def variant_schema(schema: dict) -> dict:
    """The schema an editor checks a variant file against, made from the ruleset schema: no key is required
    but `extends`, an option may be given its value alone (`target: 105`) or some of its keys, a step or
    scoring row named to be changed, placed or removed needs only its name, and any key may be null (taken
    away; cardrules checks the merged ruleset in full)."""
    out = json.loads(json.dumps(schema))
    props = out["properties"]
    out["required"] = ["extends"]
    out["description"] = "A cardrules variant: a ruleset that extends another and says only what differs"
    props["options"]["additionalProperties"] = {"anyOf": [{"$ref": "#/$defs/option"},
                                                          {"type": ["integer", "boolean", "string"]}]}
    out["$defs"]["option"].pop("required", None)  # a base's option reshaped key by key: {doc: …} alone
    named = {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}}
    for key in ("hand", "scoring"):
        props[key] = {"type": "array", "items": named}
    options = props["options"]["additionalProperties"]
    _nullable(out)
    props["options"]["anyOf"][0]["additionalProperties"] = options  # an option is not taken away
    return out


def write_variant_schema() -> None:
    """Write grammar/variant.schema.json anew from grammar/ruleset.schema.json, after a change to the second:
    `python -c "import interpreter.schema as s; s.write_variant_schema()"` (a test checks the two agree)."""
    schema = json.loads(schema_path().read_text(encoding="utf-8"))
    text = json.dumps(variant_schema(schema), indent=2, ensure_ascii=False) + "\n"
    schema_path(variant=True).write_text(text, encoding="utf-8")


def _nullable(node) -> None:
    """Let every key of every mapping be null, which takes the base's key away."""
    if isinstance(node, list):
        for x in node:
            _nullable(x)
        return
    if not isinstance(node, dict):
        return
    for v in node.values():
        _nullable(v)
    props = node.get("properties")
    if isinstance(props, dict):
        for k, v in props.items():
            if k not in ("extends", "name"):
                props[k] = {"anyOf": [v, {"type": "null"}]}
    if isinstance(node.get("additionalProperties"), dict):  # a named zone, value, word …
        node["additionalProperties"] = {"anyOf": [node["additionalProperties"], {"type": "null"}]}


@lru_cache(maxsize=1)
def _schema() -> dict:
    return json.loads(schema_path().read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def _validator():
    import jsonschema  # only for a tree `fits` refuses: its import costs every command's start a sixth of a second

    schema = _schema()
    base = jsonschema.Draft202012Validator
    whole = base.TYPE_CHECKER.redefine("integer", _whole)  # 4.0 is not a count of players: floats break `range`
    return jsonschema.validators.extend(base, type_checker=whole)(schema)


def _whole(checker, value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_structure(tree: Map) -> None:
    """Raise one located error per structural problem in the tree."""
    if fits(tree):  # the common case, at a fraction of jsonschema's cost; its errors say where and why
        return
    errors = [_inner(e) for e in sorted(_validator().iter_errors(tree), key=lambda e: list(map(str, e.absolute_path)))]
    mistyped = {tuple(e.absolute_path) for e in errors if e.validator == "type"}
    problems, seen = [], set()
    for err in errors:
        if err.validator in ("required", "oneOf") and _misspelt(err):
            continue  # said once, as the unknown key that is its misspelling (a step's kind: `pas:` for pass)
        if err.validator != "type" and tuple(err.absolute_path) in mistyped:
            continue  # a value of the wrong kind is said to be so, once (not also out of range)
        where, message = _locate(tree, list(err.absolute_path)), _message(err)
        if err.validator == "additionalProperties":
            where = _key_place(tree, list(err.absolute_path), err) or where
        if (where, message) not in seen:
            seen.add((where, message))
            problems.append((where, message))
    if problems:
        raise RulesetError("", problems=problems)


def _inner(err):
    """For a value that fits none of a few shapes (a word, or a mapping of languages), the problem with
    the shape of its own kind: its unknown key rather than 'not valid under any of the given schemas'."""
    if err.validator not in ("oneOf", "anyOf") or not err.context:
        return err
    if isinstance(err.instance, dict) and all(r.get("required") for r in err.validator_value):
        return err  # the kinds of step: said as such in _message
    kind = "object" if isinstance(err.instance, dict) else "array" if isinstance(err.instance, list) else None
    same = [e for e in err.context if kind and e.validator != "type" and e.schema.get("type") in (kind, None)]
    if not same:
        return err
    from jsonschema.exceptions import best_match

    return _inner(best_match(same))


def _locate(tree, path):
    """The place of the value at `path`, or of the nearest parent that has one."""
    node, where = tree, tree.pos
    for key in path:
        if isinstance(node, (Map, Seq)):
            where = node.where(key) or where
            try:
                node = node[key]
            except (KeyError, IndexError, TypeError):
                break
    return where.where


def _key_place(tree, path, err):
    """Where the first unknown key of a mapping is written."""
    node = tree
    for key in path:
        try:
            node = node[key]
        except (KeyError, IndexError, TypeError):
            return None
    extra = _unknown_keys(err)
    pos = getattr(node, "key_at", {}).get(extra[0]) if extra else None
    return pos.where if pos else None


def _unknown_keys(err) -> list:
    """The keys a mapping may not have, in order (a YAML key may be a number: 7: 21)."""
    return sorted(set(err.instance) - set(err.schema.get("properties", {})), key=str)


def _message(err) -> str:
    if "propertyNames" in err.relative_schema_path or "propertyNames" in getattr(err, "schema_path", ()):
        return (f"the names under {_path_text(err, lead='').strip()} are words (letters, digits and _, not first a"
                f" digit), not {_said(err.instance)}")
    if err.validator == "additionalProperties":
        extra = _unknown_keys(err)
        allowed = ", ".join(sorted(err.schema.get("properties", {})))
        where = _path_text(err)
        close = difflib.get_close_matches(str(extra[0]), list(err.schema.get("properties", {})), n=1, cutoff=0.7)
        guess = f"did you mean '{close[0]}'? " if close else ""
        if not close and any(ch in str(extra[0]) for ch in "()"):  # the rest of an expression cut at a comma
            guess = "in {…} a comma ends a value: quote an expression that holds one, as \"rank in (Q, K)\"; "
        odd = odd_space_said(str(extra[0]))
        if odd:  # `{target: 9}` with a no-break space: one key, `target: 9`
            guess = f"{odd}; "
        homes = [] if close or odd else _homes(err, extra[0])
        if homes:  # a line not indented under `game:`, a play's option written beside `play:`
            guess = f"it belongs under {' or '.join(repr(h + ':') for h in homes)}: indent it there; "
        return f"unknown key '{extra[0]}'{where} ({guess}allowed: {allowed})"
    if err.validator == "oneOf" and isinstance(err.instance, dict) and all(
            r.get("required") for r in err.validator_value):  # the kinds of step: one key each
        kinds = [r["required"][0] for r in err.validator_value]
        return f"a step needs exactly one of: {', '.join(kinds)}"
    if err.validator == "required":
        return f"missing key '{_missing(err)}'{_path_text(err)}"
    if err.validator == "pattern" and err.validator_value == NAMED:  # a name
        return f"{_path_text(err, lead='')}is empty: give it a name, which the table and the rules sheet show"
    if err.validator == "pattern" and "SHDC" in err.validator_value:
        return f"'{err.instance}' is not a card (ranks A 2-10 J Q K, suits S H D C, e.g. 10D; jokers BJ RJ)"
    if err.validator in ("maximum", "minimum") and abs(err.instance) > MAX_NUMBER:
        return "number too large (at most 9 digits)"
    if err.validator == "enum":
        allowed = ", ".join(map(str, err.validator_value))
        return f"{_path_text(err, lead='')}must be one of {allowed}, not {_said(err.instance)}"
    if err.validator == "type":
        want = err.validator_value if isinstance(err.validator_value, str) else " or ".join(err.validator_value)
        kind = EXPRESSION_WORDS if err.schema.get("description") == EXPRESSION else _type_words(want) + \
            _keys_taken(err.schema)
        return f"{_path_text(err, lead='')}must be {kind}, not {_kind(err.instance)}{_example(err.schema)}"
    if err.validator in ("minItems", "maxItems") and isinstance(err.instance, list) and err.instance:  # [] is "empty"
        return f"{_path_text(err, lead='')}{_items_wanted(err.schema)}, not {len(err.instance)}"
    return f"{_path_text(err, lead='')}{err.message}"


def _example(schema) -> str:
    """` (e.g. …)`, the example the key's description in the schema ends with, if it gives one."""
    found = re.search(r"e\.g\. (.+)$", schema.get("description", "")) if isinstance(schema, dict) else None
    return f" (e.g. {found.group(1)})" if found else ""


def _homes(err, key) -> list[str]:
    """The keys of the mapping an unknown `key` was found in whose own mappings take it (those the mapping has
    first, else any): where it belongs, one indent in."""
    options = err.instance.get("options") if isinstance(err.instance, dict) and not err.absolute_path else None
    if isinstance(options, dict) and key in options:  # an option the ruleset declares: set as one
        return ["options"]
    homes = [name for name, sub in err.schema.get("properties", {}).items() if key in _keys_of(sub)]
    present = [h for h in homes if isinstance(err.instance, dict) and h in err.instance]
    return present or homes


def _keys_of(schema) -> dict:
    """The keys a mapping of this schema takes (a $ref to the schema's definitions followed)."""
    ref = schema.get("$ref", "") if isinstance(schema, dict) else ""
    if ref.startswith("#/$defs/"):
        schema = _schema()["$defs"].get(ref.removeprefix("#/$defs/"), {})
    return schema.get("properties", {}) if isinstance(schema, dict) and schema.get("type") == "object" else {}


def _items_wanted(schema) -> str:
    """`must list exactly 2 items`, `… at least 1 item`: what a list's minItems and maxItems ask."""
    low, high = schema.get("minItems"), schema.get("maxItems")
    if low == high:
        said = f"exactly {low}"
    elif high is None:
        said = f"at least {low}"
    elif low is None:
        said = f"at most {high}"
    else:
        said = f"{low} to {high}"
    return f"must list {said} item{'s' * ((high if high is not None else low) != 1)}"


def _misspelt(err) -> bool:
    """Is the missing key of a `required` error written, misspelt, among the mapping's unknown keys? Or, for the
    kinds of step (a `oneOf` of one key each), is the mapping's one unknown key (the one its error names, with the
    kind it may have meant) a kind's, misspelt, where it has no kind?"""
    if not isinstance(err.instance, dict):
        return False
    known = err.schema.get("properties", {})
    extra = [str(k) for k in err.instance if k not in known]
    if err.validator == "required":
        missing = [_missing(err)]
    elif err.validator == "oneOf" and all(isinstance(r, dict) and r.get("required") for r in err.validator_value):
        missing = [r["required"][0] for r in err.validator_value]
        if len(extra) != 1 or any(kind in err.instance for kind in missing):
            return False  # two kinds at once, or unknown keys besides: the step's kind is still to be said
    else:
        return False
    return any(difflib.get_close_matches(name, extra, n=1, cutoff=0.7) for name in missing)


def _missing(err) -> str:
    for name in err.validator_value:
        if name not in err.instance:
            return name
    return "?"


def _path_text(err, lead=" in ") -> str:
    """Where in the tree, by its keys ('hand.play.follow'); an item of a list is counted ('scoring' item 1)."""
    path = list(err.absolute_path)
    parts = [str(p) for p in path if not isinstance(p, int)]
    if not parts:
        return ""
    text = "'" + ".".join(parts) + "'"
    if isinstance(path[-1], int):  # a list's item, counted from 1, or a mapping's number key, as written
        text += f" item {path[-1] + 1}" if _in_list(err) else f" key {path[-1]}"
    return f"{lead}{text}" if lead else f"{text} "


def _in_list(err) -> bool:
    """Did the schema last step into a list's item (rather than a mapping's value) on its way to the error?"""
    tokens, last, i = list(err.absolute_schema_path)[:-1], None, 0  # the last names the keyword that failed
    while i < len(tokens):
        t = tokens[i]
        if t in ("properties", "patternProperties"):
            last, i = "mapping", i + 2  # the next token is the key's name, whatever it is
            continue
        if t in ("items", "prefixItems", "additionalProperties"):
            last = "list" if t != "additionalProperties" else "mapping"
        i += 1
    return last == "list"


MAX_KEYS_SAID = 8  # a mapping of more keys than this is not listed where a value of another kind was given


def _keys_taken(schema) -> str:
    """` (keys: if, to)`: the keys a mapping given as something else would take (those it must have first,
    where some must be), where they are few: a `redeal` written as a bare condition, where `{if: …, to: …}` is
    meant."""
    keys = list(schema.get("properties", {})) if schema.get("type") == "object" else []
    must = [k for k in schema.get("required", ()) if k in keys]
    if must and len(must) < len(keys):
        return f" (keys: {', '.join(must)} and others)"
    return f" (keys: {', '.join(keys)})" if 0 < len(keys) <= MAX_KEYS_SAID else ""


NAMED = "[^\\s\\u200b-\\u200f\\u2060\\ufeff]"  # the schema's pattern of a name: a character one sees, at least
EXPRESSION = "An expression (grammar/expr.lark)"  # the schema's description of an expression ($defs/expr)
EXPRESSION_WORDS = "an expression: a number, true or false, or a rule such as hand_number >= 3"


def _type_words(want: str) -> str:
    return want.replace("object", "a mapping").replace("array", "a list").replace("integer", "a whole number")


def _kind(value) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "nothing"
    if isinstance(value, int):
        return f"the number {value}"
    if isinstance(value, float) and value.is_integer():
        return f"the number {value} (a whole number is written without a decimal point)"
    if isinstance(value, float):
        return "infinity" if math.isinf(value) else "not a number" if math.isnan(value) else f"the number {value}"
    if isinstance(value, (datetime.date, datetime.datetime)):
        return _date_said(value)
    odd = odd_space_said(str(value))
    if odd:  # `target:` then a no-break space: YAML reads one text, not a key and its value
        return f"'{value}' ({odd})"
    return f"'{value}'"


def _date_said(value) -> str:
    return f"{value.isoformat()} (YAML reads it as a date: put it in quotes if text was meant)"


def _said(value) -> str:
    """A value as an error quotes it: a date YAML read as one is said as written, not as Python's date."""
    return _date_said(value) if isinstance(value, (datetime.date, datetime.datetime)) else repr(value)


# ---- the quick check: does the tree fit the schema at all? --------------------------------------------
# A valid tree is the common case, and jsonschema's validator costs a third of loading a ruleset. `fits`
# walks the schema's keywords over the tree and answers yes or no; on no (or on a keyword it does not know)
# jsonschema runs to find each error and its place. It answers yes only where jsonschema would.

def _number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


_TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "boolean": lambda v: isinstance(v, bool),
    "integer": lambda v: _whole(None, v),  # the validator's own: 4.0 is not one
    "number": _number,
    "null": lambda v: v is None,
}
_NOTES = frozenset(("description", "title", "$schema", "$id", "$defs", "$comment", "default", "examples"))
_DEFS = "#/$defs/"


class _Unsure(Exception):
    """A keyword the quick check does not know: jsonschema judges the whole tree (a `no` inside oneOf or
    anyOf could turn into a wrong `yes`)."""


def fits(tree, schema: dict | None = None) -> bool:
    """Does the tree fit the ruleset schema (or `schema`)? True only where jsonschema finds no error."""
    schema = schema or _schema()
    try:
        return _fits(tree, schema, schema.get("$defs", {}))
    except _Unsure:
        return False


def _fits(value, schema, defs) -> bool:
    if schema is True or schema is False:
        return schema
    for key, want in schema.items():
        check = _CHECKS.get(key)
        if check is None:
            if key in _NOTES:
                continue
            raise _Unsure(key)
        if not check(value, want, schema, defs):
            return False
    return True


def _type(value, want, schema, defs) -> bool:
    if isinstance(want, str):
        return _TYPES[want](value)
    return any(_TYPES[t](value) for t in want)


def _ref(value, want, schema, defs) -> bool:
    name = want[len(_DEFS):]
    if not (want.startswith(_DEFS) and name in defs):
        raise _Unsure(want)  # a reference it does not follow
    return _fits(value, defs[name], defs)


def _keys(value, want, schema, defs) -> bool:
    """`properties` and `additionalProperties` together (met once, at whichever comes first): each key
    meets its property's schema, or else the additional one."""
    if not isinstance(value, dict) or ("properties" in schema and "additionalProperties" in schema
                                       and want is schema["additionalProperties"]):
        return True
    props = schema.get("properties", {})
    extra = schema.get("additionalProperties", True)
    for k, v in value.items():
        if type(k) is str and k in props:
            if not _fits(v, props[k], defs):
                return False
        elif not _fits(v, extra, defs):
            return False
    return True


def _one_schema(want):
    """`items` as one schema for every item (the older list form is not followed)."""
    if not isinstance(want, (dict, bool)):
        raise _Unsure("items")
    return want


_CHECKS = {
    "type": _type,
    "$ref": _ref,
    "properties": _keys,
    "additionalProperties": _keys,
    "required": lambda v, w, s, d: not isinstance(v, dict) or all(k in v for k in w),
    "items": lambda v, w, s, d: not isinstance(v, list) or all(_fits(x, _one_schema(w), d) for x in v),
    "minimum": lambda v, w, s, d: not _number(v) or v >= w,
    "maximum": lambda v, w, s, d: not _number(v) or v <= w,
    "minItems": lambda v, w, s, d: not isinstance(v, list) or len(v) >= w,
    "maxItems": lambda v, w, s, d: not isinstance(v, list) or len(v) <= w,
    "minProperties": lambda v, w, s, d: not isinstance(v, dict) or len(v) >= w,
    "pattern": lambda v, w, s, d: not isinstance(v, str) or re.search(w, v) is not None,
    "enum": lambda v, w, s, d: any(type(v) is type(x) and v == x for x in w),  # strict: true is not 1
    "oneOf": lambda v, w, s, d: sum(_fits(v, x, d) for x in w) == 1,
    "anyOf": lambda v, w, s, d: any(_fits(v, x, d) for x in w),
    "propertyNames": lambda v, w, s, d: not isinstance(v, dict) or all(_fits(k, w, d) for k in v),
}
