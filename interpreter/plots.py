"""Grouped bar charts, optionally with error bars: histograms and measures with their intervals.

`svg(chart)` writes the chart as inline SVG with no dependency; `png(chart)` uses matplotlib when it is
installed (the `lab` extra: `pip install -e '.[lab]'` in a checkout) and returns None otherwise.
"""

from __future__ import annotations

import base64
import io
import math
from dataclasses import dataclass
from html import escape

COLOURS = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000"]
WIDTH, HEIGHT = 760, 320
LEFT, RIGHT, TOP, BOTTOM = 64, 16, 40, 52


@dataclass
class Chart:
    title: str
    ylabel: str
    xlabel: str
    categories: list[str]
    series: list[str]
    values: list[list]  # per series, per category (None: no value)
    errors: list[list] | None = None  # per series, per category: [low, high] or [None, None]


def colour(i: int) -> str:
    return COLOURS[i % len(COLOURS)]


# ---- SVG ---------------------------------------------------------------------------------------

def svg(chart: Chart) -> str:
    lo, hi = _range(chart)
    ticks = nice_ticks(lo, hi)
    lo, hi = min(lo, ticks[0]), max(hi, ticks[-1])
    legend = _legend_rows(chart)
    top = TOP + LEGEND_ROW * (len(legend) - 1)  # room above the plot for the legend's rows
    height = HEIGHT + top - TOP
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def y(v):
        return top + plot_h * (hi - v) / (hi - lo)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" '
             f'height="{height}" font-family="sans-serif" font-size="12" role="img">',
             f"<title>{escape(chart.title)}</title>",
             f'<rect width="{WIDTH}" height="{height}" fill="white"/>',
             f'<text x="{WIDTH / 2}" y="20" text-anchor="middle" font-size="15">{escape(chart.title)}</text>']
    parts += _svg_axes(chart, ticks, y, top, plot_w, plot_h)
    parts += _svg_bars(chart, y, plot_w)
    parts += _svg_legend(chart, legend)
    parts.append("</svg>")
    return "\n".join(parts)


def _svg_axes(chart, ticks, y, top, plot_w, plot_h) -> list[str]:
    out = []
    for t in ticks:
        out.append(f'<line x1="{LEFT}" x2="{LEFT + plot_w}" y1="{y(t):.1f}" y2="{y(t):.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{LEFT - 6}" y="{y(t) + 4:.1f}" text-anchor="end">{_tick(t)}</text>')
    out.append(f'<line x1="{LEFT}" x2="{LEFT + plot_w}" y1="{y(0):.1f}" y2="{y(0):.1f}" stroke="#444"/>')
    out.append(f'<text transform="translate(16 {top + plot_h / 2}) rotate(-90)" text-anchor="middle">'
               f"{escape(chart.ylabel)}</text>")
    bottom = top + plot_h
    out.append(f'<text x="{LEFT + plot_w / 2}" y="{bottom + BOTTOM - 8}" text-anchor="middle">'
               f"{escape(chart.xlabel)}</text>")
    slot = plot_w / max(1, len(chart.categories))
    step = _label_step(chart.categories, slot)
    fits = max(6, int(slot * step / CHAR_W))  # characters a label's room holds
    for i, cat in enumerate(chart.categories):
        if i % step == 0:
            x = LEFT + slot * (i + 0.5)
            for k, line in enumerate(_label_lines(cat, fits)):
                out.append(f'<text x="{x:.1f}" y="{bottom + 16 + 13 * k}" text-anchor="middle">{escape(line)}</text>')
    return out


def _label_lines_whole(text: str, fits: int) -> bool:
    """Does a label go whole into two lines of `fits` characters?"""
    return all(len(line) <= fits and not line.endswith("…") for line in _label_lines(text, fits))


def _label_step(categories: list[str], slot: float) -> int:
    """Label every category, or every second, third …: the fewest skipped, at most 24 labels, each whole in the
    room of the bars it stands under (histogram bins `-600 to -551` are not cut)."""
    n = len(categories)
    first = max(1, math.ceil(n / 24))
    return next((k for k in range(first, n + 1)
                 if all(_label_lines_whole(c, max(6, int(slot * k / CHAR_W))) for c in categories[::k])), first)


def _label_lines(text: str, fits: int) -> list[str]:
    """A category's label in the room below its bars: one line, else two split at a space, each cut to fit."""
    if len(text) <= fits:
        return [text]
    cut = text.rfind(" ", 0, fits + 1)
    if cut <= 0:
        return [_short(text, fits)]
    return [text[:cut], _short(text[cut + 1:], fits)]


def _svg_bars(chart, y, plot_w) -> list[str]:
    out = []
    n_series, n_cats = len(chart.series), max(1, len(chart.categories))
    slot = plot_w / n_cats
    bar = slot * 0.8 / max(1, n_series)
    for s in range(n_series):
        for c, v in enumerate(chart.values[s]):
            x = LEFT + slot * c + slot * 0.1 + bar * s
            if v is not None:
                top, bottom = sorted((y(v), y(0)))
                out.append(f'<rect x="{x:.1f}" y="{top:.1f}" width="{bar:.1f}" height="{max(bottom - top, 0.5):.1f}" '
                           f'fill="{colour(s)}"><title>{escape(chart.series[s])}, {escape(chart.categories[c])}: '
                           f"{_tick(v)}</title></rect>")
            err = chart.errors[s][c] if chart.errors else None
            if err and None not in err:
                out += _svg_error(x + bar / 2, y(err[0]), y(err[1]), min(bar / 3, 6))
    return out


