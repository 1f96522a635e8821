"""Studies: the exact results of a population of deals, kept on disk in chunks.

A study deals ``deals`` deals from a seed (uniform, or with a hand fixed at a seat and
the sampler's :class:`~solver.sampling.Constraints`), solves each exactly in the chosen
strains for the chosen first leaders, and writes the results to a directory:

- ``study.json``: the arguments and the package version;
- ``chunks/chunk-00000.parquet``: the deals of one chunk (about 1,000), one row a deal,
  with ``chunk-00000.json`` beside it (its number, seed, rows, the study's other
  parameters and the file's SHA-256; the Parquet file carries the same description in
  its metadata);
- ``aggregates.json`` and ``aggregates.csv``: the statistics grouped by hand features
  (:mod:`solver.aggregate`), and ``plots/`` their pictures.

Chunk ``i`` is dealt from ``numpy.random.SeedSequence(seed, spawn_key=(i,))`` (the
``i``-th child of ``SeedSequence(seed).spawn``), so its deals depend on the seed and its
number only: every backend and any number of workers gives the same files.  A chunk is
written whole (a temporary name, then a rename) or not at all, as soon as it is solved,
so a study stopped at any moment and started again with the same arguments solves only
the chunks missing.  A chunk counts as done only when its description names this
chunk's number, this study's seed and parameters, and its file's checksum: a chunk
copied from another chunk or another study is solved again, never counted.

The per-deal columns: ``chunk``, ``index`` (the deal's number in the study), ``N``
``E`` ``S`` ``W`` (each hand as a 32-bit card mask, bit ``8 * suit + rank``), and for
each strain ``X`` (S H D C SA TA) and leader ``L``: ``ns_X_L`` and ``ew_X_L`` (each
side's card points with the last trick's bonus) and ``capot_X_L`` (1: N-S took every
trick, -1: E-W did, 0: neither).

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as d:
...     r = study(d, deals=6, seed=1, strains="H", chunk_size=3, workers=1)
...     (r.chunks, r.solved, read_study(d).deals)
(2, 2, 6)
"""

from __future__ import annotations

import dataclasses
import errno
import hashlib
import json
import os
import re
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, NamedTuple, Sequence

import numpy as np

from .atomic import atomic_path
from .cards import CardSet, Seat
from .deal import Deal
from .errors import CoincheError, ConstraintError, SeatError, quote
from .parallel import Backend, SchedulerLostError, WorkerLostError, executor, stopping
from .rules import STRAINS, Rules, Strain
from .sampling import Constraints, parse_hand, sample_deals
from .solve import Solver
from .version import __version__

__all__ = ["StudyError", "StudyInterrupted", "StudySpec", "StudyRun", "study", "read_study", "StudyInfo",
           "chunk_deals", "solve_chunk", "per_deal_tables", "FORMAT"]

#: The version of the directory layout and columns.
FORMAT = 1
_CHUNKS = "chunks"


class StudyError(CoincheError):
    """A study directory that cannot be used as asked (other arguments, a damaged file)."""


class StudyInterrupted(CoincheError):
    """The workers were lost for good (a Dask scheduler gone): the chunks written are
    kept, and running the study again resumes it.  ``reason``: what was lost;
    ``done`` of ``chunks``: the chunks on disk."""

    def __init__(self, reason: str, done: int, chunks: int) -> None:
        super().__init__(f"{reason}: {done} of {chunks} chunks are done and kept; "
                         f"run the study again to resume it")
        self.reason, self.done, self.chunks = reason, done, chunks


def _pyarrow() -> Any:
    try:
        import pyarrow
        import pyarrow.parquet
    except ImportError:
        raise ConstraintError("studies write Parquet files, which needs pyarrow: "
                              "pip install 'coinche-solver[study]'") from None
    return pyarrow


# ---------------------------------------------------------------------------
# What a study asks
# ---------------------------------------------------------------------------

def _strains(value: "str | Sequence[Strain | str]") -> tuple[Strain, ...]:
    if isinstance(value, str):
        items = value.replace(",", " ").split()
        value = items if len(items) > 1 or value.upper() in ("SA", "TA", "NT") else list(value)
    out = tuple(dict.fromkeys(Strain.parse(s) for s in value))
    if not out:
        raise ConstraintError("strains: expected at least one of S H D C SA TA")
    return tuple(s for s in STRAINS if s in out)


