"""The front door: `cardrules` commands parse options and call the library."""

from __future__ import annotations

import sys
import tempfile


def _quiet_interrupt(kind, value, traceback) -> None:
    """Ctrl-C while the commands are still being imported (some 0.2 s, before the commands' own handling):
    "Aborted!" and the end by the signal a shell expects, no traceback; any other error as Python says it."""
    if issubclass(kind, KeyboardInterrupt):
        print("Aborted!", file=sys.stderr)
    else:
        sys.__excepthook__(kind, value, traceback)


_HOOK_BEFORE, sys.excepthook = sys.excepthook, _quiet_interrupt  # first: the imports below take the time (E402
# ignored in cli.py for this); put back once the commands are made, which catch Ctrl-C themselves

import errno
import functools
import json
import math
import os
import re
import secrets
import shlex
import shutil
import signal
import stat
import textwrap
import time
from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple, NoReturn

import click
import yaml

from interpreter import CardrulesError, bundled, in_base, load, locate
from interpreter import records as rec
from interpreter.actions import without_marks
from interpreter.bots import BotSpecError, make_bots, own_kinds, parse_spec, spec_to_keep
from interpreter.coverage import KINDS, coverage, ends_said
from interpreter.coverage import notes as coverage_notes
from interpreter.coverage import warnings as coverage_warnings
from interpreter.data import user_folder
from interpreter.display import Session, cards_seen
from interpreter.errors import RecordError, Where, as_base_says, spelt
from interpreter.guide import guide_path, guide_text
from interpreter.own_bots import BotError
from interpreter.progress import Progress, count, counted, num
from interpreter.report import BOUNDED_SHARE, no_end, stopped_said, thrown_out_said
from interpreter.report import html as report_html
from interpreter.report import text as report_text
from interpreter.report import written_here as report_written_here
from interpreter.screen import ASCII_NAMED, PERSIAN_SHOWN, OutputClosed, Screen, can_show, plain_where_needed
from interpreter.sheet import sheet
from interpreter.simulate import ENGINES, MAX_GAMES, MAX_HANDS, MAX_JOBS, pool_stopped
from interpreter.simulate import simulate as run_simulation
from interpreter.source import bases_of, shown
from interpreter.stats import wilson
from interpreter.study import check_measured, has_auction, named, options_said
from interpreter.study import compare as run_compare
from interpreter.table import NARROWEST
from interpreter.trial import cut_short, option_trials, trial_games
from interpreter.words import CARD_STYLES, wrap

DEFAULT_BOTS = "mcts"  # at the table, the search bot
SEED_BITS = 53  # a game's own seed: one a seat cannot single out from the cards it was dealt (an audit found 31 bits
# could be searched in hours, and every hidden hand and deal to come read from the seed; 2^53 seeds at about 1 µs each
# are some 300 years of a core), and one every JSON reader keeps exact (a double: a contract audit found the 128-bit
# seed of a record read otherwise by JavaScript's or jq's numbers)
LAST_KEPT = "\0last"  # `play --resume` given with no PATH: the game last kept unfinished
LANG_VARIABLE, CARDS_VARIABLE = "CARDRULES_LANG", "CARDRULES_CARDS"  # a person's own defaults for --lang, --cards
LANGS = ("en", "fa")
COVERAGE_HANDS = 100  # coverage's bound on a game: what fires shows within it (random bidders never end a game)


def _leave_now(code: int) -> None:
    """Exit at once, the output flushed, without waiting on threads that may never end."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError, AttributeError):
            pass
    os._exit(code)


def _stops_on_signals(command):
    """A run of games (validate, simulate, compare, coverage) that a hangup or SIGTERM stops as Ctrl-C does, its
    worker processes too (`kill PID` of the main process alone left them playing)."""
    @functools.wraps(command)
    def run(*args, **kwargs):
        with _signals_stop_play():
            return command(*args, **kwargs)

    return run


GAME_COUNT_WORDS = ("games", "number", "count", "num", "n", "n-games")  # `--games 10` and the like: -n is meant


class _Command(click.Command):
    """A command whose unknown option is also matched against its short options and the words for how many games:
    `--n 3` and `--games 3` suggest -n (click's own guess, among the long options alone, was --json)."""

    def parse_args(self, ctx, args):
        try:
            return super().parse_args(ctx, args)
        except click.NoSuchOption as e:
            meant = _short_meant(self, e.option_name)
            if meant is None:
                raise
            raise click.NoSuchOption(e.option_name, f"No such option '{e.option_name}'. Did you mean '{meant}'?",
                                     ctx=ctx) from None


def _short_meant(command: click.Command, given: str) -> str | None:
    """The short option a mistyped long one stands for, `--n` for -n; or a word for the number of games, the
    option for it (validate's `--games`: click's own guess for `--n` there was --json)."""
    word = given.lstrip("-")
    shorts = {o[1:]: p for p in command.params for o in p.opts if len(o) == 2 and o.startswith("-")}
    letter = next((k for k in shorts if k.lower() == word.lower()), None) if given.startswith("--") else None
    if letter is not None:
        return "-" + letter
    games = next((p for p in command.params if p.name == "games"), None)  # the option for how many games
    return min(games.opts, key=len) if games is not None and word.lower() in GAME_COUNT_WORDS else None


VERDICTS = ("validate", "replay")  # commands whose exit says whether all held: one cut short has not said so
VERDICT = "cardrules.verdict"  # where such a command keeps its exit status once every check is done


class _Errors(click.Group):
    """Turn any error into a message and exit 1: a user's mistake located, a bug of ours named."""

    command_class = _Command

    def main(self, *args, **kwargs):
        """As click's, but an output that cannot take what is written (a full disk) while click itself writes
        (`--help`, `--version`) is said in words, not a traceback."""
        if sys.stdout is None:  # started with it closed (`>&-`): nothing printed would be seen (--help neither)
            echo("Error: standard output is closed: nothing can be printed (give it a file or a pipe)",
                       err=True)
            sys.exit(1)
        try:
            return super().main(*args, **kwargs)
        except OSError as e:
            if e.errno not in OUTPUT_ERRNOS:
                raise
            _cannot_write(e)

    def parse_args(self, ctx, args):
        """Arguments without direction marks: the Persian table wraps a path it prints in them, and a terminal
        copies them with it (`--resume` would look for a file whose name holds them)."""
        return super().parse_args(ctx, [without_marks(a) for a in args])

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except CardrulesError as e:
            echo(_rendered(e.problems, e.notes), err=True)
            sys.exit(1)
        except KeyboardInterrupt as e:  # Ctrl-C (play says more, and exits by itself): as a shell expects, 128 + it
            echo("Aborted!", err=True)
            code = 128 + getattr(e, "signum", signal.SIGINT)
            if pool_stopped():  # its threads may never end, and Python's exit would wait on them for ever
                _leave_now(code)
            sys.exit(code)
        except (click.ClickException, click.exceptions.Exit, click.Abort, SystemExit):
            raise
        except BrokenPipeError:  # the reader went away (`| head`): stop quietly; a verdict cut short is no pass
            _silence_stdout()
            verdict = ctx.meta.get(VERDICT)
            sys.exit(verdict if verdict is not None else 1 if ctx.invoked_subcommand in VERDICTS else 0)
        except Exception as e:  # a bug of ours: say so plainly, without a traceback
            if isinstance(e, OSError) and e.errno in OUTPUT_ERRNOS:  # or the output took no more: no bug
                _cannot_write(e)
            echo(f"error: {_internal(e)}", err=True)
            sys.exit(1)


def _rendered(problems: list, notes: list = (), nowhere: str = "") -> str:
    """Problems as error lines, and the warnings beside them as warning lines, each file's by line and column (the
    checks find them in their own order), the files in the order first named; one with no place at `nowhere`."""
    said = [(where, ("warning", message)) for where, message in notes]
    said += [(where, ("error", message)) for where, message in problems]
    return spelt("\n".join(f"{where or nowhere}: {kind}: {message}" if where or nowhere else f"{kind}: {message}"
                            for where, (kind, message) in _in_line_order(said)))


def _in_line_order(problems: list) -> list:
    files: dict = {}
    for where, _ in problems:
        files.setdefault(where and where.file, len(files))
    return sorted(problems, key=lambda p: (files[p[0] and p[0].file], p[0].line, p[0].col) if p[0] else (-1, 0, 0))


def _internal(e: Exception) -> str:
    """A bug of ours, named on one line."""
    return f"internal error ({type(e).__name__}: {' '.join(str(e).split())}); please report it"


def _check_persian_shows(lang: str, stream, asked: str = "") -> None:
    """Persian on an output that cannot encode it would be all question marks: say so before the game starts
    (`asked`: where Persian was asked for, if not by --lang)."""
    if lang == "fa" and not can_show(stream, PERSIAN_SHOWN):
        coding = "ascii" if stream.encoding == ASCII_NAMED else stream.encoding
        other = ", or give --lang en" if asked else ""
        raise click.ClickException(f"this output's encoding ({coding}) cannot show Persian{asked}: use a UTF-8"
                                   f" terminal, or set PYTHONIOENCODING=utf-8{other}")


OUTPUT_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG})  # a write the output refused (EIO: a read too)


def _cannot_write(e: OSError) -> NoReturn:
    """Standard output took no more (a full disk, /dev/full): said on standard error, exit 1; what is left in its
    buffer is dropped, or Python's last flush would fail again as it ends."""
    echo(f"error: cannot write the output: {e.strerror or e}", err=True)
    _silence_stdout()
    sys.exit(1)


def _silence_stdout() -> None:
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


def echo(message=None, **kwargs) -> None:
    """click.echo, with the control characters of the text spelt out (`spelt`): a ruleset's names, docs and keys,
    or a record's text, quoted in what is printed, never reach the terminal or a CI log as commands."""
    click.echo(spelt(message) if isinstance(message, str) else message, **kwargs)


@click.group(cls=_Errors)
@click.version_option(package_name="cardrules")
def main():
    """Card games as data: play, check and simulate rulesets."""
    for stream in (sys.stdout, sys.stderr):
        if stream is not None:
            plain_where_needed(stream)


@main.command("list")
@click.option("--kept", is_flag=True, help="Show the games kept unfinished instead, the last first, each with the path"
              " that resumes it (cardrules play --resume PATH).")
def list_rulesets(kept):
    """Show the bundled rulesets, each with its description and what it extends."""
    import yaml

    if kept:
        return _list_kept()
    columns = _columns()  # piped: one line a ruleset
    for path in bundled():
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        except yaml.YAMLError:
            data = {}
        base = f"  (extends {data['extends']})" if data.get("extends") else ""
        echo(_listed(f"{path.name:<32} {data.get('description', '')}{base}", columns))


