"""``mypy --strict`` over ``solver/`` and ``cli/``, through mypy's own API (one process, a
cache kept between runs: a few seconds once warm).

The modules of PENDING are still being reworked and not yet held to ``--strict``: their
errors are left out here (``mypy --strict solver cli`` still shows them); every other
module must have none.  The list only shrinks.
"""

from __future__ import annotations

import hashlib
import importlib.util
import re
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

PENDING = {
}

_ERROR = re.compile(r"^(?P<path>[^:]+\.pyi?):\d+: error: ", re.M)


def _strict_errors(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[str], str]:
    from mypy import api

    digest = hashlib.sha1(sys.prefix.encode()).hexdigest()[:12]
    cache = tmp_path_factory.getbasetemp().parent / f"mypy-cache-tree-{digest}"
    out, err, _ = api.run(["--strict", "--cache-dir", str(cache), "--no-error-summary",
                           str(ROOT / "solver"), str(ROOT / "cli")])
    paths = [Path(m["path"]).resolve().relative_to(ROOT).as_posix() for m in _ERROR.finditer(out)]
    return paths, out + err


def test_mypy_strict_finds_no_error_outside_the_pending_modules(tmp_path_factory):
    if importlib.util.find_spec("mypy") is None:
        pytest.skip("mypy is not installed: pip install -e '.[test]' installs it")
    paths, text = _strict_errors(tmp_path_factory)
    assert "error:" not in text or paths, text          # an error the pattern missed fails here
    outside = sorted({p for p in paths if p not in PENDING})
    shown = [line for line in text.splitlines()
             if any(line.startswith(str(ROOT / p)) or line.startswith(p) for p in outside)]
    assert not outside, "\n".join(shown)


def test_the_pending_modules_exist():
    # a module renamed or moved is struck from PENDING, not left there excusing nothing
    assert all((ROOT / p).is_file() for p in PENDING), sorted(p for p in PENDING if not (ROOT / p).is_file())


# --- Typed inside, text read at the doors -------------------------------------------------
#
# A library function takes the typed object (``Seat``, ``Strain``, ``Team``, ``Deal``,
# ``Contract``, ``CardSet``, ...); text is read where it comes in: the command line, the
# board (``solver.web``), the readers named for it (``parse``, ``parse_*``, ``from_*``,
# ``CardSet(text)``) and the package's few conveniences whose documented examples are
# written in text (the python-chess ``push_san`` beside ``push``).

import importlib
import inspect
import pkgutil
import types
import typing

