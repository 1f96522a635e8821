"""A study's directory: what a study asks, its deal stream, its chunk files, reading it back.

A study deals ``deals`` deals from a seed (uniform, or with a hand fixed at a seat and
the sampler's :class:`~solver.sampling.Constraints`) and keeps their exact results in a
directory (:func:`solver.studies.study` runs it):

- ``study.json``: the arguments and the package version;
- ``chunks/chunk-00000.parquet``: the deals of one chunk, one row a deal.  The folder
  holds nothing else, so ``pandas.read_parquet("dir/chunks")`` (or DuckDB's
  ``read_parquet('dir/chunks/*.parquet')``) reads it as one dataset;
- ``checks/chunk-00000.json``: each chunk's description (its number, first deal, rows,
  seed, the study's other parameters and the Parquet file's SHA-256; the Parquet file
  carries the same description in its metadata);
- ``aggregates.json`` and ``aggregates.csv``: the statistics (:mod:`solver.aggregate`),
  and ``plots/`` their pictures.

**The deal stream.**  Deal ``i`` of the study (counting from 0) is dealt from
``numpy.random.SeedSequence(seed, spawn_key=(i,))`` alone, so it depends on the seed and
its number only: not on the chunk size, the backend or the number of workers.  A study
raised from N to 2N deals keeps its N deals and adds the next N; chunk ``c`` holds deals
``c * chunk_size`` to ``(c + 1) * chunk_size - 1``.  A chunk counts as done only when its
description names this chunk's number, rows, this study's seed and parameters, and its
file's checksum: a chunk copied from another chunk or another study is solved again.

The per-deal columns: ``chunk``, ``index`` (the deal's number in the study), ``N``
``E`` ``S`` ``W`` (each hand as a 32-bit card mask, bit ``8 * suit + rank``), and for
each strain ``X`` (S H D C SA TA) and leader ``L``: ``ns_X_L`` and ``ew_X_L`` (each
side's card points with the last trick's bonus) and ``capot_X_L`` (1: N-S took every
trick, -1: E-W did, 0: neither); a study run with ``tricks`` adds ``tricks_X_L``, the most
tricks N-S can force, both sides playing for tricks (a study without them reads as before,
its tricks unknown).  :meth:`StudyInfo.to_pandas` gives them with the hands
written out.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import re
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator, Sequence

import numpy as np

from .atomic import atomic_path
from .cards import CardSet, Seat, TextEnum
from .deal import Deal
from .errors import CoincheError, ConstraintError, SeatError, quote
from .messages import tr
from .rules import STRAINS, Rules, Strain
from .sampling import Constraints, parse_hand, sample_deals
from .studyquery import predicate
from .version import __version__

__all__ = ["StudyError", "StudySpec", "StudyInfo", "HandsFormat", "read_study", "chunk_deals", "deal_of",
           "per_deal_tables", "FORMAT", "CHUNKS", "CHECKS", "pyarrow_module", "parse_strains",
           "parse_seats", "chunk_path", "check_path", "write_chunk", "chunk_done", "prepare", "read_arguments"]

#: The version of the directory layout, columns and deal stream (1: deals dealt by
#: chunk, descriptions beside the chunks; 2: deals dealt one by one, descriptions in
#: ``checks/``).
FORMAT = 2
CHUNKS = "chunks"
CHECKS = "checks"


class StudyError(CoincheError):
    """A study directory that cannot be used as asked (other arguments, a damaged file)."""


class HandsFormat(TextEnum):
    """How a study's table gives the hands, equal to its word: ``pbn`` text, or the
    stored 32-bit card ``mask``."""

    PBN = "pbn"
    MASK = "mask"


def pyarrow_module() -> Any:
    """The ``pyarrow`` module (with ``pyarrow.parquet`` loaded); a one-line error without it."""
    try:
        import pyarrow  # type: ignore[import-untyped]
        import pyarrow.parquet  # type: ignore[import-untyped]
    except ImportError:
        raise ConstraintError(tr("studies write Parquet files, which needs pyarrow: "
                                 "pip install 'coinche-solver[study]'")) from None
    return pyarrow


# ---------------------------------------------------------------------------
# What a study asks
# ---------------------------------------------------------------------------

def parse_strains(value: "str | Sequence[Strain | str]") -> tuple[Strain, ...]:
    if isinstance(value, str):
        items = value.replace(",", " ").split()
        value = items if len(items) > 1 or value.upper() in ("SA", "TA", "NT") else list(value)
    out = tuple(dict.fromkeys(Strain.parse(s) for s in value))
    if not out:
        raise ConstraintError(tr("strains: expected at least one of S H D C SA TA"))
    return tuple(s for s in STRAINS if s in out)


def parse_seats(value: "str | Sequence[Seat | str]", what: str) -> tuple[Seat, ...]:
    try:
        out = tuple(dict.fromkeys(Seat.parse(s) for s in (list(value) if isinstance(value, str) else value)))
    except SeatError as e:
        raise ConstraintError(tr("{what}: {error}", what=what, error=e)) from None
    if not out:
        raise ConstraintError(tr("{what}: expected at least one of N E S W", what=what))
    return tuple(sorted(out))


@dataclasses.dataclass(frozen=True)
class StudySpec:
    """The arguments that decide a study's results (what ``study.json`` records).

    ``seat``: whose hand is fixed (with ``hand``) and whose features and side the
    statistics describe.  ``constraints`` must be plain data (no ``accept`` function),
    since the study directory records them; ``accept``, an expression over the deal
    (:func:`solver.studyquery.predicate`, evaluated in the first of ``strains``), keeps
    only the deals that pass it.  ``tricks``: store each deal's double-dummy tricks too
    (the most tricks N-S can force, both sides playing for tricks), for their
    distribution; recorded only when asked, so a study without them keeps its files.
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
    accept: "str | None" = None
    tricks: bool = False

    def __post_init__(self) -> None:
        for name, top in (("deals", 10**10), ("chunk_size", 10**6)):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= top:
                raise ConstraintError(tr("{name} {value!r}: expected a whole number from 1 to {top:,}",
                                         name=name, value=v, top=top))
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) or self.seed < 0:
            raise ConstraintError(tr("seed {seed!r}: expected a whole number, 0 or more", seed=self.seed))
        if self.constraints is not None and self.constraints.accept is not None:
            raise ConstraintError(tr("a study records its constraints: "
                                     "an accept function cannot be recorded"))
        if not isinstance(self.tricks, bool):
            raise ConstraintError(tr("tricks {value!r}: expected True or False", value=self.tricks))
        if not isinstance(self.rules, Rules):
            raise ConstraintError(tr("rules {rules!r}: expected a Rules object", rules=self.rules))
        if self.accept is not None:
            if not isinstance(self.accept, str):
                raise ConstraintError(tr("a study records its accept test: give it as an expression, like "
                                         "'trump_J and trump_9' (a Python function can select the deals of a "
                                         "study afterwards, with where=)"))
            test = predicate(self.accept)
            test.check()
            object.__setattr__(self, "accept", test.text)

    @property
    def chunks(self) -> int:
        return -(-self.deals // self.chunk_size)

    def chunk_range(self, i: int) -> range:
        """The numbers of chunk ``i``'s deals in the study."""
        return range(i * self.chunk_size, min(self.deals, (i + 1) * self.chunk_size))

    def arguments(self) -> dict[str, Any]:
        """The arguments as JSON data (what ``study.json`` compares)."""
        return {
            "deals": self.deals, "seed": self.seed, "chunk_size": self.chunk_size,
            "strains": [s.name for s in self.strains], "leaders": [s.name for s in self.leaders],
            "seat": self.seat.name, "hand": None if self.hand is None else self.hand.to_pbn(),
            "constraints": None if self.constraints is None else self.constraints.to_dict(),
            "rules": dataclasses.asdict(self.rules),
            **({} if self.accept is None else {"accept": self.accept}),
            **({"tricks": True} if self.tricks else {}),
        }

    def chunk_parameters(self) -> dict[str, Any]:
        """What decides a chunk's rows beside its number: every argument but ``deals``
        (which only decides how many chunks there are, and the last one's length)."""
        return {k: v for k, v in self.arguments().items() if k != "deals"}


# ---------------------------------------------------------------------------
# The deal stream
# ---------------------------------------------------------------------------

#: With an accept test, the candidates dealt at a time for one deal, and the most tried.
_BATCH = 64
MOST_TRIES = 100_000


def deal_of(spec: StudySpec, i: int) -> Deal:
    """Deal ``i`` of the study: from ``SeedSequence(seed, spawn_key=(i,))`` alone,
    uniform, or consistent with the spec's hand at its seat and its constraints; with
    an accept test, the first of that sequence's candidates (dealt 64 at a time) that
    passes it."""
    seq = np.random.SeedSequence(spec.seed, spawn_key=(i,))
    if spec.accept is not None:
        return _accepted(spec, i, seq)
    if spec.hand is not None:
        seed = int(seq.generate_state(1, dtype=np.uint64)[0])
        return sample_deals(spec.hand, spec.seat, 1, seed, spec.constraints)[0]
    cards = np.random.Generator(np.random.PCG64(seq)).permutation(32).reshape(4, 8)
    return Deal([sum(1 << int(c) for c in row) for row in cards])


def _accepted(spec: StudySpec, i: int, seq: np.random.SeedSequence) -> Deal:
    assert spec.accept is not None
    test, strain = predicate(spec.accept), spec.strains[0]
    rng = np.random.Generator(np.random.PCG64(seq))
    bits = np.uint64(1) << np.arange(32, dtype=np.uint64)
    for _ in range(MOST_TRIES // _BATCH):
        if spec.hand is not None:
            seed = int(rng.integers(0, 2**63))
            hands = np.array([d.masks for d in sample_deals(spec.hand, spec.seat, _BATCH, seed, spec.constraints)],
                             dtype=np.uint64)
        else:
            cards = rng.permuted(np.tile(np.arange(32), (_BATCH, 1)), axis=1).reshape(_BATCH, 4, 8)
            hands = np.bitwise_or.reduce(bits[cards], axis=2)
        passed = np.flatnonzero(test.mask(hands, strain, spec.rules, spec.seat))
        if len(passed):
            return Deal(tuple(int(m) for m in hands[passed[0]]))
    raise ConstraintError(tr("deal {i}: none of {tries:,} deals passed the accept test {test}", i=i,
                             tries=MOST_TRIES // _BATCH * _BATCH, test=quote(spec.accept)))


def chunk_deals(spec: StudySpec, i: int) -> list[Deal]:
    """The deals of chunk ``i``: deals ``spec.chunk_range(i)`` of the stream."""
    return [deal_of(spec, k) for k in spec.chunk_range(i)]


# ---------------------------------------------------------------------------
# The directory
# ---------------------------------------------------------------------------

def chunk_path(directory: Path, i: int) -> Path:
    """Chunk ``i``'s Parquet file."""
    return directory / CHUNKS / f"chunk-{i:05d}.parquet"


def check_path(directory: Path, i: int) -> Path:
    """Chunk ``i``'s description, with its file's checksum."""
    return directory / CHECKS / f"chunk-{i:05d}.json"


#: The files a study writes in ``chunks/`` and ``checks/`` (and, in ``chunks/``, the
#: descriptions of the older layout): its chunks and their descriptions, and the
#: temporary names they have while written (:func:`solver.atomic.atomic_path`).
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


def _chunk_description(spec: StudySpec, i: int) -> dict[str, Any]:
    """What a chunk's files say of it, and what a resumed study checks."""
    first = spec.chunk_range(i)
    return {"chunk": i, "rows": len(first), "first": first.start, "seed": spec.seed, "spawn_key": [i],
            "parameters": spec.chunk_parameters(), "format": FORMAT}


def write_chunk(directory: Path, spec: StudySpec, i: int, cols: dict[str, np.ndarray]) -> None:
    """Chunk ``i``'s Parquet file, then its description with the file's checksum: a
    chunk counts as done only when both are there and agree."""
    pa = pyarrow_module()
    path = chunk_path(directory, i)
    about = _chunk_description(spec, i)
    table = pa.table(cols).replace_schema_metadata(
        {"coinche.study": json.dumps(about, sort_keys=True)})
    with _writing(path), atomic_path(path) as tmp:
        pa.parquet.write_table(table, str(tmp), compression="zstd")
    _write_json(check_path(directory, i), {**about, "sha256": _sha256(path)})


def chunk_done(directory: Path, spec: StudySpec, i: int, verify: bool = True) -> bool:
    """Whether chunk ``i`` is there, whole, and of this study: its description names
    this number, seed and parameters, and the file's checksum (``verify=False``: the
    checksum is taken on trust, the file is not read)."""
    meta = check_path(directory, i)
    data = chunk_path(directory, i)
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
    if not verify:
        return True
    try:
        return bool(info["sha256"] == _sha256(data))
    except OSError:
        return False


def _refuse_links(directory: Path) -> None:
    for name in (CHUNKS, CHECKS):
        chunks = directory / name
        if chunks.is_symlink():
            raise StudyError(tr("{path} is a symbolic link: a study keeps its {name} in a folder of its own "
                                "(remove the link, or use another directory)",
                                path=quote(str(chunks)), name=name))
        if chunks.exists() and not chunks.is_dir():
            raise StudyError(tr("{path} is not a folder: a study keeps its {name} there",
                                path=quote(str(chunks)), name=name))


def _remove_study_files(directory: Path) -> None:
    """Remove what a study writes in ``directory`` (its chunks and their temporary
    files, its aggregates and plots), and nothing else."""
    def remove(path: Path) -> None:
        try:
            path.unlink()
        except FileNotFoundError:
            pass
        except OSError as e:
            raise StudyError(tr("cannot remove {path}: {error}", path=quote(str(path)),
                                error=e.strerror or e)) from None

    for name in (CHUNKS, CHECKS):
        chunks = directory / name
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


def prepare(directory: Path, spec: StudySpec, force: bool) -> None:
    """Create the directory, or check that it holds this study (``force``: start it
    anew, removing the files of another study and nothing else).  A study asked with
    more deals than it has is extended: its chunks are kept, only the new deals (and
    the last chunk, if it was short) are solved."""
    info = directory / "study.json"
    if info.exists():
        try:
            old = json.loads(info.read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            raise StudyError(tr("{info} is not a study description: {error}", info=quote(str(info)),
                                error=e)) from None
        if not isinstance(old, dict):
            raise StudyError(tr("{info} is not a study description: expected a JSON object",
                                info=quote(str(info))))
        _refuse_links(directory)
        args = old.get("arguments")
        if old.get("format") == FORMAT and args == spec.arguments():
            return
        if old.get("format") == FORMAT and isinstance(args, dict) and _extends(args, spec):
            _write_json(info, {"format": FORMAT, "version": __version__, "arguments": spec.arguments()})
            return
        if old.get("format") != FORMAT and not force:
            raise StudyError(_old_layout(directory, old.get("format")))
        if not force:
            diff = _differences(old.get("arguments") or {}, spec.arguments())
            raise StudyError(tr("{path} holds another study ({diff}): use another directory, or --force to "
                                "start it anew", path=quote(str(directory)), diff=diff))
        _remove_study_files(directory)
    elif directory.exists() and (not directory.is_dir() or any(directory.iterdir())):
        raise StudyError(tr("{path} exists and is not a study directory", path=quote(str(directory))))
    for name in (CHUNKS, CHECKS):
        with _writing(directory / name):
            (directory / name).mkdir(parents=True, exist_ok=True)
    _write_json(info, {"format": FORMAT, "version": __version__, "arguments": spec.arguments()})


def _extends(old: dict[str, Any], spec: StudySpec) -> bool:
    """Whether ``spec`` asks the study recorded as ``old`` with more deals, nothing else changed."""
    new = spec.arguments()
    deals = old.get("deals")
    return (isinstance(deals, int) and deals < spec.deals
            and {k: v for k, v in old.items() if k != "deals"} == {k: v for k, v in new.items() if k != "deals"})


def _old_layout(directory: Path, fmt: Any) -> str:
    return tr("{path} holds a study of another layout (format {old}, this version reads format {new}): run "
              "it again in another directory, or with --force to start it anew",
              path=quote(str(directory)), old=fmt, new=FORMAT)


def _differences(old: Any, new: dict[str, Any]) -> str:
    if not isinstance(old, dict):
        old = {}
    names = [k for k in sorted(set(old) | set(new)) if old.get(k) != new.get(k)]
    return ", ".join(tr("{name} {here} here, {asked} asked", name=k, here=json.dumps(old.get(k)),
                        asked=json.dumps(new.get(k))) for k in names[:3])


# ---------------------------------------------------------------------------
# Reading a study back
# ---------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class StudyInfo:
    """A study directory as read back: its arguments, version, and chunks done.

    :meth:`to_pandas` and :meth:`to_arrow` give the finished chunks' deals as one table,
    the hands written out (``AKT.Q9..J87`` in PBN: spades, hearts, diamonds, clubs).
    """

    directory: Path
    arguments: dict[str, Any]
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
        return StudySpec(a["deals"], a["seed"], parse_strains(a["strains"]), parse_seats(a["leaders"], "leaders"),
                         Seat.parse(a["seat"]), None if a["hand"] is None else parse_hand(a["hand"]),
                         None if c is None else _constraints(c), Rules(**a["rules"]), a["chunk_size"],
                         a.get("accept"), a.get("tricks", False))

    def to_arrow(self, hands: HandsFormat = HandsFormat.PBN) -> Any:
        """The finished chunks' rows as one ``pyarrow.Table``, in deal order; ``hands``:
        ``pbn`` (text, the default) or ``mask`` (the stored 32-bit card masks)."""
        pa = pyarrow_module()
        if hands not in ("pbn", "mask"):
            raise ConstraintError(tr("hands {hands}: expected pbn or mask", hands=quote(hands)))
        tables = list(per_deal_tables(self.directory, self))
        if not tables:
            return pa.table({})
        table = pa.concat_tables(tables)
        if hands == "pbn":
            for s in Seat:
                masks = table.column(s.name).to_numpy()
                text = pa.array([CardSet(int(m)).to_pbn() for m in masks.tolist()], type=pa.string())
                table = table.set_column(table.schema.get_field_index(s.name), s.name, text)
        return table.replace_schema_metadata(None)

    def to_pandas(self, hands: HandsFormat = HandsFormat.PBN) -> Any:
        """The finished chunks' rows as a ``pandas.DataFrame`` (see :meth:`to_arrow`)."""
        return self.to_arrow(hands).to_pandas()


def _constraints(data: dict[str, Any]) -> Constraints:
    return Constraints(known=data.get("known") or {}, lengths=data.get("lengths") or {},
                       points={k: tuple(v) for k, v in (data.get("points") or {}).items()},
                       points_strain=data.get("points_strain"))


def read_arguments(directory: "str | os.PathLike[str]") -> tuple[dict[str, Any], str, StudySpec]:
    """``study.json`` of the study in ``directory``: its arguments, version and spec
    (no chunk read); :class:`StudyError` if there is none, or of another layout."""
    path = Path(directory)
    info = path / "study.json"
    try:
        data = json.loads(info.read_text(encoding="utf-8"))
        if isinstance(data, dict) and data.get("format") != FORMAT:
            raise StudyError(_old_layout(path, data.get("format")))
        args = data["arguments"]
        version = str(data.get("version", "?"))
        spec = StudyInfo(path, args, version, 0, (), 0).spec
    except FileNotFoundError:
        raise StudyError(tr("{path} is not a study directory (no study.json)",
                            path=quote(str(path)))) from None
    except StudyError:
        raise
    except (OSError, ValueError, KeyError, TypeError, CoincheError) as e:
        raise StudyError(tr("{info} is not a study description: {error}", info=quote(str(info)),
                            error=e)) from None
    return args, version, spec


def read_study(directory: "str | os.PathLike[str]", verify: bool = True) -> StudyInfo:
    """The study in ``directory``: :class:`StudyError` if there is none (``verify=False``:
    the chunks' checksums are taken on trust, their files not read)."""
    path = Path(directory)
    args, version, spec = read_arguments(path)
    done = tuple(i for i in range(spec.chunks) if chunk_done(path, spec, i, verify))
    return StudyInfo(path, args, version, spec.chunks, done, sum(len(spec.chunk_range(i)) for i in done))


def per_deal_tables(directory: "str | os.PathLike[str]", info: "StudyInfo | None" = None) -> Iterator[Any]:
    """The finished chunks' per-deal tables (``pyarrow.Table``), one at a time, in order."""
    pa = pyarrow_module()
    if info is None:
        info = read_study(directory)
    for i in info.done:
        yield pa.parquet.read_table(str(chunk_path(info.directory, i)))
