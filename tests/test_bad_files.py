"""Bad bidding-system files and malformed records are the project's own errors: a
system file is checked whole when it is loaded (one line and exit 2 on the command
line), and ``Record.from_dict`` raises RecordError on anything that is not a record."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver import Record, RecordError, read_records
from solver.system import DEFAULT, SystemError_, load_system

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE_FILE = ROOT / "tests" / "data" / "records_example.pbn"
RULE = '[[rules]]\nsituation = "open"\nstrains = "suits"\nlevels = [80, 160]\n'

BAD_SYSTEMS = [
    ("top.json", b'[{"situation": "open"}]', "expected a table with name and rules, not list"),
    ("three.toml", b"rules = 3\n", "rules 3: expected a list of rules"),
    ("deep.json", b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    ("deep.toml", b"rules = " + b"[" * 100_000 + b"]" * 100_000 + b"\n", "nested too deeply"),
    ("latin1.toml", 'name = "Système"\n'.encode("latin-1"), "not UTF-8 text"),
    ("shows.toml", (RULE + 'shows = { honours = ["J"], at_least = "one" }\n').encode(),
     "rule 1: at_least 'one': expected a whole number from 0 to 6"),
    ("values.toml", (RULE + 'shows = { values = "many" }\n').encode(), "rule 1: values 'many'"),
    ("honours.toml", (RULE + 'shows = { honours = "J9" }\n').encode(), "rule 1: honours 'J9': expected a list"),
    ("unknown.toml", (RULE + 'shows = { colour = 1 }\n').encode(), "rule 1: shows: unknown condition 'colour'"),
    ("levels.json", b'{"rules": [{"situation": "open", "levels": [80]}]}', "rule 1: levels [80]"),
    ("rule.json", b'{"rules": [3]}', "rule 1: 3: expected a table"),
    ("strains.json", b'{"rules": [{"situation": "open", "strains": "hearts"}]}', "rule 1: strains 'hearts'"),
    ("name.json", b'{"name": ["x"], "rules": []}', "name ['x']: expected text"),
]


@pytest.mark.parametrize("name, content, message", BAD_SYSTEMS, ids=[b[0] for b in BAD_SYSTEMS])
def test_a_bad_system_file_is_refused_when_loaded(tmp_path, name, content, message):
    f = tmp_path / name
    f.write_bytes(content)
    with pytest.raises(SystemError_) as e:
        load_system(f)
    assert message in str(e.value)


def test_the_default_system_written_as_json_loads_back(tmp_path):
    f = tmp_path / "default.json"
    f.write_text(json.dumps(DEFAULT.to_dict()), encoding="utf-8")
    assert load_system(f) == DEFAULT


@pytest.mark.parametrize("name, content", [BAD_SYSTEMS[0][:2], BAD_SYSTEMS[5][:2]], ids=["list", "shows"])
def test_the_command_line_says_one_line_and_exits_2(tmp_path, name, content):
    f = tmp_path / name
    f.write_bytes(content)
    done = subprocess.run([sys.executable, "-m", "coinche_cli.main", "bidreview", "example", "--dealer", "E",
                           "--auction", "S:80C W:pass N:pass E:pass", "--samples", "2", "--system", str(f)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("error: ")


# -- Record.from_dict over malformed dicts ------------------------------------------------

KEYS = ["deal", "dealer", "auction", "contract", "leader", "play", "result", "belote", "declarations",
        "score", "rules", "sections", "seat", "call", "bid", "declarer", "coinche", "name", "value",
        "lines", "NS", "EW"]
SCALARS = st.none() | st.booleans() | st.integers(-3, 200) | st.floats(allow_nan=True) | st.text(max_size=8) \
    | st.sampled_from(["N", "E", "pass", "80H", "SA", "X", "none", "coinche", "N:AK.K8.K8.A8"])
JSONISH = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                       | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=4), inner, max_size=5),
                       max_leaves=20)
EXAMPLE = [r.to_dict() for r in read_records(EXAMPLE_FILE.read_text(encoding="utf-8"))]


def _from_dict_or_record_error(obj):
    try:
        r = Record.from_dict(obj)
    except RecordError:
        return
    assert isinstance(r, Record)


@settings(max_examples=400, deadline=None)
@given(st.dictionaries(st.sampled_from(KEYS), JSONISH, max_size=8) | JSONISH)
def test_from_dict_raises_record_error_on_any_malformed_value(obj):
    _from_dict_or_record_error(obj)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_from_dict_raises_record_error_on_a_damaged_record(data):
    obj = json.loads(json.dumps(data.draw(st.sampled_from(EXAMPLE))))
    for _ in range(data.draw(st.integers(1, 3))):
        key = data.draw(st.sampled_from(sorted(obj)))
        target = obj
        value = target[key]
        if isinstance(value, (dict, list)) and value and data.draw(st.booleans()):
            target = value
            key = data.draw(st.sampled_from(sorted(value) if isinstance(value, dict) else range(len(value))))
        target[key] = data.draw(JSONISH)
    _from_dict_or_record_error(obj)


@pytest.mark.parametrize("obj", [{"auction": [{"seat": 1, "call": "80H"}]}, {"sections": [{"lines": 3}]},
                                 {"contract": {"bid": "80H", "declarer": "N", "coinche": ["x"]}},
                                 {"dealer": "N\n[Deal \"N:A.-.-.- K.-.-.- 7.-.-.- 8.-.-.-\"]"}])
def test_from_dict_examples(obj):
    with pytest.raises(RecordError):
        Record.from_dict(obj)


def test_an_empty_record_round_trips():
    assert Record.from_dict({}) == Record() == Record.from_dict(Record().to_dict())