#: The doors: (module, qualified name, parameter) that may take a domain type or its text.
_CONVENIENCES = {
    # solving a deal: ``solver.solve("N:...", "S", "N")`` in the README and docs/solve.md
    ("solver.solve", f, p) for f in ("solve", "can_take", "solve_all", "query_position",
                                     "Solver.solve", "Solver.can_take")
    for p in ("deal", "strain", "leader", "dealer")
} | {("solver.solve", "can_take", "side"), ("solver.solve", "Solver.can_take", "side")} | {
    # the advice and play-out conveniences: a hand, seats and a contract as the user writes them
    ("solver.advice", "advise", p) for p in ("hand", "seat", "dealer", "executor")
} | {
    ("solver.realism", "advise", p) for p in ("hand", "seat", "dealer", "executor")
} | {("solver.realism", "check", "executor")} | {
    ("solver.bidding", "auction_advice", p) for p in ("hand", "seat", "dealer", "auction", "executor")
} | {
    ("solver.bidding", "review_auction", p) for p in ("deal", "dealer", "auction")
} | {
    ("solver.lead", "lead_advice", p) for p in ("hand", "seat", "contract", "declarer", "executor", "measure")
} | {
    ("solver.cardplay", "play_advice", p) for p in ("hand", "seat", "contract", "leader", "deal",
                                                     "auction", "dealer", "shown", "executor")
} | {
    ("solver.pimc", "play_out", p) for p in ("deal", "contract", "strain", "leader", "dealer", "players")
} | {("solver.pimc", "realistic_advice", "executor")} | {
    ("solver.review", "review", p) for p in ("deal", "strain", "leader", "dealer")
} | {
    ("solver.seatreview", "review_from_seats", p) for p in ("deal", "contract", "leader")
} | {
    ("solver.sampling", "sample_deals", p) for p in ("hand", "seat")
} | {
    ("solver.studies", "study", p) for p in ("strains", "leaders", "seat", "hand", "backend")
} | {
    # docs/analysis.md: ``solver.dd_table(deal, dealer="E")``, ``solver.par(deal, dealer="E")``
    ("solver.table", "dd_table", "leader"), ("solver.table", "dd_table", "dealer"),
    ("solver.par", "par", "dealer"),
    # docs/handeval.md: ``solver.evaluate_hand("AJ9.A7.KT.J", "S")``
    ("solver.handeval", "evaluate_hand", "hand"), ("solver.handeval", "evaluate_hand", "strain"),
    # the Monte Carlo and parallel doors take a backend by its word (``--backend thread``)
    ("solver.montecarlo", "simulate", "executor"), ("solver.montecarlo", "simulate_sequentially", "executor"),
    ("solver.montecarlo", "sample_answer", "executor"),
    ("solver.parallel", "executor", "backend"), ("solver.parallel", "map_tasks", "backend"),
    # scoring one deal from loose arguments (its doctests: ``belote="EW"``, ``"capotS"``)
    ("solver.scoring", "score_deal", "contract"), ("solver.scoring", "score_deal", "capot"),
    ("solver.scoring", "score_deal", "belote"),
    # what is known of the hidden hands: a record read from loose input (seats, cards and
    # strains as text, as ``--known``, ``--points`` and the board give them)
    ("solver.sampling", "Constraints.__init__", "points_strain"),
    # the reader the doors' ``leader=`` and ``dealer=`` go through (solve, dd_table, ...)
    ("solver.deal", "first_leader", "leader"), ("solver.deal", "first_leader", "dealer"),
    # the Python face of ``coinche study show``: a study's folder, ``of="side"``, ``seat="E"``
    ("solver.aggregate", "aggregate", "seat"), ("solver.aggregate", "aggregate", "of"),
    # the look-ahead doors mirror bidding's: ``solver.auction_advice(hand, "S", "E", "...")``
    *{("solver.lookahead", "auction_advice", p) for p in ("hand", "seat", "dealer", "auction", "executor")},
    *{("solver.lookahead", "review_auction", p) for p in ("deal", "dealer", "auction")},
    # a study's questions as text (``where="trump_J and trumps >= 4"``, contracts ``"100H S"``)
    ("solver.aggregate", "aggregate", "where"), ("solver.studyquery", "predicate", "where"),
    *{("solver.studyscore", "compare_contracts", p) for p in ("contracts", "leader", "seat", "where")},
    # the referee's position as the examples write it: ``Position.parse("N:...", "H", "N")``
    *{("solver.play", "Position.parse", p) for p in ("deal", "strain", "leader")},
    # the bots by their words, as ``--ns``, ``--partner`` and the board name them
    ("solver.bots", "make_bot", "kind"), ("solver.bots", "bots_for", "kinds"),
    # the language blocks: ``with writing_in("fr"):``
    ("solver.messages", "writing_in", "language"), ("solver.notation", "using", "language"),
}

#: Modules that are doors as a whole: the board reads its requests' text.
_DOOR_MODULES = ("solver.web",)


def _is_reader(qualname: str) -> bool:
    """A function named for reading text: ``parse``, ``parse_*``, ``from_pbn``, the batch
    file's line reader, and the constructors of the types built from text
    (``CardSet("AKQ.-.-.-")``)."""
    name = qualname.rsplit(".", 1)[-1]
    return (name == "parse" or name.startswith("parse_") or name in ("from_pbn", "iter_lines")
            or qualname in ("CardSet.__init__", "Deal.__init__"))


#: Not yet narrowed: (module, qualified name, parameter).  The list only shrinks.
_NOT_YET_NARROWED: set[tuple[str, str, str]] = set()


