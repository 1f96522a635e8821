"""The board's JSON API (FastAPI) and the static page.

Every endpoint mirrors a function of the Python API and answers its ``to_dict()``
(see docs/web.md), under the rules of the request's ``rules`` field (``NAME=VALUE``
texts, as ``--rule`` takes them).  Bad input gets status 400 (422 for a request of the
wrong shape, 413 for one too large, 429 when too much work is under way, 404 and 405
for a path or method the API does not have, 503 while the server stops) and a body
``{"error": "..."}`` holding the one-line message the command line prints, in the
request's language (its ``Accept-Language``: French first gives the French message,
as ``coinche --lang fr`` prints it); never a 500 for bad input.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
from importlib import resources
from typing import TYPE_CHECKING, Annotated, Any, AsyncIterator, Callable, Literal, Optional

from fastapi import FastAPI, Path, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Receive, Scope, Send

from solver.lookahead import review_auction
from solver.deal import Deal
from solver.errors import CoincheError
from solver.field_errors import problem
from solver.messages import in_output_language, output_language, tr, writing_in
from solver.notation import Language
from solver.rating import Rating
from solver import practice

from . import match, views
from .access import Access
from .jobs import Busy, Job, JobKind, Jobs, JobState, Progress, Stopping, Work
from .limits import MAX_BODY, MAX_SAMPLES, MAX_SEED, MAX_WORLDS, BodyLimit

if TYPE_CHECKING:   # importlib.resources.abc is new in Python 3.11
    from importlib.resources.abc import Traversable

DealText = Annotated[str, Field(min_length=1, max_length=200, description="PBN text or 'example'")]
Strain = Annotated[str, Field(min_length=1, max_length=8, description="S H D C SA TA")]
SeatText = Annotated[str, Field(min_length=1, max_length=8, description="N E S W")]
Played = Annotated[str, Field(max_length=200, description="cards played, in order: 'SA S7 ...'")]
HandText = Annotated[str, Field(min_length=1, max_length=60, description="one hand: 'AJ9.A7.KT.J'")]
Samples = Annotated[int, Field(ge=1, le=MAX_SAMPLES)]
Seed = Annotated[Optional[int], Field(default=None, ge=0, le=MAX_SEED)]
Lang = Annotated[Optional[Literal["en", "fr"]],
                 Field(description="the language of the texts in the answer (default: the request's "
                                   "Accept-Language, French or English)")]
RuleText = Annotated[str, Field(min_length=1, max_length=80, description="NAME=VALUE, as --rule takes it")]
#: Most ``NAME=VALUE`` texts in one request's ``rules``.
MAX_RULES = 40


class Ruled(BaseModel):
    """A request computed under rules: ``["must_undertrump=false", ...]``, the default
    rules when empty."""

    rules: Annotated[list[RuleText], Field(max_length=MAX_RULES)] = []


class DealIn(BaseModel):
    deal: DealText


class TableIn(Ruled):
    deal: DealText


class ParIn(Ruled):
    deal: DealText
    dealer: SeatText = "N"
    lang: Lang = None


class PlayIn(Ruled):
    deal: DealText
    strain: Strain
    leader: SeatText = "N"
    played: Played = ""


class AdviseIn(Ruled):
    hand: HandText
    seat: SeatText = "S"
    dealer: SeatText = "N"
    samples: Samples = 200
    seed: Seed = None
    auction: Annotated[str, Field(max_length=200, description="calls so far: 'pass 90H'")] = ""
    lookahead: Annotated[bool, Field(description="judge the next call by continuing the auction")] = False
    lang: Lang = None


class PlayedDealIn(Ruled):
    """A deal being played under a contract: what the answers from one seat start from."""

    deal: DealText
    contract: Annotated[str, Field(min_length=1, max_length=20, description="the bid: '100H'")]
    declarer: SeatText
    leader: SeatText = "N"
    played: Played = ""
    seed: Seed = None
    lang: Lang = None


class SeatPlayIn(PlayedDealIn):
    samples: Annotated[int, Field(ge=1, le=MAX_SAMPLES)] = 50


class PlayOutIn(PlayedDealIn):
    worlds: Annotated[int, Field(ge=1, le=MAX_WORLDS)] = 20


class AuctionReviewIn(Ruled):
    """A whole auction on a known deal, each call judged from its player's seat."""

    deal: DealText
    dealer: SeatText = "N"
    auction: Annotated[str, Field(min_length=1, max_length=200, description="the calls: '80H pass 90S pass pass pass'")]
    samples: Annotated[int, Field(ge=1, le=MAX_SAMPLES)] = 30
    seed: Seed = 1
    lookahead: Annotated[bool, Field(description="judge each call by continuing the auction")] = False
    lang: Lang = None


