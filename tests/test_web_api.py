"""The board's JSON API through the framework's test client: each endpoint answers what
the Python function it mirrors returns, bad input gets a 4xx with the command line's
message, and long work stops when asked to or when its client goes away."""

from __future__ import annotations

import socket
import subprocess
import sys
import time

import pytest
from fastapi.testclient import TestClient

import solver
from cli_helpers import EXAMPLE, run
from solver.messages import writing_in
from solver.web import create_app
from solver.web import jobs as jobs_module
from solver.web.limits import MAX_BODY, MAX_SAMPLES
from web_helpers import live_server
from patience import stretched

DEAL = solver.Deal.random(11)


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app()) as c:
        yield c


def ok(response) -> dict:
    assert response.status_code == 200, response.text
    return response.json()


def test_deal_endpoints_mirror_deal(client):
    assert ok(client.get("/api/deal", params={"seed": 11}))["deal"] == DEAL.to_pbn()
    got = ok(client.post("/api/deal", json={"deal": "example"}))
    assert got["deal"] == EXAMPLE and got["hands"]["S"] == "Q.A.AQ7.KQJ"


def test_solve_mirrors_solve(client):
    played = "SA S8 SQ S7 HK"
    got = ok(client.post("/api/solve", json={"deal": EXAMPLE, "strain": "H", "leader": "N",
                                            "played": played}))
    sol = solver.solve(solver.Deal.from_pbn(EXAMPLE), "H", "N", played)
    for key, value in sol.to_dict().items():
        if key != "nodes":
            assert got[key] == value, key
    assert got["costs"] == {c.name: sol.cost(c) for c in sol.card_values}
    assert got["trick"] == ["HK"] and got["trick_leader"] == "N"
    assert got["last_trick"] == {"leader": "N", "cards": ["SA", "S8", "SQ", "S7"]}


def test_table_par_review_mirror_the_api(client):
    pbn = DEAL.to_pbn()
    table = ok(client.post("/api/table", json={"deal": pbn}))
    want = solver.dd_table(DEAL)
    for row in table["leaders"]:
        one = want.for_leader(solver.Seat.parse(row["leader"])).to_dict()
        one.pop("nodes", None)
        assert row == one
    assert ok(client.post("/api/par", json={"deal": pbn, "dealer": "W"})) == \
        solver.par(DEAL, dealer="W").to_dict()
    line = " ".join(c.name for c in solver.solve(DEAL, "SA", "E").line[:6])
    got = ok(client.post("/api/review", json={"deal": pbn, "strain": "SA", "leader": "E", "played": line}))
    want_review = solver.review(DEAL, "SA", "E", line).to_dict()
    got.pop("nodes"), want_review.pop("nodes")
    assert got == want_review


def test_advice_and_lead_mirror_the_api(client):
    hand = DEAL.hands[solver.Seat.S].to_pbn()
    got = ok(client.post("/api/advise", json={"hand": hand, "seat": "S", "dealer": "E", "samples": 30,
                                             "seed": 2}))
    want = solver.advise(hand, seat="S", dealer="E", samples=30, seed=2)
    assert got["recommendation"] == want.recommendation.to_dict()
    assert got["bids"] == [b.to_dict() for b in want.bids]
    # the histograms count every sampled deal once per strain
    assert all(sum(c) == 30 for c in got["histograms"]["counts"].values())
    east = DEAL.hands[solver.Seat.E].to_pbn()
    lead = ok(client.post("/api/lead", json={"hand": east, "seat": "E", "contract": "100H", "declarer": "S",
                                            "samples": 20, "seed": 1}))
    assert lead == solver.lead_advice(east, "E", "100H", declarer="S", samples=20, seed=1).to_dict()