def _seats(value: "str | Sequence[Seat | str]", what: str) -> tuple[Seat, ...]:
    try:
        out = tuple(dict.fromkeys(Seat.parse(s) for s in (list(value) if isinstance(value, str) else value)))
    except SeatError as e:
        raise ConstraintError(f"{what}: {e}") from None
    if not out:
        raise ConstraintError(f"{what}: expected at least one of N E S W")
    return tuple(sorted(out))


@dataclasses.dataclass(frozen=True)
class StudySpec:
    """The arguments that decide a study's results (what ``study.json`` records).

    ``seat``: whose hand is fixed (with ``hand``) and whose features and side the
    statistics describe.  ``constraints`` must be plain data (no ``accept`` function),
    since the study directory records them.
    """

    deals: int
    seed: int
    strains: tuple[Strain, ...] = tuple(STRAINS)
    leaders: tuple[Seat, ...] = (Seat.W,)
    seat: Seat = Seat.S
    hand: "CardSet | None" = None
    constraints: "Constraints | None" = None
    rules: Rules = Rules()
    chunk_size: int = 1000

    def __post_init__(self) -> None:
        for name, top in (("deals", 10**10), ("chunk_size", 10**6)):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= top:
                raise ConstraintError(f"{name} {v!r}: expected a whole number from 1 to {top:,}")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) or self.seed < 0:
            raise ConstraintError(f"seed {self.seed!r}: expected a whole number, 0 or more")
        if self.constraints is not None and self.constraints.accept is not None:
            raise ConstraintError("a study records its constraints: an accept function cannot be recorded")
        if not isinstance(self.rules, Rules):
            raise ConstraintError(f"rules {self.rules!r}: expected a Rules object")

    @property
    def chunks(self) -> int:
        return -(-self.deals // self.chunk_size)

    def chunk_range(self, i: int) -> range:
        """The numbers of chunk ``i``'s deals in the study."""
        return range(i * self.chunk_size, min(self.deals, (i + 1) * self.chunk_size))

    def arguments(self) -> dict:
        """The arguments as JSON data (what ``study.json`` compares)."""
        return {
            "deals": self.deals, "seed": self.seed, "chunk_size": self.chunk_size,
            "strains": [s.name for s in self.strains], "leaders": [s.name for s in self.leaders],
            "seat": self.seat.name, "hand": None if self.hand is None else self.hand.to_pbn(),
            "constraints": None if self.constraints is None else self.constraints.to_dict(),
            "rules": dataclasses.asdict(self.rules),
        }

    def chunk_parameters(self) -> dict:
        """What decides a chunk's rows beside its number: every argument but ``deals``
        (which only decides how many chunks there are, and the last one's length)."""
        return {k: v for k, v in self.arguments().items() if k != "deals"}


# ---------------------------------------------------------------------------
# One chunk, on a worker
# ---------------------------------------------------------------------------

def chunk_deals(spec: StudySpec, i: int) -> list[Deal]:
    """The deals of chunk ``i``: uniform, or consistent with the spec's hand at its seat."""
    seq = np.random.SeedSequence(spec.seed, spawn_key=(i,))
    n = len(spec.chunk_range(i))
    if spec.hand is not None:
        seed = int(seq.generate_state(1, dtype=np.uint64)[0])
        return sample_deals(spec.hand, spec.seat, n, seed, spec.constraints)
    rng = np.random.Generator(np.random.PCG64(seq))
    out = []
    for _ in range(n):
        cards = rng.permutation(32).reshape(4, 8)
        out.append(Deal([sum(1 << int(c) for c in row) for row in cards]))
    return out


def _columns(spec: StudySpec, i: int, deals: list[Deal], solver: Solver) -> dict[str, np.ndarray]:
    cols: dict[str, np.ndarray] = {
        "chunk": np.full(len(deals), i, dtype=np.int32),
        "index": np.array(spec.chunk_range(i), dtype=np.int64),
        **{s.name: np.array([d.masks[s] for d in deals], dtype=np.uint32) for s in Seat},
    }
    for strain in spec.strains:
        for leader in spec.leaders:
            ns, ew, capot = [], [], []
            for d in deals:
                if stopping():          # the run is being stopped: give the thread back at once
                    raise _Stopped(i)
                r = solver.strain_result(d, leader, strain, spec.rules)
                ns.append(r.ns_points)
                ew.append(r.total - r.ns_points)
                capot.append(1 if r.ns_capot else -1 if r.ew_capot else 0)
            tag = f"{strain.name}_{leader.name}"
            cols[f"ns_{tag}"] = np.array(ns, dtype=np.int16)
            cols[f"ew_{tag}"] = np.array(ew, dtype=np.int16)
            cols[f"capot_{tag}"] = np.array(capot, dtype=np.int8)
    return cols


class _Stopped(Exception):
    """A chunk left unfinished because the run is being stopped."""


class ChunkFailure(NamedTuple):
    """A chunk whose work raised, returned rather than raised so the other chunks go
    on and the runner can try it again."""

    chunk: int
    message: str


def solve_chunk(solver: Solver, task: tuple) -> "dict[str, np.ndarray] | ChunkFailure":
    """A worker's task: deal chunk ``i`` of ``spec`` and solve it (``task = (spec, i)``)."""
    spec, i = task
    try:
        return _columns(spec, i, chunk_deals(spec, i), solver)
    except Exception as e:  # noqa: BLE001 - reported with its chunk, and tried again
        return ChunkFailure(i, f"{type(e).__name__}: {e}")


# ---------------------------------------------------------------------------
# The directory
# ---------------------------------------------------------------------------

def _chunk_path(directory: Path, i: int, suffix: str) -> Path:
    return directory / _CHUNKS / f"chunk-{i:05d}{suffix}"


#: The files a study writes in ``chunks/``: its chunks, and the temporary names they
#: have while written (:func:`solver.atomic.atomic_path`).
_CHUNK_FILE = re.compile(r"chunk-[0-9]{5,}\.(parquet|json)|\.chunk-[0-9]{5,}\.[0-9]+\.[0-9]+\.tmp\.(parquet|json)")
#: The files a study writes beside ``study.json`` (and ``plots/`` holds).
_STUDY_FILES = ("aggregates.json", "aggregates.csv")
_PLOT_FILES = ("mean_points.png", "p_make.png")


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


@contextmanager
def _writing(path: Path) -> Iterator[None]:
    """A write that fails for want of room names its file (``OSError.filename``)."""
    try:
        yield
    except OSError as e:
        if e.filename is not None or e.errno is None:
            raise
        raise OSError(e.errno, os.strerror(e.errno), str(path)) from None


def _write_json(path: Path, data: Any) -> None:
    with _writing(path), atomic_path(path) as tmp:
        Path(tmp).write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def _chunk_description(spec: StudySpec, i: int) -> dict:
    """What a chunk's files say of it, and what a resumed study checks."""
    first = spec.chunk_range(i)
    return {"chunk": i, "rows": len(first), "first": first.start, "seed": spec.seed, "spawn_key": [i],
            "parameters": spec.chunk_parameters(), "format": FORMAT}


def _write_chunk(directory: Path, spec: StudySpec, i: int, cols: dict[str, np.ndarray]) -> None:
    """Chunk ``i``'s Parquet file, then its description with the file's checksum: a
    chunk counts as done only when both are there and agree."""
    pa = _pyarrow()
    path = _chunk_path(directory, i, ".parquet")
    about = _chunk_description(spec, i)
    table = pa.table(cols).replace_schema_metadata(
        {"coinche.study": json.dumps(about, sort_keys=True)})
    with _writing(path), atomic_path(path) as tmp:
        pa.parquet.write_table(table, str(tmp), compression="zstd")
    _write_json(_chunk_path(directory, i, ".json"), {**about, "sha256": _sha256(path)})


def _chunk_done(directory: Path, spec: StudySpec, i: int) -> bool:
    """Whether chunk ``i`` is there, whole, and of this study: its description names
    this number, seed and parameters, and the file's checksum."""
    meta = _chunk_path(directory, i, ".json")
    data = _chunk_path(directory, i, ".parquet")
    if not (meta.is_file() and data.is_file()):
        return False
    try:
        info = json.loads(meta.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    if not isinstance(info, dict) or info.get("sha256") is None:
        return False
    expected = _chunk_description(spec, i)
    if any(info.get(k) != v for k, v in expected.items()):
        return False
    try:
        return info["sha256"] == _sha256(data)
    except OSError:
        return False


def _version() -> str:
    return __version__


def _refuse_links(directory: Path) -> None:
    chunks = directory / _CHUNKS
    if chunks.is_symlink():
        raise StudyError(f"{quote(str(chunks))} is a symbolic link: a study keeps its chunks in a "
                         f"folder of its own (remove the link, or use another directory)")
    if chunks.exists() and not chunks.is_dir():
        raise StudyError(f"{quote(str(chunks))} is not a folder: a study keeps its chunks there")


def _remove_study_files(directory: Path) -> None:
    """Remove what a study writes in ``directory`` (its chunks and their temporary
    files, its aggregates and plots), and nothing else."""
    def remove(path: Path) -> None:
        try:
            path.unlink()
        except FileNotFoundError:
            pass
        except OSError as e:
            raise StudyError(f"cannot remove {quote(str(path))}: {e.strerror or e}") from None

    chunks = directory / _CHUNKS
    if chunks.is_dir():
        for entry in os.scandir(chunks):
            if _CHUNK_FILE.fullmatch(entry.name) and entry.is_file(follow_symlinks=False):
                remove(Path(entry.path))
    for name in _STUDY_FILES:
        remove(directory / name)
    plots = directory / "plots"
    if plots.is_dir() and not plots.is_symlink():
        for name in _PLOT_FILES:
            remove(plots / name)


def _prepare(directory: Path, spec: StudySpec, force: bool) -> None:
    """Create the directory, or check that it holds this study (``force``: start it
    anew, removing the files of another study and nothing else)."""
    info = directory / "study.json"
    if info.exists():
        try:
            old = json.loads(info.read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            raise StudyError(f"{quote(str(info))} is not a study description: {e}") from None
        if not isinstance(old, dict):
            raise StudyError(f"{quote(str(info))} is not a study description: expected a JSON object")
        _refuse_links(directory)
        if old.get("arguments") == spec.arguments() and old.get("format") == FORMAT:
            return
        if not force:
            diff = _differences(old.get("arguments") or {}, spec.arguments())
            raise StudyError(f"{quote(str(directory))} holds another study ({diff}): "
                             f"use another directory, or --force to start it anew")
        _remove_study_files(directory)
    elif directory.exists() and (not directory.is_dir() or any(directory.iterdir())):
        raise StudyError(f"{quote(str(directory))} exists and is not a study directory")
    with _writing(directory / _CHUNKS):
        (directory / _CHUNKS).mkdir(parents=True, exist_ok=True)
    _write_json(info, {"format": FORMAT, "version": _version(), "arguments": spec.arguments()})


def _differences(old: Any, new: dict) -> str:
    if not isinstance(old, dict):
        old = {}
    names = [k for k in sorted(set(old) | set(new)) if old.get(k) != new.get(k)]
    return ", ".join(f"{k} {json.dumps(old.get(k))} here, {json.dumps(new.get(k))} asked" for k in names[:3])


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
    aggregates: Any

    def to_dict(self) -> dict:
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
                    _write_chunk(directory, spec, i, result)
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
                raise StudyError(f"chunk {i} failed {tries[i]} times: {message}")
        kept += len(written)
        todo = [i for i, _ in failed]


def _keep_solved(directory: Path, spec: StudySpec, results: list, written: set[int]) -> None:
    """Write the solved chunks of a run being stopped (a failure here is no news: the
    chunk is solved again on the next run)."""
    for result in results:
        if result is None or isinstance(result, ChunkFailure):
            continue
        i = int(result["chunk"][0])
        if i in written:
            continue
        try:
            _write_chunk(directory, spec, i, result)
        except Exception:  # noqa: BLE001 - the run is ending with its own error
            return


def study(directory: "str | os.PathLike[str]", deals: int = 1000, seed: int = 0, *,
          strains: "str | Sequence[Strain | str]" = tuple(STRAINS),
          leaders: "str | Sequence[Seat | str]" = "W", seat: "Seat | str" = "S",
          hand: "CardSet | str | None" = None, constraints: "Constraints | None" = None,
          rules: Rules = Rules(), chunk_size: int = 1000, by: Sequence[str] = ("trumps",),
          features: "Mapping[str, Callable] | None" = None, backend: "Backend | str" = Backend.PROCESS,
          workers: "int | None" = None, backend_options: "Mapping[str, Any] | None" = None,
          retries: int = 2, force: bool = False, plots: bool = False,
          progress: "Callable[[int, int], None] | None" = None) -> StudyRun:
    """Run (or finish) the study in ``directory`` and write its aggregates grouped ``by``
    the named features (and the user's ``features``); ``plots``: its PNG pictures too.

    ``backend`` and ``workers`` choose where chunks are solved (``backend_options``
    for a Dask cluster: ``address`` or ``local_workers``); the files do not depend on
    them.  ``progress(done, total)`` counts the deals solved (those of finished chunks
    found on disk included).
    """
    from .aggregate import aggregate, write_aggregates   # the statistics read the files back
    try:
        seat = Seat.parse(seat)
    except SeatError as e:
        raise ConstraintError(f"seat: {e}") from None
    spec = StudySpec(deals, seed, _strains(strains), _seats(leaders, "leaders"), seat,
                     None if hand is None else parse_hand(hand), constraints, rules, chunk_size)
    if isinstance(retries, bool) or not isinstance(retries, int) or retries < 0:
        raise ConstraintError(f"retries {retries!r}: expected 0 or more")
    _pyarrow()
    if spec.hand is not None:
        sample_deals(spec.hand, spec.seat, 1, 0, spec.constraints)     # refuse the impossible before any work
    path = Path(directory)
    _prepare(path, spec, force)
    todo = [i for i in range(spec.chunks) if not _chunk_done(path, spec, i)]
    if todo:
        _run_chunks(path, spec, todo, backend, workers, backend_options or {}, retries, progress)
    agg = aggregate(path, by, features)
    write_aggregates(path, agg, plots=plots)
    return StudyRun(path, spec, spec.chunks, len(todo), agg)


# ---------------------------------------------------------------------------
# Reading a study back
# ---------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class StudyInfo:
    """A study directory as read back: its arguments, version, and chunks done."""

    directory: Path
    arguments: dict
    version: str
    chunks: int
    done: tuple[int, ...]
    deals: int

    @property
    def complete(self) -> bool:
        return len(self.done) == self.chunks

    @property
    def spec(self) -> StudySpec:
        a = self.arguments
        c = a.get("constraints")
        return StudySpec(a["deals"], a["seed"], _strains(a["strains"]), _seats(a["leaders"], "leaders"),
                         Seat.parse(a["seat"]), None if a["hand"] is None else parse_hand(a["hand"]),
                         None if c is None else _constraints(c), Rules(**a["rules"]), a["chunk_size"])


def _constraints(data: dict) -> Constraints:
    return Constraints(known=data.get("known") or {}, lengths=data.get("lengths") or {},
                       points={k: tuple(v) for k, v in (data.get("points") or {}).items()},
                       points_strain=data.get("points_strain"))


def read_study(directory: "str | os.PathLike[str]") -> StudyInfo:
    """The study in ``directory``: :class:`StudyError` if there is none."""
    path = Path(directory)
    info = path / "study.json"
    try:
        data = json.loads(info.read_text(encoding="utf-8"))
        args = data["arguments"]
        spec = StudyInfo(path, args, data.get("version", "?"), 0, (), 0).spec
    except FileNotFoundError:
        raise StudyError(f"{quote(str(path))} is not a study directory (no study.json)") from None
    except (OSError, ValueError, KeyError, TypeError, CoincheError) as e:
        raise StudyError(f"{quote(str(info))} is not a study description: {e}") from None
    done = tuple(i for i in range(spec.chunks) if _chunk_done(path, spec, i))
    return StudyInfo(path, args, data.get("version", "?"), spec.chunks, done,
                     sum(len(spec.chunk_range(i)) for i in done))


def per_deal_tables(directory: "str | os.PathLike[str]") -> Iterator[Any]:
    """The finished chunks' per-deal tables (``pyarrow.Table``), one at a time, in order."""
    pa = _pyarrow()
    info = read_study(directory)
    for i in info.done:
        yield pa.parquet.read_table(str(_chunk_path(info.directory, i, ".parquet")))