#: Most play-outs per strain in one request for the realistic column.
MAX_PLAYOUTS = 20


class EstimatesIn(Ruled):
    """A deal's point counts and realistic play-outs beside its double-dummy table."""

    deal: DealText
    dealer: SeatText = "N"
    playouts: Annotated[int, Field(ge=1, le=MAX_PLAYOUTS, description="play-outs per strain")] = 6
    worlds: Annotated[int, Field(ge=1, le=MAX_WORLDS)] = 10
    seed: Seed = 1


class MatchDealIn(BaseModel):
    calls: Annotated[str, Field(max_length=400, description="the calls so far: 'pass 80H pass'")] = ""
    cards: Annotated[str, Field(max_length=200, description="the cards so far: 'SA S7 ...'")] = ""


class MatchIn(Ruled):
    """A match at the board (solver.web.match), under the request's rules: the page
    sends it whole every time."""

    seed: Annotated[int, Field(ge=0, le=MAX_SEED)]
    seat: SeatText = "S"
    partner: Literal[match.BOTS] = "heuristic"  # type: ignore[valid-type]
    opponents: Literal[match.BOTS] = "heuristic"  # type: ignore[valid-type]
    deals: Annotated[list[MatchDealIn], Field(max_length=match.MAX_DEALS)] = []
    show: bool = False
    lang: Lang = None

    def moves(self) -> list[tuple[str, str]]:
        return [(d.calls, d.cards) for d in self.deals]


class MatchReplayIn(MatchIn):
    number: Annotated[int, Field(ge=1, le=match.MAX_DEALS, description="the deal, from 1")] = 1


class LeadIn(Ruled):
    hand: HandText
    seat: SeatText
    contract: Annotated[str, Field(min_length=1, max_length=20)]
    declarer: SeatText
    samples: Samples = 200
    seed: Seed = None
    lang: Lang = None


class Speaking:
    """ASGI middleware: the request is answered in the language its ``Accept-Language``
    header puts first (French for ``fr``, ``fr-FR``; English otherwise), so its error
    messages (and every text written through :func:`solver.messages.tr`) are in the
    page's language; a ``lang`` field in the body, where a request has one, rules the
    texts of its answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        with writing_in(asked_language(dict(scope.get("headers") or []).get(b"accept-language", b""))):
            await self.app(scope, receive, send)


def speaking(lang: Optional[str]) -> Language:
    """The language of a request's answer: its ``lang`` field, else the request's own
    (:class:`Speaking`).  Read while the request is handled, not in a job's thread."""
    return Language(lang) if lang else output_language()


def asked_language(header: bytes) -> Language:
    """French when the first language of an ``Accept-Language`` header is French.

    >>> asked_language(b"fr-FR,fr;q=0.9,en;q=0.8"), asked_language(b"en-GB,fr;q=0.5"), asked_language(b"")
    (<Language.FR: 'fr'>, <Language.EN: 'en'>, <Language.EN: 'en'>)
    """
    first = header.decode("latin-1").split(",")[0].split(";")[0].strip().lower()
    return Language.FR if first == "fr" or first.startswith("fr-") else Language.EN


class LearnerIn(BaseModel):
    """A learner's Glicko-2 rating as the page keeps it: finite JSON numbers only (strict:
    ``true`` or ``"1500"`` is no rating)."""

    rating: Annotated[float, Field(gt=0, lt=4000, strict=True, allow_inf_nan=False)]
    deviation: Annotated[float, Field(gt=0, lt=1000, strict=True, allow_inf_nan=False)]
    volatility: Annotated[float, Field(gt=0, lt=1, strict=True, allow_inf_nan=False)]


