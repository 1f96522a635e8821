"""Studies: the exact results of a population of deals, kept on disk in chunks.

:func:`study` runs a study: it deals the study's deals (the stream of
:mod:`solver.studyfiles`: deal ``i`` from the seed and ``i`` alone), solves each exactly
in the chosen strains for the chosen first leaders, writes each chunk as soon as it is
solved (a temporary name, then a rename), and then the aggregates
(:mod:`solver.aggregate`).  A study stopped at any moment and started again with the same
arguments solves only the chunks missing; started again with more deals, only the new
deals.  The files do not depend on the backend or the number of workers.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as d:
...     r = study(d, deals=6, seed=1, strains="H", chunk_size=3, workers=1)
...     (r.chunks, r.solved, read_study(d).deals)
(2, 2, 6)
"""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path
from typing import Any, Callable, Mapping, NamedTuple, Sequence

import numpy as np

from .aggregate import Aggregates, FeaturesOf, aggregate, write_aggregates
from .cards import CardSet, Seat
from .deal import Deal
from .errors import CoincheError, ConstraintError, SeatError
from .messages import tr
from .parallel import Backend, SchedulerLostError, WorkerLostError, executor, stopping
from .rules import STRAINS, Rules, Strain
from .sampling import Constraints, parse_hand, sample_deals
from .solve import Solver, StrainResult
from .studyplot import plot_aggregates
from .studyfiles import (FORMAT, StudyError, StudyInfo, StudySpec, chunk_deals, chunk_done, deal_of,
                         parse_seats, parse_strains, per_deal_tables, prepare, pyarrow_module,
                         read_study, write_chunk)

__all__ = ["StudyError", "StudyInterrupted", "StudySpec", "StudyRun", "study", "read_study", "StudyInfo",
           "chunk_deals", "deal_of", "solve_chunk", "per_deal_tables", "FORMAT"]


class StudyInterrupted(CoincheError):
    """The workers were lost for good (a Dask scheduler gone): the chunks written are
    kept, and running the study again resumes it.  ``reason``: what was lost;
    ``done`` of ``chunks``: the chunks on disk."""

    def __init__(self, reason: str, done: int, chunks: int) -> None:
        super().__init__(tr("{reason}: {done} of {chunks} chunks are done and kept; run the study again to "
                            "resume it", reason=reason, done=done, chunks=chunks))
        self.reason, self.done, self.chunks = reason, done, chunks


# ---------------------------------------------------------------------------
# One chunk, on a worker
# ---------------------------------------------------------------------------

def _columns(spec: StudySpec, i: int, deals: list[Deal], solver: Solver) -> dict[str, np.ndarray]:
    cols: dict[str, np.ndarray] = {
        "chunk": np.full(len(deals), i, dtype=np.int32),
        "index": np.array(spec.chunk_range(i), dtype=np.int64),
        **{s.name: np.array([d.masks[s] for d in deals], dtype=np.uint32) for s in Seat},
    }
    for strain in spec.strains:
        for leader in spec.leaders:
            ns, ew, capot, tricks = [], [], [], []
            for d in deals:
                if stopping():          # the run is being stopped: give the thread back at once
                    raise _Stopped(i)
                r = solver.strain_result(d, leader, strain, spec.rules)
                ns.append(r.ns_points)
                ew.append(r.total - r.ns_points)
                capot.append(1 if r.ns_capot else -1 if r.ew_capot else 0)
                if spec.tricks:
                    tricks.append(_ns_tricks(solver, d, leader, strain, spec.rules, r))
            tag = f"{strain.name}_{leader.name}"
            cols[f"ns_{tag}"] = np.array(ns, dtype=np.int16)
            cols[f"ew_{tag}"] = np.array(ew, dtype=np.int16)
            cols[f"capot_{tag}"] = np.array(capot, dtype=np.int8)
            if spec.tricks:
                cols[f"tricks_{tag}"] = np.array(tricks, dtype=np.int8)
    return cols


def _ns_tricks(solver: Solver, deal: Deal, leader: Seat, strain: Strain, rules: Rules,
               r: StrainResult) -> int:
    """The most tricks N-S can force, both sides playing for tricks (a search of its own:
    the line that wins the most points may give up a trick).  The capot probes of ``r``
    already answer every trick and none; the search starts from the share of the points."""
    every = deal.cards_per_hand
    if r.ns_capot:
        return every
    if r.ew_capot:
        return 0
    solver.load_hands(deal.masks, strain, leader, rules, count_tricks=True)
    return solver.value(round(every * r.ns_points / r.total))


class _Stopped(Exception):
    """A chunk left unfinished because the run is being stopped."""


class ChunkFailure(NamedTuple):
    """A chunk whose work raised, returned rather than raised so the other chunks go
    on and the runner can try it again."""

    chunk: int
    message: str


def solve_chunk(solver: Solver, task: tuple[StudySpec, int]) -> "dict[str, np.ndarray] | ChunkFailure":
    """A worker's task: deal chunk ``i`` of ``spec`` and solve it (``task = (spec, i)``)."""
    spec, i = task
    try:
        return _columns(spec, i, chunk_deals(spec, i), solver)
    except Exception as e:  # noqa: BLE001 - reported with its chunk, and tried again
        return ChunkFailure(i, f"{type(e).__name__}: {e}")


# ---------------------------------------------------------------------------
# Running a study
# ---------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class StudyRun:
    """What :func:`study` did: the directory, its spec, its chunks and how many it
    solved now (the others were done before), and the aggregates it wrote."""

    directory: Path
    spec: StudySpec
    chunks: int
    solved: int
    aggregates: Aggregates

    def to_dict(self) -> dict[str, Any]:
        return {"directory": str(self.directory), "arguments": self.spec.arguments(),
                "chunks": self.chunks, "solved": self.solved, **self.aggregates.to_dict()}


