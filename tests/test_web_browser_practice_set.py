"""The practice pane's seat and bidding problems of the shipped set, in headless chromium (as
tests/test_web_browser.py): the kind filter, a seat problem showing only the seat's hand and
the cards played, a bidding problem taking a call from the bidding box; by the keyboard alone
on a 390 px phone, in English and in French.
"""

from __future__ import annotations

import json

import pytest

from solver.cards import Seat
from solver.practice import seat_problem_view, set_bidding_view
from solver.problems import load_problems
from web_helpers import CHROMIUM, DRIVER, NO_BROWSER, chromium, live_server, open_board, settle, shot

if CHROMIUM is None or DRIVER is None:
    pytest.skip(NO_BROWSER, allow_module_level=True)
pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

SET = {p.id: p for p in load_problems()}


def focused(driver) -> str:
    return driver.execute_script("return document.activeElement && document.activeElement.id")


def tab_to(driver, element_id: str, most: int = 300) -> None:
    """Tab through the page until ``element_id`` has the focus."""
    for _ in range(most):
        if focused(driver) == element_id:
            return
        ActionChains(driver).send_keys(Keys.TAB).perform()
    raise AssertionError(f"{element_id} never took the focus (last: {focused(driver)!r})")


def choose_kind(driver, kind: str) -> None:
    """The kind filter set by the keyboard: focus it, then arrow keys until ``kind`` is chosen."""
    driver.execute_script("document.activeElement && document.activeElement.blur()")
    tab_to(driver, "pr-kind")
    for _ in range(3):
        if driver.execute_script("return document.getElementById('pr-kind').value") == kind:
            break
        ActionChains(driver).send_keys(Keys.ARROW_DOWN).perform()
        settle(driver)
        tab_to(driver, "pr-kind")
    assert driver.execute_script("return document.getElementById('pr-kind').value") == kind


def said(driver, key: str) -> str:
    """The page's words for ``key`` in its language (board.js's catalogue)."""
    return driver.execute_script("return t(arguments[0])", key)


def rating(driver) -> dict:
    return json.loads(driver.execute_script("return localStorage.getItem('coinche-practice-rating')"))


def test_seat_and_bidding_problems_of_the_set_by_keyboard_on_a_phone():
    with live_server() as url, chromium("en-GB") as b:
        b.set_window_size(390, 844)
        open_board(b, url + "/#panel=practice&pk=play&ps=3&lang=en")
        choose_kind(b, "seat")
        shown = b.execute_script("return training.problem")
        assert shown == seat_problem_view(3)                  # problem 3 of the set's seat problems
        p = SET[shown["id"]]
        # the seat's own hand and the cards played, nothing else: no other hand on the table
        assert b.find_elements(By.CSS_SELECTOR, "#seat-" + p.seat.name + " .card:not(.back)")
        for other in "NESW".replace(p.seat.name, ""):
            assert not b.find_elements(By.CSS_SELECTOR, f"#seat-{other} .card:not(.back)")
            held = len(p.position().hand(Seat.parse(other)))        # backs: the cards it still holds
            assert len(b.find_elements(By.CSS_SELECTOR, f"#seat-{other} .card.back")) == held
        played = [c.get_attribute("data-card") for c in b.find_elements(By.CSS_SELECTOR, "#pr-played [data-card]")]
        assert played == [c.name for c in p.played]
        shot(b, "practice-set-01-seat")
        b.find_element(By.CSS_SELECTOR, f'#pr-hand .card.legal[data-card="{p.solution}"]').send_keys(Keys.ENTER)
        settle(b)
        assert b.find_element(By.ID, "pr-verdict").text.startswith(said(b, "right"))
        assert rating(b)["rating"] > 1500 and b.find_element(By.ID, "pr-moved").text.startswith("Rating")
        assert b.find_elements(By.CSS_SELECTOR, "#pr-line .pr-trick")          # the line on the real deal
        # the next one answered wrong: a miss with its line
        b.find_element(By.ID, "pr-next").send_keys(Keys.ENTER)
        settle(b)
        q = SET[b.execute_script("return training.problem.id")]
        wrong = next(a.answer for a in q.alternatives)
        b.find_element(By.CSS_SELECTOR, f'#pr-hand .card.legal[data-card="{wrong}"]').send_keys(Keys.ENTER)
        settle(b)
        assert b.find_element(By.ID, "pr-verdict").text.startswith(said(b, "wrong"))
        assert q.id in b.find_element(By.ID, "pr-misses").text
        # bidding problems: the hand and the auction, a call from the bidding box
        choose_kind(b, "setbid")
        shown = b.execute_script("return training.problem")
        seed = b.execute_script("return state.practice.seed")
        assert shown == set_bidding_view(seed)
        bid = SET[shown["id"]]
        assert len(b.find_elements(By.CSS_SELECTOR, "#pr-hand .card")) == 8
        box = [x.get_attribute("data-call") for x in b.find_elements(By.CSS_SELECTOR, "#pr-box button")]
        assert box[0] == "pass" and bid.solution.replace(" ", "") in box
        shot(b, "practice-set-02-bidding")
        before = rating(b)
        b.find_element(By.CSS_SELECTOR, f'#pr-box button[data-call="{bid.solution.replace(" ", "")}"]').send_keys(Keys.ENTER)
        settle(b)
        assert b.find_element(By.ID, "pr-verdict").text.startswith(said(b, "right"))
        assert rating(b)["rating"] > before["rating"]
        assert b.execute_script("return document.scrollingElement.scrollWidth") <= 390
        # French labels
        b.find_element(By.ID, "lang").send_keys(Keys.ENTER)
        settle(b)
        kinds = [o.text for o in b.find_elements(By.CSS_SELECTOR, "#pr-kind option")]
        assert kinds[2].startswith("enchères") and b.find_element(By.CSS_SELECTOR, "label[for=pr-kind]").text == "Genre"
        assert b.find_element(By.ID, "pr-verdict").text.startswith(said(b, "right"))
        assert said(b, "right") != "Well done!"
        shot(b, "practice-set-03-french")