class PracticeAnswerIn(BaseModel):
    seed: Annotated[int, Field(ge=0, le=MAX_SEED)]
    card: Annotated[str, Field(min_length=1, max_length=4)]
    id: Annotated[str, Field(min_length=1, max_length=40)]
    learner: Optional[LearnerIn] = None
    lang: Lang = None


class SeatAnswerIn(BaseModel):
    id: Annotated[str, Field(min_length=1, max_length=40)]
    card: Annotated[str, Field(min_length=1, max_length=4)]
    learner: Optional[LearnerIn] = None
    lang: Lang = None


class SetCallIn(BaseModel):
    id: Annotated[str, Field(min_length=1, max_length=40)]
    call: Annotated[str, Field(min_length=1, max_length=20)]
    learner: Optional[LearnerIn] = None
    lang: Lang = None


def _error(status: int, message: str) -> JSONResponse:
    # seats and cards as the command line writes them in the request's language (O for W)
    return JSONResponse({"error": in_output_language(" ".join(message.split()))}, status_code=status)




def _validation_message(exc: RequestValidationError) -> str:
    """One line for a request of the wrong shape, in the request's language: the field,
    what is wrong, the input."""
    first = exc.errors()[0] if exc.errors() else {}
    if first.get("type") == "json_invalid":        # the place is a character, not a field
        at = first.get("loc", ("body", "?"))[-1]
        return tr("{field}: {problem}{shown}", field=tr("request"),
                  problem=tr("not JSON (unreadable at character {at})", at=at), shown="")
    where = ".".join(str(x) for x in first.get("loc", ())[1:]) or tr("request")
    value = first.get("input")
    text = json.dumps(value) if isinstance(value, bool) else str(value)        # true, as the request wrote it
    shown = tr(" (got {value})", value=repr(text[:80])) if isinstance(value, (str, int, float)) else ""
    return tr("{field}: {problem}{shown}", field=where, problem=problem(first), shown=shown)


def _static(name: str) -> "Traversable":
    return resources.files("solver.web").joinpath("static", name)


def create_app(jobs: "Jobs | None" = None, *, hosts: "list[str] | None" = None,
               token: "str | None" = None) -> FastAPI:
    """The application: ``/api/...``, ``/docs`` and the page at ``/``.

    ``hosts``: the names the ``Host`` header may give (None: any); ``token``: the token
    every API request must carry (see :mod:`solver.web.access`)."""
    jobs = jobs or Jobs()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        jobs.shutdown()

    app = FastAPI(title="Coinche analysis board", version="1", lifespan=lifespan,
                  docs_url=None, redoc_url=None,
                  description="The double-dummy solver and hand analyzer over HTTP; "
                  "every answer is the matching Python function's to_dict().")
    app.state.jobs = jobs
    app.add_middleware(BodyLimit, limit=MAX_BODY)
    app.add_middleware(Access, hosts=hosts, token=token)
    app.add_middleware(Speaking)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> Response:
        # the framework's own answers (no such path, method, unreadable body) in the API's shape
        path = repr(request.url.path[:80])
        messages = {404: tr("no such path {path}", path=path),
                    405: tr("{method} is not allowed on {path}", method=request.method, path=path)}
        if exc.status_code == 400 and "parsing the body" in str(exc.detail):
            messages[400] = tr("the body is no JSON the API reads (UTF-8 text, nested at most a few levels)")
        message = messages.get(exc.status_code, str(exc.detail))
        response = _error(exc.status_code, message)
        for name, value in (exc.headers or {}).items():
            response.headers[name] = value
        return response

    @app.exception_handler(CoincheError)
    async def bad_input(request: Request, exc: CoincheError) -> JSONResponse:
        return _error(400, str(exc))

    @app.exception_handler(RequestValidationError)
    async def bad_shape(request: Request, exc: RequestValidationError) -> JSONResponse:
        return _error(422, _validation_message(exc))

    @app.exception_handler(Busy)
    async def busy(request: Request, exc: Busy) -> JSONResponse:
        return _error(429, str(exc))

    @app.exception_handler(Stopping)
    async def stopping(request: Request, exc: Stopping) -> JSONResponse:
        return _error(503, str(exc))

    _routes(app, jobs)
    _page(app)
    return app


