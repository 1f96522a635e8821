"""Glicko-2 ratings: a learner's rating, its deviation and volatility, updated after each answer.

The method is Mark Glickman's, "Example of the Glicko-2 system" (Boston University, 2013): a
rating period holds the games played in it; here, as on puzzle sites, each answer is a rating
period of one game against the problem, whose rating and deviation come from the problem set.
A right answer is a win (1), a wrong one a loss (0).

>>> r = Rating()
>>> r.rating, r.deviation
(1500.0, 350.0)
>>> after = update(r, [(Rating(1500.0, 60.0), 1.0)])
>>> after.rating > 1500.0 > update(r, [(Rating(1500.0, 60.0), 0.0)]).rating
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .messages import tr

#: The Glicko-2 scale factor between the Glicko scale and the internal one (Glickman, step 2).
SCALE = 173.7178
#: A new learner: rating 1500 with deviation 350 and volatility 0.06 (Glickman, step 1).
DEFAULT_RATING, DEFAULT_DEVIATION, DEFAULT_VOLATILITY = 1500.0, 350.0, 0.06
#: The system constant tau, how fast the volatility moves (Glickman suggests 0.3 to 1.2).
TAU = 0.5
#: The deviation never drops below this, so a long-time learner's rating still moves.
MIN_DEVIATION = 45.0
#: Convergence tolerance of the volatility iteration (Glickman, step 5).
EPSILON = 1e-6


@dataclass(frozen=True)
class Rating:
    """A rating on the Glicko scale (1500 for an average player) with its deviation and volatility."""

    rating: float = DEFAULT_RATING
    deviation: float = DEFAULT_DEVIATION
    volatility: float = DEFAULT_VOLATILITY

    def to_dict(self) -> dict[str, float]:
        return {"rating": self.rating, "deviation": self.deviation, "volatility": self.volatility}

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> "Rating":
        """A rating from its JSON form; ValueError on a missing or out-of-range field."""
        values = []
        for key, low, high in (("rating", 0.0, 4000.0), ("deviation", 0.0, 1000.0), ("volatility", 0.0, 1.0)):
            value = data.get(key)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not low < value < high:
                raise ValueError(tr("{key} must be a number between {low:g} and {high:g}", key=key, low=low,
                                    high=high))
            values.append(float(value))
        return cls(*values)


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _new_volatility(sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    """Step 5 of Glickman's paper: the Illinois algorithm on f(x) = 0, x = ln(sigma'^2)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2)
                - (x - a) / (tau * tau))

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def update(player: Rating, games: Iterable[tuple[Rating, float]], tau: float = TAU,
           min_deviation: float = 0.0) -> Rating:
    """The player's rating after one rating period of ``games`` (opponent, score 0, 0.5 or 1).

    With no games only the deviation grows (step 6 of the paper)."""
    mu = (player.rating - DEFAULT_RATING) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    played = [((o.rating - DEFAULT_RATING) / SCALE, o.deviation / SCALE, s) for o, s in games]
    if not played:
        return Rating(player.rating, min(DEFAULT_DEVIATION, math.sqrt(phi * phi + sigma * sigma) * SCALE),
                      sigma)
    inv_v = 0.0
    gain = 0.0
    for mu_j, phi_j, score in played:
        e = _expected(mu, mu_j, phi_j)
        inv_v += _g(phi_j) ** 2 * e * (1.0 - e)
        gain += _g(phi_j) * (score - e)
    v = 1.0 / inv_v
    sigma_new = _new_volatility(sigma, phi, v, v * gain, tau)
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + inv_v)
    mu_new = mu + phi_new * phi_new * gain
    return Rating(mu_new * SCALE + DEFAULT_RATING, max(min_deviation, phi_new * SCALE), sigma_new)


def after_answer(learner: Rating, problem: Rating, right: bool) -> Rating:
    """The learner's rating after one answer to a problem of the given rating: one game, one period."""
    return update(learner, [(problem, 1.0 if right else 0.0)], min_deviation=MIN_DEVIATION)