def choose(driver, select_id: str, value: str, most: int = 40) -> None:
    """A filter set by the keyboard: focus it, then arrow keys until ``value`` is chosen."""
    driver.execute_script("document.activeElement && document.activeElement.blur()")
    tab_to(driver, select_id)
    for _ in range(most):
        if driver.execute_script("return document.getElementById(arguments[0]).value", select_id) == value:
            return
        ActionChains(driver).send_keys(Keys.ARROW_DOWN).perform()
        settle(driver)
        tab_to(driver, select_id)
    raise AssertionError(f"{select_id} never took {value!r}")


@pytest.mark.slow
def test_a_theme_ten_problems_the_rating_and_each_miss_on_a_phone():
    """What a learner does on a phone: picks a theme, solves ten of its four-hands problems
    (right and wrong in turns), sees the rating move after each answer and, at the end, every
    miss with its solution line; five problems in English, then the page's language button
    (pressed from the keyboard) and five in French, the misses of both listed in French."""
    with live_server() as url, chromium("en-GB") as b:
        b.set_window_size(390, 844)
        open_board(b, url + "/#panel=practice&pk=play&ps=0&lang=en")
        choose(b, "pr-theme", "endplay")
        b.find_element(By.ID, "pr-next").send_keys(Keys.ENTER)
        settle(b)
        moves, missed = [], []
        for n in range(10):
            lang = "en" if n < 5 else "fr"
            if n == 5:
                b.find_element(By.ID, "lang").send_keys(Keys.ENTER)
                settle(b)
                assert b.execute_script("return state.lang") == "fr"
            shown = b.execute_script("return playProblem")
            p = SET[shown["id"]]
            assert "endplay" in p.themes and p.kind == "four-hands"
            card = p.solution if n % 2 == 0 else next(a.answer for a in p.alternatives)
            before = b.execute_script("return localStorage.getItem('coinche-practice-rating')")
            b.find_element(By.CSS_SELECTOR, f'.card.legal[data-card="{card}"]').click()
            settle(b)
            verdict = b.find_element(By.ID, "pr-verdict").text
            assert verdict.startswith(said(b, "right" if n % 2 == 0 else "wrong")), verdict
            after = rating(b)
            assert json.dumps(after) != before                              # the rating moved
            moves.append(b.find_element(By.ID, "pr-moved").text)
            if n % 2:
                missed.append(p)
            if n in (1, 7):
                shot(b, f"practice-theme-01-miss-{lang}")
            if n < 9:
                b.find_element(By.ID, "pr-next").send_keys(Keys.ENTER)
                settle(b)
        assert len(moves) == 10 and all(m for m in moves)
        misses = b.find_elements(By.CSS_SELECTOR, "#pr-misses li")
        assert len(misses) == len(missed) == 5
        for li in misses:                                                   # each miss with its line
            tricks = [t.text for t in li.find_elements(By.CSS_SELECTOR, ".pr-line span")]
            assert tricks and all(len(t.split()) in (1, 2, 3, 4) for t in tricks), tricks
        assert b.execute_script("return document.scrollingElement.scrollWidth") <= 390
        b.execute_script("document.getElementById('pr-misses').scrollIntoView()")
        shot(b, "practice-theme-02-misses-fr")
        assert b.find_element(By.CSS_SELECTOR, "label[for=pr-theme]").text == "Thème"
        assert "mise en main" in [o.text for o in b.find_elements(By.CSS_SELECTOR, "#pr-theme option")]