def _routes(app: FastAPI, jobs: Jobs) -> None:
    @app.get("/api/deal", tags=["deal"], summary="A random deal (Deal.random)")
    def random_deal(seed: Annotated[int, Query(ge=0, le=MAX_SEED)]) -> dict[str, Any]:
        return views.deal_view(Deal.random(seed), seed)

    @app.post("/api/deal", tags=["deal"], summary="Read a deal (Deal.from_pbn)")
    def read_deal(req: DealIn) -> dict[str, Any]:
        return views.deal_view(views.parse_deal(req.deal))

    @app.post("/api/solve", tags=["analysis"], summary="Solve a position (solve)")
    def solve(req: PlayIn) -> dict[str, Any]:
        return views.play_view(req.deal, req.strain, req.leader, req.played, views.parse_rules(req.rules))

    @app.post("/api/table", tags=["analysis"], summary="The double-dummy table (dd_table)")
    def table(req: TableIn) -> dict[str, Any]:
        return views.table_view(req.deal, views.parse_rules(req.rules))

    @app.post("/api/par", tags=["analysis"], summary="Par and its auction (par)")
    def par(req: ParIn) -> dict[str, Any]:
        with writing_in(speaking(req.lang)):
            return views.par_view(req.deal, req.dealer, views.parse_rules(req.rules))

    @app.post("/api/review", tags=["analysis"], summary="Review a played deal (review)")
    def review(req: PlayIn) -> dict[str, Any]:
        return views.review_view(req.deal, req.strain, req.leader, req.played, views.parse_rules(req.rules))

    @app.post("/api/advise", tags=["advice"], summary="Bidding advice, waited for (advise)")
    async def advise_now(req: AdviseIn, request: Request) -> Response:
        job = jobs.start(JobKind.ADVISE, _advise_work(req), watch=True)
        return await _wait(job, jobs, request)

    @app.post("/api/lead", tags=["advice"], summary="Opening-lead advice, waited for (lead_advice)")
    async def lead_now(req: LeadIn, request: Request) -> Response:
        job = jobs.start(JobKind.LEAD, _lead_work(req), watch=True)
        return await _wait(job, jobs, request)

    @app.post("/api/jobs/advise", tags=["jobs"], summary="Start bidding advice; poll /api/jobs/{id}")
    def advise_job(req: AdviseIn) -> dict[str, Any]:
        return jobs.start(JobKind.ADVISE, _advise_work(req), watch=True).to_dict()

    @app.post("/api/jobs/lead", tags=["jobs"], summary="Start lead advice; poll /api/jobs/{id}")
    def lead_job(req: LeadIn) -> dict[str, Any]:
        return jobs.start(JobKind.LEAD, _lead_work(req), watch=True).to_dict()

    @app.post("/api/jobs/auctionreview", tags=["jobs"],
              summary="Review a whole auction from each caller's seat (review_auction); poll /api/jobs/{id}")
    def auction_review_job(req: AuctionReviewIn) -> dict[str, Any]:
        return jobs.start(JobKind.AUCTION_REVIEW, _auction_review_work(req)).to_dict()

    @app.post("/api/jobs/estimates", tags=["jobs"],
              summary="Point counts and realistic play-outs per strain (evaluate_hand, play_out); poll /api/jobs/{id}")
    def estimates_job(req: EstimatesIn) -> dict[str, Any]:
        rules = views.parse_rules(req.rules)        # bad rules: 400 before a job starts
        views.parse_deal(req.deal)                  # a bad deal too
        lang = speaking(None)                       # read here: the work runs in another thread

        def work(progress: Progress) -> Any:
            with writing_in(lang):
                return views.estimates_view(req.deal, req.dealer, req.playouts, req.worlds, req.seed,
                                            progress=progress, rules=rules)
        return jobs.start(JobKind.ESTIMATES, work).to_dict()

    _match_routes(app, jobs)
    for kind, model, work, summary in _SEAT_WORK:
        _seat_routes(app, jobs, kind, model, work, summary)

    @app.get("/api/jobs/{job_id}", tags=["jobs"], summary="A job's progress and result")
    def job_state(job_id: Annotated[str, Path(max_length=40)]) -> Response:
        job = jobs.get(job_id)
        return _error(404, tr("no job {job}", job=repr(job_id[:80]))) if job is None else JSONResponse(job.to_dict())

    @app.post("/api/jobs/{job_id}/cancel", tags=["jobs"], summary="Stop a job (also: leave the page)")
    def cancel(job_id: Annotated[str, Path(max_length=40)]) -> Response:
        job = jobs.cancel(job_id)
        return _error(404, tr("no job {job}", job=repr(job_id[:80]))) if job is None else JSONResponse(job.to_dict())

    @app.post("/api/jobs/{job_id}/stop", tags=["jobs"],
              summary="End a job's sampling after the round in hand, keeping the estimate so far")
    def stop(job_id: Annotated[str, Path(max_length=40)]) -> Response:
        job = jobs.stop(job_id)
        return _error(404, tr("no job {job}", job=repr(job_id[:80]))) if job is None else JSONResponse(job.to_dict())

    @app.get("/api/practice/set", tags=["practice"],
             summary="A four-hands problem of the shipped set by theme, difficulty band and strain")
    def set_problem(seed: Annotated[int, Query(ge=0, le=MAX_SEED)],
                    theme: Annotated[Optional[str], Query(max_length=40)] = None,
                    band: Annotated[Optional[str], Query(max_length=20)] = None,
                    strain: Annotated[Optional[str], Query(max_length=4)] = None, lang: Lang = None) -> dict[str, Any]:
        with writing_in(speaking(lang)):
            return practice.set_play_problem(seed, theme, band, strain)

    @app.get("/api/practice/set/seat", tags=["practice"],
             summary="A seat problem of the shipped set as its seat sees it (its hand and the play)")
    def set_seat_problem(seed: Annotated[int, Query(ge=0, le=MAX_SEED)],
                         theme: Annotated[Optional[str], Query(max_length=40)] = None,
                         band: Annotated[Optional[str], Query(max_length=20)] = None,
                         strain: Annotated[Optional[str], Query(max_length=4)] = None,
                         lang: Lang = None) -> dict[str, Any]:
        with writing_in(speaking(lang)):
            return practice.seat_problem_view(seed, theme, band, strain)

    @app.post("/api/practice/set/seat/answer", tags=["practice"],
              summary="Judge a seat problem's card on its worlds: costs, line, the learner's rating after it")
    def set_seat_answer(req: SeatAnswerIn) -> dict[str, Any]:
        learner = None if req.learner is None else Rating(**req.learner.model_dump())
        with writing_in(speaking(req.lang)):
            return practice.seat_answer_view(req.id, req.card, learner)

    @app.get("/api/practice/set/bidding", tags=["practice"],
             summary="A bidding problem of the shipped set as its bidder sees it (the hand and the auction)")
    def set_bidding_problem(seed: Annotated[int, Query(ge=0, le=MAX_SEED)],
                            theme: Annotated[Optional[str], Query(max_length=40)] = None,
                            band: Annotated[Optional[str], Query(max_length=20)] = None,
                            lang: Lang = None) -> dict[str, Any]:
        with writing_in(speaking(lang)):
            return practice.set_bidding_view(seed, theme, band)

    @app.post("/api/practice/set/bidding/answer", tags=["practice"],
              summary="Judge a call for a bidding problem of the shipped set: costs, the learner's rating after it")
    def set_bidding_answer(req: SetCallIn) -> dict[str, Any]:
        learner = None if req.learner is None else Rating(**req.learner.model_dump())
        with writing_in(speaking(req.lang)):
            return practice.set_bidding_answer_view(req.id, req.call, learner)

    @app.get("/api/practice/play/hints", tags=["practice"], summary="A four-hands problem's hints")
    def play_hints(seed: Annotated[int, Query(ge=0, le=MAX_SEED)],
                   id: Annotated[str, Query(min_length=1, max_length=40)],
                   lang: Lang = None) -> dict[str, Any]:
        with writing_in(speaking(lang)):
            return practice.hints_view(seed, id)

    @app.post("/api/practice/play/answer", tags=["practice"],
              summary="Judge an answer: cost, solution line, the learner's Glicko-2 rating after it")
    def play_answer(req: PracticeAnswerIn) -> dict[str, Any]:
        learner = None if req.learner is None else Rating(**req.learner.model_dump())
        with writing_in(speaking(req.lang)):
            return practice.play_answer_view(req.seed, req.card, learner, req.id)