def test_the_answers_from_one_seat_mirror_the_api(client):
    pbn = DEAL.to_pbn()
    body = {"deal": pbn, "contract": "100H", "declarer": "S", "leader": "W", "samples": 8, "seed": 3}
    seat = solver.Position.parse(DEAL, "H", "W", played="").to_move
    got = ok(client.post("/api/play", json=body))
    assert got == solver.play_advice(DEAL.hands[seat], seat, "100H S", "", leader="W", samples=8, seed=3,
                                     deal=DEAL).to_dict()
    line = " ".join(c.name for c in solver.solve(DEAL, "H", "W").line[:4])
    got = ok(client.post("/api/seatreview", json={**body, "played": line}))
    assert got == solver.review_from_seats(DEAL, "100H S", line, leader="W", samples=8, seed=3).to_dict()
    out = {"deal": pbn, "contract": "100H", "declarer": "S", "leader": "W", "worlds": 3, "seed": 2,
           "played": line}
    got = ok(client.post("/api/playout", json=out))
    assert got == solver.play_out(DEAL, "100H S", leader="W", played=line, worlds=3, seed=2).to_dict()
    job = ok(client.post("/api/jobs/playout", json=out))
    assert job["kind"] == "playout"
    bad = client.post("/api/play", json={**body, "declarer": "X"})
    assert bad.status_code == 400 and "unknown seat 'X'" in bad.json()["error"]


def test_advice_answers_the_auction(client):
    """Without an auction the answer is the opening advice's bid; with one, the best next
    call of solver.auction_advice on deals that fit the calls so far (same seed)."""
    got = ok(client.post("/api/advise", json={"hand": "Q.A.AQ7.KQJ", "seat": "S", "dealer": "E",
                                             "samples": 20, "seed": 1}))
    assert got["answer"] == {"call": got["recommendation"]["bid"] or "pass", "over": None}
    assert "in_auction" not in got
    for dealer, auction, over in (("N", "pass", None), ("W", "160S pass", "160S")):
        got = ok(client.post("/api/advise", json={"hand": "Q.A.AQ7.KQJ", "seat": "S", "dealer": dealer,
                                                 "samples": 20, "seed": 1, "auction": auction}))
        want = solver.auction_advice("Q.A.AQ7.KQJ", "S", dealer, auction, samples=20, seed=1)
        assert got["answer"] == {"call": want.best.call.text.replace(" ", ""), "over": over}
        assert [c["ev"] for c in got["in_auction"]["calls"]] == [c.ev for c in want.calls]


def test_answers_in_french_when_asked(client):
    body = {"hand": "Q.A.AQ7.KQJ", "seat": "S", "dealer": "E", "samples": 10, "seed": 1}
    en, fr = (ok(client.post("/api/advise", json={**body, "lang": lang})) for lang in ("en", "fr"))
    assert en["bids"] == fr["bids"] and en["recommendation"]["text"] != fr["recommendation"]["text"]
    assert "donnes" in fr["recommendation"]["text"]


@pytest.mark.parametrize("path, body, cli", [
    ("/api/table", {"deal": "N:AK.K8.K8.A8 T98.QT.J9.7"}, ["table", "N:AK.K8.K8.A8 T98.QT.J9.7"]),
    ("/api/solve", {"deal": EXAMPLE, "strain": "X"}, ["solve", EXAMPLE, "--strain", "X"]),
    ("/api/solve", {"deal": EXAMPLE, "strain": "C", "leader": "S", "played": "S8"},
     ["solve", EXAMPLE, "--strain", "C", "--leader", "S", "--played", "S8"]),
    ("/api/par", {"deal": EXAMPLE, "dealer": "Q"}, ["par", EXAMPLE, "--dealer", "Q"]),
    ("/api/advise", {"hand": "AJ9.A7.KT", "samples": 5}, ["advise", "AJ9.A7.KT", "--samples", "5"]),
    ("/api/lead", {"hand": "KT7.Q8.A9.K", "seat": "E", "contract": "100Z", "declarer": "S", "samples": 5},
     ["lead", "KT7.Q8.A9.K", "--seat", "E", "--contract", "100Z", "--declarer", "S", "--samples", "5"]),
])
def test_bad_input_gets_the_cli_message(client, path, body, cli):
    response = client.post(path, json=body)
    assert response.status_code == 400
    cli_line = run(*cli).stderr.strip()
    assert cli_line == "error: " + response.json()["error"]