def _run_chunks(directory: Path, spec: StudySpec, todo: list[int], backend: "Backend | str",
                workers: "int | None", options: Mapping[str, Any], retries: int,
                progress: "Callable[[int, int], None] | None") -> None:
    """Solve the chunks ``todo``, writing each as soon as it comes back; a failed chunk
    is tried again up to ``retries`` times, then :class:`StudyError` names it.  Stopped
    (a signal, an error), the run first writes the chunks already solved; a lost Dask
    scheduler is :class:`StudyInterrupted`."""
    done = spec.deals - sum(len(spec.chunk_range(i)) for i in todo)
    tries = {i: 0 for i in todo}
    kept = spec.chunks - len(todo)
    while todo:
        failed: list[ChunkFailure] = []
        written: set[int] = set()
        with executor(backend, workers, **options) as ex:
            # one chunk a job: each is written as it finishes, never held back in a group
            results = ex.map_unordered(solve_chunk, [(spec, i) for i in todo], per_job=1)
            current = None
            try:
                for _, result in results:
                    if isinstance(result, ChunkFailure):
                        failed.append(result)
                        continue
                    current = result
                    i = int(result["chunk"][0])
                    write_chunk(directory, spec, i, result)
                    current = None
                    written.add(i)
                    done += len(spec.chunk_range(i))
                    if progress is not None:
                        progress(done, spec.deals)
            except WorkerLostError as e:        # its chunks are tried again on fresh workers
                lost = {f.chunk for f in failed}
                failed += [ChunkFailure(i, str(e)) for i in todo if i not in written and i not in lost]
            except SchedulerLostError as e:
                raise StudyInterrupted(str(e), kept + len(written), spec.chunks) from None
            except BaseException:
                results.close()                 # the workers stop; what they finished is kept
                _keep_solved(directory, spec, [current, *(r for _, r in ex.unclaimed)], written)
                raise
        for i, message in failed:
            tries[i] += 1
            if tries[i] > retries:
                raise StudyError(tr("chunk {i} failed {n} times: {message}", i=i, n=tries[i],
                                    message=message))
        kept += len(written)
        todo = [i for i, _ in failed]


def _keep_solved(directory: Path, spec: StudySpec, results: list[Any], written: set[int]) -> None:
    """Write the solved chunks of a run being stopped (a failure here is no news: the
    chunk is solved again on the next run)."""
    for result in results:
        if result is None or isinstance(result, ChunkFailure):
            continue
        i = int(result["chunk"][0])
        if i in written:
            continue
        try:
            write_chunk(directory, spec, i, result)
        except Exception:  # noqa: BLE001 - the run is ending with its own error
            return


def study(directory: "str | os.PathLike[str]", deals: int = 1000, seed: int = 0, *,
          strains: "str | Sequence[Strain | str]" = tuple(STRAINS),
          leaders: "str | Sequence[Seat | str]" = "W", seat: "Seat | str" = "S",
          hand: "CardSet | str | None" = None, constraints: "Constraints | None" = None,
          rules: Rules = Rules(), chunk_size: int = 1000, by: Sequence[str] = ("trumps",),
          features: "Mapping[str, Callable[..., Any]] | None" = None,
          backend: "Backend | str" = Backend.PROCESS, workers: "int | None" = None, backend_options: "Mapping[str, Any] | None" = None,
          retries: int = 2, force: bool = False, plots: bool = False, accept: "str | None" = None,
          tricks: bool = False, progress: "Callable[[int, int], None] | None" = None,
          of: FeaturesOf = FeaturesOf.SEAT) -> StudyRun:
    """Run (or finish) the study in ``directory`` and write its aggregates grouped ``by``
    the named features (and the user's ``features``) of the seat's hand or, ``of`` its
    side, of both its side's hands; ``plots``: its PNG pictures too.

    ``backend`` and ``workers`` choose where chunks are solved (``backend_options``
    for a Dask cluster: ``address`` or ``local_workers``); the files do not depend on
    them.  ``progress(done, total)`` counts the deals solved (those of finished chunks
    found on disk included).  ``accept``: an expression over the deal
    (:mod:`solver.studyquery`); the study deals only deals that pass it (evaluated in
    the first of its strains), and records it.  ``tricks``: store each deal's
    double-dummy tricks too, for their distribution (about 40% more CPU).
    """
    try:
        seat = Seat.parse(seat)
    except SeatError as e:
        raise ConstraintError(tr("seat: {error}", error=e)) from None
    spec = StudySpec(deals, seed, parse_strains(strains), parse_seats(leaders, "leaders"), seat,
                     None if hand is None else parse_hand(hand), constraints, rules, chunk_size, accept,
                     tricks)
    if isinstance(retries, bool) or not isinstance(retries, int) or retries < 0:
        raise ConstraintError(tr("retries {retries!r}: expected 0 or more", retries=retries))
    pyarrow_module()
    if spec.hand is not None:
        sample_deals(spec.hand, spec.seat, 1, 0, spec.constraints)     # refuse the impossible before any work
    if spec.accept is not None:
        deal_of(spec, 0)
    path = Path(directory)
    prepare(path, spec, force)
    todo = [i for i in range(spec.chunks) if not chunk_done(path, spec, i)]
    if todo:
        _run_chunks(path, spec, todo, backend, workers, backend_options or {}, retries, progress)
    agg = aggregate(path, by, features, of=of)
    write_aggregates(path, agg)
    if plots:
        plot_aggregates(agg, path / "plots")
    return StudyRun(path, spec, spec.chunks, len(todo), agg)