def _list_kept() -> None:
    """`list --kept`: a line a game kept unfinished — when it was last written, its ruleset, how many actions were
    taken, and its path —, the last first, as a bare `play --resume` takes them."""
    games = list(_unfinished_kept())
    for path, at, ruleset, record in games:
        actions = record.get("actions")
        taken = len(actions) if isinstance(actions, list) else 0
        echo(f"{time.strftime('%Y-%m-%d %H:%M', time.localtime(at))}  {shown(Path(ruleset).stem):<24}"
             f" {taken:>4} action{'s' * (taken != 1)}  {shlex.quote(str(path))}")
    if not games:
        echo(f"no game is kept unfinished in {' or '.join(map(str, _kept_folders()))}")


def _with_option(help_text: str):
    """`--with NAME=VALUE[,NAME=VALUE…]`: options to load a ruleset with (play, simulate, compare, coverage)."""
    return click.option("--with", "settings", multiple=True, metavar="NAME=VALUE[,NAME=VALUE…]",
                        help=help_text + " Values as typed: true or false, a whole number, else a word (reset).")


def _columns() -> int:
    """The terminal's width where the output is one, else 0 (piped: lines left whole)."""
    return shutil.get_terminal_size().columns if sys.stdout.isatty() else 0


def _listed(line: str, columns: int) -> str:
    """A line of `list`, wrapped under its description where a terminal of `columns` (0: none, piped) is
    narrower; a terminal narrower than 60 columns gets it whole."""
    return textwrap.fill(line, columns, subsequent_indent=" " * 33) if columns >= 60 else line


def _in_folder(name: str) -> tuple[list[str], list]:
    """A folder named to validate: the rulesets in it and below it (`*.yaml`, `*.yml`), in order, but none under
    a hidden folder (`.git`, `.venv`, `.github`: a repository's own YAML, not rulesets); else the name. Also
    the errors (place, message) for folders in it that could not be read."""
    folder = Path(name)
    if not folder.is_dir():
        return [name], []
    try:  # a bundled name beside a folder so named is the ruleset, as every command has it
        locate(name)
        return [name], []
    except CardrulesError:
        pass
    found, unread = _rulesets_below(folder)
    return [str(p) for p in sorted(found)], [(Where(shown(name)), f"cannot read {_unread_said(p, folder, *why)}")
                                             for p, *why in unread]


def _unread_said(path: Path, folder: Path, why: str, kind: str) -> str:
    """A folder walked for rulesets, or a ruleset in it (a link that loops), that could not be read, as an error
    names it: by its path from the folder named."""
    where = "the folder" if path == folder else f"the {kind} '{shown(str(path.relative_to(folder)))}' in it"
    return f"{where} ({why})" + (", so its rulesets were not checked" if kind == "folder" else "")


def _rulesets_below(folder: Path) -> tuple[list[Path], list[tuple[Path, str, str]]]:
    """The `*.yaml` and `*.yml` files in `folder` and below it, none named with a leading dot nor under such a
    folder; and the folders (or rulesets) that could not be read, with why. Links to folders inside the folder
    named are followed after the folders themselves (a folder inside is named by its own path), each folder
    walked once (by its device and inode: a link to a folder above ends there); a link out of it is not (`up ->
    ..`, `/`: not the house rules named), to a folder or to a file (a pull request's link to a runner's secrets
    would print what they hold); walked from lists, not by recursion, so any depth is walked."""
    found, unread, seen, root = [], [], set(), folder.resolve()
    todo, links = [folder], []
    while todo or links:
        here = todo.pop() if todo else links.pop()
        try:
            st = here.stat()
            key = (st.st_dev, st.st_ino)
            entries = [] if key in seen else _listing(here)
        except OSError as e:
            unread.append((here, e.strerror or type(e).__name__, "folder"))
            continue
        seen.add(key)
        for entry in entries:
            path, ruleset = here / entry.name, entry.name.endswith((".yaml", ".yml"))
            try:
                folder = entry.is_dir()
                if not (folder or ruleset and entry.is_file()):  # (a link looping on itself: an OSError here)
                    continue
                linked = entry.is_symlink()
                if linked and not path.resolve().is_relative_to(root):
                    continue  # a link out of the folder, to a folder or a file: not followed
                if folder:
                    (links if linked else todo).append(path)
                else:
                    found.append(path)
            except OSError as e:  # a link that loops back on itself: a ruleset so named is said unread
                if ruleset:
                    unread.append((path, e.strerror or type(e).__name__, "ruleset"))
    return found, unread


def _listing(folder: Path) -> list:
    """A folder's entries, but the hidden ones, in reverse order of name (popped from a list, the first comes
    first)."""
    with os.scandir(folder) as entries:
        return sorted((e for e in entries if not e.name.startswith(".")), key=lambda e: e.name, reverse=True)


@main.command()
@click.argument("files", nargs=-1, required=True)
@click.option("--games", type=click.IntRange(min=0), default=10, show_default=True,
              help="Random trial games per valid file, each bounded in hands and actions; 0 skips them.")
@click.option("--strict", is_flag=True, help="Warnings count as errors: exit 1 if any.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object: each file's errors and warnings.")
@_stops_on_signals
def validate(files, games, strict, as_json):
    """Check rulesets; print FILE:LINE:COL: error: MESSAGE for each problem. A folder stands for the rulesets
    (*.yaml, *.yml) in it and below it.

    After the static checks, a few bounded random games of each file find a step where nobody can
    act, a hand that loops without any decision, or a game that cannot end.
    """
    checked: list[_Checked] = []

    def said(one: _Checked) -> None:  # printed as each file is checked, or with --json all at the end
        checked.append(one)
        if not as_json:
            _say_checked(one)

    named: dict = {}  # a file named twice (`house.yaml`, `./house.yaml`) is checked, and counted, once
    for given in files:
        found, unread = _in_folder(given)
        if unread:
            said(_Checked(shown(given), unread, []))
        if not found and not unread:  # a CI job pointed at the wrong folder fails, rather than checking nothing
            said(_Checked(shown(given), [(Where(shown(given)), f"'{shown(given)}' is a folder, not a ruleset file, and"
                                          " holds no ruleset files (*.yaml, *.yml) in it or below it (links that"
                                          " lead out of it are not followed)")], []))
        for name in found:
            named.setdefault(_same_key(name), name)
    results: dict = {}  # each file checked once: a base in the run perhaps before its turn, for those over it

    def check(key) -> _Checked:
        if key not in results:
            results[key] = _checked_safely(named[key], games)
        return results[key]

    for key in named:
        said(check(key) if as_json else _bases_said(check(key), key, named, check))
    bad = [one for one in checked if not one.ok(strict)]
    click.get_current_context().meta[VERDICT] = 1 if bad else 0  # known now, though its last line be cut short
    if as_json:
        echo(json.dumps({"ok": not bad, "strict": strict, "games": games,
                               "files": [one.as_dict(strict) for one in checked]}))  # ASCII, as every --json
    elif not bad:
        trials = f", {games} trial games each" if games else ""
        echo(f"ok: {len(named)} ruleset(s) valid{trials}")
    if bad:  # a line a problem and no more (CONTRACT.md); --json says which files passed
        sys.exit(1)


class _Checked(NamedTuple):
    """What validate found in one file (or a folder it could not walk): errors and warnings, each (Where or None,
    message)."""

    file: str  # as named, whole
    errors: list
    warnings: list

    def ok(self, strict: bool) -> bool:
        return not self.errors and not (strict and self.warnings)

    def as_dict(self, strict: bool) -> dict:
        errors = [self._item(*e) for e in _in_line_order(self.errors)]
        return {"file": self.file, "ok": self.ok(strict), "errors": errors,
                "warnings": [self._item(*w) for w in self.warnings]}

    def _item(self, where: Where | None, message: str) -> dict:
        """A problem for --json: a base's line names the base's file (the message says which ruleset extends it);
        one of no place (a bug of ours) the file checked, with no line."""
        if where is None:
            return {"file": self.file, "line": None, "col": None, "message": message}
        return {"file": where.file, "line": where.line, "col": where.col, "message": message}


def _say_checked(one: _Checked) -> None:
    """A file's warnings and errors, a line each, in line and column order (a warning first at one place; with no
    place: the file's name alone, cut short if long)."""
    if one.errors or one.warnings:
        echo(_rendered(one.errors, one.warnings, nowhere=shown(one.file)))


def _same_key(name: str):
    """What a ruleset name names, for telling a file named twice (`house.yaml`, `./house.yaml`): its
    resolved path, else the name as given (a missing file is reported as named)."""
    try:
        return locate(name).resolve()
    except (CardrulesError, OSError, ValueError):
        return name


def _loaded(name):
    """A ruleset for a run of games; what validate would warn of is said on stderr first (a misspelt step
    makes a new one, and a study of it measures a rule that was never applied)."""
    game = load(name)
    _warn(game, err=True)
    return game


def _warn(game, err: bool) -> None:
    for where, message in game.notes:
        echo(f"{where}: warning: {message}", err=err)


def _checked_safely(name: str, games: int) -> _Checked:
    """One file checked, a bug of ours met in it said as its error."""
    try:
        return _checked_one(name, games)
    except BrokenPipeError:
        raise
    except Exception as e:  # a bug of ours: named on this file's line, and the other files still checked
        return _Checked(shown(name, whole=True), [(None, _internal(e))], [])


def _bases_said(one: _Checked, key, run: dict, check: Callable) -> _Checked:
    """A file's errors and warnings at lines of a ruleset it extends that this run checks, and that ruleset has
    itself (not caused by this file): said there, not again here; the errors once, at this file's `extends:`."""
    label = str(run[key])  # as load names the file
    if not any(w is not None and w.file != label for w, _ in one.errors + one.warnings):
        return one
    where, base, chain = bases_of(Path(label), label)
    bases = [check(k) for k in chain if k != key and k in run]
    errors = _said_there(one.errors, [e for b in bases for e in b.errors], label)
    warnings = _said_there(one.warnings, [w for b in bases for w in b.warnings], label)
    one = one._replace(warnings=[w for w in one.warnings if w not in warnings])
    if where is None or not errors:
        return one
    said = (where, f"its base '{shown(base)}' has errors of its own, said at {_lines_of(errors, chain, label)}")
    return one._replace(errors=[said] + [e for e in one.errors if e not in errors])  # this file's line first


def _said_there(problems: list, theirs: list, label: str) -> list:
    """Of a file's `problems`, those at a base's line that the base checked itself has too (`theirs`)."""
    own = {_as_base_says(p) for p in theirs}
    return [(w, m) for w, m in problems if w is not None and w.file != label and _as_base_says((w, m)) in own]