def _svg_error(x, y0, y1, cap) -> list[str]:
    style = 'stroke="#222" stroke-width="1.2"'
    return [f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{y0:.1f}" y2="{y1:.1f}" {style}/>',
            f'<line x1="{x - cap:.1f}" x2="{x + cap:.1f}" y1="{y0:.1f}" y2="{y0:.1f}" {style}/>',
            f'<line x1="{x - cap:.1f}" x2="{x + cap:.1f}" y1="{y1:.1f}" y2="{y1:.1f}" {style}/>']


CHAR_W = 6.6  # about a character's width at the charts' font size, in pixels
LEGEND_ROW = 16  # a row of the legend, in pixels
SWATCH = 14  # a legend entry's colour box and the gap after it


def _legend_rows(chart) -> list[list[tuple[int, float]]]:
    """The legend's entries (series index, width) in rows that fit between the plot's left and right edges,
    left to right: as many rows as the names need, none cut."""
    rows: list[list[tuple[int, float]]] = [[]]
    room, used = WIDTH - LEFT - RIGHT, 0.0
    for s, name in enumerate(chart.series):
        width = SWATCH + CHAR_W * len(name) + 18
        if rows[-1] and used + width > room:
            rows.append([])
            used = 0.0
        rows[-1].append((s, width))
        used += width
    return rows


def _svg_legend(chart, rows) -> list[str]:
    out = []
    for r, row in enumerate(rows):
        x, y = LEFT, TOP - 18 + LEGEND_ROW * r
        for s, width in row:
            out.append(f'<rect x="{x:.1f}" y="{y}" width="10" height="10" fill="{colour(s)}"/>')
            out.append(f'<text x="{x + SWATCH:.1f}" y="{y + 10}">{escape(chart.series[s])}</text>')
            x += width
    return out


def _range(chart) -> tuple[float, float]:
    vals = [v for row in chart.values for v in row if v is not None]
    if chart.errors:
        vals += [e for row in chart.errors for pair in row for e in (pair or []) if e is not None]
    lo, hi = min(vals + [0.0]), max(vals + [0.0])
    return (lo, hi) if hi > lo else (lo, lo + 1)


def nice_ticks(lo: float, hi: float, count: int = 5) -> list[float]:
    """Round tick values that cover lo..hi."""
    raw = (hi - lo) / count
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    first = math.floor(lo / step) * step
    ticks = []
    t = first
    while t < hi + step * 0.999:
        ticks.append(round(t, 10))
        t += step
    return ticks


def _tick(v: float) -> str:
    return f"{v:,.0f}" if float(v).is_integer() and abs(v) >= 1 else f"{v:,.3g}"


def _short(text: str, width: int = 18) -> str:
    return text if len(text) <= width else text[:width - 1] + "…"


# ---- matplotlib --------------------------------------------------------------------------------

def png(chart: Chart) -> str | None:
    """The chart as a base64 PNG drawn by matplotlib; None when matplotlib is not installed."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    fig, ax = plt.subplots(figsize=(WIDTH / 100, HEIGHT / 100), dpi=110)
    try:
        _mpl_bars(ax, chart)
        buf = io.BytesIO()
        fig.tight_layout()
        fig.savefig(buf, format="png")
    finally:
        plt.close(fig)
    return base64.b64encode(buf.getvalue()).decode("ascii")


def _mpl_bars(ax, chart: Chart) -> None:
    n_series, n_cats = len(chart.series), len(chart.categories)
    width = 0.8 / max(1, n_series)
    for s in range(n_series):
        xs = [c - 0.4 + width * (s + 0.5) for c in range(n_cats)]
        ys = [v if v is not None else 0 for v in chart.values[s]]
        ax.bar(xs, ys, width, color=colour(s), label=chart.series[s])
        if chart.errors:
            pts = [(x, v, e) for x, v, e in zip(xs, ys, chart.errors[s]) if e and None not in e]
            if pts:
                ax.errorbar([p[0] for p in pts], [p[1] for p in pts], fmt="none", ecolor="#222", capsize=3,
                            yerr=[[p[1] - p[2][0] for p in pts], [p[2][1] - p[1] for p in pts]])
    step = max(1, math.ceil(n_cats / 24))
    labels = [_short(c) for c in chart.categories[::step]]
    tilt = max(map(len, labels), default=0) * len(labels) > 80
    ax.set_xticks(range(0, n_cats, step), labels, rotation=25 if tilt else 0, ha="right" if tilt else "center")
    ax.axhline(0, color="#444", linewidth=0.8)
    ax.set_title(chart.title)
    ax.set_ylabel(chart.ylabel)
    ax.set_xlabel(chart.xlabel)
    ax.grid(axis="y", color="#ddd")
    ax.set_axisbelow(True)
    ax.legend(frameon=False, fontsize=8, loc="upper left", bbox_to_anchor=(1.0, 1.0))