def _domain(t: object) -> bool:
    return isinstance(t, type) and t.__module__.split(".")[0] == "solver"


def _admits_text(t: object) -> bool:
    """``t`` holds, at any depth, a union of a domain type with ``str``."""
    args = typing.get_args(t)
    if typing.get_origin(t) in (typing.Union, types.UnionType) and str in args and any(map(_domain, args)):
        return True
    return any(_admits_text(a) for a in args if not isinstance(a, (str, int, type(Ellipsis))))


def _modules() -> list[types.ModuleType]:
    import solver

    out = []
    for info in pkgutil.walk_packages(solver.__path__, "solver."):
        if info.name.startswith(_DOOR_MODULES) or info.name.rsplit(".", 1)[-1].startswith("_"):
            continue
        out.append(importlib.import_module(info.name))
    return out


def _functions(module: types.ModuleType) -> typing.Iterator[tuple[str, object]]:
    """The public functions and methods (``__init__`` included) a module defines."""
    for name, obj in vars(module).items():
        if name.startswith("_") or getattr(obj, "__module__", None) != module.__name__:
            continue
        if inspect.isfunction(obj):
            yield name, obj
        elif inspect.isclass(obj):
            for attr, f in vars(obj).items():
                f = f.__func__ if isinstance(f, (classmethod, staticmethod)) else f
                if inspect.isfunction(f) and (not attr.startswith("_") or attr == "__init__"):
                    yield f"{name}.{attr}", f


def _text_parameters() -> tuple[set[tuple[str, str, str]], list[str]]:
    """(module, function, parameter) of every public parameter typed as a domain type or
    text, and the functions whose hints could not be read."""
    import solver

    names: dict[str, object] = {k: getattr(solver, k) for k in dir(solver) if not k.startswith("__")}
    names["Self"] = typing.Any
    found, unread = set(), []
    for module in _modules():
        for qualname, f in _functions(module):
            try:
                hints = typing.get_type_hints(f, localns=names)
            except Exception as e:                          # a hint naming what the module cannot see
                unread.append(f"{module.__name__}.{qualname}: {e!r}")
                continue
            found |= {(module.__name__, qualname, p) for p, t in hints.items()
                      if p != "return" and _admits_text(t)}
    return found, unread


def test_the_reader_of_signatures_sees_text_beside_a_domain_type():
    from solver import Seat, Strain

    assert _admits_text(typing.Optional[typing.Union[Seat, str]])
    assert _admits_text(typing.Mapping[typing.Union[Seat, str], int])
    assert not _admits_text(typing.Union[int, str]) and not _admits_text(typing.Optional[Strain])


def test_library_parameters_take_typed_objects_and_text_only_at_the_doors():
    found, unread = _text_parameters()
    assert not unread, unread
    doors = {x for x in found if x in _CONVENIENCES or _is_reader(x[1])}
    inside = sorted(found - doors - _NOT_YET_NARROWED)
    assert not inside, "parameters reading text inside the library:\n" + "\n".join(map(str, inside))


def test_the_doors_and_the_pending_list_name_parameters_that_still_take_text():
    # a door narrowed, or a parameter narrowed since, is struck from its list
    found, _ = _text_parameters()
    assert _CONVENIENCES <= found, sorted(_CONVENIENCES - found)
    assert _NOT_YET_NARROWED <= found, sorted(_NOT_YET_NARROWED - found)


# --- Closed vocabularies are str-Enums equal to their words --------------------------------

def test_a_web_job_state_is_an_enum_its_json_the_word():
    pytest.importorskip("fastapi")
    from solver.web.jobs import Job, JobKind, JobState, Jobs

    job = Job("id", JobKind.ADVISE)
    assert job.state is JobState.WAITING and job.to_dict()["state"] == "waiting"
    assert type(job.to_dict()["state"]) is str
    jobs = Jobs(running=1)
    try:
        started = jobs.start(JobKind.ADVISE, lambda progress: 7)
        while not started.finished:
            time.sleep(0.01)
        assert started.state is JobState.DONE and started.to_dict()["state"] == "done"
    finally:
        jobs.shutdown()
    assert [s.value for s in JobState] == ["waiting", "running", "done", "failed", "cancelled"]