def _lines_of(errors: list, chain: list, label: str) -> str:
    """'that file's lines' (the base's own), or 'the lines of mid.yaml and base.yaml': where `errors` are."""
    files = {_same_key(w.file): w.file for w, _ in errors}
    if list(files) == chain[:1]:
        return "that file's lines"
    return "the lines of " + _and([_near(file, label) for file in files.values()])


def _as_base_says(error: tuple):
    """An error as the file whose line it is at says it, checked itself: its place, resolved, and its words."""
    where, message = error
    return where and (_same_key(where.file), where.line, where.col), as_base_says(message)  # (None, …): no place


def _near(file: str, beside: str) -> str:
    """A file named from the folder of the file `beside` where it is below it, else as it is labelled."""
    try:
        return shown(str(Path(file).resolve().relative_to(Path(beside).resolve().parent)))
    except (ValueError, OSError, RuntimeError):
        return shown(file)


def _and(names: list) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _checked_one(name: str, games: int) -> _Checked:
    """One file checked: loaded, its trial games played (none where it does not load)."""
    try:
        game = load(name)
    except CardrulesError as e:
        return _Checked(shown(name, whole=True), e.problems, e.notes)
    noted: list = []
    problems, played = trial_games(game, games, notes=noted) if games else ([], 0)
    if played < games and not problems:  # the safety limit cut the trial short: no verdict is no pass
        problems = [cut_short(game, played, games)]
    if games and not problems:  # and a game under each other value of its options
        problems = option_trials(game, lambda options: load(name, options))
    warned = list(game.notes) + in_base(noted, game.label, game.tree)  # the game runs, perhaps not as meant
    return _Checked(shown(name, whole=True), in_base(problems, game.label, game.tree), warned)


@main.command()
@click.argument("file", required=False)
@click.option("--seat", type=int, default=None,
              help="Your seat (default: 0, or with --resume the record's; another only at a hand's start).")
@click.option("--bots", "bots_spec", default=None,
              help="KIND (random, greedy, mcts or mcts:N), or K0,K1,... per seat (default: mcts, the search bot).")
@click.option("--seed", type=int, default=None, help="Seed for the shuffles (default: random).")
@click.option("--record", "record_path", default=None, metavar="PATH",
              help="Write a replayable record as the game goes.")
@click.option("--resume", "resume_path", default=None, is_flag=False, flag_value=LAST_KEPT, metavar="[PATH]",
              help="Continue the game in this record; with no PATH, the game last kept unfinished (of FILE, if given).")
@click.option("--lang", type=click.Choice(LANGS), default=None,
              help="The table's language: en or fa; a resumed game keeps its own (default: CARDRULES_LANG, else the"
              " locale's if Persian, else en).")
@click.option("--hint", is_flag=True, help="Before each of your moves, the search bot's best moves (up to three), with"
              " the points each is expected to bring (type 'hint' for them at any time).")
@click.option("--cards", "card_style", type=click.Choice(CARD_STYLES), default=None,
              help="How cards are written: A♣ (signs, the default), AC (letters), or ace of clubs (words: for a screen"
              " reader); a resumed game keeps its own; CARDRULES_CARDS sets your own default.")
@click.option("--width", type=click.IntRange(min=0), default=None, metavar="N",
              help="Wrap lines at N columns, 20 at the least (0: never; default: 78, or a narrower terminal's width);"
              " a resumed game keeps its own.")
@click.option("--accept-changed-rules", "accept_changed", is_flag=True,
              help="With --resume: go on even though the ruleset's rules have changed since the record was written.")
@_with_option("Play with these options, as a house-rule file would set them (again for more); a resumed game keeps"
              " its record's.")
def play(file, seat, bots_spec, seed, record_path, resume_path, lang, hint, card_style, width, accept_changed,
         settings):
    """Play in the terminal against bots; type a move or its number ('help' explains).

    With --resume, FILE may be left out; if given, it must be the record's ruleset (or, where that has
    moved, its new place, which the record then names). A record whose ruleset's rules have changed since
    it was written is refused unless --accept-changed-rules is given.
    """
    _check_given(record_path, "--record")
    _check_given(bots_spec, "--bots")
    if width is not None and not _a_width(width):
        raise click.BadParameter(f"{width} columns are too few: give {NARROWEST} or more, or 0 never to wrap",
                                 param_hint="--width")
    kept = Kept(None, None, {}, {}, {})  # what a resumed record kept besides the game
    if file is None and resume_path not in (None, LAST_KEPT) and _names_a_ruleset(resume_path):
        file, resume_path = resume_path, LAST_KEPT  # `--resume NAME`: no record of that name, but a ruleset
    last = resume_path == LAST_KEPT
    if last:
        resume_path = _last_kept(file)
    if resume_path is not None:
        _check_given(resume_path, "--resume")
        if settings:
            raise click.UsageError("--with goes with a new game: a resumed game plays under its record's options")
        given = {k for k, v in (("seat", seat), ("bots", bots_spec), ("lang", lang)) if v is not None}
        try:
            st, file, kept = _resume(resume_path, file, seed, given, accept_changed)
        except CardrulesError as e:
            if last:
                _others_kept(e, resume_path)
            raise
        record_path = record_path or resume_path
    elif file is None:
        raise click.UsageError("name a ruleset FILE, or --resume RECORD")
    elif accept_changed:
        raise click.UsageError("--accept-changed-rules goes with --resume RECORD: a new game has no rules to change")
    else:
        seed = seed if seed is not None else secrets.randbits(SEED_BITS)
        game, options = _loaded(file), _options_given(settings)  # the options kept in the record, for --resume
        st = (_loaded_with(file, options) if options else game).new_state(seed=seed, listen=True)
    g = st.game
    if seat is not None and not 0 <= seat < g.players:
        raise click.BadParameter(f"this game has seats 0 to {g.players - 1}", param_hint="--seat")
    seat = next(s for s in (seat, kept.seat, 0) if s is not None)  # the command line, else the record's
    spec = bots_spec or _kept_bots(kept, g.players, seat, resume_path) or DEFAULT_BOTS
    _check_record_path(record_path, file, resume_path)
    try:
        bots = make_bots(parse_spec(spec, g.players, person=seat), st.seed)
    except BotSpecError as e:
        raise click.BadParameter(str(e), param_hint="--bots") from None
    _check_seat_change(st, seat, kept.played_at, resume_path)
    at_table = kept.played_at is not None  # a game played at a table keeps its own: en and signs where not written
    lang = _table_kept(lang, "lang", LANGS.__contains__, '"en" or "fa"', kept, resume_path) \
        or ("en" if at_table else _lang_by_default(sys.stdout))
    card_style = _table_kept(card_style, "cards", CARD_STYLES.__contains__, f"one of {', '.join(CARD_STYLES)}", kept,
                             resume_path) or ("signs" if at_table else _chosen_by(CARDS_VARIABLE, CARD_STYLES)) \
        or "signs"
    width = _table_kept(width, "width", _a_width, f"0 or a whole number from {NARROWEST}", kept, resume_path)
    table = {"seat": seat, "bots": spec_to_keep(spec, g.players, seat)}  # kept in the record for --resume
    if lang != "en":
        table["lang"] = lang
    if card_style != "signs":
        table["cards"] = card_style
    if width is not None:
        table["width"] = width
    table[rec.FINGERPRINT] = rec.fingerprint(g)  # the rules played under: a resume under others is refused
    stdin, stdout = sys.stdin, sys.stdout
    if stdin is None or stdout is None:
        raise click.ClickException("play needs standard input and output (one of them is closed)")
    _check_persian_shows(lang, stdout)
    table.update(kept.own_play)  # fields of its own the record's `play` had, kept after cardrules' own
    keeper = _keeper(record_path, file, table, kept, resume_path)
    record_path = _save(keeper, st) or record_path
    _gone_on_elsewhere(resume_path, keeper, kept)
    session = Session(st, seat, bots, Screen(stdout, rtl=lang == "fa"), _typed_lines(stdin), lang=lang,
                      save=lambda: _save_in_play(keeper, st, session), echo=not stdin.isatty(),
                      record=record_path, hint=hint, keep=(keep := KeepUnfinished(file, table, st)),
                      record_written=lambda: _written_now(keeper, st, session), resumed=resume_path is not None,
                      resume_with=_own_bots_option(table["bots"], g.players), cards=card_style, wrap=width)
    _run(session, keeper, st, record_path, keep)
    if keep.lost:  # stopped before its end and kept nowhere: said as warnings, and not a success
        sys.exit(1)


def _check_seat_change(st, seat: int, old: int | None, resume_path: str | None) -> None:
    """A game resumed at another seat than the record's while a hand is under way (a decision made in it, or the
    old seat to act, which was shown its hand) where the new seat sees cards the old one does not would show the
    person that seat's hidden cards beside those they saw at the old one: a usage error saying how to go on. At a
    hand's start with another seat to act, or the game over, allowed."""
    if resume_path is None or old is None or old == seat or st.over:
        return
    if not st.hand_decisions and st.to_act != old:  # kept at a hand's start, the old seat not yet asked: unseen
        return
    if not cards_seen(st, seat) - cards_seen(st, old):
        return
    raise click.UsageError(
        f"--seat {seat}: this game was played at seat {old}, and hand {st.hand_no + 1} is under way: at seat {seat}"
        f" you would see its cards, which seat {old} has not seen. Finish the hand at seat {old} (cardrules play"
        f" --resume {shlex.quote(resume_path)}, without --seat), or change seats in a record kept at the start"
        " of a hand")


def _names_a_ruleset(path: str) -> bool:
    """Is `path` no file but a ruleset's name (`--resume NAME`: the last game of that ruleset kept)?"""
    if not path or os.path.exists(path):
        return False
    try:
        locate(path)
    except CardrulesError:
        return False
    return True


def _last_kept(file: str | None) -> str:
    """The game last kept unfinished (the last written) in `unfinished_folder()` or the folders a game goes to
    where that one cannot be written, of FILE's ruleset if FILE is given: a record that holds no result (a kept
    game resumed and played to its end holds one)."""
    wanted = locate(file) if file is not None else None
    for path, _, ruleset, _ in _unfinished_kept():
        if wanted is None or _same_file(wanted, ruleset):
            return str(path)
    of = f" of {shown(file)}" if file is not None else ""
    where = " or ".join(map(str, _kept_folders()))
    raise click.UsageError(f"no game{of} is kept unfinished in {where}: name the record to go on with, --resume PATH"
                           " (cardrules list --kept shows the games kept)")


def _others_kept(e: CardrulesError, path: str) -> None:
    """The game last kept cannot go on (its ruleset gone): the error says how to go on with another kept game."""
    others = sum(1 for p, *_ in _unfinished_kept() if str(p) != path)
    if others:
        where, said = e.problems[-1]
        more = counted(others, "other game")
        e.problems[-1] = (where, f"{said} (this is the game last kept; {more} kept unfinished: `cardrules list"
                                 " --kept` lists them, `cardrules play --resume PATH` goes on with one)")


