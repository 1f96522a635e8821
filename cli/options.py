"""The arguments and options several commands share, each declared once.

A command names them as parameter types (``deal: DealArg``); the values are read
into the solver's types by :mod:`.parse` and :mod:`.rules`.  Options that make one
value together (the rules, the sampling constraints) are an :func:`option_group`: the
command takes the value, the group declares the options.  The rules flags
(``--no-undertrump``, ``--ta-table``, ...) default to ``None``, "not given", so that
:func:`.rules.rules_from` can tell them from a ``--rule`` of the same field.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import random
import re
from typing import Annotated, Any, Callable, Mapping, Optional, TypedDict, TypeVar

import typer

from .errors import fail, usage_error
from solver.errors import ConstraintError, quote
from solver.messages import tr
from solver.montecarlo import CONFIDENCE

#: The most parallel workers a command accepts: more only costs memory (each keeps a
#: 1 MiB transposition table) and, for processes, a fork each.
MAX_WORKERS = 256
#: The most deals ``advise`` and ``lead`` sample (about 400 bytes each, and hours of solving).
MAX_SAMPLES = 1_000_000

DealArg = Annotated[str, typer.Argument(help="The deal as PBN text ('N:AK.K8.K8.A8 ...'), or 'example'.")]
StrainOpt = Annotated[Optional[str], typer.Option("--strain", help="Trumps: S H D C, SA or TA.")]
LeaderOpt = Annotated[Optional[str], typer.Option("--leader", help="The seat that leads the first "
                                                  "trick (default N).")]
DealerOpt = Annotated[Optional[str], typer.Option("--dealer", help="The dealer; the seat after leads.")]
PlayedOpt = Annotated[Optional[str], typer.Option("--played", help="Cards played so far, "
                                                  "in order: \"SA S7 SQ ...\".")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON.")]

# The rules (:mod:`.rules`): any field by --rule, some also by a flag of their own.
RuleOpt = Annotated[Optional[list[str]], typer.Option(
    "--rule", help="A rules variant as NAME=VALUE, repeatable: suit_ranking=true, "
    "belote_in_ta=true, declarations=true, ta_table=j13, must_undertrump=false, ...")]
UndertrumpOpt = Annotated[Optional[bool], typer.Option("--undertrump/--no-undertrump", help="Must "
                                                       "undertrump an opponent's winning trump "
                                                       "(default) or may discard.")]
OvertrumpPartnerOpt = Annotated[Optional[bool], typer.Option("--overtrump-partner/--no-overtrump-partner",
                                                             help="On a trump lead, must beat even the "
                                                             "partner's trump (default).")]
TaTableOpt = Annotated[Optional[str], typer.Option("--ta-table", help="Tout atout card points: j14 "
                                                   "(J 14, A 6; default) or j13 (J 13, A 7).")]
DeclarationsOpt = Annotated[Optional[bool], typer.Option("--declarations", help="Score declarations "
                                                         "(tierce, quarte, carrés).")]
BeloteInTaOpt = Annotated[Optional[bool], typer.Option("--belote-in-ta", help="Belote counts in tout "
                                                       "atout.")]


def samples_or_most(ctx: Any, param: Any, value: Any) -> Any:
    """``--samples`` and ``--max-samples`` exclude each other (a click callback on both):
    whichever is read second refuses the pair; a default is not a choice."""
    other = "max_samples" if param.name == "samples" else "samples"

    def given(name: str) -> bool:
        source = ctx.get_parameter_source(name)
        return source is not None and source.name in ("COMMANDLINE", "ENVIRONMENT")

    if given(other) and given(param.name):
        raise usage_error(tr("give --samples or --max-samples, not both (with --time, --confidence or "
                             "--margin, --samples is the most deals)"), ctx)
    return value


# Sampling (advise, lead): how many deals, from which seed, knowing what of the unseen hands.
SamplesOpt = Annotated[int, typer.Option("--samples", min=1, max=MAX_SAMPLES, callback=samples_or_most,
                                         help="Deals to sample and solve.")]
SeedOpt = Annotated[Optional[int], typer.Option("--seed", min=0, help="Random seed, 0 or more (the same "
                                                "seed gives the same result); default: a fresh one, "
                                                "shown in the output.")]
KnownOpt = Annotated[Optional[list[str]], typer.Option("--known", help="Cards known at another "
                                                       "seat: E:SJ,S9 (repeatable).")]
VoidOpt = Annotated[Optional[list[str]], typer.Option("--void", help="A seat void in suits: W:S "
                                                      "(repeatable).")]
LengthOpt = Annotated[Optional[list[str]], typer.Option("--length", help="Suit length range: "
                                                        "N:H:3-5 (repeatable).")]
PointsOpt = Annotated[Optional[list[str]], typer.Option("--points", help="Card points range at "
                                                        "plain-suit values: N:20-60 (repeatable).")]
WorkersOpt = Annotated[Optional[int], typer.Option("--workers", min=1, max=MAX_WORKERS,
                                                   help="Parallel solvers (default: every core).")]


# Stopping early (advise, lead, play, bidreview): solve in rounds until the answer is known.
TimeOpt = Annotated[Optional[str], typer.Option("--time", help="Stop after this long (1.5, 1s, 500ms); "
                                                "--samples is then the most deals.")]
ConfidenceOpt = Annotated[Optional[float], typer.Option("--confidence", help="Stop once the best option "
                                                        "is known at this confidence (0.95).")]
MarginOpt = Annotated[Optional[float], typer.Option("--margin", help="Options closer than this (score "
                                                    "points) count as equal (5).")]
MaxSamplesOpt = Annotated[Optional[int], typer.Option("--max-samples", min=1, max=MAX_SAMPLES,
                                                      callback=samples_or_most,
                                                      help="Solve at most this many deals, stopping once the "
                                                      "answer is known (at --confidence, 0.95 unless given); "
                                                      "instead of --samples.")]


#: A command's ``--samples``: a number, or none for the command's own default.
_Count = TypeVar("_Count", int, Optional[int])


@dataclasses.dataclass(frozen=True)
class Budget:
    """When to stop sampling, as the library takes it: ``confidence``, ``margin`` and
    ``time`` in seconds, each ``None`` when not given (all ``None``: a fixed run)."""

    confidence: Optional[float] = None
    margin: Optional[float] = None
    time: Optional[float] = None
    #: ``--max-samples``: the most deals, the answer stopping when known (``None``: not given).
    most: Optional[int] = None

    @classmethod
    def read(cls, time: "str | None", confidence: "float | None", margin: "float | None",
             max_samples: "int | None" = None) -> "Budget":
        """The options as given; ``--max-samples`` alone stops at the default confidence
        (:data:`solver.montecarlo.CONFIDENCE`)."""
        if max_samples is not None and confidence is None and margin is None and time is None:
            confidence = CONFIDENCE
        return cls(confidence, margin, seconds(time), max_samples)

    def samples(self, given: _Count) -> _Count:
        """The deals to ask for: ``--max-samples`` when given, else the command's ``--samples``."""
        return given if self.most is None else self.most

    def kwargs(self) -> "BudgetArgs":
        return {"confidence": self.confidence, "margin": self.margin, "time": self.time}