def _advise_work(req: AdviseIn) -> Work:
    rules = views.parse_rules(req.rules)        # bad rules: 400 before a job starts

    lang = speaking(req.lang)      # read here: the work runs in another thread

    def work(progress: Progress) -> Any:
        with writing_in(lang):
            return views.advice_view(req.hand, req.seat, req.dealer, req.samples, req.seed, req.auction,
                                     progress=progress, rules=rules, lookahead=req.lookahead)
    return work


def _lead_work(req: LeadIn) -> Work:
    rules = views.parse_rules(req.rules)

    lang = speaking(req.lang)      # read here: the work runs in another thread

    def work(progress: Progress) -> Any:
        with writing_in(lang):
            return views.lead_view(req.hand, req.seat, req.contract, req.declarer, req.samples, req.seed,
                                   progress=progress, rules=rules)
    return work


def _auction_review_work(req: AuctionReviewIn) -> Work:
    rules = views.parse_rules(req.rules)        # bad rules: 400 before a job starts

    lang = speaking(req.lang)      # read here: the work runs in another thread

    def work(progress: Progress) -> Any:
        with writing_in(lang):
            return review_auction(views.parse_deal(req.deal), req.dealer, req.auction, samples=req.samples,
                                  seed=req.seed, progress=progress, rules=rules,
                                  lookahead=req.lookahead).to_dict()
    return work