def _unfinished_kept():
    """The games kept unfinished, the last written first: (path, when written, its ruleset's path, its record)."""
    found = []
    for folder in _kept_folders():
        try:
            found += folder.glob("*.json")
        except OSError:
            pass
    stamped = [(at, p) for p in found if (at := _written_at(p)) is not None]  # each read once: it may go meanwhile
    for at, path in sorted(stamped, reverse=True):
        try:
            record = rec.read(path)
            ruleset = rec.ruleset_path(record, path)
        except (CardrulesError, OSError):
            continue
        if record.get("result") is None:
            yield path, at, ruleset, record


def _kept_folders() -> list[Path]:
    """The folders of `_keeping_folders()` that are there: the state folder's, and those a game went to where it
    could not be written (a full disk, a read-only home), each only where it is this user's own (the current
    folder may be a shared one, /tmp, where another could leave a game to be taken up), the shared temporary
    folder's only where it is shut to others too."""
    folders = []
    for k, (folder, private) in enumerate(_keeping_folders()):
        try:
            if private:
                _own_private(folder)
            elif k and not _users_own(folder):
                continue
            if folder.is_dir():
                folders.append(folder)
        except OSError:
            continue
    return folders or [unfinished_folder()]


def _users_own(folder: Path) -> bool:
    """Is the folder there, no link, and this user's?"""
    if folder.is_symlink() or not folder.is_dir():
        return False
    return not hasattr(os, "getuid") or folder.stat().st_uid == os.getuid()


def _written_at(path: Path) -> float | None:
    """When the file was last written; None for one that cannot be read so (a link to nothing, gone since, in a
    folder that may be listed but not searched) and for what is no file (a pipe, waited on for ever if read)."""
    try:
        info = path.stat()
    except OSError:
        return None
    return info.st_mtime if stat.S_ISREG(info.st_mode) else None


def _own_bots_option(spec: str, players: int) -> str:
    """`--bots SPEC` where the bots kept name code of their own, which a record alone never seats; else ''."""
    return f"--bots {shlex.quote(spec)}" if own_kinds(spec, players) else ""


def _kept_bots(kept, players: int, seat: int, path: str | None) -> str | None:
    """The record's bots spec, checked (used only where --bots is not given). A bot of code of its own is never
    seated by a record alone (a record may come from anyone): its code runs only when --bots names it."""
    if kept.bots is not None:
        own = own_kinds(str(kept.bots), players, seat)
        if own:
            raise RecordError(f"'play': 'bots': the record seats a bot of code of its own ({own[0]}), which"
                              f" a record never runs by itself: give --bots to seat it (--bots {kept.bots}) or"
                              " others", rec.place(path, "play", "bots"))
        try:
            parse_spec(kept.bots, players, person=seat)
        except BotSpecError as e:
            raise RecordError(f"'play': 'bots': {e}; give --bots to choose them",
                              rec.place(path, "play", "bots")) from None
    return kept.bots


def _table_kept(given, key: str, ok: Callable[[object], bool], must: str, kept, path: str | None):
    """How the person asked the table to be (`--lang`, `--cards`, `--width`): as given, else as the record kept it
    with the seat (checked only then: `ok`, else an error at its place that it `must` be so), else None."""
    kept_value = kept.own_play.pop(key, None)
    if given is None and kept_value is not None and not ok(kept_value):
        raise RecordError(f"'play': '{key}' must be {must}, not {json.dumps(kept_value)}; give --{key} to choose"
                          " one", rec.place(path, "play", key))
    return given if given is not None else kept_value


def _chosen_by(variable: str, choices) -> str | None:
    """The choice an environment variable makes for an option not given (None: unset or empty), else a usage
    error that names the variable."""
    value = os.environ.get(variable, "").strip()
    if not value:
        return None
    if value.lower() not in choices:
        raise click.UsageError(f"{variable}={json.dumps(value, ensure_ascii=False)}: must be one of"
                               f" {', '.join(choices)} (or unset)")
    return value.lower()


def _lang_by_default(stream) -> str:
    """The language where neither --lang nor a resumed record names one: CARDRULES_LANG's, else Persian where the
    locale's language is (the first of LC_ALL, LC_MESSAGES and LANG set: fa, fa_IR.UTF-8; where that is not C,
    GNU's LANGUAGE list, its first) and `stream` can show it, else English. Only a language asked for by name is
    an error on an output that cannot show it."""
    chosen = _chosen_by(LANG_VARIABLE, LANGS)
    if chosen is not None:
        _check_persian_shows(chosen, stream, f", which {LANG_VARIABLE}={chosen} asks for")
        return chosen
    locale_name = next((v for k in ("LC_ALL", "LC_MESSAGES", "LANG") if (v := os.environ.get(k))), "")
    if locale_name and not re.match(r"(c|posix)(\.|$)", locale_name.lower()):  # GNU's LANGUAGE list goes first
        locale_name = os.environ.get("LANGUAGE", "").split(":")[0] or locale_name
    persian = re.match(r"fa(?![a-z])", locale_name.lower()) is not None
    return "fa" if persian and can_show(stream, PERSIAN_SHOWN) else "en"


def _a_width(value) -> bool:
    """A width `--width` takes: 0, or a whole number from NARROWEST."""
    return isinstance(value, int) and not isinstance(value, bool) and (value == 0 or value >= NARROWEST)


def _keeper(path: str | None, ruleset: str, table: dict, kept, resumed: str | None):
    """What writes the record, held to write over no other session's game: only while the file is as this one
    read it (the record resumed) or found it (none, or an empty file)."""
    if not path:
        return None
    keeper = rec.Keeper(path, ruleset, table, kept.own, kept.own_actions, whole_path=_among_unfinished(path))
    same = resumed is not None and (path == resumed or _same_file(path, resumed))
    try:
        keeper.guard(kept.digest if same else rec.file_digest(path))
    except OSError:  # unreadable: its write fails, and says why
        pass
    return keeper


def _tell_moved(keeper) -> str | None:
    """Where the record went, if another session's game was found in its file (and said so on stderr); a record
    found removed is written again where it was (said so too)."""
    if keeper is None or keeper.moved is None:
        return None
    left, new = keeper.moved
    keeper.moved = None
    if new is None:
        _to_stderr(f"warning: {left} was removed since this session wrote it; the game is written there again")
        return None
    _to_stderr(f"warning: {left} was changed by another session since this one read or wrote it; it is left as"
               f" that session wrote it, and this game goes on in {new}")
    return str(new)


def _run(session, keeper, st, record_path: str | None, keep) -> None:
    """The session played; stopped by Ctrl-C, a hangup or SIGTERM, or its output closed, it says where the game
    is kept (on stderr where the table's output is gone) and exits non-zero."""
    try:
        with _signals_stop_play():
            session.run()
    except KeyboardInterrupt as e:
        said = session.interrupted()
        if session.output_gone:
            _to_stderr(said)
        sys.exit(128 + getattr(e, "signum", signal.SIGINT))
    except OutputClosed:
        _to_stderr(session.output_closed())
        sys.exit(1)
    except CardrulesError as e:  # the ruleset's error (or a bot of one's own), found in play: said, the game kept
        _to_stderr(e.public if isinstance(e, BotError) else str(e))  # (not a bot seat's legal moves: its hand)
        _to_stderr(session.stopped_by_error(by_bot=isinstance(e, BotError)))
        sys.exit(1)
    finally:
        if session.output_gone:  # what stdout still holds would fail again as Python ends
            _silence_stdout()
        if keeper is not None and keeper.failed:  # a last try: the game ends here, so a record unwritten is an error
            said = session.record  # where the table said the game is kept: the record, or elsewhere
            kept = said if said not in (record_path, str(keeper.path)) else None
            _save(keeper, st, lambda: kept or keep())


def _to_stderr(text: str) -> None:
    try:
        echo(text, err=True)
    except OSError:  # stderr gone too (the terminal closed): nothing more can be said
        pass