def wait_job(client, job: dict) -> dict:
    end = time.monotonic() + stretched(60)
    while time.monotonic() < end:
        job = ok(client.get(f"/api/jobs/{job['id']}"))
        if job["state"] in ("done", "failed", "cancelled"):
            return job
        time.sleep(0.05)
    raise AssertionError(f"job {job['id']} did not end")


def test_estimates_are_the_point_count_and_play_outs(client):
    """The column beside the table: per strain, solver.evaluate_hand's count from each
    hand, dd_table's points, and solver.play_out's N-S points with the seeds the answer
    gives, their mean and standard error (the play-outs' sample deviation over √n)."""
    rules = ["must_undertrump=false"]
    job = ok(client.post("/api/jobs/estimates", json={"deal": DEAL.to_pbn(), "dealer": "W", "playouts": 3,
                                                      "worlds": 2, "rules": rules}))
    got = wait_job(client, job)["result"]
    ruled = solver.Rules().with_options(rules)
    table = solver.dd_table(DEAL, rules=ruled)
    assert got["leader"] == "N" and [r["strain"] for r in got["strains"]] == ["S", "H", "D", "C", "SA", "TA"]
    for r in got["strains"]:
        ns = [table.for_leader(s).ns_points[r["strain"]] for s in solver.Seat]
        assert r["dd_ns"] == ns[0] and r["dd_ns_mean"] == sum(ns) / 4
        if r["strain"] in ("SA", "TA"):
            assert r["count"] is None
        else:
            assert r["count"] == {s.name: round(solver.evaluate_hand(DEAL.hands[s], r["strain"]).points, 1)
                                  for s in solver.Seat}
        played = [solver.play_out(DEAL, strain=r["strain"], leader="N", worlds=2, seed=x, rules=ruled,
                                  workers=1).ns_points for x in r["seeds"]]
        assert r["real_ns"] == played and len(set(r["seeds"])) == 3
        mean = sum(played) / 3
        assert r["real_ns_mean"] == mean
        assert r["real_ns_se"] == round((sum((x - mean) ** 2 for x in played) / 2 / 3) ** 0.5, 2)
    bad = client.post("/api/jobs/estimates", json={"deal": "N:AK", "playouts": 3},
                      headers={"accept-language": "fr"})
    assert bad.status_code == 400 and "donne mal formée" in bad.json()["error"]
    assert client.post("/api/jobs/estimates", json={"deal": "example", "playouts": 21}).status_code == 422


@pytest.mark.parametrize("path, body, cli", [
    ("/api/table", {"deal": "N:AK.K8.K8.A8 T98.QT.J9.7"}, ["table", "N:AK.K8.K8.A8 T98.QT.J9.7"]),
    ("/api/table", {"deal": "N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T"},
     ["table", "N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T"]),
    ("/api/table", {"deal": EXAMPLE, "rules": ["nonsense=1"]}, ["table", EXAMPLE, "--rule", "nonsense=1"]),
    ("/api/par", {"deal": EXAMPLE, "dealer": "Q"}, ["par", EXAMPLE, "--dealer", "Q"]),
    ("/api/advise", {"hand": "AJ9.A7.KT", "samples": 5}, ["advise", "AJ9.A7.KT", "--samples", "5"]),
])
def test_bad_input_in_french_for_a_french_page(client, path, body, cli):
    """A request whose Accept-Language puts French first (the French page sends
    ``fr``) gets the message ``coinche --lang fr`` prints, in French; English otherwise."""
    french = client.post(path, json=body, headers={"accept-language": "fr-FR,fr;q=0.9,en;q=0.5"})
    english = client.post(path, json=body, headers={"accept-language": "en-GB,fr;q=0.5"})
    assert french.status_code == english.status_code == 400
    assert run("--lang", "fr", *cli).stderr.strip() == "erreur : " + french.json()["error"]
    assert run(*cli).stderr.strip() == "error: " + english.json()["error"]
    assert french.json()["error"] != english.json()["error"]


