"""The report's page: an HTML document assembled part by part, and the number formats it uses."""
from __future__ import annotations

import base64
import html
from pathlib import Path

import numpy as np
import pandas as pd

from analysis import plots


def pct(x) -> str:
    """A share as a percentage with one decimal; empty for a missing value."""
    return "" if x is None or not np.isfinite(x) else f"{100 * x:.1f}%"


def ci_pct(lo, hi) -> str:
    """An interval of shares as ``[a%, b%]``; empty when either bound is missing."""
    if not (np.isfinite(lo) and np.isfinite(hi)):
        return ""
    return f"[{100 * lo:.1f}%, {100 * hi:.1f}%]"


def ci(lo, hi, nd=1) -> str:
    """An interval as ``[a, b]`` with ``nd`` decimals; empty when either bound is missing."""
    return "" if not (np.isfinite(lo) and np.isfinite(hi)) else f"[{lo:.{nd}f}, {hi:.{nd}f}]"


def num(x, nd=1) -> str:
    """A number with ``nd`` decimals; empty for a missing value."""
    return "" if x is None or not np.isfinite(x) else f"{x:.{nd}f}"


def p_value(x) -> str:
    """A p-value with three decimals, ``<0.001`` below that; empty for a missing value."""
    if x is None or not np.isfinite(x):
        return ""
    return "<0.001" if x < 0.001 else f"{x:.3f}"


def html_table(df: pd.DataFrame) -> str:
    """The table as HTML, no index, escaped."""
    return df.to_html(index=False, escape=True, border=0, na_rep="")


class Doc:
    """The page being written: its HTML parts and the PNGs written beside it."""

    def __init__(self, out_dir: Path):
        self.out_dir = out_dir
        self.parts: list[str] = []
        self.pngs: list[Path] = []

    def add(self, s: str):
        """Append raw HTML."""
        self.parts.append(s)

    def h(self, level: int, text: str, anchor: str | None = None):
        """Append a heading."""
        a = f' id="{html.escape(anchor)}"' if anchor else ""
        self.add(f"<h{level}{a}>{html.escape(text)}</h{level}>")

    def p(self, text: str, cls: str | None = None):
        """Append a paragraph (``cls``: note or warn)."""
        c = f' class="{cls}"' if cls else ""
        self.add(f"<p{c}>{html.escape(text)}</p>")

    def table(self, df: pd.DataFrame):
        """Append a table."""
        self.add(html_table(df))

    def figure(self, fig, name: str, alt: str):
        """Write the figure as ``name.png`` and embed it."""
        data = plots.png_bytes(fig)
        path = self.out_dir / f"{name}.png"
        path.write_bytes(data)
        self.pngs.append(path)
        b64 = base64.b64encode(data).decode("ascii")
        self.add(f'<p><img src="data:image/png;base64,{b64}" alt="{html.escape(alt)}"></p>')
