"""In a real browser: headless Chromium (Debian's ``chromium`` and ``chromium-driver``, driven
by Selenium) opens the page, starts a table against bots, plays a whole hand by clicking the
action buttons, and the screenshot and the page show the cards and the score."""

from __future__ import annotations

import io
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from conftest import Running

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None or DRIVER is None,
    reason="needs Debian's chromium and chromium-driver (apt-get install -y chromium "
    "chromium-driver; .ci/run installs them)",
)


@pytest.fixture
def browser() -> Iterator[Any]:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    assert CHROMIUM is not None
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1200,1000"):  # fmt: skip
        options.add_argument(arg)
    driver = webdriver.Chrome(options=options, service=Service(DRIVER))
    driver.implicitly_wait(0)
    yield driver
    driver.quit()


def _wait(predicate: Any, timeout: float = 30) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError("the page did not get there")


def _retry(read: Any) -> Any:
    """``read()``, again if the element went stale under it (the page redrew)."""
    from selenium.common.exceptions import StaleElementReferenceException

    for _ in range(50):
        try:
            return read()
        except StaleElementReferenceException:
            time.sleep(0.05)
    raise AssertionError("the element kept going stale")


def _page_state(d: Any) -> str:
    """What the page shows (its status, hand line and buttons, the browser's console
    errors), for a failure that must say where the page stopped."""
    shown = d.execute_script(
        "const t = (id) => (document.getElementById(id) || {}).textContent;"
        "return {status: t('status'), info: t('info'), game_hidden: document.getElementById"
        "('game').hidden, buttons: [...document.querySelectorAll('#actions button')]"
        ".map(b => b.textContent)}"
    )
    try:
        console = [e.get("message") for e in d.get_log("browser")]
    except Exception as e:  # a driver without the log: say so, the rest still helps
        console = [f"(no console log: {e})"]
    return f"page {shown}, console {console}"


def _not_blank(png: bytes) -> bool:
    """A screenshot with some drawing in it (more than a few colours)."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    colors = image.getcolors(maxcolors=1 << 20)
    return colors is None or len(colors) > 20


def test_a_whole_hand_in_headless_chromium(
    slow_bots_server: Running, browser: Any, tmp_path: Path
) -> None:
    from selenium.webdriver.common.by import By

    d = browser
    d.get(slow_bots_server.url)
    _wait(lambda: d.find_elements(By.CSS_SELECTOR, "#variant option"))
    d.find_element(By.CSS_SELECTOR, "#variant option[value='argentine']").click()
    d.find_element(By.ID, "play").click()
    # (the page redraws on every frame, a bot's action included: read it in one go)
    cards = _wait(
        lambda: d.execute_script(
            "return [...document.querySelectorAll('#hand .card')].map(c => c.dataset.card)"
        )
    )
    assert len(cards) == 3 and all(cards)
    score = d.execute_script(
        "const s = document.getElementById('score'); return [s.dataset.score, s.textContent]"
    )
    assert score[0] == "0-0" and "us 0" in score[1]
    (tmp_path / "start.png").write_bytes(d.get_screenshot_as_png())
    assert _not_blank(_retry(lambda: d.find_element(By.ID, "hand").screenshot_as_png))
    assert _not_blank(_retry(lambda: d.find_element(By.ID, "score").screenshot_as_png))
    # play the hand out (or the match, where a bet in the first hand ends it): a card when
    # one may be played, else an answer, else the first button (the page redraws on every
    # frame: a button gone stale is looked up again)
    from selenium.common.exceptions import (
        ElementClickInterceptedException,
        StaleElementReferenceException,
    )

    clicks = 0
    missed: dict[str, int] = {}  # clicks lost to a redraw, by exception: for the failure
    deadline = time.monotonic() + 180  # a page that stops moving fails here, not hangs CI
    while True:
        if time.monotonic() >= deadline:
            (tmp_path / "stuck.png").write_bytes(d.get_screenshot_as_png())
            raise AssertionError(
                f"the hand did not end: {_page_state(d)}, {clicks} clicks, "
                f"missed {missed}, screenshot {tmp_path / 'stuck.png'}"
            )
        try:
            if "hand 1 " not in d.find_element(By.ID, "info").text + " ":
                break
            # a falta envido accepted (or a flor) may end the match in its first hand: the
            # page then stays at hand 1 with no button (this loop spun until the deadline)
            if d.find_element(By.ID, "status").text.startswith("Match over"):
                break
            buttons = d.find_elements(By.CSS_SELECTOR, "#actions button")
            texts = [b.text for b in buttons]
            if not buttons:
                time.sleep(0.05)
                continue
            pick = next(
                (i for i, t in enumerate(texts) if t.startswith("play") and "down" not in t),
                next((i for i, t in enumerate(texts) if t in ("quiero", "son-buenas")), 0),
            )
            buttons[pick].click()
            clicks += 1
            assert clicks < 80
            time.sleep(0.1)
        except (StaleElementReferenceException, ElementClickInterceptedException) as e:
            missed[type(e).__name__] = missed.get(type(e).__name__, 0) + 1
            continue
    done = d.execute_script("return document.getElementById('score').dataset.score")
    assert done != "0-0", "a hand scores points"
    log = d.execute_script(
        "return [...document.querySelectorAll('#last-log li')].map(li => li.textContent)"
    )
    assert any("+" in li for li in log), log
    over = d.find_element(By.ID, "status").text.startswith("Match over")
    assert over or any("play" in li for li in log), log  # the match over: maybe no card
    (tmp_path / "after.png").write_bytes(d.get_screenshot_as_png())
    assert _not_blank(d.get_screenshot_as_png())


def test_a_reload_comes_back_to_the_seat(slow_bots_server: Running, browser: Any) -> None:
    """README: "Reload the page, or lose the connection: the page comes back to your seat".
    A reload showed the lobby (the page resumed only while the game was on screen, and a
    fresh page starts in the lobby). A kept seat whose table is gone leaves the lobby shown
    and the seat forgotten."""
    from selenium.webdriver.common.by import By

    d = browser
    d.get(slow_bots_server.url)
    _wait(lambda: d.find_elements(By.CSS_SELECTOR, "#variant option"))
    d.find_element(By.ID, "play").click()
    hand = "return [...document.querySelectorAll('#hand .card')].map(c => c.dataset.card)"
    _wait(lambda: d.execute_script(hand))
    kept = d.execute_script("return localStorage.getItem('truco-seat')")
    assert kept
    d.refresh()
    _wait(lambda: d.find_element(By.ID, "game").is_displayed() and d.execute_script(hand))
    assert not d.find_element(By.ID, "lobby").is_displayed()
    assert d.execute_script("return localStorage.getItem('truco-seat')") == kept
    d.execute_script(
        "localStorage.setItem('truco-seat', JSON.stringify("
        "{table: 'abcdef012345', token: 'a'.repeat(32), seat: 0}))"
    )
    d.refresh()
    _wait(lambda: d.find_element(By.ID, "lobby").is_displayed())
    _wait(lambda: d.execute_script("return localStorage.getItem('truco-seat') === null"))
    assert not d.find_element(By.ID, "game").is_displayed()