def test_seats_named_as_the_command_line_names_them(client):
    """West is O in a French answer, as coinche --lang fr writes it, and W in English (the
    deal gives West 7 cards: J7.J97.T.T)."""
    body = {"deal": "N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T"}
    french = client.post("/api/table", json=body, headers={"accept-language": "fr"}).json()["error"]
    english = client.post("/api/table", json=body).json()["error"]
    assert "(N 8, E 8, S 8, O 7)" in french and "(N 8, E 8, S 8, W 7)" in english


def test_an_auction_refused_in_french(client):
    """The auction is read in the package's letters (the page turns French letters into
    them) and refused in the request's language, with solver.Auction.parse's message."""
    from solver.messages import writing_in
    body = {"hand": "AJ9.A7.KT.J", "samples": 5, "dealer": "N", "auction": "90H 80S"}
    got = client.post("/api/advise", json=body, headers={"accept-language": "fr"})
    with writing_in("fr"), pytest.raises(solver.CoincheError) as refused:
        solver.Auction.parse("90H 80S", "N")
    assert got.status_code == 400 and got.json()["error"] == str(refused.value)
    assert "ne dépasse pas" in str(refused.value)


def test_an_illegal_card_refused_in_french(client):
    """A card the rules forbid, on a French page: solver.Position's French message,
    the reason (follow, overtrump, trump) said in French."""
    from solver.messages import writing_in
    pos = solver.Position.parse(DEAL, "H", "E")
    lead = next(iter(pos.legal_cards()))
    pos.play(lead)
    bad = next(c for c in DEAL.hands[pos.to_move] if c not in pos.legal_cards())
    played = f"{lead.name} {bad.name}"
    got = client.post("/api/solve", json={"deal": DEAL.to_pbn(), "strain": "H", "leader": "E", "played": played},
                      headers={"accept-language": "fr"})
    with writing_in("fr"), pytest.raises(solver.CoincheError) as refused:
        solver.Position.parse(DEAL, "H", "E", played=played)
    assert got.status_code == 400 and got.json()["error"] == str(refused.value)
    assert "doit" in str(refused.value) and "n'est pas permise" in str(refused.value)


def test_the_servers_own_refusals_in_french(client):
    fr = {"accept-language": "fr"}
    shape = client.post("/api/advise", json={"hand": "AJ9.A7.KT.J", "samples": 0}, headers=fr)
    assert shape.status_code == 422 and shape.json() == {"error": "samples : il faut un nombre d'au moins 1 (reçu '0')"}
    assert client.post("/api/table", json={}, headers=fr).json() == {
        "error": "deal : manquant : la requête demande ce champ"}
    assert client.post("/api/table", json={}).json() == {"error": "deal: missing: the request needs this field"}
    assert client.get("/api/nowhere", headers=fr).json() == {"error": "pas de chemin '/api/nowhere'"}
    assert client.get("/api/jobs/abc", headers=fr).json() == {"error": "pas de calcul 'abc'"}
    assert client.get("/api/jobs/abc").json() == {"error": "no job 'abc'"}


@pytest.mark.parametrize("path, body", [
    ("/api/table", {"deal": "x" * 201}),
    ("/api/table", {}),
    ("/api/table", {"deal": None}),
    ("/api/table", [1, 2]),
    ("/api/solve", {"deal": EXAMPLE, "strain": "C", "played": "SA " * 100}),
    ("/api/advise", {"hand": "AJ9.A7.KT.J", "samples": MAX_SAMPLES + 1}),
    ("/api/advise", {"hand": "AJ9.A7.KT.J", "samples": 0}),
    ("/api/advise", {"hand": "AJ9.A7.KT.J", "samples": 5, "seed": -1}),
    ("/api/advise", {"hand": "AJ9.A7.KT.J", "samples": 5, "auction": "pass pass pass pass pass"}),
    ("/api/advise", {"hand": "AJ9.A7.KT.J", "samples": 5, "dealer": "N", "auction": "90H 80S"}),
    ("/api/advise", {"hand": "AJ9.A7.KT.J", "samples": 5, "seat": "é"}),
    ("/api/lead", {"hand": "AJ9.A7.KT.J", "seat": "E", "contract": "100H", "declarer": "Q", "samples": 5}),
])
def test_bad_requests_get_one_line_and_no_500(client, path, body):
    response = client.post(path, json=body)
    assert 400 <= response.status_code < 500, response.text
    message = response.json()["error"]
    assert message and "\n" not in message and "Traceback" not in message