def test_the_lead_measure_is_an_enum_read_from_its_word():
    from solver.errors import ConstraintError
    from solver.lead import Measure, lead_advice

    assert Measure("set") is Measure.SET and Measure.POINTS == "points"
    with pytest.raises(ConstraintError, match="measure"):
        lead_advice("KT7.Q8.A9.K", seat="E", contract="100H", declarer="S", samples=1, measure="tricks")


def test_whose_features_a_study_groups_by_is_an_enum_its_json_the_word():
    import json

    from solver import Seat
    from solver.aggregate import SIDES, Aggregates, FeaturesOf

    assert [f.value for f in FeaturesOf] == ["seat", "side"] and SIDES == tuple(FeaturesOf)
    assert FeaturesOf("side") is FeaturesOf.SIDE and str(FeaturesOf.SEAT) == "seat"
    agg = Aggregates(("trumps",), FeaturesOf.SIDE, Seat.S, (80,), 0, ())
    data = agg.to_dict()
    assert data["of"] == "side" and type(data["of"]) is str
    back = Aggregates.from_dict(json.loads(json.dumps(data)))
    assert back.of is FeaturesOf.SIDE and back.to_dict() == data


def test_a_study_tables_hands_format_is_an_enum_equal_to_its_word():
    from solver.studyfiles import HandsFormat

    assert [f.value for f in HandsFormat] == ["pbn", "mask"]
    assert HandsFormat("mask") is HandsFormat.MASK and str(HandsFormat.PBN) == "pbn"


def test_a_bot_kind_is_an_enum_its_name_the_word():
    import json

    from solver.bots import BOT_KINDS, BotKind, make_bot

    assert [k.value for k in BotKind] == ["pimc", "heuristic", "random", "dd"] == list(BOT_KINDS)
    assert make_bot("heuristique").name is BotKind.HEURISTIC         # the French word reads too
    assert make_bot(BotKind.RANDOM).name is BotKind.RANDOM
    assert json.dumps({"bot": make_bot("random").name}) == '{"bot": "random"}'


def test_a_play_problems_side_is_an_enum_its_json_the_word():
    import json

    from solver.practice import Side, set_play_problem

    assert [s.value for s in Side] == ["declarer", "defence"]
    problem = set_play_problem(3)
    side = problem["goal"]["side"]
    assert type(side) is str and Side(side) in Side
    assert json.loads(json.dumps(problem))["goal"]["side"] == side


def test_what_a_player_is_asked_for_is_an_enum_equal_to_its_word():
    from solver.game import Ask

    assert [a.value for a in Ask] == ["call", "card"] and Ask("card") is Ask.CARD and str(Ask.CALL) == "call"


def test_the_referee_reads_text_only_through_position_parse():
    from solver import Card, Deal, Position, Seat, Strain

    text = "N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9"
    read = Position.parse(text, "H", "E", played="S8")
    typed = Position(Deal.from_pbn(text), Strain.H, Seat.E, played=[Card.S8])
    assert repr(read) == repr(typed) and read.hands == typed.hands and read.to_move is Seat.S
    again = eval(repr(read), {"Position": Position})          # the repr is the text door's call
    assert again.hands == read.hands and again.history == read.history


_TEXT_TO_THE_REFEREE = """\
from solver import Card, Deal, Position, Seat, Solver, Strain

deal = Deal.from_pbn("N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9")
Position("N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9", Strain.H, Seat.N)
Position(deal, "H", Seat.N)
Position(deal, Strain.H, "N")
Position(deal, Strain.H, Seat.N, played="SA S8")
Position(deal, Strain.H, Seat.N, played=["SA"])
Position(deal, Strain.H, Seat.N).play("SA")
Solver(tt_bits=10).load_hands(deal.masks, Strain.H, Seat.N, Position.parse(deal, "H").rules, trick=["SA"])
Position(deal, Strain.H, Seat.N, played=[Card.SA, 1])
Position.parse("N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9", "H", "N", played="SA S8")
"""