class BudgetArgs(TypedDict):
    """A :class:`Budget` as the keyword arguments of the advice functions."""

    confidence: Optional[float]
    margin: Optional[float]
    time: Optional[float]


def seconds(text: "str | None") -> "float | None":
    """A time budget as seconds: ``"1.5"``, ``"1s"`` or ``"500ms"``; ``None`` stays.

    >>> seconds("500ms"), seconds("2s"), seconds(None)
    (0.5, 2.0, None)
    """
    if text is None:
        return None
    t = text.strip().lower()
    scale = 1e-3 if t.endswith("ms") else 1.0
    t = t.removesuffix("ms").removesuffix("s")
    try:
        value = float(t) * scale
    except ValueError:
        raise ConstraintError(tr("--time {text!r}: expected seconds, such as 1.5, 1s or 500ms", text=text)) from None
    if not value > 0 or value == float("inf"):
        raise ConstraintError(tr("--time {text!r}: expected a time above 0", text=text))
    return value


SchedulerOpt = Annotated[Optional[str], typer.Option("--scheduler", help="A Dask scheduler, "
                                                   "tcp://HOST:8786 (the dask extra).")]
ClusterOpt = Annotated[Optional[str], typer.Option("--cluster", help="local:N starts a Dask "
                                                 "LocalCluster of N workers here.")]


def parallel_backend(backend: str, scheduler: Optional[str], cluster: Optional[str]) -> tuple[str, dict[str, Any]]:
    """The backend and its options (for :func:`solver.parallel.executor`), from
    --backend, --scheduler and --cluster."""
    if scheduler is not None and cluster is not None:
        raise fail(tr("--scheduler and --cluster exclude each other"))
    if scheduler is not None:
        if not re.fullmatch(r"(tcp|tls|inproc|ucx)://\S+", scheduler):
            raise fail(tr("--scheduler {value}: expected an address like tcp://HOST:8786", value=quote(scheduler)))
        return "dask", {"address": scheduler}
    if cluster is not None:
        m = re.fullmatch(r"local:([0-9]{1,3})", cluster)
        if not m or not 1 <= int(m.group(1)) <= MAX_WORKERS:
            raise fail(tr("--cluster {value}: expected local:N, N workers from 1 to {top}", value=quote(cluster),
                              top=MAX_WORKERS))
        return "dask", {"local_workers": int(m.group(1))}
    if backend not in ("process", "thread"):
        raise fail(tr("--backend {value}: expected process or thread (--scheduler or --cluster for Dask)",
                      value=quote(backend)))
    return backend, {}



def seed_or_fresh(seed: "int | None") -> int:
    """The ``--seed`` given, or a fresh random one for a run without it; the command shows
    it in its output, so that ``--seed`` with it gives the same result again."""
    return random.SystemRandom().randrange(1 << 31) if seed is None else seed


def option_group(name: str, options: Mapping[str, Any],
                 build: Callable[..., Any]) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Decorator: a command's parameter ``name`` becomes the ``options`` (parameter name →
    option type, each ``None`` when not given), in its place among the command's options,
    and the command is called with ``name=build(**their values)``.  Put it under
    :func:`.errors.handle_errors`, so that what ``build`` raises is one line."""
    kind = inspect.Parameter.POSITIONAL_OR_KEYWORD
    group = [inspect.Parameter(n, kind, default=None, annotation=t) for n, t in options.items()]

    def decorate(command: Callable[..., Any]) -> Callable[..., Any]:
        signature = inspect.signature(command, eval_str=True)
        params = list(signature.parameters.values())
        at = list(signature.parameters).index(name)
        params[at:at + 1] = group

        @functools.wraps(command)
        def run(**kwargs: Any) -> Any:
            value = build(**{n: kwargs.pop(n) for n in options})
            return command(**kwargs, **{name: value})

        setattr(run, "__signature__", signature.replace(parameters=params))
        run.__annotations__ = {p.name: p.annotation for p in params}
        return run

    return decorate