def test_request_size_is_bounded(client):
    big = '{"deal": "' + "x" * MAX_BODY + '"}'
    response = client.post("/api/table", content=big, headers={"content-type": "application/json"})
    assert response.status_code == 413 and str(MAX_BODY) in response.json()["error"]
    assert client.get("/api/deal", params={"seed": -3}).status_code == 422
    assert client.get("/api/jobs/nonesuch").status_code == 404


def test_page_and_openapi(client):
    page = client.get("/")
    assert page.status_code == 200 and '<script src="/static/board.js">' in page.text
    assert client.get("/static/board.js").status_code == 200
    assert client.get("/docs").status_code == 200
    paths = client.get("/openapi.json").json()["paths"]
    for path in ("/api/solve", "/api/table", "/api/par", "/api/review", "/api/advise", "/api/lead"):
        assert path in paths


def wait_for(predicate, timeout=10.0):
    deadline = time.monotonic() + stretched(timeout)
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def test_a_job_reports_progress_and_can_be_cancelled(client):
    body = {"hand": "AJ9.A7.KT.J", "samples": MAX_SAMPLES, "seed": 1}
    job = ok(client.post("/api/jobs/advise", json=body))
    wait_for(lambda: ok(client.get(f"/api/jobs/{job['id']}"))["done"] > 0)
    ok(client.post(f"/api/jobs/{job['id']}/cancel"))
    wait_for(lambda: ok(client.get(f"/api/jobs/{job['id']}"))["state"] == "cancelled")
    assert ok(client.get(f"/api/jobs/{job['id']}"))["done"] < MAX_SAMPLES


def test_an_abandoned_job_stops(monkeypatch):
    monkeypatch.setattr(jobs_module, "ABANDONED_AFTER", 0.2)
    app = create_app()
    with TestClient(app) as c:
        job = ok(c.post("/api/jobs/advise", json={"hand": "AJ9.A7.KT.J", "samples": MAX_SAMPLES, "seed": 1}))
        held = app.state.jobs._jobs[job["id"]]          # watched without polling it
        wait_for(lambda: held.finished)
        assert held.state == "cancelled" and held.done < MAX_SAMPLES