def _seat_work(view: Callable[..., dict[str, Any]]) -> Callable[[PlayedDealIn], Work]:
    """A seat answer's work from its request: the request's fields, its rules read, are
    ``view``'s arguments."""
    def start(req: PlayedDealIn) -> Work:
        fields = req.model_dump()
        lang = speaking(fields.pop("lang"))
        fields["rules"] = views.parse_rules(fields["rules"])

        def work(progress: Progress) -> Any:
            with writing_in(lang):
                return view(**fields, progress=progress)
        return work
    return start


#: The answers from one seat: (path, request model, work, summary).
_SEAT_WORK: list[tuple[JobKind, type[PlayedDealIn], Callable[[PlayedDealIn], Work], str]] = [
    (JobKind.PLAY, SeatPlayIn, _seat_work(views.seat_advice_view),
     "Card-play advice for the seat to move, seeing only its hand (play_advice)"),
    (JobKind.SEAT_REVIEW, SeatPlayIn, _seat_work(views.seat_review_view),
     "The play judged from each player's seat and on the deal (review_from_seats)"),
    (JobKind.PLAYOUT, PlayOutIn, _seat_work(views.playout_view),
     "The deal played out by PIMC players (play_out)"),
]


def _seat_routes(app: FastAPI, jobs: Jobs, kind: JobKind, model: type[PlayedDealIn],
                 work: Callable[[PlayedDealIn], Work], summary: str) -> None:
    """``POST /api/KIND`` (waited for) and ``POST /api/jobs/KIND`` (a job to poll)."""
    async def now(req: PlayedDealIn, request: Request) -> Response:
        return await _wait(jobs.start(kind, work(req), watch=kind is JobKind.PLAY), jobs, request)

    def later(req: PlayedDealIn) -> dict[str, Any]:
        return jobs.start(kind, work(req), watch=kind is JobKind.PLAY).to_dict()

    # the request model is a variable here: give FastAPI the types themselves
    now.__annotations__ = {"req": model, "request": Request, "return": Response}
    later.__annotations__ = {"req": model, "return": dict}

    app.post(f"/api/{kind}", tags=["play"], summary=summary + ", waited for")(now)
    app.post(f"/api/jobs/{kind}", tags=["jobs"], summary=summary + "; poll /api/jobs/{id}")(later)