def test_the_type_checker_refuses_text_given_to_the_referee(tmp_path, tmp_path_factory):
    """``Position(...)``, its ``play`` and ``Solver.load_hands`` take typed objects: each
    text argument of the snippet's lines 4 to 10 is an error; the typed cards and the
    text door (``Position.parse``) of lines 11 and 12 are not."""
    from test_api_boundary import _mypy_strict

    done = _mypy_strict(_TEXT_TO_THE_REFEREE, tmp_path, tmp_path_factory)
    lines = sorted({int(m) for m in re.findall(r"^user\.py:(\d+): error:", done.stdout, re.M)})
    assert lines == [4, 5, 6, 7, 8, 9, 10], done.stdout + done.stderr


def test_the_typed_referee_gives_the_values_the_text_door_gives():
    """A trick and a half played from ints and cards, and from text through
    ``Position.parse``: the same hands, points, tricks and mover; the first trick
    (SA S8 SQ SJ... led by N in hearts) is counted by the referee's own points table."""
    from solver import Card, Deal, Position, Seat, Strain

    text = "N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9"
    read = Position.parse(text, "H", "N", played="SA S8 SQ SJ HK")
    typed = Position(Deal.from_pbn(text), Strain.H, Seat.N,
                     played=[Card.SA, int(Card.S8), Card.SQ, int(Card.SJ), Card.HK])
    assert (typed.hands, typed.points, typed.tricks, typed.to_move, typed.trick) == \
        (read.hands, read.points, read.tricks, read.to_move, read.trick)
    first = sum(read.points_table[c] for c in (Card.SA, Card.S8, Card.SQ, Card.SJ))
    assert read.points == (first, 0) and read.tricks == (1, 0)
    with pytest.raises(AttributeError):                     # text is no longer read inside
        Position(text, Strain.H, Seat.N)                    # type: ignore[arg-type]


def test_a_web_jobs_kind_is_an_enum_its_json_the_word():
    pytest.importorskip("fastapi")
    import json

    from solver.web.jobs import Job, JobKind

    job = Job("id", JobKind.AUCTION_REVIEW)
    assert json.loads(json.dumps(job.to_dict()))["kind"] == "auctionreview" == JobKind.AUCTION_REVIEW
    assert JobKind("seatreview") is JobKind.SEAT_REVIEW and f"/api/{JobKind.PLAY}" == "/api/play"


def test_the_kinds_of_player_live_below_the_bots_and_pimc_reads_them():
    from solver import bots, pimc, players

    assert bots.BotKind is players.BotKind
    assert pimc.PIMC is players.BotKind.PIMC == "pimc" and pimc.DOUBLE_DUMMY is players.BotKind.DD == "dd"
    assert [m.value for m in players.PlayModel] == ["dd", "realistic"]
    assert players.PlayModel("realistic") is players.PlayModel.REALISTIC


def test_advise_play_takes_only_its_words():
    from cli_helpers import one_line_error, run

    one_line_error(run("advise", "AJ9.A7.KT.J", "--seat", "S", "--dealer", "E", "--samples", "2",
                       "--play", "perfect"), "perfect", "dd or realistic")


def test_a_problems_kind_is_an_enum_its_json_the_word():
    import json

    from solver.problems import KINDS, Problem, ProblemError, ProblemKind, load_problems

    assert [k.value for k in KINDS] == ["four-hands", "seat", "bidding"] and KINDS == tuple(ProblemKind)
    p = load_problems()[0]
    assert type(p.kind) is ProblemKind
    d = json.loads(json.dumps(p.to_dict()))
    assert d["kind"] == p.kind.value and Problem.from_dict(d) == p
    with pytest.raises(ProblemError, match="problem kind 'puzzle'"):
        Problem.from_dict({**d, "kind": "puzzle"})
