"""The board's JSON API (FastAPI) and the static page.

Every endpoint mirrors a function of the Python API and answers its ``to_dict()``
(see docs/web.md), under the rules of the request's ``rules`` field (``NAME=VALUE``
texts, as ``--rule`` takes them).  Bad input gets status 400 (422 for a request of the
wrong shape, 413 for one too large, 429 when too much work is under way, 404 and 405
for a path or method the API does not have, 503 while the server stops) and a body
``{"error": "..."}`` holding the one-line message the command line prints; never a
500 for bad input.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
from importlib import resources
from typing import Annotated, Any, Literal, Optional

from fastapi import FastAPI, Path, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException

from solver.bidding import review_auction
from solver.deal import Deal
from solver.errors import CoincheError
from solver.messages import writing_in
from solver.rating import Rating
from . import match, practice, views
from .access import Access
from .jobs import Busy, Jobs, Stopping
from .limits import MAX_BODY, MAX_SAMPLES, MAX_SEED, MAX_WORLDS, BodyLimit

DealText = Annotated[str, Field(min_length=1, max_length=200, description="PBN text or 'example'")]
Strain = Annotated[str, Field(min_length=1, max_length=8, description="S H D C SA TA")]
SeatText = Annotated[str, Field(min_length=1, max_length=8, description="N E S W")]
Played = Annotated[str, Field(max_length=200, description="cards played, in order: 'SA S7 ...'")]
HandText = Annotated[str, Field(min_length=1, max_length=60, description="one hand: 'AJ9.A7.KT.J'")]
Samples = Annotated[int, Field(ge=1, le=MAX_SAMPLES)]
Seed = Annotated[Optional[int], Field(default=None, ge=0, le=MAX_SEED)]
Lang = Annotated[Literal["en", "fr"], Field(description="the language of the texts in the answer")]
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
    lang: Lang = "en"


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
    lang: Lang = "en"


class PlayedDealIn(Ruled):
    """A deal being played under a contract: what the answers from one seat start from."""

    deal: DealText
    contract: Annotated[str, Field(min_length=1, max_length=20, description="the bid: '100H'")]
    declarer: SeatText
    leader: SeatText = "N"
    played: Played = ""
    seed: Seed = None
    lang: Lang = "en"


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
    lang: Lang = "en"


class MatchDealIn(BaseModel):
    calls: Annotated[str, Field(max_length=400, description="the calls so far: 'pass 80H pass'")] = ""
    cards: Annotated[str, Field(max_length=200, description="the cards so far: 'SA S7 ...'")] = ""


class MatchIn(BaseModel):
    """A match at the board (solver.web.match): the page sends it whole every time."""

    seed: Annotated[int, Field(ge=0, le=MAX_SEED)]
    seat: SeatText = "S"
    partner: Literal[match.BOTS] = "heuristic"  # type: ignore[valid-type]
    opponents: Literal[match.BOTS] = "heuristic"  # type: ignore[valid-type]
    deals: Annotated[list[MatchDealIn], Field(max_length=match.MAX_DEALS)] = []
    show: bool = False
    lang: Lang = "en"

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
    lang: Lang = "en"


class LearnerIn(BaseModel):
    rating: Annotated[float, Field(gt=0, lt=4000)]
    deviation: Annotated[float, Field(gt=0, lt=1000)]
    volatility: Annotated[float, Field(gt=0, lt=1)]


class PracticeAnswerIn(BaseModel):
    seed: Annotated[int, Field(ge=0, le=MAX_SEED)]
    card: Annotated[str, Field(min_length=1, max_length=4)]
    learner: Optional[LearnerIn] = None
    lang: Lang = "en"


class PracticeRateIn(BaseModel):
    learner: Optional[LearnerIn] = None
    right: bool


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": " ".join(message.split())}, status_code=status)


def _validation_message(exc: RequestValidationError) -> str:
    """One line for a request of the wrong shape: the field, what is wrong, the input."""
    first = exc.errors()[0] if exc.errors() else {}
    where = ".".join(str(x) for x in first.get("loc", ())[1:]) or "request"
    value = first.get("input")
    shown = f" (got {str(value)[:80]!r})" if isinstance(value, (str, int, float)) else ""
    return f"{where}: {first.get('msg', 'invalid')}{shown}"


def _static(name: str):
    return resources.files("solver.web").joinpath("static", name)


def create_app(jobs: "Jobs | None" = None, *, hosts: "list[str] | None" = None,
               token: "str | None" = None) -> FastAPI:
    """The application: ``/api/...``, ``/docs`` and the page at ``/``.

    ``hosts``: the names the ``Host`` header may give (None: any); ``token``: the token
    every API request must carry (see :mod:`solver.web.access`)."""
    jobs = jobs or Jobs()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI):
        yield
        jobs.shutdown()

    app = FastAPI(title="Coinche analysis board", version="1", lifespan=lifespan,
                  docs_url=None, redoc_url=None,
                  description="The double-dummy solver and hand analyzer over HTTP; "
                  "every answer is the matching Python function's to_dict().")
    app.state.jobs = jobs
    app.add_middleware(BodyLimit, limit=MAX_BODY)
    app.add_middleware(Access, hosts=hosts, token=token)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> Response:
        # the framework's own answers (no such path, method, unreadable body) in the API's shape
        messages = {404: f"no such path {request.url.path[:80]!r}",
                    405: f"{request.method} is not allowed on {request.url.path[:80]!r}"}
        if exc.status_code == 400 and "parsing the body" in str(exc.detail):
            messages[400] = "the body is no JSON the API reads (UTF-8 text, nested at most a few levels)"
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
    def random_deal(seed: Annotated[int, Query(ge=0, le=MAX_SEED)]) -> dict:
        return views.deal_view(Deal.random(seed), seed)

    @app.post("/api/deal", tags=["deal"], summary="Read a deal (Deal.from_pbn)")
    def read_deal(req: DealIn) -> dict:
        return views.deal_view(views.parse_deal(req.deal))

    @app.post("/api/solve", tags=["analysis"], summary="Solve a position (solve)")
    def solve(req: PlayIn) -> dict:
        return views.play_view(req.deal, req.strain, req.leader, req.played, views.parse_rules(req.rules))

    @app.post("/api/table", tags=["analysis"], summary="The double-dummy table (dd_table)")
    def table(req: TableIn) -> dict:
        return views.table_view(req.deal, views.parse_rules(req.rules))

    @app.post("/api/par", tags=["analysis"], summary="Par and its auction (par)")
    def par(req: ParIn) -> dict:
        with writing_in(req.lang):
            return views.par_view(req.deal, req.dealer, views.parse_rules(req.rules))

    @app.post("/api/review", tags=["analysis"], summary="Review a played deal (review)")
    def review(req: PlayIn) -> dict:
        return views.review_view(req.deal, req.strain, req.leader, req.played, views.parse_rules(req.rules))

    @app.post("/api/advise", tags=["advice"], summary="Bidding advice, waited for (advise)")
    async def advise_now(req: AdviseIn, request: Request) -> Response:
        job = jobs.start("advise", _advise_work(req))
        return await _wait(job, jobs, request)

    @app.post("/api/lead", tags=["advice"], summary="Opening-lead advice, waited for (lead_advice)")
    async def lead_now(req: LeadIn, request: Request) -> Response:
        job = jobs.start("lead", _lead_work(req))
        return await _wait(job, jobs, request)

    @app.post("/api/jobs/advise", tags=["jobs"], summary="Start bidding advice; poll /api/jobs/{id}")
    def advise_job(req: AdviseIn) -> dict:
        return jobs.start("advise", _advise_work(req)).to_dict()

    @app.post("/api/jobs/lead", tags=["jobs"], summary="Start lead advice; poll /api/jobs/{id}")
    def lead_job(req: LeadIn) -> dict:
        return jobs.start("lead", _lead_work(req)).to_dict()

    @app.post("/api/jobs/auctionreview", tags=["jobs"],
              summary="Review a whole auction from each caller's seat (review_auction); poll /api/jobs/{id}")
    def auction_review_job(req: AuctionReviewIn) -> dict:
        return jobs.start("auctionreview", _auction_review_work(req)).to_dict()

    _match_routes(app, jobs)
    for kind, model, work, summary in _SEAT_WORK:
        _seat_routes(app, jobs, kind, model, work, summary)

    @app.get("/api/jobs/{job_id}", tags=["jobs"], summary="A job's progress and result")
    def job_state(job_id: Annotated[str, Path(max_length=40)]) -> Response:
        job = jobs.get(job_id)
        return _error(404, f"no job {job_id[:80]!r}") if job is None else JSONResponse(job.to_dict())

    @app.post("/api/jobs/{job_id}/cancel", tags=["jobs"], summary="Stop a job (also: leave the page)")
    def cancel(job_id: Annotated[str, Path(max_length=40)]) -> Response:
        job = jobs.cancel(job_id)
        return _error(404, f"no job {job_id[:80]!r}") if job is None else JSONResponse(job.to_dict())

    @app.get("/api/practice/bidding", tags=["practice"], summary="A bidding problem from a seed")
    def bidding_problem(seed: Annotated[int, Query(ge=0, le=MAX_SEED)]) -> dict:
        return practice.bidding_problem(seed)

    @app.get("/api/practice/play", tags=["practice"], summary="A card-play problem from a seed")
    def play_problem(seed: Annotated[int, Query(ge=0, le=MAX_SEED)]) -> dict:
        return practice.play_problem(seed)

    @app.get("/api/practice/play/hints", tags=["practice"], summary="A card-play problem's hints")
    def play_hints(seed: Annotated[int, Query(ge=0, le=MAX_SEED)], lang: Lang = "en") -> dict[str, Any]:
        with writing_in(lang):
            return practice.hints_view(seed)

    @app.post("/api/practice/rate", tags=["practice"],
              summary="The learner's Glicko-2 rating after an answer judged on the page (bidding problems)")
    def practice_rate(req: PracticeRateIn) -> dict[str, Any]:
        learner = None if req.learner is None else Rating(**req.learner.model_dump())
        return practice.rate_view(learner, req.right)

    @app.post("/api/practice/play/answer", tags=["practice"],
              summary="Judge an answer: cost, solution line, the learner's Glicko-2 rating after it")
    def play_answer(req: PracticeAnswerIn) -> dict[str, Any]:
        learner = None if req.learner is None else Rating(**req.learner.model_dump())
        with writing_in(req.lang):
            return practice.play_answer_view(req.seed, req.card, learner)


def _advise_work(req: AdviseIn):
    rules = views.parse_rules(req.rules)        # bad rules: 400 before a job starts

    def work(progress):
        with writing_in(req.lang):
            return views.advice_view(req.hand, req.seat, req.dealer, req.samples, req.seed, req.auction,
                                     progress=progress, rules=rules)
    return work


def _lead_work(req: LeadIn):
    rules = views.parse_rules(req.rules)

    def work(progress):
        with writing_in(req.lang):
            return views.lead_view(req.hand, req.seat, req.contract, req.declarer, req.samples, req.seed,
                                   progress=progress, rules=rules)
    return work


def _auction_review_work(req: AuctionReviewIn):
    rules = views.parse_rules(req.rules)        # bad rules: 400 before a job starts

    def work(progress):
        with writing_in(req.lang):
            return review_auction(views.parse_deal(req.deal), req.dealer, req.auction, samples=req.samples,
                                  seed=req.seed, progress=progress, rules=rules).to_dict()
    return work


def _seat_work(view):
    def start(req):
        fields = req.model_dump()
        lang = fields.pop("lang")
        fields["rules"] = views.parse_rules(fields["rules"])

        def work(progress):
            with writing_in(lang):
                return view(**fields, progress=progress)
        return work
    return start


#: The answers from one seat: (path, request model, work, summary).
_SEAT_WORK = [
    ("play", SeatPlayIn, _seat_work(views.seat_advice_view),
     "Card-play advice for the seat to move, seeing only its hand (play_advice)"),
    ("seatreview", SeatPlayIn, _seat_work(views.seat_review_view),
     "The play judged from each player's seat and on the deal (review_from_seats)"),
    ("playout", PlayOutIn, _seat_work(views.playout_view),
     "The deal played out by PIMC players (play_out)"),
]


def _seat_routes(app: FastAPI, jobs: Jobs, kind: str, model: type, work, summary: str) -> None:
    """``POST /api/KIND`` (waited for) and ``POST /api/jobs/KIND`` (a job to poll)."""
    async def now(req, request):
        return await _wait(jobs.start(kind, work(req)), jobs, request)

    def later(req):
        return jobs.start(kind, work(req)).to_dict()

    # the request model is a variable here: give FastAPI the types themselves
    now.__annotations__ = {"req": model, "request": Request, "return": Response}
    later.__annotations__ = {"req": model, "return": dict}

    app.post(f"/api/{kind}", tags=["play"], summary=summary + ", waited for")(now)
    app.post(f"/api/jobs/{kind}", tags=["jobs"], summary=summary + "; poll /api/jobs/{id}")(later)


def _match_routes(app: FastAPI, jobs: Jobs) -> None:
    """A match against bots: the state from the person's seat, a bot's next move (a
    job: a PIMC bot thinks), the deals as PBN, a deal replayed by bots."""
    @app.post("/api/match", tags=["match"], summary="A match from the person's seat (table_state)")
    def match_state(req: MatchIn) -> dict:
        with writing_in(req.lang):
            return match.table_state(req.seed, req.seat, req.partner, req.opponents, req.moves(), show=req.show)

    @app.post("/api/match/bot", tags=["match"], summary="The next bot's call or card, waited for (bot_move)")
    async def match_bot(req: MatchIn, request: Request) -> Response:
        def work(progress):
            with writing_in(req.lang):
                return match.bot_move(req.seed, req.seat, req.partner, req.opponents, req.moves())
        return await _wait(jobs.start("matchbot", work), jobs, request)

    @app.post("/api/match/pbn", tags=["match"], summary="The finished deals as records (match_records)")
    def match_pbn(req: MatchIn) -> Response:
        with writing_in(req.lang):
            text = match.match_records(req.seed, req.seat, req.partner, req.opponents, req.moves())
        return Response(text, media_type="application/x-chess-pbn",
                        headers={"content-disposition": f'attachment; filename="match-{req.seed}.pbn"'})

    @app.post("/api/jobs/matchreplay", tags=["jobs"],
              summary="A deal of the match played by bots at every seat (bots_replay); poll /api/jobs/{id}")
    def match_replay(req: MatchReplayIn) -> dict:
        def work(progress):
            with writing_in(req.lang):
                return match.bots_replay(req.seed, req.number, req.seat, req.partner, req.opponents)
        return jobs.start("matchreplay", work).to_dict()


async def _wait(job, jobs: Jobs, request: Request) -> Response:
    """Wait for a job; cancel it if the client goes away."""
    while not job.finished:
        if await request.is_disconnected():
            jobs.cancel(job.id)
            return _error(499, "the client went away")
        job.touch()
        await asyncio.sleep(0.05)
    jobs.forget(job.id)
    if job.state == "failed":
        return _error(400, job.error or "failed")
    if job.state == "cancelled":
        if jobs.stopping:
            return _error(503, "the server is stopping")
        return _error(409, "the job was cancelled")
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


def _docs_page(schema: dict) -> str:
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