def _match_routes(app: FastAPI, jobs: Jobs) -> None:
    """A match against bots: the state from the person's seat, a bot's next move (a
    job: a PIMC bot thinks), the deals as PBN, a deal replayed by bots."""
    @app.post("/api/match", tags=["match"], summary="A match from the person's seat (table_state)")
    def match_state(req: MatchIn) -> dict[str, Any]:
        with writing_in(speaking(req.lang)):
            return match.table_state(req.seed, req.seat, req.partner, req.opponents, req.moves(),
                                     views.parse_rules(req.rules), show=req.show)

    @app.post("/api/match/bot", tags=["match"], summary="The next bot's call or card, waited for (bot_move)")
    async def match_bot(req: MatchIn, request: Request) -> Response:
        rules = views.parse_rules(req.rules)        # bad rules: 400 before a job starts

        lang = speaking(req.lang)      # read here: the work runs in another thread

        def work(progress: Progress) -> Any:
            with writing_in(lang):
                return match.bot_move(req.seed, req.seat, req.partner, req.opponents, req.moves(), rules)
        return await _wait(jobs.start(JobKind.MATCH_BOT, work), jobs, request)

    @app.post("/api/match/pbn", tags=["match"], summary="The finished deals as records (match_records)")
    def match_pbn(req: MatchIn) -> Response:
        with writing_in(speaking(req.lang)):
            text = match.match_records(req.seed, req.seat, req.partner, req.opponents, req.moves(),
                                       views.parse_rules(req.rules))
        return Response(text, media_type="application/x-chess-pbn",
                        headers={"content-disposition": f'attachment; filename="match-{req.seed}.pbn"'})

    @app.post("/api/jobs/matchreplay", tags=["jobs"],
              summary="A deal of the match played by bots at every seat (bots_replay); poll /api/jobs/{id}")
    def match_replay(req: MatchReplayIn) -> dict[str, Any]:
        rules = views.parse_rules(req.rules)

        lang = speaking(req.lang)      # read here: the work runs in another thread

        def work(progress: Progress) -> Any:
            with writing_in(lang):
                return match.bots_replay(req.seed, req.number, req.seat, req.partner, req.opponents, rules)
        return jobs.start(JobKind.MATCH_REPLAY, work).to_dict()


async def _wait(job: Job, jobs: Jobs, request: Request) -> Response:
    """Wait for a job; cancel it if the client goes away."""
    while not job.finished:
        if await request.is_disconnected():
            jobs.cancel(job.id)
            return _error(499, tr("the client went away"))
        job.touch()
        await asyncio.sleep(0.05)
    jobs.forget(job.id)
    if job.state is JobState.FAILED:
        return _error(400, job.error or tr("the job failed"))
    if job.state is JobState.CANCELLED:
        if jobs.stopping:
            return _error(503, tr("the server is stopping"))
        return _error(409, tr("the job was cancelled"))
    return JSONResponse(job.result)


def _page(app: FastAPI) -> None:
    static = resources.files("solver.web").joinpath("static")
    app.mount("/static", StaticFiles(directory=str(static), follow_symlink=True), name="static")

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(str(_static("index.html")), media_type="text/html")

    @app.get("/docs", include_in_schema=False)
    def docs() -> HTMLResponse:
        return HTMLResponse(_docs_page(app.openapi()))


def _docs_page(schema: dict[str, Any]) -> str:
    """The API's endpoints as one page that loads nothing from elsewhere, with a link to
    the whole OpenAPI description."""
    rows = []
    for path, methods in schema.get("paths", {}).items():
        for method, op in methods.items():
            rows.append(f"<tr><td><code>{html.escape(method.upper())}</code></td>"
                        f"<td><code>{html.escape(path)}</code></td>"
                        f"<td>{html.escape(op.get('summary', ''))}</td></tr>")
    title = html.escape(schema.get("info", {}).get("title", ""))
    return ("<!doctype html><html><head><meta charset='utf-8'><title>" + title + " API</title>"
            "<link rel='icon' href='data:,'></head><body style='font-family:sans-serif'>"
            f"<h1>{title}: the JSON API</h1><p>The whole description, with every request's fields: "
            "<a href='/openapi.json'>/openapi.json</a> (OpenAPI 3). The board's documentation: "
            "docs/web.md.</p><table>" + "".join(rows) + "</table></body></html>")