class _Signalled(KeyboardInterrupt):
    """SIGHUP, SIGTERM or SIGQUIT (Ctrl-\\) during play: stopped as Ctrl-C stops it."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


def _raise_signalled(signum, _frame):
    raise _Signalled(signum)


STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGHUP", "SIGTERM", "SIGQUIT") if hasattr(signal, name))


@contextmanager
def _signals_stop_play():
    """While play or a run of games goes on, a hangup (the terminal closed), SIGTERM or Ctrl-\\ (SIGQUIT, which
    would end the process at once, the game lost) stops it as Ctrl-C does
    (play keeps the game; a run of games stops its workers); the handlers before are restored after. One
    ignored before (`nohup`) stays ignored; off the main thread none is set."""
    before = {}
    try:
        for s in STOP_SIGNALS:
            if signal.getsignal(s) != signal.SIG_IGN:
                before[s] = signal.signal(s, _raise_signalled)
    except ValueError:  # not the main thread
        pass
    try:
        yield
    finally:
        for s, handler in before.items():
            signal.signal(s, signal.SIG_DFL if handler is None else handler)


def _typed_lines(stdin) -> Callable[[], str]:
    """stdin.readline, but a line whose bytes are UTF-8 is read as UTF-8, what terminals and most programs send,
    whatever the locale says (a suit sign piped where it says ASCII, or cp1252, which reads the sign's bytes as
    three other letters); a line that is not UTF-8 is read as the locale says, with what it cannot read
    replaced: a move refused, never the game stopped."""
    try:
        stdin.reconfigure(errors="surrogateescape")  # bytes it cannot read kept, to read again
    except (AttributeError, ValueError, OSError):  # not the io module's text stream: its lines as they come
        return stdin.readline
    coding, wide, first = stdin.encoding, "", True  # wide: UTF-16's codec, once its byte order mark began the input

    def read() -> str:
        nonlocal wide, first
        line = _line_read(stdin.readline)
        if wide:
            return _wide_line(stdin, coding, wide, line)
        began, first = first, False
        if line.isascii():
            return line
        raw = line.encode(coding, "surrogateescape")  # the bytes typed
        if began and raw[:2] in UTF16_MARKS:  # a file PowerShell 5 or Notepad wrote, redirected in
            wide = UTF16_MARKS[raw[:2]]
            return _wide_line(stdin, coding, wide, line, raw[2:])
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:  # not UTF-8: as the locale reads it, what it cannot read replaced
            return raw.decode(coding, "replace")

    return read


UTF16_MARKS = {b"\xff\xfe": "utf-16-le", b"\xfe\xff": "utf-16-be"}
LINE_READ = 4000  # characters of a typed line kept (no move is a quarter as long): the rest is read and dropped


def _line_read(readline) -> str:
    """A typed line, at most LINE_READ characters of it (a line of megabytes took seconds and its size again in
    memory to be refused, an input audit); what is left of a longer one is read to its end and dropped."""
    line = readline(LINE_READ)
    if len(line) == LINE_READ and not line.endswith("\n"):
        while (rest := readline(1 << 16)) and not rest.endswith("\n"):
            pass
    return line


def _wide_line(stdin, coding: str, codec: str, line: str, raw: bytes | None = None) -> str:
    """A line of UTF-16 input read through a stream that reads bytes: its newline's other byte is left at one
    end of the line (the start of the next, little-endian; the end of this one, big-endian), and a CR LF pair,
    two lines with a NUL between, makes a line of that NUL alone, skipped."""
    while line:
        if raw is None:
            raw = line.encode(coding, "surrogateescape")
        raw = raw.rstrip(b"\r\n")
        if len(raw) % 2:
            raw = raw[1:] if codec == "utf-16-le" else raw[:-1]
        if raw:
            return raw.decode(codec, "replace") + "\n"
        line, raw = stdin.readline(), None
    return ""


class Kept(NamedTuple):
    """What a record kept besides the game: the person's seat and the bots (None if not recorded), and
    fields of its own (a note), written back as they were: the record's, its `play`'s, and each action's
    (by the action's index); and a digest of the file as read."""

    seat: int | None
    bots: str | None
    own: dict
    own_play: dict
    own_actions: dict
    digest: str | None = None
    played_at: int | None = None  # the seat the record was played at, read though --seat is given


def _resume(path: str, file: str | None, seed: int | None, given=(), accept_changed: bool = False):
    """The record's game replayed, its ruleset, and what else it kept (seat and bots None if not recorded, or
    `given` by their options); FILE and --seed, when given, must be the record's, and the ruleset's rules
    those it was played under, unless `accept_changed`."""
    record, digest = rec.read_kept(path)
    ruleset = str(rec.ruleset_path(record, path))
    if file is not None:
        try:
            found = locate(ruleset)
        except CardrulesError:  # the record's ruleset is not where it says: moved, and FILE is its new place
            record, ruleset = {**record, "ruleset": str(locate(file).resolve())}, file
        else:
            if not _same_file(locate(file), found):
                raise click.UsageError(f"{shown(file)} is not the ruleset of the record {shown(path)} "
                                       f"({shown(record['ruleset'])}); leave FILE out to resume it")
    if seed is not None and seed != (record["seed"] if record.get("seed") is not None else 0):  # none: 0
        has = "its own seed" if record.get("seed") is not None else "no seed (it goes on with seed 0)"
        raise click.BadParameter(f"the record's game has {has}; leave --seed out to resume it", param_hint="--seed")
    changed = _check_rules(record, path, accept_changed)
    try:
        st = rec.replay(record, path, check_result=False)
    except rec.ReplayFailure as f:
        legal = f"; legal there: {'; '.join(f.legal)}" if f.legal else ""
        under = " (under the rules as they are now: the game's own may have allowed it)" if changed else ""
        raise RecordError(f.refused + legal + under, rec.place(path, "actions", f.index)) from None
    mismatch = rec.record_mismatch(record, st)
    if mismatch:  # an edited or damaged record: say so rather than play on from a game that is not the one kept
        under = " (under the rules as they are now)" if changed else ""
        raise RecordError(mismatch + under + "; `cardrules replay` checks a record", rec.place(path, "result"))
    if changed:  # said once the game replays under them, as kept
        echo(f"warning: {changed}; going on under it as it is now (--accept-changed-rules), and the record"
                   " now holds its fingerprint", err=True)
    elif _unfingerprinted(record):
        echo(f"warning: {UNFINGERPRINTED}; the game goes on under the rules as they are now, and the record now"
             " holds their fingerprint", err=True)
    own = {k: v for k, v in record.items() if k not in rec.FIELDS}
    seat, bots = rec.table_seat(record, st.game.players, path, given)  # `play` checked to be an object, if given
    own_play = {k: v for k, v in (record.get("play") or {}).items() if k not in ("seat", "bots", rec.FINGERPRINT)}
    own_actions = {i: {k: v for k, v in a.items() if k not in ("seat", "action")}
                   for i, a in enumerate(record.get("actions", [])) if set(a) - {"seat", "action"}}
    played_at = seat if "seat" not in given else _played_at(record, st.game.players, path)
    return st, ruleset, Kept(seat, bots, own, own_play, own_actions, digest, played_at)


def _played_at(record: dict, players: int, path: str) -> int | None:
    """The seat the record's `play` says it was played at; None where it says none, or none that is a seat."""
    try:
        return rec.table_seat(record, players, path, ("bots",))[0]
    except RecordError:
        return None


UNFINGERPRINTED = ("the record keeps no fingerprint of the rules it was played under (an older cardrules wrote it):"
                   " a rule changed since, in an upgrade, would make another game unseen")


def _unfingerprinted(record: dict) -> bool:
    """A game kept at the table (its `play` names the seat) by a cardrules that kept no fingerprint of the rules."""
    play = record.get("play")
    return isinstance(play, dict) and "seat" in play and not play.get(rec.FINGERPRINT)


def _check_rules(record: dict, path: str, accept: bool, confined: bool = False) -> str:
    """A record keeps the fingerprint of the rules it was played under (older ones do not): under other rules the
    same actions may make another game, which is refused unless asked for; asked for, what to warn of once the
    game replays ('' where the rules are the same). `confined`: a record from anyone (`replay`)."""
    play = record.get("play")
    kept = play.get(rec.FINGERPRINT) if isinstance(play, dict) else None
    game = rec.start(record, path, confined=confined).game if kept is not None else None
    if kept is None or rec.same_rules(game, kept):
        return ""
    own = _is_bundled(game.path)  # cardrules' own ruleset: an upgrade changed it, and no file can be restored
    if isinstance(kept, str) and rec.FINGERPRINT_FORM.fullmatch(kept):  # else none cardrules wrote (a review)
        why = "cardrules' own ruleset has changed since, in an upgrade" if own else \
            "the ruleset has been changed since, or another file stands in its place"
        why += ", or the record's 'ruleset' or 'options' were edited"  # (an input audit: an edit blamed an upgrade)
        said = (f"the rules of {shown(record['ruleset'])} are not the ones this game was played under (the"
                f" record's fingerprint of them differs: {why}), and the same actions may now make another game")
    else:
        said = f"'play': '{rec.FINGERPRINT}' is not a fingerprint cardrules writes: the game's rules are not known"
    if not accept:
        back = "finish it with the cardrules that began it" if own else "restore the ruleset"
        raise RecordError(f"{said}; {back}, or go on under the rules as they are now with --accept-changed-rules",
                          rec.place(path, "play", rec.FINGERPRINT))
    return said


def _is_bundled(path) -> bool:
    """Is the file one of the rulesets cardrules carries?"""
    return any(_same_file(path, own) for own in bundled())


def _check_given(value: str | None, option: str) -> None:
    """An option given as an empty string is a mistake, not a wish for the default."""
    if value is not None and not value.strip():
        raise click.BadParameter("must not be empty", param_hint=option)


def _check_record_path(path: str | None, ruleset: str, resumed: str | None = None) -> None:
    """Before play starts: refuse to overwrite the ruleset itself, a file that is not a game record, or
    the record of another game (only the game being resumed writes over its own record), or what is no file."""
    if path and os.path.isdir(path):
        raise click.BadParameter(f"{shown(path)}: it is a folder; name a file", param_hint="--record")
    if path and os.path.exists(path) and not os.path.isfile(path):
        raise click.BadParameter(f"{shown(path)}: it is not a file but a device, a pipe or a socket; name a file",
                                 param_hint="--record")
    if not path or not os.path.isfile(path):
        return
    if _same_file(path, locate(ruleset)):
        raise click.BadParameter(f"{shown(path)} is the ruleset being played; name another file",
                                 param_hint="--record")
    if not os.path.getsize(path) or (resumed is not None and _same_file(path, resumed)):
        return
    if not rec.is_record(path):
        raise click.BadParameter(f"{shown(path)} exists and is not a game record; name another file",
                                 param_hint="--record")
    kept = rec.read(path)
    game = f"{kept.get('ruleset', '?')}, {len(kept.get('actions', []))} actions"
    if kept.get("result") is not None or _over(kept, path):
        raise click.BadParameter(f"{shown(path)} already holds the record of a finished game ({game}); name"
                                 " another file, or remove it first", param_hint="--record")
    raise click.BadParameter(f"{shown(path)} already holds an unfinished game ({game}); go on with it by"
                             f" `cardrules play --resume {shlex.quote(shown(path, whole=True))}`, or name another file",
                             param_hint="--record")


def _over(record: dict, path: str) -> bool:
    """Does the record's game end with its actions (a finished game whose `result` was left out)?"""
    try:
        return rec.replay(record, path, check_result=False).over
    except CardrulesError:
        return False


def _same_file(a, b) -> bool:
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        return False


def _save(keeper, st, keep=None) -> str | None:
    """The record written, else an error; with `keep`, one that says where the game is kept instead (where the
    table said, for a game stopped before its end, or kept now, for one played to its end). The record's new
    file, where another session's game was found in its own (`_tell_moved`)."""
    if keeper is not None:
        try:
            keeper.write(st)
        except OSError as e:
            kept = keep() if keep is not None else None
            raise click.ClickException(_unwritten(keeper, e) + (f"; the game is kept in {kept}" if kept else "")) \
                from None
        keeper.failed = None
    return _tell_moved(keeper)


def unfinished_folder() -> Path:
    """Where a game stopped before its end without --record is kept: cardrules/games in the user's state
    folder ($XDG_STATE_HOME, else ~/.local/state); where no home is found, cardrules-games in the current folder
    (not under a folder named `~`, which a shell's `rm -r ~` would read as the home)."""
    base = user_folder("XDG_STATE_HOME", ".local", "state")
    if base is not None:
        return base / "cardrules" / "games"
    try:
        return Path.cwd() / "cardrules-games"
    except OSError:  # the current folder is gone: keeping the game fails later, and says so
        return Path("cardrules-games")


def _among_unfinished(path: str) -> bool:
    """Is the record one kept in `unfinished_folder()` (or where a game went when that one could not be written)?
    It names its ruleset by the whole path, resumed too."""
    try:
        return Path(path).resolve().parent in {folder.resolve() for folder in _kept_folders()}
    except (OSError, RuntimeError):
        return False


def _gone_on_elsewhere(resumed: str | None, keeper, kept) -> None:
    """A game kept unfinished, resumed into a record of its own (`--resume --record FILE`), goes on there: its
    kept copy, which a bare `--resume` would take up again as the last unfinished game (two copies of one game
    going their own ways), is removed once the record holds all it held — only while it is as this session read
    it (another session may have played on in it since)."""
    if resumed is None or keeper is None or not _among_unfinished(resumed) or _same_file(str(keeper.path), resumed):
        return
    if rec.file_digest(resumed) != kept.digest:
        return
    try:
        Path(resumed).unlink()
    except OSError:  # gone already, or not ours to remove: a copy left behind loses nothing
        pass


class KeepUnfinished:
    """Keeps a game stopped before its end (quit, input ended, Ctrl-C) that has no record, so that nothing is
    lost: called, a new record in `unfinished_folder()`, named by the ruleset and the time, or where that
    cannot be written, in ./cardrules-games or the temporary folder (each folder that failed said as a warning);
    its path, or None where none could be written (`lost`: play then exits 1, not 0)."""

    def __init__(self, ruleset: str, table: dict, st):
        self.ruleset, self.table, self.st = ruleset, table, st
        self.lost = False

    def __call__(self) -> str | None:
        stem = f"{locate(self.ruleset).stem}-{time.strftime('%Y%m%d-%H%M%S')}"
        tried = []
        for folder, private in _keeping_folders():
            try:
                _made_shut(folder, private or folder == unfinished_folder())  # (XDG: state made for the user alone)
                if private:
                    _own_private(folder)
                path = _claimed(folder, stem)
                try:
                    rec.Keeper(path, self.ruleset, self.table, whole_path=True).write(self.st)
                except BaseException:  # a failed write, or a signal during it: no empty file left behind
                    path.unlink(missing_ok=True)
                    raise
            except OSError as e:
                why = getattr(e, "strerror", None) or str(e)
                echo(f"warning: the unfinished game could not be kept in {folder}: {why}", err=True)
                tried.append(folder)
                continue
            if tried:
                echo(f"warning: so it is kept in {folder} instead", err=True)
            return str(path)
        self.lost = True
        return None


def _claimed(folder: Path, stem: str) -> Path:
    """A new file `STEM.json` (`STEM-2.json`, …) in `folder`, made at once: two games stopped in the same second
    (a terminal's tabs closed together) never take the same name, one overwriting the other."""
    path = rec.claimed(folder / f"{stem}{f'-{k}' * (k > 1)}.json" for k in range(1, 1000))
    if path is None:
        raise OSError(errno.EEXIST, "too many games of this name and time")
    return path


def _keeping_folders() -> list[tuple[Path, bool]]:
    """Where an unfinished game may be kept, in order, each once, with whether it must be the user's alone: the
    state folder's, else ./cardrules-games, else the user's own in the temporary folder, which others share (a
    record holds every deck order: every hidden hand)."""
    folders = [(unfinished_folder(), False)]
    try:
        folders.append((Path.cwd() / "cardrules-games", False))
    except OSError:  # the current folder is gone
        pass
    who = os.getuid() if hasattr(os, "getuid") else re.sub(r"\W", "_", os.environ.get("USERNAME", "") or "user")
    folders.append((Path(tempfile.gettempdir()) / f"cardrules-games-{who}", True))
    unique: list[tuple[Path, bool]] = []
    for folder, private in folders:
        if all(folder != seen for seen, _ in unique):  # a folder named twice: once, where it is first named
            unique.append((folder, private))
    return unique


def _made_shut(folder: Path, shut: bool) -> None:
    """The folder made where it is missing, with those above it; `shut`: each made shut to other users (a kept game
    holds every hidden hand), as the XDG spec asks of what is made in the state folder. One there is left as it is."""
    if not shut:
        folder.mkdir(parents=True, exist_ok=True)
        return
    missing = [f for f in (folder, *folder.parents) if not f.exists()]
    for made in reversed(missing):
        made.mkdir(mode=0o700, exist_ok=True)


def _own_private(folder: Path) -> None:
    """A folder in a place others share is used only where it is this user's own, not a link, and shut to others
    (another user could have made it first, to read or replace what is written there)."""
    if folder.is_symlink() or not folder.is_dir():
        raise OSError(errno.EPERM, "it is not a folder of this user's own")
    if hasattr(os, "getuid"):
        info = folder.stat()
        if info.st_uid != os.getuid() or info.st_mode & 0o077:
            raise OSError(errno.EPERM, "it is not a folder of this user's own, shut to others")


def _unwritten(keeper, e: OSError) -> str:
    return f"cannot write the record to {keeper.path}: {e.strerror or e}"


def _save_in_play(keeper, st, session=None):
    """During play a record that cannot be written (its folder gone, the disk full) is said once, and the game
    goes on: each later move tries again, and so does the end of the session, which fails if it still cannot.
    A record another session has written since is left alone: the table names the new file."""
    if keeper is None:
        return
    w = session.w if session is not None else None  # at a Persian table, said in Persian (a Persian table audit)
    try:
        keeper.write(st)
    except OSError as e:
        said = _unwritten(keeper, e)
        if said != keeper.failed:
            why = e.strerror or str(e)
            echo(w.say("record_unwritten", path=w.ltr(str(keeper.path)), why=why) if w else
                 f"warning: {said}; the game goes on, and the record is tried again at each move", err=True)
        keeper.failed = said
    else:
        if keeper.failed:
            echo(w.say("record_written_again", path=w.ltr(str(keeper.path))) if w else
                 f"the record is written to {keeper.path} again", err=True)
        keeper.failed = None
    moved = _tell_moved(keeper)
    if moved and session is not None:
        session.record = moved


def _written_now(keeper, st, session=None) -> bool:
    """Is the record written, written once more now (tried again if it was failing, and in a new file if another
    session has written its own: the table then names that one)? A game whose record cannot be written at the
    end of the session is kept as one with no record is, so that nothing is lost."""
    if keeper is not None:
        _save_in_play(keeper, st, session)
    return keeper is None or keeper.failed is None


def _study_options(f):
    """Options that simulate and compare share."""
    for option in reversed([
        click.option("-n", "games", type=click.IntRange(1, MAX_GAMES), required=True,
                     help=f"How many games (seeds), 1 to {MAX_GAMES:,}."),
        click.option("--seed", type=int, default=0, show_default=True, help="Game i uses seed S+i."),
        click.option("--bots", "bots_spec", default="random", show_default=True, help="KIND, or K0,K1,... per seat."),
        click.option("--jobs", type=click.IntRange(1, MAX_JOBS), default=1, show_default=True,
                     help=f"Processes to use, 1 to {MAX_JOBS}, never more than there are chunks of games "
                          "(with --engine ray and no address: the local Ray's CPUs)."),
        click.option("--engine", type=click.Choice(list(ENGINES)), default="local", show_default=True,
                     help="Run the chunks of seeds here, or as Ray tasks."),
        click.option("--address", default=None, help="With --engine ray: the cluster to join (default: a local Ray)."),
        click.option("--max-hands", "max_hands", type=click.IntRange(min=1), default=MAX_HANDS, show_default=True,
                     help="Stop a game after this many hands and count it as unfinished."),
        click.option("--json", "as_json", is_flag=True, help="Print one JSON object."),
        click.option("--time-limit", "time_limit", type=float, default=None, metavar="SECONDS",
                     callback=_seconds_given,
                     help="Start no game once this many seconds have passed, and sum up the seeds played, from the"
                          " first on (at least one); not with --engine ray."),
    ]):
        f = option(f)
    return f


def _seconds_given(ctx, param, value: float | None) -> float | None:
    """--time-limit: a positive number of seconds (not infinity)."""
    if value is not None and not 0 < value < math.inf:
        said = int(value) if value.is_integer() else value
        raise click.BadParameter(f"{said} is not a positive number of seconds", ctx=ctx, param=param)
    return value


def _settings(given: str) -> dict:
    """One `--with` as options: `target=100,bam=true` -> {"target": 100, "bam": True}; each value as `_scalar`
    reads it."""
    out = {}
    for part in given.split(","):
        name, eq, text = (x.strip() for x in part.partition("="))
        if not (name and eq and text):
            raise click.BadParameter(f"{given!r}: each setting is NAME=VALUE (target=100, void_redeal=true),"
                                     " several joined by commas", param_hint="--with")
        if name in out:
            raise click.BadParameter(f"{given!r}: option '{name}' is set twice", param_hint="--with")
        out[name] = _scalar(text)
    return out


def _scalar(text: str):
    """A --with value as typed: true or false, a whole number written in decimals (YAML 1.1 would read 010 as
    8 and 1:30 as 90, a silently other game), else the word itself (within quotes, if it is quoted)."""
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    if re.fullmatch(r"[+-]?[0-9]+", text):
        return int(text)
    return text[1:-1] if len(text) > 1 and text[0] == text[-1] and text[0] in "'\"" else text


def _loaded_with(name: str, options: dict):
    """The ruleset loaded with `--with` options; an unknown option or a value it cannot take, a usage error
    that names the options or values there are."""
    try:
        return load(name, options)
    except CardrulesError as e:
        said = "; ".join(message for _, message in e.problems) + _declare_again(name, options)
        raise click.BadParameter(f"{options_said(options)}: {said}", param_hint="--with") from None


def _declare_again(name: str, options: dict) -> str:
    """How to play an option at a value outside those it allows: the bundled house rule that plays it there, or a
    house rule that declares it again (a setting on the command line cannot); none for a number too large for any
    ruleset (a fuzz of house rules)."""
    try:
        base = load(name)
        declared = base.tree.get("options") or {}
    except CardrulesError:
        return ""
    bundled_rule = _bundled_setting(base, options)
    if bundled_rule:
        command = click.get_current_context().info_name
        named = f"{name} {bundled_rule}" if command == "compare" else bundled_rule  # (compare: as a variant)
        return (f" (the bundled house rule {bundled_rule} plays {options_said(options)}: name it in their place, as"
                f" cardrules {command} {named} …)")
    for option, value in options.items():
        spec = declared.get(option)
        allowed = spec.get("values") if isinstance(spec, dict) else None
        if isinstance(allowed, list) and value not in allowed and type(value) is int and \
                abs(value) <= rec.MAX_NUMBER and all(type(v) is int for v in allowed) and \
                not (min(allowed) >= 0 and value < min(min(allowed), 1)):  # a number among numbers (a new word no
            # rule would read), not below 1 or 0 where the values are all that or more (rounds: -1 is none they take)
            shown_value = json.dumps(value, ensure_ascii=False)
            values = ", ".join(json.dumps(v, ensure_ascii=False) for v in [*allowed, value])
            return (f" (to play {option} at {shown_value}, write a house rule, a file with `extends: {name}`, that"
                    f" declares it again: options: {{{option}: {{default: {shown_value}, values: [{values}]}}}})")
    return ""


HOUSE_RULE_KEYS = {"extends", "name", "description", "names", "options", "table"}  # a house rule of options only


def _bundled_setting(base, options: dict) -> str | None:
    """The bundled ruleset that extends `base` with options alone and sets them as given (a target of its own),
    the others as the base has them; None if none does, or if an option given is none of the base's."""
    if not options.keys() <= base.options.keys():
        return None
    for path in bundled():
        try:
            tree = yaml.safe_load(path.read_text(encoding="utf-8"))
        except (OSError, yaml.YAMLError):
            continue
        extends = tree.get("extends") if isinstance(tree, dict) else None
        if not isinstance(extends, str) or not tree.keys() <= HOUSE_RULE_KEYS or \
                (path.parent / extends).with_suffix(".yaml").resolve() != Path(base.path).resolve():
            continue
        try:
            house = load(str(path)).options
        except CardrulesError:
            continue
        if all(_same_value(house.get(k), options.get(k, v)) for k, v in base.options.items()):
            return path.stem
    return None


def _same_value(a, b) -> bool:
    """Equal and of one kind: true is not 1 (`--with bam=1` names no house rule that plays bam)."""
    return type(a) is type(b) and a == b


def _kinds(game, bots_spec: str, name: str | None = None) -> list[str]:
    _check_given(bots_spec, "--bots")
    try:
        return parse_spec(bots_spec, game.players)
    except BotSpecError as e:
        raise click.BadParameter(f"{e}" + (f" ({name})" if name else ""), param_hint="--bots") from None


def _check_engine(engine: str, address: str | None, time_limit: float | None = None) -> None:
    if address and engine != "ray":
        raise click.UsageError("--address needs --engine ray")
    if time_limit is not None and engine == "ray":  # Ray is handed every chunk at once
        raise click.UsageError("--time-limit works with --engine local only, not with --engine ray")


@main.command()
@click.argument("file")
@_study_options
@_with_option("Play with these options (again for more).")
@click.option("--strict", is_flag=True,
              help="Exit 1 when a game is left unfinished (stopped at --max-hands, or its hand passed out): a smoke"
                   " test that the bots finish their games.")
@_stops_on_signals
def simulate(file, games, seed, bots_spec, jobs, engine, address, max_hands, as_json, time_limit, settings, strict):
    """Bots play N games; print wins, mean points and speed.

    A game still running after --max-hands hands is stopped and counted as unfinished, never as a win;
    mean points and hands per game are over finished games, points per hand over every hand. In a game of
    several rounds, points are the last round's (or the match points its rounds score) and rounds won are said.
    """
    _check_engine(engine, address, time_limit)
    with _error_as_json(as_json):
        game = _loaded(file)
        options = _options_given(settings)
        game = _loaded_with(file, options) if options else game
        kinds = _kinds(game, bots_spec)
        with Progress(games, "simulating", seconds=time_limit) as progress:
            out = run_simulation(file, options, games, seed, kinds, jobs, progress=progress, max_hands=max_hands,
                                 engine=engine, address=address, time_limit=time_limit)
    if as_json:
        echo(json.dumps(out))
    else:
        _simulate_summary(out, game, kinds, seed)
    if strict and out["unfinished"]:
        _to_stderr(f"error: {count(out['unfinished'])} of {counted(out['games'], 'game')} unfinished (--strict)")
        sys.exit(1)


@contextmanager
def _error_as_json(as_json: bool):
    """With --json, the ruleset's error that stops the run is the one JSON object on standard output too, as
    replay --json gives it, `{"error": {"reason": LINES}}`; the lines go to standard error as ever (exit 1)."""
    try:
        yield
    except CardrulesError as e:
        if as_json:
            echo(json.dumps({"error": {"reason": _rendered(e.problems, e.notes)}}))
        raise


def _options_given(settings: tuple) -> dict:
    """`--with`s (play's, simulate's, coverage's), all one set of options: an option set twice, to two values, is
    a usage error."""
    out: dict = {}
    for given in settings:
        for name, value in _settings(given).items():
            if name in out and out[name] != value:
                raise click.BadParameter(f"option '{name}' is set twice, to {options_said({name: out[name]})} and"
                                         f" {options_said({name: value})}", param_hint="--with")
            out[name] = value
    return out


def _simulate_summary(out: dict, game, kinds, seed) -> None:
    echo(f"{named(game)}: {counted(out['games'], 'game')}, bots {','.join(kinds)}, seed {seed}")
    if stopped := stopped_said(out.get("time_limit"), out["games"], seed):
        echo(f"  {stopped}")
    if out["unfinished"]:
        unfinished, thrown = out["unfinished"], out.get("thrown_out", 0)
        bound = counted(out["max_hands"], "hand")
        why = [f"{count(unfinished - thrown)} stopped after {bound}"] * (thrown < unfinished)
        why += [f"{count(thrown)} stopped {thrown_out_said()}"] * bool(thrown)
        echo(f"  {count(unfinished)} unfinished, no winner ({'; '.join(why)}); mean points are over the"
                   f" {count(out['finished'])} finished, points per hand over every hand played")
    stopped = out["unfinished"] - out.get("thrown_out", 0)  # at the bound on hands
    if out["games"] and (2 * stopped > out["games"] or stopped and not out["finished"]):  # what to try
        said = "no game ended" if not out["finished"] else f"most games did not end ({count(stopped)} of" \
            f" {count(out['games'])})"
        echo(f"  {said}: {no_end(','.join(sorted(set(kinds))), out['max_hands'], has_auction(game))}")
    elif out["finished"] and stopped >= BOUNDED_SHARE * out["games"]:  # as compare says it (a statistics audit)
        echo(f"  the wins and hands per game are of the finished games, the shorter ones: {count(stopped)} of"
             f" {count(out['games'])} stopped at the bound; a higher --max-hands tells more")
    for s in range(game.sides):
        echo(f"  side {s}{_whose(game, kinds, s)}: {_side_said(out, game, s)}")
    for name, role in out.get("roles", {}).items():
        low, high = wilson(role["hands_won"] * role["hands"], role["hands"])  # as if the hands were independent
        echo(f"  {name}'s side: mean {num(role['mean_hand_points'])} per hand, scored the most in"
                   f" {num(100 * role['hands_won'], 1)}% of the {counted(role['hands'], 'hand')} with"
                   f" {_a(name)} {name} (95% interval {_interval_said(low, high)})")
    if out["draws"]:
        echo(f"  {counted(out['draws'], 'draw')}")
    if game.rounds > 1:
        points = "the match points its rounds score" if game.round_points is not None else "the last round's"
        echo(f"  a game is won by winning {game.rounds} rounds: its points are {points}; rounds won and"
                   f" points are means over finished games")
    if out["redeals"]:  # (a lab audit: 3 deals of 4 thrown in, said only in --json)
        per = f", {num(out['redeals'] / out['hands'])} per hand played" if out["hands"] else ""
        echo(f"  {counted(out['redeals'], 'deal')} thrown in and dealt again{per}")
    hands = "no game finished" if out["mean_hands"] is None else f"{num(out['mean_hands'])} hands per game"
    echo(f"  {hands}; {_speed(out)}")


def _interval_said(low: float, high: float) -> str:
    """`2%–9%`; with as many decimals (up to 2) as keep its ends apart: `0.3%–0.5%`, not `0%–0%` about a share of
    0.4% (a ruleset author's audit)."""
    digits = next((d for d in range(3) if f"{low:.{d}%}" != f"{high:.{d}%}"), 2) if low != high else 0
    return f"{low:.{digits}%}–{high:.{digits}%}"


def _whose(game, kinds, s: int) -> str:
    """` (seats 0 + 2: greedy, mcts:200)`: who plays for a side, where the sides' bots differ (which bot won)."""
    seats = [p for p in range(game.players) if game.side_of[p] == s]
    sides = {tuple(sorted(k for p, k in enumerate(kinds) if game.side_of[p] == side)) for side in range(game.sides)}
    if len(sides) == 1:  # every side's bots alike
        return ""
    where = f"seats {' + '.join(map(str, seats))}" if len(seats) > 1 else f"seat {seats[0]}"
    return f" ({where}: {', '.join(kinds[p] for p in seats)})"


def _a(word: str) -> str:
    """The article before a word (a hakem, an opener)."""
    return "an" if word[:1].lower() in "aeiou" else "a"


def _side_said(out: dict, game, s: int) -> str:
    """One side's wins (with a 95% Wilson interval of its share of finished games), mean points (and rounds won,
    in a game of rounds) and points per hand."""
    wins = out["wins"][s]
    said = [f"{count(wins)} win{'' if wins == 1 else 's'}"]
    if out["finished"]:
        low, high = wilson(wins, out["finished"])
        said[0] += f" ({wins / out['finished']:.0%} of those finished, 95% interval {_interval_said(low, high)})"
    if out.get("mean_rounds_won") and out["mean_rounds_won"][s] is not None:
        said.append(f"mean {num(out['mean_rounds_won'][s])} rounds won")
    last = " in the last round" if game.rounds > 1 and game.round_points is None else ""
    said.append("no finished game's points" if out["mean_points"][s] is None else
                f"mean {num(out['mean_points'][s])} points{last}")
    said.append("no hand scored" if out["mean_hand_points"][s] is None else
                f"mean {num(out['mean_hand_points'][s])} per hand")
    return ", ".join(said)


def _speed(out: dict) -> str:
    """Games played a second, said so where some (or all) were stopped unfinished: they count, as played."""
    rate = f"{num(out['games_per_sec'])} games/s"
    if not out["finished"]:
        return f"{rate} played, all of them stopped unfinished"
    if out["unfinished"]:
        return f"{rate} played (the {count(out['unfinished'])} unfinished counted too)"
    return rate


@main.command()
@click.argument("base")
@click.argument("variants", nargs=-1)
@_study_options
@click.option("--report", "report_path", default=None, metavar="PATH",
              help="Write a report to this file: an HTML page with plots, or the text table for a .md or .txt file.")
@click.option("--measure", "measured", multiple=True, metavar="NAME",
              help="Also measure this value, counter or number variable as each hand ends, or who holds a seat"
                   " variable (again for more).")
@_with_option("Also play BASE with these options, as one more column (again for more columns).")
@_stops_on_signals
def compare(base, variants, games, seed, bots_spec, jobs, engine, address, max_hands, as_json, time_limit,
            report_path, measured, settings):
    """Play the same N seeds under BASE and each VARIANT (or BASE --with options); each measure with a 95%
    interval and a test.

    Differences from BASE: paired sign-flip test, Holm-Bonferroni over all distinct tests. Game measures are over
    finished games (a game is stopped after --max-hands hands), hand measures over every hand. An interval
    from the bootstrap over fewer than 10 games with data is marked ~ (too narrow to trust).
    """
    _check_engine(engine, address, time_limit)
    _check_writable(report_path)
    if not variants and not settings:
        raise click.UsageError("compare needs a VARIANT ruleset, or --with NAME=VALUE for BASE with other options")
    with _error_as_json(as_json):
        result = _compared(base, variants, games, seed, bots_spec, jobs, engine, address, max_hands, report_path,
                           measured, settings, time_limit)
    if report_path:
        _write(report_path, _report(report_path, result))
    if as_json:
        echo(json.dumps(result.as_json()))
    else:
        echo(report_text(result))
        if report_path:
            echo(f"report: {report_path}")


def _compared(base, variants, games, seed, bots_spec, jobs, engine, address, max_hands, report_path, measured,
              settings, time_limit=None):
    """compare's study: the rulesets loaded and checked, then played."""
    names = [base, *variants]
    loaded = [_loaded(name) for name in names]  # every ruleset checked before any game is played
    for given in settings:  # BASE again, with options: one more column each
        names.append(base)
        loaded.append(_loaded_with(base, _settings(given)))
    if report_path and any(_same_file(report_path, locate(name)) for name in names):
        raise click.BadParameter(f"{shown(report_path)} is one of the rulesets compared", param_hint="--report")
    kinds = [_kinds(g, bots_spec, name) for g, name in zip(loaded, names)]
    try:  # a name the rulesets do not have is a usage error, as a bad value of any other option is
        check_measured(names, loaded, measured)
    except CardrulesError as e:
        raise click.BadParameter(e.problems[0][1].removeprefix("measured "), param_hint="--measure") from None
    with Progress(games * len(names), "comparing", seconds=time_limit) as progress:
        return run_compare(names, loaded, kinds, games, seed, jobs, engine, address, max_hands, progress,
                           tuple(dict.fromkeys(measured)), time_limit)


@main.command("coverage")
@click.argument("file")
@click.option("-n", "games", type=click.IntRange(1, MAX_GAMES), default=100, show_default=True,
              help=f"How many games, 1 to {MAX_GAMES:,}.")
@click.option("--seed", type=int, default=0, show_default=True, help="Game i uses seed S+i.")
@click.option("--bots", "bots_spec", default="random", show_default=True, help="KIND, or K0,K1,... per seat.")
@click.option("--max-hands", "max_hands", type=click.IntRange(min=1), default=COVERAGE_HANDS, show_default=True,
              help="Stop a game after this many hands.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("--strict", is_flag=True, help="Exit 1 if any part never fired (a warning).")
@click.option("--allow-off", "allow_off", is_flag=True,
              help="A part the options in force switch off is a note, not a warning: --strict passes over it.")
@_with_option("Play with these options (again for more).")
@_stops_on_signals
def coverage_command(file, games, seed, bots_spec, max_hands, as_json, strict, allow_off, settings):
    """Play N bot games and show how often each step, capture rule, special card, trump, lay effect, scoring row,
    win_if and option fired; the ones that never did are warnings (with --allow-off, those the options switch
    off are notes)."""
    with _error_as_json(as_json):
        game = _loaded(file)
        options = _options_given(settings)
        game = _loaded_with(file, options) if options else game
        with Progress(games, "covering") as progress:
            items, totals = coverage(game, games, seed, _kinds(game, bots_spec), max_hands, progress=progress)
    warned = coverage_warnings(items, games, game.label, off_too=not allow_off)
    noted = coverage_notes(items, game.label) if allow_off else []
    loaded = [f"{where}: warning: {message}" for where, message in game.notes]  # said on stderr as it loaded
    if as_json:
        echo(json.dumps({"ruleset": game.name, "options": dict(game.overrides), **totals,
                         "items": [it.as_dict() for it in items], "warnings": loaded + warned, "notes": noted}))
    else:
        bounded, thrown = totals["unfinished"] - totals["thrown_out"], totals["thrown_out"]
        echo(f"{named(game)}: {counted(totals['games'], 'game')}, {counted(totals['hands'], 'hand')},"
                   f" bots {bots_spec}"
                   + (f", {count(bounded)} stopped at {counted(max_hands, 'hand')}" if bounded else "")
                   + (f", {count(thrown)} stopped {thrown_out_said()}" if thrown else "")
                   + (" (no game ended: what never fired at the game's end may be these bots' doing: "
                      + no_end(",".join(sorted(set(_kinds(game, bots_spec)))), max_hands, has_auction(game)) + ")"
                      if bounded == totals["games"] else "")
                   + _ended_by(totals["ends"]))
        for kind in KINDS:
            rows = [it for it in items if it.kind == kind]
            if rows:
                echo(f"{kind}s:")
                for it in rows:
                    echo(f"  {it.name:<32} {count(it.fired):>8}  {it.detail}")
        sys.stdout.flush()  # the table whole before the warnings, where both go to one pipe
        for line in noted + warned:
            echo(line, err=True)
    if strict and (warned or loaded):  # any warning: the ruleset's own, as validate gives them, too
        sys.exit(1)


def _ended_by(ends: dict) -> str:
    """How the games that ended did: '; ended: 28 by the target, 2 by win_if'."""
    return "; ended: " + ", ".join(ends_said(ends)) if ends else ""


REPORT_KINDS = (".html", ".htm", ".md", ".markdown", ".txt")  # what --report writes, by the file's ending


def _report(path: str, result) -> str:
    """The report its file's name asks for: the text table for Markdown or plain text, else the HTML page."""
    suffix = Path(path).suffix.lower()
    if suffix in (".md", ".markdown"):
        return "```\n" + report_text(result) + "\n```\n"  # a fenced block keeps the columns
    if suffix == ".txt":
        return report_text(result) + "\n"
    return report_html(result)


def _check_writable(path: str | None) -> None:
    """Before any game is played: a report that could not be written would waste the whole run."""
    _check_given(path, "--report")
    if path and os.path.isdir(path):
        raise click.ClickException(f"cannot write the report to {shown(path)}: it is a folder")
    if path and Path(path).suffix.lower() not in REPORT_KINDS:  # nor a ruleset written over by mistake
        raise click.BadParameter(f"{shown(path)}: a report is an HTML page (.html) or the text table (.md or .txt);"
                                 " name a file with one of those endings", param_hint="--report")
    folder = os.path.dirname(os.path.abspath(path)) if path else None
    if folder and not (os.path.isdir(folder) and os.access(folder, os.W_OK)):
        raise click.ClickException(f"cannot write the report to {path}: {folder} is not a writable folder")
    if path and os.path.isfile(path) and os.path.getsize(path) and not _a_report(path):
        raise click.BadParameter(f"{shown(path)} is a file of yours, not a report cardrules wrote: name another"
                                 " file (a report written before is written over)", param_hint="--report")


def _a_report(path: str) -> bool:
    """Does the file begin as a report of `compare` does (the page's title, or the table's first line)?"""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            start = f.read(2000)
    except OSError:
        return True  # unreadable: writing it will say why
    return report_written_here(start)


def _write(path: str, text: str) -> None:
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as e:
        raise click.ClickException(f"cannot write the report to {path}: {e.strerror or e}") from None


@main.command()
@click.argument("record_file", metavar="RECORD")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def replay(record_file, as_json):
    """Re-play a record, checking every action and the result."""
    changed = ""
    try:
        record = rec.read(record_file)
        changed = _check_rules(record, record_file, True, confined=True)
        if changed:  # replayed all the same: the record may still hold under them
            echo(f"warning: {changed}; replayed under the rules as they are now", err=True)
        st = rec.replay(record, record_file, check_result=False, confined=True)
    except rec.ReplayFailure as f:
        if as_json:  # the state before the refused action, and why (index counts from 0)
            out = rec.summary(f.state) if f.state is not None else {}
            under = " (under the rules as they are now: the game's own may have allowed it)" if changed else ""
            out["error"] = {"index": f.index, "action": f.action, "reason": f.reason + under, "legal": f.legal}
            out.update({"warning": changed} if changed else {})
            echo(json.dumps(out))
        # the replay's finding, as validate's: on standard output, unless the JSON object holds it there
        echo(f"{rec.place(record_file, 'actions', f.index)}: error: {f.refused}", err=as_json)
        if f.legal:
            echo("legal there: " + "; ".join(f.legal), err=as_json)
        sys.exit(1)
    except CardrulesError as e:  # a record that cannot be read or replayed: on standard output, as a refusal is
        if as_json:
            echo(json.dumps({"error": {"reason": e.render()}}))
            raise
        echo(_rendered(e.problems, e.notes))  # by line, as validate says them
        sys.exit(1)
    summary = rec.summary(st)
    if changed:  # the rules replayed under are not the game's own: said in the object too, for a program
        summary["warning"] = changed
    mismatch = rec.record_mismatch(record, st)
    if as_json:
        if mismatch:  # the replay's own figures, and why the record does not hold
            summary["error"] = {"reason": mismatch}
        echo(json.dumps(summary))
    else:
        state = "over" if st.over else f"not over; seat {st.to_act} to act"
        result = ("; a draw" if st.draw else f"; side {st.winner} won") if st.over else ""
        echo(f"{record_file}: {len(record.get('actions', []))} actions replayed; game {state}; "
                   f"scores {st.scores}{result}"
                   + ("; the record's result is not the replay's (below)" if mismatch else ""))
    if mismatch:
        echo(RecordError(mismatch, rec.place(record_file, "result")).render(), err=as_json)
        sys.exit(1)


@main.command()
@click.argument("file")
@click.option("--lang", type=click.Choice(LANGS), default=None,
              help="The sheet's language: en (English) or fa (Persian); default: CARDRULES_LANG, else the locale's"
              " if Persian, else en.")
def rules(file, lang):
    """Print the ruleset as a readable rules sheet."""
    lang = lang or _lang_by_default(sys.stdout)
    _check_persian_shows(lang, sys.stdout)
    columns = _columns()  # piped: one line an item
    echo(_sheet_lines(sheet(load(file), lang), columns))


def _sheet_lines(text: str, columns: int) -> str:
    """A rules sheet, each line wrapped to a terminal of `columns` (0: none) with a hanging indent, which keeps
    a list item's later lines in the item as Markdown reads them; a terminal narrower than 40 gets it whole."""
    if columns < 40:
        return text
    return "\n".join(part for line in text.split("\n") for part in wrap(line, columns))


@main.command()
@click.argument("heading", required=False)
@click.option("--path", "show_path", is_flag=True, help="Print where the guide lies (a Markdown file) instead.")
def guide(heading, show_path):
    """Print the rules-language guide, or its sections whose heading holds HEADING (else its tables' rows).

    The guide is installed with cardrules (--path says where); the messages that cite it name this command.
    """
    if show_path:
        echo(str(guide_path()))
        return
    try:
        text = guide_text(heading)
    except LookupError as e:
        raise click.ClickException(str(e)) from None
    if sys.stdout.isatty():
        click.echo_via_pager(text)
    else:
        echo(text, nl=False)


sys.excepthook = _HOOK_BEFORE  # a program that imports cli keeps its own

if __name__ == "__main__":
    main()
