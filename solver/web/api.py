"""The board's JSON API (FastAPI) and the static page.

Every endpoint mirrors a function of the Python API and answers its ``to_dict()``
(see docs/web.md).  Bad input gets status 400 (422 for a request of the wrong shape,
413 for one too large, 429 when too much work is under way) and a body
``{"error": "..."}`` holding the one-line message the command line prints; never a
500 for bad input.
"""

from __future__ import annotations

import asyncio
import contextlib
from importlib import resources
from typing import Annotated, Literal, Optional

from fastapi import FastAPI, Path, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from solver.bidding import review_auction
from solver.deal import Deal
from solver.errors import CoincheError
from solver.messages import writing_in
from . import match, practice, views
from .jobs import Busy, Jobs
from .limits import MAX_BODY, MAX_SAMPLES, MAX_SEED, MAX_WORLDS, BodyLimit

DealText = Annotated[str, Field(min_length=1, max_length=200, description="PBN text or 'example'")]
Strain = Annotated[str, Field(min_length=1, max_length=8, description="S H D C SA TA")]
SeatText = Annotated[str, Field(min_length=1, max_length=8, description="N E S W")]
Played = Annotated[str, Field(max_length=200, description="cards played, in order: 'SA S7 ...'")]
HandText = Annotated[str, Field(min_length=1, max_length=60, description="one hand: 'AJ9.A7.KT.J'")]
Samples = Annotated[int, Field(ge=1, le=MAX_SAMPLES)]
Seed = Annotated[Optional[int], Field(default=None, ge=0, le=MAX_SEED)]
Lang = Annotated[Literal["en", "fr"], Field(description="the language of the texts in the answer")]


class DealIn(BaseModel):
    deal: DealText


class TableIn(BaseModel):
    deal: DealText


class ParIn(BaseModel):
    deal: DealText
    dealer: SeatText = "N"
    lang: Lang = "en"


class PlayIn(BaseModel):
    deal: DealText
    strain: Strain
    leader: SeatText = "N"
    played: Played = ""


class AdviseIn(BaseModel):
    hand: HandText
    seat: SeatText = "S"
    dealer: SeatText = "N"
    samples: Samples = 200
    seed: Seed = None
    auction: Annotated[str, Field(max_length=200, description="calls so far: 'pass 90H'")] = ""
    lang: Lang = "en"


class PlayedDealIn(BaseModel):
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


class AuctionReviewIn(BaseModel):
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


class LeadIn(BaseModel):
    hand: HandText
    seat: SeatText
    contract: Annotated[str, Field(min_length=1, max_length=20)]
    declarer: SeatText
    samples: Samples = 200
    seed: Seed = None
    lang: Lang = "en"


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


def create_app(jobs: "Jobs | None" = None) -> FastAPI:
    """The application: ``/api/...``, ``/docs`` and the page at ``/``."""
    jobs = jobs or Jobs()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI):
        yield
        jobs.shutdown()

    app = FastAPI(title="Coinche analysis board", version="1", lifespan=lifespan,
                  description="The double-dummy solver and hand analyzer over HTTP; "
                  "every answer is the matching Python function's to_dict().")
    app.state.jobs = jobs
    app.add_middleware(BodyLimit, limit=MAX_BODY)

    @app.exception_handler(CoincheError)
    async def bad_input(request: Request, exc: CoincheError) -> JSONResponse:
        return _error(400, str(exc))

    @app.exception_handler(RequestValidationError)
    async def bad_shape(request: Request, exc: RequestValidationError) -> JSONResponse:
        return _error(422, _validation_message(exc))

    @app.exception_handler(Busy)
    async def busy(request: Request, exc: Busy) -> JSONResponse:
        return _error(429, str(exc))

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
        return views.play_view(req.deal, req.strain, req.leader, req.played)

    @app.post("/api/table", tags=["analysis"], summary="The double-dummy table (dd_table)")
    def table(req: TableIn) -> dict:
        return views.table_view(req.deal)

    @app.post("/api/par", tags=["analysis"], summary="Par and its auction (par)")
    def par(req: ParIn) -> dict:
        with writing_in(req.lang):
            return views.par_view(req.deal, req.dealer)

    @app.post("/api/review", tags=["analysis"], summary="Review a played deal (review)")
    def review(req: PlayIn) -> dict:
        return views.review_view(req.deal, req.strain, req.leader, req.played)

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


def _advise_work(req: AdviseIn):
    def work(progress):
        with writing_in(req.lang):
            return views.advice_view(req.hand, req.seat, req.dealer, req.samples, req.seed, req.auction,
                                     progress=progress)
    return work


def _lead_work(req: LeadIn):
    def work(progress):
        with writing_in(req.lang):
            return views.lead_view(req.hand, req.seat, req.contract, req.declarer, req.samples, req.seed,
                                   progress=progress)
    return work


def _auction_review_work(req: AuctionReviewIn):
    def work(progress):
        with writing_in(req.lang):
            return review_auction(views.parse_deal(req.deal), req.dealer, req.auction, samples=req.samples,
                                  seed=req.seed, progress=progress).to_dict()
    return work


def _seat_work(view):
    def start(req):
        fields = req.model_dump()
        lang = fields.pop("lang")

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
        return _error(409, "the job was cancelled")
    return JSONResponse(job.result)


def _page(app: FastAPI) -> None:
    static = resources.files("solver.web").joinpath("static")
    app.mount("/static", StaticFiles(directory=str(static), follow_symlink=True), name="static")

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(str(_static("index.html")), media_type="text/html")
