"""The front door: `cardrules` commands parse options and call the library."""

from __future__ import annotations

import json
import os
import random
import sys

import click

from interpreter import CardrulesError, bundled, load
from interpreter import records as rec
from interpreter.bots import BotSpecError, make_bots, parse_spec
from interpreter.display import Session
from interpreter.screen import Screen
from interpreter.sheet import sheet
from interpreter.simulate import simulate as run_simulation
from interpreter.table import ListeningState


class _Errors(click.Group):
    """Turn any error into a message and exit 1: a user's mistake located, a bug of ours named."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except CardrulesError as e:
            click.echo(e.render(), err=True)
            sys.exit(1)
        except (click.ClickException, click.exceptions.Exit, click.Abort, SystemExit, KeyboardInterrupt):
            raise
        except BrokenPipeError:  # the reader went away (`| head`): stop quietly
            _silence_stdout()
            sys.exit(0)
        except Exception as e:  # a bug of ours: say so plainly, without a traceback
            click.echo(f"error: internal error ({type(e).__name__}: {e}); please report it", err=True)
            sys.exit(1)


def _silence_stdout() -> None:
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


@click.group(cls=_Errors)
@click.version_option(package_name="cardrules")
def main():
    """Card games as data: play, check and simulate rulesets."""


@main.command("list")
def list_rulesets():
    """Show the bundled rulesets, each with its description and what it extends."""
    import yaml

    for path in bundled():
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        except yaml.YAMLError:
            data = {}
        base = f"  (extends {data['extends']})" if data.get("extends") else ""
        click.echo(f"{path.name:<32} {data.get('description', '')}{base}")


@main.command()
@click.argument("files", nargs=-1, required=True)
def validate(files):
    """Check rulesets; print FILE:LINE:COL: error: MESSAGE for each problem."""
    bad = False
    for name in files:
        try:
            load(name)
        except CardrulesError as e:
            bad = True
            click.echo(e.render())
        except Exception as e:  # never a traceback, whatever the input
            bad = True
            click.echo(f"{name}:1:1: error: cannot load ({type(e).__name__}: {e})")
    if bad:
        sys.exit(1)
    click.echo(f"ok: {len(files)} ruleset(s) valid")


def _default_bots() -> str:
    """The search bot once it exists (CONTRACT.md: play is against it), else the greedy one."""
    from interpreter.bots import KINDS

    return "mcts" if "mcts" in KINDS else "greedy"


@main.command()
@click.argument("file", required=False)
@click.option("--seat", default=0, show_default=True, help="Your seat.")
@click.option("--bots", "bots_spec", default=None, help="KIND, or K0,K1,... per seat (default: the search bot).")
@click.option("--seed", type=int, default=None, help="Seed for the shuffles (default: random).")
@click.option("--record", "record_path", default=None, help="Write a replayable record as the game goes.")
@click.option("--resume", "resume_path", default=None, help="Continue the game in this record.")
@click.option("--lang", type=click.Choice(["en", "fa"]), default="en", show_default=True)
def play(file, seat, bots_spec, seed, record_path, resume_path, lang):
    """Play in the terminal against bots; type a move or its number ('help' explains)."""
    if resume_path:
        record = rec.read(resume_path)
        st = rec.replay(record, resume_path)
        file = str(rec.ruleset_path(record, resume_path))
        record_path = record_path or resume_path
    elif file is None:
        raise click.UsageError("name a ruleset FILE, or --resume RECORD")
    else:
        seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
        st = ListeningState(load(file), seed=seed)
    g = st.game
    if not 0 <= seat < g.players:
        raise click.BadParameter(f"this game has seats 0 to {g.players - 1}", param_hint="--seat")
    try:
        bots = make_bots(parse_spec(bots_spec or _default_bots(), g.players, person=seat), st.seed)
    except BotSpecError as e:
        raise click.BadParameter(str(e), param_hint="--bots") from None
    stdin, stdout = sys.stdin, sys.stdout
    _save(record_path, st, file)
    session = Session(st, seat, bots, Screen(stdout, rtl=lang == "fa"), stdin.readline, lang=lang,
                      save=lambda: _save(record_path, st, file), echo=not stdin.isatty(), record=record_path)
    session.run()


def _save(path, st, file):
    if path:
        try:
            rec.write(path, st, file)
        except OSError as e:
            raise click.ClickException(f"cannot write the record to {path}: {e.strerror or e}") from None


@main.command()
@click.argument("file")
@click.option("-n", "games", type=click.IntRange(min=1), required=True, help="How many games.")
@click.option("--seed", type=int, default=0, show_default=True, help="Game i uses seed S+i.")
@click.option("--bots", "bots_spec", default="random", show_default=True, help="KIND, or K0,K1,... per seat.")
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True, help="Processes to use.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def simulate(file, games, seed, bots_spec, jobs, as_json):
    """Bots play N complete games; print wins, mean points and speed."""
    game = load(file)
    try:
        kinds = parse_spec(bots_spec, game.players)
    except BotSpecError as e:
        raise click.BadParameter(str(e), param_hint="--bots") from None
    if sys.stderr.isatty() and games >= 50:
        with click.progressbar(length=games, label="simulating", file=sys.stderr) as bar:
            out = run_simulation(file, {}, games, seed, kinds, jobs, progress=bar.update)
    else:
        out = run_simulation(file, {}, games, seed, kinds, jobs)
    out["bots"] = kinds
    if as_json:
        click.echo(json.dumps(out))
        return
    click.echo(f"{out['ruleset']}: {out['games']} games, bots {','.join(kinds)}, seed {seed}")
    for s in range(game.sides):
        click.echo(f"  side {s}: {out['wins'][s]} wins, mean {out['mean_points'][s]} points, "
                   f"mean {out['mean_hand_points'][s]} per hand")
    click.echo(f"  {out['mean_hands']} hands per game; {out['games_per_sec']} games/s")


@main.command()
@click.argument("record_file")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def replay(record_file, as_json):
    """Re-play a record, checking every action and the result."""
    try:
        record = rec.read(record_file)
        st = rec.replay(record, record_file)
    except rec.ReplayFailure as f:
        if as_json:  # the state before the refused action, and why (index counts from 0)
            out = rec.summary(f.state) if f.state is not None else {}
            out["error"] = {"index": f.index, "action": f.action, "reason": f.reason, "legal": f.legal}
            click.echo(json.dumps(out))
        click.echo(f"{record_file}: action {f.index} ('{f.action}') is refused: {f.reason}", err=True)
        if f.legal:
            click.echo("legal there: " + "; ".join(f.legal), err=True)
        sys.exit(1)
    except CardrulesError as e:
        if as_json:
            click.echo(json.dumps({"error": {"reason": e.render()}}))
        raise
    summary = rec.summary(st)
    mismatch = _result_mismatch(record.get("result"), st)
    if as_json:
        click.echo(json.dumps(summary))
    else:
        state = "over" if st.over else f"not over; seat {st.to_act} to act"
        click.echo(f"{record_file}: {len(record.get('actions', []))} actions replayed; game {state}; "
                   f"scores {st.scores}")
    if mismatch:
        click.echo(f"{record_file}: {mismatch}", err=True)
        sys.exit(1)


def _result_mismatch(result, st):
    if result is None:
        return None
    if not isinstance(result, dict):
        return "'result' must be an object"
    if "scores" in result and result["scores"] != st.scores:
        return f"the record's result scores {result['scores']} differ from the replay's {st.scores}"
    if "winner" in result and result["winner"] != st.winner:
        return f"the record's winner {result['winner']} differs from the replay's {st.winner}"
    return None


@main.command()
@click.argument("file")
@click.option("--lang", type=click.Choice(["en", "fa"]), default="en", show_default=True)
def rules(file, lang):
    """Print the ruleset as a readable rules sheet."""
    click.echo(sheet(load(file), lang))


if __name__ == "__main__":
    main()