def test_waited_advice_stops_when_the_client_leaves():
    app = create_app()
    with live_server(app) as url:
        host, port = url.removeprefix("http://").split(":")
        body = b'{"hand": "AJ9.A7.KT.J", "samples": %d, "seed": 1}' % MAX_SAMPLES
        with socket.create_connection((host, int(port))) as s:
            s.sendall(b"POST /api/advise HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                      b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
            wait_for(lambda: any(j.done > 0 for j in app.state.jobs._jobs.values()))
        job = next(iter(app.state.jobs._jobs.values()))
        wait_for(lambda: job.finished)
        assert job.state == "cancelled" and job.done < MAX_SAMPLES


def test_import_solver_leaves_the_web_out():
    code = "import sys, solver; print('fastapi' in sys.modules or 'solver.web' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_serve_without_the_extra_says_what_to_install():
    code = ("import sys; sys.modules['fastapi'] = None; sys.argv = ['coinche', 'serve'];"
            "from coinche_cli.main import main; main()")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 2
    assert out.stderr.strip().splitlines() == ['error: the board needs \'fastapi\': pip install -e ".[web]"']


# ---------------------------------------------------------------- the rules and the auction, as on the command line
RULE = "must_undertrump=false"
#: Deal.random(1): its table changes without the duty to undertrump (checked below), so
#: a board that ignored the rules would give the default table.
RULED_DEAL = solver.Deal.random(1)


def _rows(rows: list) -> list:
    return [{k: v for k, v in row.items() if k != "nodes"} for row in rows]


def test_the_board_answers_under_the_rules_of_the_request(client):
    """The table under ``must_undertrump=false`` is ``coinche table --rule
    must_undertrump=false``'s, and differs from the default one."""
    import json
    pbn = RULED_DEAL.to_pbn()
    ruled = ok(client.post("/api/table", json={"deal": pbn, "rules": [RULE]}))["leaders"]
    default = ok(client.post("/api/table", json={"deal": pbn}))["leaders"]
    cli = run("table", pbn, "--rule", RULE, "--json")
    assert cli.exit_code == 0, cli.output
    assert _rows(ruled) == _rows(json.loads(cli.stdout)) != _rows(default)
    rules = solver.Rules().with_options([RULE])
    line = " ".join(c.name for c in solver.solve(RULED_DEAL, "H", "N", rules=rules).line[:5])
    got = ok(client.post("/api/solve", json={"deal": pbn, "strain": "H", "leader": "N", "played": line,
                                            "rules": [RULE]}))
    assert got["card_values"] == solver.solve(RULED_DEAL, "H", "N", line, rules).to_dict()["card_values"]
    par = ok(client.post("/api/par", json={"deal": pbn, "dealer": "W", "rules": [RULE]}))
    assert par == solver.par(RULED_DEAL, dealer="W", rules=rules).to_dict()


@pytest.mark.parametrize("rules", [["nonsense=1"], ["must_undertrump=perhaps"], ["must_undertrump"]])
def test_bad_rules_get_the_cli_message(client, rules):
    response = client.post("/api/table", json={"deal": "example", "rules": rules})
    assert response.status_code == 400
    cli = run("table", "example", *[x for r in rules for x in ("--rule", r)])
    assert cli.stderr.strip() == "error: " + response.json()["error"]
    job = client.post("/api/jobs/advise", json={"hand": "AJ9.A7.KT.J", "samples": 5, "rules": rules})
    assert job.status_code == 400 and job.json() == response.json()


@pytest.mark.parametrize("dealer, auction", [
    ("W", "N:pass E:90H"), ("W", "pass 90H"), ("E", "pass"), ("W", "90H coinche"), ("W", "90H contré"),
    ("W", "90H X"), ("N", "90H x pass"), ("W", "160S pass"), ("W", "100H 90S"), ("N", "pass pass pass pass"),
    ("N", "80H pass pass pass"), ("N", "pass 80H pass"), ("W", "90H surcoinche"), ("N", "E:pass"),
    ("N", "80 cœur"), ("N", "80 cœur passe"), ("N", "pass ?"), ("N", "90Z"), ("N", "W:pass"),
])
def test_the_board_and_the_command_line_read_auctions_alike(client, dealer, auction):
    """Both doors accept or refuse each auction, with the same message."""
    body = {"hand": "Q.A.AQ7.KQJ", "seat": "S", "dealer": dealer, "samples": 4, "seed": 1, "auction": auction}
    response = client.post("/api/advise", json=body)
    cli = run("advise", "Q.A.AQ7.KQJ", "--seat", "S", "--dealer", dealer, "--auction", auction,
              "--samples", 4, "--seed", 1)
    if cli.exit_code == 0:
        assert response.status_code == 200, response.text
    else:
        assert response.status_code == 400, (cli.stderr, response.text)
        assert cli.stderr.strip() == "error: " + response.json()["error"]


def test_a_switch_is_true_or_false(client):
    # pydantic's bool parsing error, in the catalogue's words (solver/field_errors.py)
    r = client.post("/api/jobs/advise", json={"hand": "AKQJ.T98.7.AK", "lookahead": "maybe"})
    assert (r.status_code, r.json()) == (422, {"error": "lookahead: expected true or false (got 'maybe')"})
