"""Statistics of simulated matches: the Wilson score interval of a win rate (``simulate``, bench/ai.py)."""

from __future__ import annotations

import math

Z95 = 1.959963984540054  # the standard normal quantile for a two-sided 95% interval


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion: sound near 0 and 1 and for few trials."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    margin = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return max(0.0, centre - margin), min(1.0, centre + margin)
