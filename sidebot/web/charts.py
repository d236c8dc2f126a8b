"""Bar charts as plain SVG geometry for the stats page: the template draws rectangles, so the page needs no
script (the Content-Security-Policy allows none) and no chart library."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date

WIDTH, HEIGHT, AXIS = 720, 190, 30  # SVG user units; the chart scales to the page's width
MAX_TICKS = 6  # day labels under the bars: at phone width each must have room for its text at a readable size
LABEL_ROOM = 40  # user units from an edge within which a label is anchored to that edge instead of centred
# One colour per series, never reused within a chart (a chart with more series than colours is refused): the
# Okabe-Ito palette, which colour-blind readers tell apart, then darker and lighter tones of its hues.
PALETTE = (
    "#d55e00",  # vermillion
    "#0072b2",  # blue
    "#e69f00",  # orange
    "#009e73",  # bluish green
    "#cc79a7",  # reddish purple
    "#56b4e9",  # sky blue
    "#f0e442",  # yellow
    "#000000",  # black
    "#8c3b00",  # dark vermillion
    "#00446b",  # dark blue
    "#7a5400",  # dark orange
    "#005c43",  # dark green
    "#7a3b62",  # dark purple
    "#9aa0a6",  # grey
)


@dataclass(frozen=True)
class Bar:
    """One stacked segment of a day's bar, in SVG user units."""

    x: float
    y: float
    width: float
    height: float
    fill: str
    title: str  # shown as the bar's tooltip and read by screen readers


@dataclass(frozen=True)
class Tick:
    """A day label under the chart's bars."""

    x: float
    label: str  # the day, "MM-DD"
    anchor: str  # SVG text-anchor: "start" at the left edge, "end" at the right one, else "middle"


@dataclass(frozen=True)
class Chart:
    """A stacked bar chart laid out for the stats page's inline SVG: its size, bars, day labels and legend,
    and the tallest bar's and the whole chart's totals."""

    width: int
    height: int
    axis: int  # the band under the bars that holds the day labels
    bars: list[Bar]
    ticks: list[Tick]
    legend: list[tuple[str, str]]  # label, colour
    peak: int  # the tallest bar's total
    total: int


def stacked_bars(days: Sequence[date], series: Mapping[date, Counter[str]], keys: Mapping[str, str]) -> Chart:
    """One stacked bar per day; ``keys`` maps each series key to its label, in stacking order, each drawn in
    a colour of its own."""
    if len(keys) > len(PALETTE):
        raise ValueError(f"{len(keys)} series, but only {len(PALETTE)} colours to tell them apart")
    colours = {key: PALETTE[i] for i, key in enumerate(keys)}
    peak = max((sum(series.get(day, Counter()).values()) for day in days), default=0)
    slot = WIDTH / max(1, len(days))
    scale = (HEIGHT - AXIS) / peak if peak else 0.0
    bars: list[Bar] = []
    for i, day in enumerate(days):
        bottom: float = HEIGHT - AXIS
        for key, label in keys.items():
            count = series.get(day, Counter()).get(key, 0)
            if not count:
                continue
            height = count * scale
            bottom -= height
            bars.append(
                Bar(i * slot + 1, bottom, max(1.0, slot - 2), height, colours[key], f"{day}: {count} {label}")
            )
    step = max(1, -(-len(days) // MAX_TICKS))
    ticks = [_tick(i, slot, day) for i, day in enumerate(days) if i % step == 0]
    total = sum(sum(c.values()) for day, c in series.items() if day in set(days))
    legend = [(label, colours[key]) for key, label in keys.items()]
    return Chart(WIDTH, HEIGHT, AXIS, bars, ticks, legend, peak, total)


def _tick(i: int, slot: float, day: date) -> Tick:
    """A day label under bar ``i``, kept inside the chart: centred under its bar, or, near an edge, starting
    at the bar's left (or ending at its right) side, so no label is cut off by the chart's border."""
    centre = i * slot + slot / 2
    if centre < LABEL_ROOM:
        return Tick(i * slot + 1, day.strftime("%m-%d"), "start")
    if centre > WIDTH - LABEL_ROOM:
        return Tick((i + 1) * slot - 1, day.strftime("%m-%d"), "end")
    return Tick(centre, day.strftime("%m-%d"), "middle")
