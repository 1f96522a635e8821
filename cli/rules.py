"""The rules a command computes under, built one way for every command.

A command that computes something declares a parameter ``rules: Rules = Rules()`` and
is decorated with :func:`takes_rules`: the parameter becomes the ``--rule NAME=VALUE``
option (repeatable, any field of :class:`~solver.rules.Rules`) and the dedicated flags
the command names (``--no-undertrump``, ``--ta-table``, ...), and the command receives
the :class:`Rules` that :func:`rules_from` builds from them.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Optional

from solver.errors import RulesError, quote
from solver.messages import tr
from solver.rules import Rules

from .options import (BeloteInTaOpt, DeclarationsOpt, OvertrumpPartnerOpt, RuleOpt, TaTableOpt,
                      UndertrumpOpt, option_group)

#: The dedicated rules flags a command may take: its parameter name, its option type and
#: the :class:`Rules` field it sets.
FLAGS = {
    "undertrump": (UndertrumpOpt, "must_undertrump"),
    "overtrump_partner": (OvertrumpPartnerOpt, "must_overtrump_partner"),
    "ta_table": (TaTableOpt, "ta_table"),
    "declarations": (DeclarationsOpt, "declarations"),
    "belote_in_ta": (BeloteInTaOpt, "belote_in_ta"),
}


def rules_from(options: Optional[Iterable[str]] = None, base: Rules = Rules(), **flags: object) -> Rules:
    """The rules a command computes under, built one way for every command: ``base``
    with the fields its own flags set (``None``: a flag not given), then its ``--rule
    NAME=VALUE`` options (read by :meth:`Rules.with_options`).  A ``--rule`` that gives a
    flag's field another value contradicts it: a :class:`RulesError`.

    >>> r = rules_from(["ta_table=J13"], must_undertrump=False, belote_in_ta=None)
    >>> r.ta_table, r.must_undertrump, r.belote_in_ta
    ('j13', False, False)
    >>> rules_from(["must_undertrump=true"], must_undertrump=False)
    Traceback (most recent call last):
    ...
    solver.errors.RulesError: rules option 'must_undertrump=true' contradicts another option, \
which sets must_undertrump to false
    """
    given = {name: value.strip().lower() if isinstance(value, str) else value
             for name, value in flags.items() if value is not None}
    rules = base.replace(**given)
    for text in [options] if isinstance(options, str) else options or ():
        changed = rules.with_options([text])
        for name, value in given.items():
            if getattr(changed, name) != value:
                raise RulesError(tr("rules option {text} contradicts another option, which sets {name} to {value}",
                                    text=quote(text), name=name,
                                    value=str(value).lower() if isinstance(value, bool) else value))
        rules = changed
    return rules


def takes_rules(*flags: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Decorator for a command computing under rules: its ``rules`` parameter becomes
    the dedicated ``flags`` (names of :data:`FLAGS`) and ``--rule``, and the command is
    called with the :class:`Rules` :func:`rules_from` builds from them."""
    unknown = [f for f in flags if f not in FLAGS]
    if unknown:
        raise ValueError(tr("no rules flag {flag!r}: expected one of {flags}", flag=unknown[0], flags=", ".join(FLAGS)))

    def build(rule: Optional[list[str]], **given: object) -> Rules:
        return rules_from(rule, Rules(), **{FLAGS[f][1]: value for f, value in given.items()})

    return option_group("rules", {**{f: FLAGS[f][0] for f in flags}, "rule": RuleOpt}, build)
