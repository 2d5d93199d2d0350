#!/usr/bin/python3
"""The web pages in a real headless Chromium (Debian's chromium, chromedriver
and python3-selenium). Starts `gridgames serve`, then for each game: opens
its page, starts a game with the form, plays legal actions by clicking on the
board, checks that the board changed, types a refused action and checks the
rules' reason is shown. RAIInet is played from two browsers, one a seat: a
move in one reaches the other without reloading.

  browser_test.py PATH/TO/gridgames [--screenshots DIR]
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import (NoSuchElementException, StaleElementReferenceException,
                                        TimeoutException)
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select
from selenium.webdriver.support.ui import WebDriverWait

TIMEOUT = 20
# The browsers' profiles, removed when the test ends (pass or fail).
PROFILES = tempfile.TemporaryDirectory(prefix="gridgames-chromium-", ignore_cleanup_errors=True)


def browser():
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", "--window-size=1400,1100",
                 "--user-data-dir=" + tempfile.mkdtemp(dir=PROFILES.name)):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def wait(driver, condition, what):
    # A page draws itself again whenever its game changes: an element found
    # a moment ago may be gone by the time it is read, and is looked up again.
    try:
        return WebDriverWait(driver, TIMEOUT, ignored_exceptions=(
            NoSuchElementException, StaleElementReferenceException)).until(lambda d: condition(d))
    except TimeoutException:
        raise AssertionError("timed out waiting for " + what) from None


def version(driver):
    return int(driver.find_element(By.ID, "board").get_attribute("data-version") or 0)


def board_markup(driver):
    return driver.find_element(By.ID, "board").get_attribute("innerHTML")


def start_game(driver, base, game, seed=None):
    """Opens the game's form from the menu, starts it (with the seed typed in
    its field when one is given); returns the seat links."""
    driver.get(base)
    wait(driver, lambda d: d.find_elements(By.ID, "play-" + game), "the menu")
    if not SEEN.get("menu"):
        SEEN["menu"] = True
        shoot(driver, None, "the menu")
    else:
        accessible(driver, "the menu")
    driver.find_element(By.ID, "play-" + game).click()
    wait(driver, lambda d: d.find_elements(By.ID, "start"), "the form of " + game)
    shoot(driver, None, "the form of " + game)
    # Every field has a label of words, not a parameter's name.
    for field in driver.find_elements(By.CSS_SELECTOR, "form.new-game input, form.new-game select"):
        labels = driver.find_elements(By.CSS_SELECTOR, "label[for='%s']" % field.get_attribute("id"))
        assert labels and "_" not in labels[0].text, game + ": the field %s has no label of words" % field.get_attribute("name")
    accessible(driver, "the form of " + game)
    if seed is not None:
        driver.find_element(By.ID, "param-seed").send_keys(seed)
    driver.find_element(By.ID, "start").click()
    wait(driver, lambda d: d.find_elements(By.ID, "board") or d.find_elements(By.ID, "link0"),
         "the game or its links")
    if driver.find_elements(By.ID, "link0"):
        accessible(driver, "the links of " + game)
    links = [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, "ul.links a")]
    return links


def open_seat(driver, link):
    driver.get(link)
    wait(driver, lambda d: version(d) > 0 if d.find_elements(By.ID, "board") else False, "the board")


def my_turn(driver):
    return driver.find_element(By.ID, "status").text.startswith("Your turn")


def click_and_see_change(driver, element, what):
    before, markup = version(driver), board_markup(driver)
    element.click()
    wait(driver, lambda d: version(d) > before, what + " to change the board")
    assert board_markup(driver) != markup, what + ": the board looks the same"


def click_target(driver, what):
    for _ in range(5):
        targets = driver.find_elements(By.CSS_SELECTOR, "#board .cell.target")
        assert targets, what + ": no cell to click"
        try:
            click_and_see_change(driver, targets[0], what)
            return
        except StaleElementReferenceException:
            pass  # the board was drawn again between finding the cell and clicking it
    raise AssertionError(what + ": the board kept being drawn again")


def refused(driver, text):
    """Types an action the rules refuse: the reason shows, nothing changes."""
    before = version(driver)
    # The box shows when the page knows it is this seat's turn: after a move,
    # once the server's answer is drawn (on a busy machine, later than the move).
    wait(driver, lambda d: d.find_element(By.ID, "command").is_displayed(), "the action box")
    box = driver.find_element(By.ID, "command")
    box.clear()
    box.send_keys(text)
    driver.find_element(By.ID, "send").click()
    wait(driver, lambda d: d.find_element(By.ID, "message").text.strip(), "the refusal of " + text)
    message = driver.find_element(By.ID, "message").text
    assert version(driver) == before or "ETF" in driver.page_source, text + " changed the game"
    return message


def select_piece(driver, letter):
    cells = driver.find_elements(By.CSS_SELECTOR, '#board [data-piece="%s"]' % letter)
    assert cells, "no piece " + letter
    cells[0].click()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#board .cell.target"), "targets of " + letter)


def seat_view(driver, base):
    """The view the page's seat gets from the API (its id and token from the address)."""
    path = urllib.parse.urlparse(driver.current_url)
    token = urllib.parse.parse_qs(path.query)["token"][0]
    return api(base, "/api/games/%s?token=%s" % (path.path.split("/")[-1], token))


def select_mover(driver, base):
    """Chooses, by clicking it, a piece of the seat that can move; checks that
    exactly its moves are marked on the board. Returns its letter."""
    legal = seat_view(driver, base)["legal"]
    movers = sorted({a.split()[1] for a in legal if a.startswith("move ")})
    assert movers, "no move among the legal actions"
    letter = movers[0]
    select_piece(driver, letter)
    targets = driver.find_elements(By.CSS_SELECTOR, "#board .cell.target")
    moves = [a for a in legal if a.startswith("move %s " % letter)]
    assert len(targets) == len(moves), "%d squares marked for %d moves of %s" % (len(targets), len(moves), letter)
    return letter


SIZES = {"": (1280, 900), "-phone": (390, 844)}
SEEN = {}  # the pages checked once already
BASE = []  # the server's address


AXE = os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"),
                   "gridgames/npm/node_modules/axe-core/axe.min.js")


def accessible(driver, name):
    """axe-core (installed by scripts/setup) on the page as it is: no serious
    or critical violation."""
    with open(AXE) as source:
        driver.execute_script(source.read())
    found = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then((r) => done(r.violations.map("
        "(v) => ({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 2).map((n) => n.html)}))));")
    bad = [v for v in found if v["impact"] in ("serious", "critical")]
    assert not bad, "%s: axe-core finds %s" % (name, json.dumps(bad, indent=1)[:3000])


# The smallest thing a finger taps and the smallest text on the page, each
# {size, what} (or null), of what is shown.
PHONE_SIZES = """
const least = (items, size, what) => items.filter((e) => e.getClientRects().length).reduce((best, e) => {
  const s = size(e);
  return s > 0 && (!best || s < best.size) ? {size: s, what: what(e)} : best;
}, null);
const texts = [];
const walker = document.createTreeWalker(document.getElementById('app'), NodeFilter.SHOW_TEXT);
for (let t = walker.nextNode(); t; t = walker.nextNode()) if (t.textContent.trim()) texts.push(t.parentElement);
return [
  least([...document.querySelectorAll('#board [role=button], #app button, #app select, #app label:has(input[type=checkbox]),'
          + ' #app input, #app a, #app summary, header a')],
        (e) => Math.min(e.getBoundingClientRect().width, e.getBoundingClientRect().height),
        (e) => e.getAttribute('aria-label') || e.textContent || e.tagName),
  least(texts,
        (e) => e instanceof SVGElement
          ? parseFloat(e.getAttribute('font-size') || getComputedStyle(e).fontSize) * e.ownerSVGElement.getScreenCTM().a
          : parseFloat(getComputedStyle(e).fontSize),
        (e) => e.textContent.trim().slice(0, 30)),
];
"""


def shoot(driver, shots, name):
    """The page checked by axe at a desktop's size and a phone's; with
    --screenshots, both sizes as people see them first."""
    for suffix, (width, height) in SIZES.items():
        driver.set_window_size(width, height)
        # The page's answer to the new size (its resize listeners) first.
        driver.execute_async_script(
            "const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(done));")
        accessible(driver, name + suffix)
        if shots:
            driver.execute_script("window.scrollTo(0, 0)")
            driver.save_screenshot(os.path.join(shots, name + suffix + ".png"))
        # On the first screen: whose turn it is (no console above it).
        status = driver.find_elements(By.ID, "status")
        if status:
            bottom = driver.execute_script("return arguments[0].getBoundingClientRect().bottom", status[0])
            assert bottom <= height, "%s%s: whose turn it is shows at %d px, below the screen" % (name, suffix, bottom)
        # On a phone, what a finger taps (a square of the board, a button) is
        # 32 CSS px at least, and every text shown 11 px at least (on the
        # board: its font size as the board is scaled).
        if suffix == "-phone":
            tap, text = driver.execute_script(PHONE_SIZES)
            assert not tap or tap["size"] >= 31.5, "%s%s: %r is %.1f px, too small to tap" % (
                name, suffix, tap["what"], tap["size"])
            assert not text or text["size"] >= 10.95, "%s%s: the text %r is %.1f px, too small to read" % (
                name, suffix, text["what"], text["size"])
        # No value missing from any panel ("undefined", "NaN"), and players
        # named as people name them (never "player1").
        text = driver.find_element(By.TAG_NAME, "body").text
        for missing in ("undefined", "NaN"):
            assert missing not in text, "%s%s: %r on the page" % (name, suffix, missing)
        machine = re.search(r"\bplayer\d", text)
        assert not machine, "%s%s: %r on the page" % (name, suffix, text[max(0, machine.start() - 40):machine.end() + 40])
        # The header on one line; what waits for an answer (a draw offered,
        # a rematch, a seek) in the first screen.
        lines = driver.execute_script(
            "const h = document.querySelector('header');"
            "return h.getBoundingClientRect().height / parseFloat(getComputedStyle(h).lineHeight || 20);")
        top = driver.execute_script("return [...document.querySelectorAll('header > *')].map((e) => Math.round(e.getBoundingClientRect().top))")
        assert max(top) - min(top) < 12, "%s%s: the header wraps (%r, %.1f lines)" % (name, suffix, top, lines)
        notice = driver.find_elements(By.ID, "notice")
        if notice and notice[0].is_displayed():
            bottom = driver.execute_script("return arguments[0].getBoundingClientRect().bottom", notice[0])
            assert bottom <= height, "%s%s: the question %r shows at %d px, below the screen" % (
                name, suffix, notice[0].text, bottom)
        # A board fits its box: nothing scrolls inside it.
        inside = driver.execute_script(
            "const b = document.getElementById('board'); return b ? b.scrollWidth - b.clientWidth : 0")
        assert inside <= 1, "%s%s: the board scrolls inside its box by %d px" % (name, suffix, inside)
        # Nothing wider than the window: no scrolling sideways.
        # (the width inside the scroll bar: a page as wide as the window with
        # a vertical scroll bar scrolls sideways by the bar's width)
        overflow = driver.execute_script(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, "%s%s: the page is %d px wider than the window" % (name, suffix, overflow)
    driver.set_window_size(1400, 1100)


def test_one_player(driver, base, game, illegal, shots):
    # The course oracle's own start: a drawn galaxy may leave no move to click.
    start_game(driver, base, game, seed="0")
    wait(driver, lambda d: version(d) > 0, "the board of " + game)
    console = driver.find_element(By.ID, "console").text
    assert "->" in console, game + ": the ETF program's output is not shown"
    # The board takes the moves; the other actions are buttons with names in
    # words, never the game's syntax.
    buttons = [b.text for b in driver.find_elements(By.CSS_SELECTOR, "#actions button")]
    assert "Pass the turn" in buttons and not any("(" in b or b.islower() for b in buttons), \
        game + ": the buttons " + str(buttons)
    if game.startswith("simodyssey"):  # what cannot be done now says why
        wait(driver, lambda d: any(p.text.startswith("Liftoff is not possible now: you are not on a planet")
                                   for p in d.find_elements(By.CSS_SELECTOR, "#actions .not-now")),
             game + ": why there is no Lift off")
    click_target(driver, game + ": a move by clicking")
    if game == "space-defender-2":
        phone_zoom(driver, game)
    keyboard_move(driver, game)
    reason = refused(driver, illegal)
    assert reason, game + ": no reason for " + illegal
    # The ETF program ran the refused command too; its output arrives with
    # the next change the page waits for.
    wait(driver, lambda d: "->" + illegal.replace(" ", "") in
         d.find_element(By.ID, "console").get_attribute("textContent"), "the ETF program's error")
    shoot(driver, shots, game)
    print("ok %s: a move by clicking, one with the keyboard, named buttons; %r refused: %s"
          % (game, illegal, reason.splitlines()[0]))


def phone_zoom(driver, what):
    """On a phone a board too large for it shows whole (every column, its
    squares not yet for tapping); "Zoom in to play" shows the part in play
    with squares of a finger's size, where a move is played by tapping;
    "Show the whole board" goes back."""
    driver.set_window_size(*SIZES["-phone"])
    wait(driver, lambda d: d.find_element(By.ID, "zoom").text == "Zoom in to play", what + ": the whole board")
    squares = seat_view(driver, BASE[0])["view"]["board"]["squares"]
    drawn = driver.execute_script(
        "const svg = document.querySelector('#board svg'); const [x, y, w] = svg.getAttribute('viewBox').split(' ');"
        "return [+x, +y, +w, svg.querySelectorAll('.cell').length, svg.getBoundingClientRect().width,"
        " document.getElementById('board').clientWidth];")
    assert drawn[:2] == [0, 0] and drawn[3] == len(squares) * len(squares[0]) and drawn[4] <= drawn[5], \
        what + ": not the whole board in the screen's width: %r" % drawn
    driver.find_element(By.ID, "zoom").click()
    wait(driver, lambda d: d.find_element(By.ID, "zoom").text == "Show the whole board", what + ": the zoom")
    sizes = driver.execute_script("return [...document.querySelectorAll('#board .cell[role=button]')]"
                                  ".map((c) => c.getBoundingClientRect().width)")
    assert sizes and min(sizes) >= 31.5, what + ": zoomed squares of %.1f px" % min(sizes)
    click_target(driver, what + ": a move tapped on the zoomed board")
    driver.find_element(By.ID, "zoom").click()
    wait(driver, lambda d: d.find_element(By.ID, "zoom").text == "Zoom in to play", what + ": the whole board again")
    driver.set_window_size(1400, 1100)


def keyboard_move(driver, what):
    """A move with the keyboard alone: from the board's focusable square, the
    arrow keys to a neighbouring square where a move goes, then Enter."""
    before = version(driver)
    start = driver.find_element(By.CSS_SELECTOR, "#board .cell[tabindex='0']")
    start.send_keys(Keys.SHIFT)  # the focus, as Tab would give it
    back = {Keys.ARROW_RIGHT: Keys.ARROW_LEFT, Keys.ARROW_LEFT: Keys.ARROW_RIGHT,
            Keys.ARROW_DOWN: Keys.ARROW_UP, Keys.ARROW_UP: Keys.ARROW_DOWN}
    for way in [None] + list(back):
        if way:
            driver.switch_to.active_element.send_keys(way)
        square = driver.switch_to.active_element
        assert square.get_attribute("aria-label"), what + ": a square without an accessible name"
        if "target" in (square.get_attribute("class") or ""):
            square.send_keys(Keys.ENTER)
            wait(driver, lambda d: version(d) > before, what + ": a move with the keyboard")
            return
        if way:
            square.send_keys(back[way])
    raise AssertionError(what + ": no square to play next to the focused one")


def test_amazons(driver, base, shots):
    links = start_game(driver, base, "amazons")
    assert len(links) == 2, "amazons: two seat links"
    shoot(driver, shots, "links")
    open_seat(driver, links[0])  # player 1 places first, as at the terminal
    assert my_turn(driver)
    click_target(driver, "amazons: a placement by clicking")
    open_seat(driver, links[1])
    keyboard_move(driver, "amazons: the other player's placement")
    open_seat(driver, links[0])
    reason = refused(driver, "place 99,99")
    shoot(driver, shots, "amazons")
    print("ok amazons: placements by clicking and with the keyboard; refused: " + reason)


def clock_text(driver, player):
    """Reads a clock in one step: the page redraws its clocks every second,
    and an element found before a redraw is gone by the time it is read."""
    return driver.execute_script(
        "const e = document.getElementById(arguments[0]); return e ? e.innerText.trim() : null;",
        "clock%d" % player)


def click_step(driver, what):
    """Clicks the first square marked to go on; waits for the board to change."""
    for _ in range(5):
        markup = board_markup(driver)
        try:
            driver.find_elements(By.CSS_SELECTOR, "#board .cell.target")[0].click()
            wait(driver, lambda d: board_markup(d) != markup, what)
            return
        except (StaleElementReferenceException, IndexError):
            time.sleep(0.1)  # drawn again between finding the cell and clicking it
    raise AssertionError(what + ": the board kept being drawn again")


def amazons_turn(driver, base, what):
    """A whole classic turn by clicking: an amazon, where it goes (held by
    the page: the server's game unchanged), where its arrow falls (the move
    and the shot sent together)."""
    before = version(driver)
    click_step(driver, what + ": an amazon")
    click_step(driver, what + ": its move")
    wait(driver, lambda d: d.find_element(By.ID, "phase-hint").text.startswith("Now shoot"), what + ": the prompt to shoot")
    assert seat_view(driver, base)["view"]["phase"] == "move" and version(driver) == before, \
        what + ": the move was sent before its shot"
    click_step(driver, what + ": its shot")
    wait(driver, lambda d: version(d) == before + 2, what + ": the move and its shot, sent together")


def test_one_game_three_pages(driver, base, shots):
    """A classic game of Amazons as its players and a watcher see it, each
    in a browser of its own: a seek with a clock joined from the lobby, the
    spectator by the watch link; the clocks start with each side's first
    move; a move held by the page until its shot (taken back there, never
    sent); a draw offered and declined; a resignation ending it in words
    for each page, with no controls left."""
    seeker, spectator = browser(), browser()
    try:
        seeker.get(base + "play/amazons")
        wait(seeker, lambda d: d.find_elements(By.ID, "seek"), "the seek button")
        Select(seeker.find_element(By.ID, "param-rules")).select_by_value("standard")
        Select(seeker.find_element(By.ID, "clock")).select_by_value("1+0")
        shoot(seeker, shots, "form")
        seeker.find_element(By.ID, "seek").click()
        wait(seeker, lambda d: status_text(d).startswith("Waiting for an opponent"), "the seeker waiting")
        game_id = urllib.parse.urlparse(seeker.current_url).path.split("/")[-1]
        # A seek waiting offers what can be done: cancel it, nothing of play.
        assert seeker.find_element(By.ID, "cancel-seek").is_displayed(), "no way to cancel the seek"
        assert not seeker.find_elements(By.CSS_SELECTOR, "#resign, #draw, #actions button, .clock.running"), \
            "a seek waiting offers play"
        shoot(seeker, shots, "seek-waiting")
        spectator.get(seeker.find_element(By.ID, "watch").get_attribute("value"))
        driver.get(base)
        wait(driver, lambda d: d.find_elements(By.ID, "join-" + game_id), "the seek in the lobby")
        driver.find_element(By.ID, "join-" + game_id).click()
        pages = {"player 1": seeker, "player 2": driver, "the spectator": spectator}
        for name, page in pages.items():
            wait(page, lambda d: version(d) > 0 and "Waiting" not in status_text(d), name + ": the game begun")
        wait(spectator, lambda d: status_text(d) == "You are watching: Player 1 is to move.", "the spectator's status")
        assert not spectator.find_element(By.ID, "command").is_displayed(), "a spectator gets a typing box"
        assert not spectator.find_elements(By.CSS_SELECTOR, "#actions button, #resign, #draw"), "a spectator gets controls"
        assert not spectator.find_element(By.ID, "sound").is_displayed(), "a spectator is offered the turn's sound"
        # One colour a seat: player 1's amazons yellow, player 2's green.
        for colour in ("#f9a825", "#2e7d32"):
            assert len(spectator.find_elements(By.CSS_SELECTOR, '#board circle[fill="%s"]' % colour)) == 4, colour
        # Each player sees their own side at the bottom; the spectator as
        # player 1 does, and turns the board at will.
        def rank_one_low(page):
            return page.execute_script(
                "const y = (k) => document.querySelector('#board [data-cell=\"' + k + '\"]').getBoundingClientRect().top;"
                "return y('a1') > y('a10');")
        assert rank_one_low(seeker) and not rank_one_low(driver) and rank_one_low(spectator), "the boards' ways up"
        click(spectator, "flip", "turning the board")
        wait(spectator, lambda d: not rank_one_low(d), "the spectator's board turned")
        click(spectator, "flip", "turning the board back")
        wait(spectator, rank_one_low, "the spectator's board turned back")
        # Nobody's clock runs before that side's first move.
        time.sleep(1.5)
        for page in pages.values():
            assert [clock_text(page, 0), clock_text(page, 1)] == ["Player 1 1:00", "Player 2 1:00"], \
                "a clock ran before its side's first move"
        # Player 1's move, taken back on the page (never sent), then played
        # again with its shot.
        wait(seeker, my_turn, "player 1's turn")
        click_step(seeker, "player 1: an amazon")
        board = board_markup(seeker)
        click_step(seeker, "player 1: its move")
        wait(seeker, lambda d: d.find_element(By.ID, "undo").is_displayed(), "the way to take the move back")
        shoot(seeker, shots, "amazons-shoot")
        click(seeker, "undo", "taking the move back")
        wait(seeker, lambda d: not d.find_element(By.ID, "phase-hint").text.startswith("Now shoot"), "the move taken back")
        assert seat_view(seeker, base)["version"] == version(spectator), "the taken-back move reached the server"
        wait(seeker, lambda d: board_markup(d) != board and not d.find_elements(By.CSS_SELECTOR, "#board .selected"),
             "the board as before the amazon was chosen")
        amazons_turn(seeker, base, "player 1")
        wait(spectator, lambda d: version(d) == version(seeker), "player 1's turn reaching the spectator")
        # The last turn on every page: where the amazon came from, where it
        # went and where its arrow fell, each named so; the log in notation.
        for name, page in pages.items():
            wait(page, lambda d: sorted(c.get_attribute("data-last") for c in d.find_elements(
                By.CSS_SELECTOR, "#board [data-last]")) == ["arrow", "from", "to"], name + ": the last turn marked")
            for cell in page.find_elements(By.CSS_SELECTOR, "#board [data-last]"):
                words = {"from": "from", "to": "to", "arrow": "arrow at"}[cell.get_attribute("data-last")]
                assert "last move: %s %s" % (words, cell.get_attribute("data-cell")) in cell.get_attribute("aria-label"), \
                    name + ": " + cell.get_attribute("aria-label")
            first = page.find_element(By.CSS_SELECTOR, "#log li").text
            assert re.match(r"Player 1: [a-j]\d+-[a-j]\d+/[a-j]\d+: Move the amazon on ", first), name + ": " + first
        # The pages follow the game through its stream of events, not polls.
        for name, page in pages.items():
            follows = page.find_element(By.TAG_NAME, "body").get_attribute("data-follows")
            assert follows == "events", "%s follows the game by %s" % (name, follows)
        wait(driver, my_turn, "player 2's turn")
        time.sleep(1.2)
        assert clock_text(driver, 1) == "Player 2 1:00", "player 2's clock ran before its first move"
        amazons_turn(driver, base, "player 2")
        # Both sides have moved: player 1's clock runs now, on every page.
        for name, page in pages.items():
            wait(page, lambda d: clock_text(d, 0) < "Player 1 1:00", name + ": player 1's clock running")
        assert clock_text(driver, 1) == "Player 2 1:00", "player 2's clock ran on the other side's turn"
        # A draw offered by player 1, a message on player 2's page, declined.
        click(seeker, "draw", "the draw button")
        wait(driver, lambda d: d.find_element(By.ID, "draw-offer").text.startswith("Player 1 offers a draw."),
             "the offer as a message")
        shoot(driver, shots, "amazons-draw-offer")  # the offer under the status, in the first screen
        click(driver, "decline", "declining the draw")
        wait(seeker, lambda d: d.find_element(By.ID, "draw").text == "Offer a draw", "the offer declined")
        # Player 1 resigns; each page says how it ended, for its reader.
        click(seeker, "resign", "the resign button")
        click(seeker, "resign-confirm", "the resign confirmation")
        endings = {"player 1": "You lost: you resigned.", "player 2": "You won: Player 1 resigned.",
                   "the spectator": "Player 2 won: Player 1 resigned."}
        for name, page in pages.items():
            wait(page, lambda d: status_text(d) == endings[name], name + ": " + endings[name])
            assert not page.find_element(By.ID, "command").is_displayed(), name + ": a typing box after the end"
            assert not page.find_elements(By.CSS_SELECTOR, "#actions button"), name + ": actions after the end"
            assert not page.find_elements(By.ID, "resign"), name + ": resign after the end"
            assert not page.find_elements(By.ID, "rematch") or name != "the spectator", "a spectator asks a rematch"
            assert not page.find_elements(By.ID, "phase-hint"), name + ": a hint of play after the end"
            assert not page.find_element(By.ID, "sound").is_displayed(), name + ": the turn's sound after the end"
        shoot(spectator, shots, "amazons-spectator")
        shoot(driver, shots, "amazons-ended")
        # A rematch asked by one player: the other is offered it under the status.
        click(driver, "rematch", "the rematch button")
        wait(seeker, lambda d: d.find_elements(By.ID, "rematch-link"), "the rematch offered to player 1")
        shoot(seeker, shots, "amazons-rematch")
    finally:
        seeker.quit()
        spectator.quit()
    print("ok amazons: a seek with a clock joined from the lobby and watched; clocks from each side's first "
          "move; a move held until its shot and taken back unsent; a draw declined; a resignation in words")


def test_sword_and_shield(driver, base, shots):
    links = start_game(driver, base, "sword-and-shield")
    open_seat(driver, links[1])  # yellow, player 2... or whoever is to move
    if not my_turn(driver):
        open_seat(driver, links[0])
    # Yellow's face (player 1's) yellow, Green's green; the seat's own side
    # at the bottom.
    assert driver.find_elements(By.CSS_SELECTOR, '#board circle[fill="#f9a825"]') and \
        driver.find_elements(By.CSS_SELECTOR, '#board circle[fill="#2e7d32"]'), "the faces' colours"
    own = seat_view(driver, base)["player"]
    low = driver.execute_script(
        "const y = (k) => document.querySelector('#board [data-cell=\"' + k + '\"]').getBoundingClientRect().top;"
        "return y('10,10') > y('1,1');")  # Yellow's face is by 10,10
    assert low == (own == 0), "sword-and-shield: the seat's side at the bottom"
    letter = first_create_letter(driver, base)
    driver.find_element(By.CSS_SELECTOR, '#board [data-cell="unused %s"]' % letter).click()
    wait(driver, lambda d: all(b.get_attribute("data-action").split()[1] == letter
                               for b in d.find_elements(By.CSS_SELECTOR, "#actions button[data-action]")),
         "the actions of the chosen piece")
    button = driver.find_element(By.CSS_SELECTOR, "#actions button[data-action^='create %s ']" % letter)
    click_and_see_change(driver, button, "sword-and-shield: a creation by clicking")
    select_piece(driver, letter)
    click_target(driver, "sword-and-shield: a move by clicking on the board")
    reason = refused(driver, "move %s up" % letter)  # each piece moves once a turn
    wait(driver, lambda d: d.find_element(By.ID, "undo").is_displayed(), "the undo button")
    click_and_see_change(driver, driver.find_element(By.ID, "undo"), "sword-and-shield: undo")
    shoot(driver, shots, "sword-and-shield")
    print("ok sword-and-shield: create, move and undo by clicking; refused: " + reason)


def first_create_letter(driver, base):
    # Pieces are chosen on the board: no creation is offered as a button before.
    assert not driver.find_elements(By.CSS_SELECTOR, "#actions button[data-action^='create ']")
    for action in seat_view(driver, base)["legal"]:
        if action.startswith("create "):
            return action.split()[1]
    raise AssertionError("no creation among the legal actions")


def test_raiinet(driver, base, shots):
    links = start_game(driver, base, "raiinet")
    other = browser()  # a second browser: the second seat
    try:
        open_seat(driver, links[0])
        open_seat(other, links[1])
        # Player 1 starts at the top, as the course draws the board: its page
        # shows it turned, its own links at the bottom; player 1's links
        # yellow and player 2's green, as in every game.
        def row_zero_low(page):
            return page.execute_script(
                "const y = (k) => document.querySelector('#board [data-cell=\"' + k + '\"]').getBoundingClientRect().top;"
                "return y('0 0') > y('7 0');")
        assert row_zero_low(driver) and not row_zero_low(other), "raiinet: each player's side at the bottom"
        for page in (driver, other):
            for colour in ("#f9a825", "#2e7d32"):
                assert len(page.find_elements(By.CSS_SELECTOR, '#board circle[fill="%s"]' % colour)) == 8, colour
        for turn in range(4):
            mover, watcher = (driver, other) if turn % 2 == 0 else (other, driver)
            wait(mover, my_turn, "player %d's turn" % (turn % 2 + 1))
            seen = version(watcher)
            select_mover(mover, base)
            click_target(mover, "raiinet: a move by clicking")
            wait(watcher, lambda d: version(d) > seen, "the move to reach the other browser")
        # Player 2's own links show their values; player 1 sees question marks.
        wait(driver, lambda d: "?" in d.find_element(By.ID, "board").text, "hidden links shown as ?")
        wait(driver, my_turn, "player 1's turn")
        # An ability by its card: Scan, then an unknown link of player 2.
        card = driver.find_element(By.CSS_SELECTOR, "#counters button[data-card='4']")
        assert "Scan" in card.text
        card.click()
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#board .cell.target"), "the targets of Scan")
        targets = driver.find_elements(By.CSS_SELECTOR, "#board .cell.target")
        scannable = [a for a in seat_view(driver, base)["legal"] if a.startswith("ability 4 ")]
        assert len(targets) == len(scannable), "%d squares marked for %d scans" % (len(targets), len(scannable))
        letter = next(t.get_attribute("data-piece") for t in targets if t.get_attribute("data-piece").isupper())
        click_and_see_change(driver, driver.find_element(By.CSS_SELECTOR, "#board [data-piece='%s']" % letter),
                             "raiinet: Scan by its card")
        wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#counters button[data-card='4']").get_attribute("disabled"), "the used card disabled")
        log = driver.find_element(By.ID, "log").text
        assert "ability" in log.splitlines()[-2] or "scan" in log.lower(), "raiinet: the log says " + log[-200:]
        reason = refused(driver, "move A up")  # player 2's link
        # The board's state marked: each revealed link (the scanned one among
        # them) and each boosted one, and the two edges links leave by.
        for page in (driver, other):
            squares = [sq for row in seat_view(page, base)["view"]["board"]["squares"] for sq in row]
            for mark, field in (("mark-revealed", "revealed"), ("mark-boosted", "boosted")):
                want = sum(1 for sq in squares if sq.get("link", {}).get(field))
                wait(page, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#board ." + mark)) == want,
                     "%d %s marks" % (want, field))
            assert len(page.find_elements(By.CSS_SELECTOR, "#board .mark-exit")) == 2, "the exits"
        assert driver.find_elements(By.CSS_SELECTOR, "#board .mark-revealed"), "the scanned link unmarked"
        shoot(driver, shots, "raiinet")
        shoot(other, shots, "raiinet-player2")
        print("ok raiinet: four moves by clicking across two browsers, Scan by its card; refused: " + reason)
    finally:
        other.quit()


def api(base, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path.lstrip("/"), data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)


def click(driver, element_id, what):
    for _ in range(5):
        wait(driver, lambda d: d.find_element(By.ID, element_id).is_enabled(), what)
        try:
            driver.find_element(By.ID, element_id).click()
            return
        except StaleElementReferenceException:
            pass  # drawn again between finding the button and clicking it
    raise AssertionError(what + ": the page kept being drawn again")


def status_text(driver):
    return driver.find_element(By.ID, "status").text


def test_flow(driver, base, shots):
    """A game's flow as on a game site: a spectator, a draw offered and
    accepted, a rematch reaching both pages, the record, the replay, a
    resignation asked twice, clocks, and pages for addresses with nothing."""
    links = start_game(driver, base, "raiinet")
    watch = driver.find_element(By.ID, "watch-link").get_attribute("value")
    other, spectator = browser(), browser()
    try:
        open_seat(driver, links[0])
        open_seat(other, links[1])
        open_seat(spectator, watch)
        wait(spectator, lambda d: status_text(d).startswith("You are watching"), "the spectator's status")
        assert not spectator.find_elements(By.CSS_SELECTOR, "#actions button"), "a spectator is offered actions"
        assert not spectator.find_element(By.ID, "command").is_displayed(), "a spectator gets a typing box"
        wait(spectator, lambda d: d.find_element(By.ID, "board").text.count("?") >= 8, "a spectator sees hidden links")
        wait(spectator, lambda d: "cannot be drawn" not in d.find_element(By.ID, "board").text, "a spectator's board drawn")
        # A move each, for the replay; then a draw: offered by player 1, seen
        # and accepted by player 2.
        for mover in (driver, other):
            wait(mover, my_turn, "the mover's turn")
            select_mover(mover, base)
            click_target(mover, "raiinet: a move before the draw")
        wait(driver, my_turn, "player 1's turn again")
        click(driver, "draw", "the draw button")
        wait(other, lambda d: d.find_element(By.ID, "draw").text == "Accept the draw", "the offer on the other page")
        wait(other, lambda d: d.find_element(By.ID, "draw-offer").text.startswith("Player 1 offers a draw."),
             "the offer as a message")
        assert other.find_element(By.ID, "decline").is_displayed(), "no way to decline the offer"
        click(other, "draw", "accepting the draw")
        for page in (driver, other, spectator):
            wait(page, lambda d: status_text(d) == "Draw: a draw agreed.", "the agreed draw on every page")
            assert not page.find_element(By.ID, "command").is_displayed(), "a typing box after the end"
            # Once over nothing is hidden: every link shows its value, to every page.
            wait(page, lambda d: "?" not in d.find_element(By.ID, "board").text, "every link shown once over")
        # The rematch: asked on one page, offered on both.
        click(driver, "rematch", "the rematch button")
        wait(other, lambda d: d.find_elements(By.ID, "rematch-link"), "the rematch on the other page")
        wait(driver, lambda d: d.find_element(By.ID, "record").get_attribute("href").endswith("/record"), "the record's link")
        click(driver, "replay", "the replay button")
        wait(driver, lambda d: d.find_elements(By.ID, "replay-step"), "the replay")
        wait(driver, lambda d: d.find_element(By.ID, "replay-step").text == "Turn 0 of 2: the start",
             "the replay at its start")
        # The turns' list, an address per turn, the arrow keys.
        assert [li.text.split(":")[0] for li in driver.find_elements(By.CSS_SELECTOR, "#replay-moves li")] == \
            ["Player 1", "Player 2"], "the replay's list of turns"
        driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
        wait(driver, lambda d: d.find_element(By.ID, "replay-step").text.startswith("Turn 1 of 2: Player 1: Move link "),
             "the arrow key's step")
        assert "replay=1" in driver.current_url, driver.current_url
        # The turn shown is marked on the board: where the link came from and went.
        wait(driver, lambda d: sorted(c.get_attribute("data-last") for c in d.find_elements(By.CSS_SELECTOR, "#board [data-last]"))
             == ["from", "to"], "the replay's turn marked")
        driver.find_elements(By.CSS_SELECTOR, "#replay-moves a")[1].click()
        wait(driver, lambda d: d.find_element(By.ID, "replay-step").text.startswith("Turn 2 of 2: "), "a turn's link")
        driver.find_element(By.TAG_NAME, "body").send_keys(Keys.HOME)
        wait(driver, lambda d: d.find_element(By.ID, "replay-step").text.startswith("Turn 0 of "), "Home: the start")
        assert not driver.find_elements(By.CSS_SELECTOR, "#board [data-last]"), "a move marked at the start"
        click(driver, "replay-end", "the end of the replay")
        try:
            wait(driver, lambda d: d.find_element(By.ID, "replay-step").text.startswith("Turn 2 of 2: Player 2: "),
                 "the replay's last step")
        except AssertionError:
            raise AssertionError("the replay's last step: " + driver.find_element(By.ID, "replay-step").text)
        shoot(driver, shots, "raiinet-replay")
        other.find_element(By.ID, "rematch-link").click()
        wait(other, lambda d: version(d) > 0 if d.find_elements(By.ID, "board") else False, "the rematch's board")
        assert "player 1" in status_text(other) or "Your turn" in status_text(other)
    finally:
        other.quit()
        spectator.quit()
    # A resignation, asked twice, in Sword and Shield.
    links = start_game(driver, base, "sword-and-shield")
    open_seat(driver, links[0])
    click(driver, "resign", "the resign button")
    click(driver, "resign-confirm", "the resign confirmation")
    wait(driver, lambda d: status_text(d) == "You lost: you resigned.", "the resignation in words")
    # A move list past 9 entries, numbered inside its box (a marker outside
    # a scrolling list is cut: "0." for 10).
    game = api(base, "api/games", {"game": "simodyssey", "params": {"seed": "0"}})
    for _ in range(11):
        api(base, "api/games/%s/actions" % game["id"], {"token": game["seats"][0]["token"], "action": "pass"})
    driver.get(base + "game/%s?token=%s" % (game["id"], game["seats"][0]["token"]))
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#log li")) >= 11, "the move list")
    # (Each read inside a wait: the page may redraw the list between two reads.)
    wait(driver, lambda d: d.find_element(By.ID, "log").get_attribute("start") == "1"
         and len(d.find_element(By.ID, "log").find_elements(By.TAG_NAME, "li")) == 11,
         "the move list's 11 numbered lines")
    wait(driver, lambda d: d.find_element(By.ID, "log").value_of_css_property("list-style-position")
         == "inside", "the list's numbers inside (not cut)")
    # Clocks, both shown, the mover's running.
    game = api(base, "api/games", {"game": "raiinet", "clock": {"minutes": 5, "increment_seconds": 3}})
    driver.get(base + "game/%s?token=%s" % (game["id"], game["seats"][0]["token"]))
    wait(driver, lambda d: d.find_elements(By.ID, "clock1"), "the clocks")
    wait(driver, lambda d: clock_text(d, 1) == "Player 2 5:00", "clock 1 at 5:00")
    wait(driver, lambda d: "running" in d.find_element(By.ID, "clock0").get_attribute("class"),
         "clock 0 running")
    shoot(driver, shots, "clocks")
    # Addresses with nothing behind them: a page that says so, and the way back.
    for address in ("nowhere/at/all", "game/0123456789ab?token=none"):
        driver.get(base + address)
        wait(driver, lambda d: d.find_elements(By.ID, "missing"), "the page for " + address)
        accessible(driver, "the page for " + address)
        if address.startswith("nowhere"):
            shoot(driver, shots, "missing")
        wait(driver, lambda d: d.find_element(By.ID, "back").get_attribute("href") == base, "the way back")
    print("ok flow: spectator, draw, rematch, record, replay, resign, clocks, missing pages")


def test_two_step_ability(driver, base):
    """An ability of two targets by clicking: Exchange, its card, then one
    link, then the other; the two swap squares."""
    game = api(base, "api/games", {"game": "raiinet", "params": {"ability1": "ELFDS"}})
    driver.get(base + "game/%s?token=%s" % (game["id"], game["seats"][0]["token"]))
    wait(driver, lambda d: version(d) > 0 if d.find_elements(By.ID, "board") else False, "the board")
    before = {c.get_attribute("data-piece"): c.get_attribute("data-cell")
              for c in driver.find_elements(By.CSS_SELECTOR, "#board [data-piece]")}
    driver.find_element(By.CSS_SELECTOR, "#counters button[data-card='1']").click()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#board .cell.target[data-piece='a']"), "a as a target")
    driver.find_element(By.CSS_SELECTOR, "#board [data-piece='a']").click()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#board .cell.target[data-piece='b']"), "b as the second")
    assert not driver.find_elements(By.CSS_SELECTOR, "#board .cell.target[data-piece='A']"), "a link of player 2 offered"
    click_and_see_change(driver, driver.find_element(By.CSS_SELECTOR, "#board [data-piece='b']"), "raiinet: Exchange")
    after = {c.get_attribute("data-piece"): c.get_attribute("data-cell")
             for c in driver.find_elements(By.CSS_SELECTOR, "#board [data-piece]")}
    assert (after["a"], after["b"]) == (before["b"], before["a"]), "a and b did not swap"
    print("ok raiinet: Exchange by its card and two links")


def test_forms(driver, base):
    """The forms: lists where a parameter takes one of a few values, the seed
    left to the server, a time control in games of two."""
    driver.get(base + "play/amazons")
    wait(driver, lambda d: d.find_elements(By.ID, "param-rules"), "the form of amazons")
    rules = Select(driver.find_element(By.ID, "param-rules"))
    assert [o.get_attribute("value") for o in rules.options] == ["extended", "standard"]
    assert driver.find_elements(By.CSS_SELECTOR, "select#clock")
    driver.get(base + "play/space-defender-2")
    wait(driver, lambda d: d.find_elements(By.ID, "param-weapon"), "the form of space-defender-2")
    weapons = [o.text for o in Select(driver.find_element(By.ID, "param-weapon")).options]
    assert weapons == ["Standard", "Spread", "Snipe", "Rocket", "Splitter"], weapons
    assert not driver.find_elements(By.CSS_SELECTOR, "select#clock"), "a clock in a game of one"
    driver.get(base + "play/raiinet")
    wait(driver, lambda d: d.find_elements(By.ID, "param-seed"), "the form of raiinet")
    seed = driver.find_element(By.ID, "param-seed")
    assert seed.get_attribute("value") == "" and "random" in seed.get_attribute("placeholder")
    print("ok forms: choices by name, the seed drawn by the server, clocks for games of two")


def play_typed(driver, base, prefer=("pass",)):
    """Plays one of the seat's legal actions by typing it (a pass if there is one)."""
    legal = seat_view(driver, base)["legal"]
    action = next((a for a in legal if a in prefer), legal[0])
    before = version(driver)
    # The box shows when the page knows it is this seat's turn: after a move,
    # once the server's answer is drawn (on a busy machine, later than the move).
    wait(driver, lambda d: d.find_element(By.ID, "command").is_displayed(), "the action box")
    box = driver.find_element(By.ID, "command")
    box.clear()
    box.send_keys(action)
    driver.find_element(By.ID, "send").click()
    wait(driver, lambda d: version(d) > before, "the typed action " + action)


def test_bots(driver, base, catalogue):
    """A game against each bot of each game of two: the person plays, the
    bot answers on the page by itself."""
    played = []
    for game in catalogue:
        if game["players"] != 2:
            continue
        for bot in game["bots"]:
            driver.get(base + "play/" + game["name"])
            wait(driver, lambda d: d.find_elements(By.ID, "seat1"), "the seats of " + game["name"])
            Select(driver.find_element(By.ID, "seat1")).select_by_value(bot)
            driver.find_element(By.ID, "start").click()
            wait(driver, lambda d: version(d) > 0 if d.find_elements(By.ID, "board") else False,
                 "the board against " + bot)
            bot_said = seat_view(driver, base)["names"][1] + ":"  # the bot's seat, named as the log names it
            while not any(line.startswith(bot_said) for line in driver.find_element(By.ID, "log").text.splitlines()):
                wait(driver, lambda d: my_turn(d) or bot_said in d.find_element(By.ID, "log").text,
                     "the bot %s of %s to answer" % (bot, game["name"]))
                if my_turn(driver):
                    play_typed(driver, base)
            played.append(game["name"] + "/" + bot)
    print("ok bots: a game against each, answered on the page: " + ", ".join(played))


def test_restart(driver, base, restart):
    """The server killed (SIGKILL) and started again on its database while a
    page is open: the page says it cannot reach the server, then goes on by
    itself with the game where it was."""
    links = start_game(driver, base, "raiinet")
    open_seat(driver, links[0])
    select_mover(driver, base)
    click_target(driver, "raiinet: a move before the restart")
    board = board_markup(driver)
    unreachable = "The server cannot be reached; trying again."
    restart(lambda: wait(driver, lambda d: d.find_element(By.ID, "message").text == unreachable,
                         "the page to say the server cannot be reached"))
    # Back within 2 s of the server's return (it tries each second).
    back = time.monotonic()
    wait(driver, lambda d: d.find_element(By.ID, "message").text != unreachable, "the page to reconnect")
    assert time.monotonic() - back <= 2.5, "the page took %.1f s to reconnect" % (time.monotonic() - back)
    other = browser()
    try:
        open_seat(other, links[1])
        assert board_markup(other) != "", "the game is gone after the restart"
        select_mover(other, base)
        click_target(other, "raiinet: a move after the restart")
        seen = version(other)
        wait(driver, lambda d: version(d) == seen, "the first page to go on by itself")
        assert my_turn(driver)
        wait(driver, lambda d: not d.find_element(By.ID, "message").text, "the message that the server cannot be reached to go")
        assert board_markup(driver) != board
    finally:
        other.quit()
    print("ok restart: the open page reconnected by itself and the game went on")


def my_game(driver, game_id, css=" a"):
    """The game under Your games (all of them shown first), or nothing yet."""
    more = driver.find_elements(By.ID, "my-games-all")
    if more:
        more[0].click()
    return driver.find_elements(By.CSS_SELECTOR, "#my-games li:has(a[href*='%s'])%s" % (game_id, css))


def test_lobby(driver, base, shots):
    """The lobby as two players use it: one waits for an opponent, the other
    joins from the front page by one click; each finds the game again under
    "Your games" (the server keeps the list for the browser's cookie);
    finished, it is archived; a quick game against the computer."""
    seeker = browser()
    try:
        seeker.get(base + "play/sword-and-shield")
        wait(seeker, lambda d: d.find_elements(By.ID, "seek"), "the seek button")
        seeker.find_element(By.ID, "seek").click()
        wait(seeker, lambda d: status_text(d).startswith("Waiting for an opponent"), "the seeker waiting")
        game_id = urllib.parse.urlparse(seeker.current_url).path.split("/")[-1]
        driver.get(base)
        wait(driver, lambda d: d.find_elements(By.ID, "join-" + game_id), "the seek in the lobby")
        shoot(driver, shots, "lobby")
        driver.find_element(By.ID, "join-" + game_id).click()
        wait(driver, lambda d: version(d) > 0 if d.find_elements(By.ID, "board") else False, "the joined game")
        assert "/game/" + game_id + "?token=" in driver.current_url, driver.current_url
        wait(seeker, my_turn, "the seeker's turn once somebody joined (without reloading)")
        wait(seeker, lambda d: d.title.startswith("(your turn)"), "the tab's title telling the turn")
        # Both find it again from the front page, after a reload.
        for page in (seeker, driver):
            page.get(base)
            wait(page, lambda d: my_game(d, game_id), "the game under Your games")
        assert not driver.find_elements(By.ID, "join-" + game_id), "a taken seek still in the lobby"
        shoot(seeker, shots, "my-games")
        token = urllib.parse.parse_qs(urllib.parse.urlparse(
            my_game(driver, game_id)[0].get_attribute("href")).query)["token"][0]
        api(base, "api/games/%s/resign" % game_id, {"token": token})
        driver.get(base)
        wait(driver, lambda d: my_game(d, game_id, " button.archive"), "the finished game's Archive button")
        wait(driver, lambda d: "You lost: you resigned." in my_game(d, game_id, "")[0].text, "its end in words")
        my_game(driver, game_id, " button.archive")[0].click()
        wait(driver, lambda d: not my_game(d, game_id), "the archived game gone from the list")
        # Quick pairing: one click, a game against the computer.
        driver.find_element(By.ID, "quick-sword-and-shield").click()
        wait(driver, lambda d: version(d) > 0 if d.find_elements(By.ID, "board") else False, "the quick game")
        assert my_turn(driver), status_text(driver)
        # Amazons' is the classic game, against its strongest bot.
        driver.get(base)
        wait(driver, lambda d: d.find_elements(By.ID, "quick-amazons"), "the Amazons card")
        assert driver.find_element(By.ID, "quick-amazons").text == "Play the computer (classic)"
        driver.find_element(By.ID, "quick-amazons").click()
        wait(driver, lambda d: version(d) > 0 if d.find_elements(By.ID, "board") else False, "the quick Amazons game")
        quick = seat_view(driver, base)
        assert quick["view"]["rules"] == "standard" and quick["seats"][1]["kind"] == "ai", quick["seats"]
    finally:
        seeker.quit()
    print("ok lobby: a seek joined by one click, Your games after a reload, archived, a quick game")


def sign_up(page, base, username, password, new=True):
    """Signs a browser up (or in) on the account page, and waits for the header."""
    page.get(base + "account")
    wait(page, lambda d: d.find_elements(By.ID, "username"), "the sign-in form")
    page.find_element(By.ID, "username").send_keys(username)
    page.find_element(By.ID, "password").send_keys(password)
    page.find_element(By.ID, "sign-up" if new else "sign-in").click()
    wait(page, lambda d: d.find_element(By.ID, "account-link").text == username, "signed in as " + username)


def chat_lines(page):
    return [li.get_attribute("textContent") for li in page.find_elements(By.CSS_SELECTOR, "#chat-lines li")]


def test_accounts(driver, base, shots):
    """Two accounts in two browsers play a rated game from the lobby, chat
    both ways (markup shown as text), the loser resigns and both pages show
    the Glicko-2 ratings; the winner signs in on a third browser and finds
    the game there; the turn's notification comes while the page is in the
    background."""
    ada, bob, phone = browser(), browser(), browser()
    try:
        sign_up(ada, base, "ada_b", "correct horse")
        sign_up(bob, base, "bob_b", "battery staple")
        ada.get(base + "play/sword-and-shield")
        wait(ada, lambda d: d.find_elements(By.ID, "rated"), "the Rated box for an account")
        ada.find_element(By.ID, "rated").click()
        ada.find_element(By.ID, "seek").click()
        wait(ada, lambda d: status_text(d).startswith("Waiting for an opponent"), "the rated seek waiting")
        game_id = urllib.parse.urlparse(ada.current_url).path.split("/")[-1]
        bob.get(base)
        wait(bob, lambda d: d.find_elements(By.ID, "join-" + game_id), "the rated seek in the lobby")
        seek = bob.find_element(By.CSS_SELECTOR, "#lobby li:has(#join-%s)" % game_id).text
        assert "by ada_b (1500), rated" in seek, seek
        bob.find_element(By.ID, "join-" + game_id).click()
        for page in (ada, bob):
            wait(page, lambda d: d.find_element(By.ID, "players").text ==
                 "Yellow: ada_b (1500) · Green: bob_b (1500) · rated", "the seats' accounts and ratings")
        # The turn's notification, with the permission given, while the page is in the background.
        ada.execute_cdp_cmd("Browser.grantPermissions", {"origin": base.rstrip("/"), "permissions": ["notifications"]})
        ada.execute_script("""localStorage.setItem('gridgames-notify', 'on'); window.noticesShown = [];
            const Real = Notification; window.Notification = class extends Real {
              constructor(title, options) { super(title, options); window.noticesShown.push(title); } };""")
        assert ada.execute_script("return Notification.permission") == "granted"
        # Chat both ways, pushed to the other page; markup is only text.
        for speaker, listener, line in ((ada, bob, "good luck <i>bob</i>"), (bob, ada, "thanks, you too")):
            if not speaker.find_element(By.ID, "chat").get_attribute("open"):
                speaker.find_element(By.ID, "chat-title").click()
            speaker.find_element(By.ID, "chat-input").send_keys(line)
            speaker.find_element(By.ID, "chat-send").click()
            wait(listener, lambda d: any(t.endswith(": " + line) for t in chat_lines(d)), "the line heard: " + line)
        assert not bob.find_elements(By.CSS_SELECTOR, "#chat-lines i"), "chat markup drawn as markup"
        assert "ada_b (Yellow): good luck <i>bob</i>" in chat_lines(bob), chat_lines(bob)
        shoot(bob, shots, "chat")
        # Ada's turn comes while her page is in the background (as another
        # tab in front makes it: document.hidden, set here, since a headless
        # browser has no tab in front).
        ada.execute_script("Object.defineProperty(document, 'hidden', { get: () => true });")
        tokens = [urllib.parse.parse_qs(urllib.parse.urlparse(p.current_url).query)["token"][0] for p in (ada, bob)]
        for token in tokens:  # Ada's turn, then Bob's: each passes once it may
            while True:
                view = api(base, "api/games/%s?token=%s" % (game_id, token))
                if view["over"] or view["to_move"] != view["player"]:
                    break
                action = "pass" if "pass" in view["legal"] else view["legal"][0]
                api(base, "api/games/%s/actions" % game_id, {"token": token, "action": action})
            wait(ada, lambda d: d.title.startswith("(your turn)") == (token == tokens[1]), "Ada's page seeing the turn")
        wait(ada, lambda d: d.execute_script("return window.noticesShown.length") == 1, "the turn's notification")
        notice = ada.execute_script("return window.noticesShown[0]")
        assert notice == "Your turn: Sword and Shield", notice
        token = urllib.parse.parse_qs(urllib.parse.urlparse(bob.current_url).query)["token"][0]
        api(base, "api/games/%s/resign" % game_id, {"token": token})
        for page in (ada, bob):
            wait(page, lambda d: d.find_element(By.ID, "players").text ==
                 "Yellow: ada_b (1662) · Green: bob_b (1338) · rated", "the ratings after the game")
        ratings = api(base, "api/ratings/sword-and-shield")["players"]
        assert [(p["username"], p["rating"]) for p in ratings] == [("ada_b", 1662), ("bob_b", 1338)], ratings
        ada.get(base + "ratings/sword-and-shield")
        wait(ada, lambda d: d.find_elements(By.CSS_SELECTOR, "#ratings tbody tr"), "the ratings page")
        rows = [r.text for r in ada.find_elements(By.CSS_SELECTOR, "#ratings tbody tr")]
        assert rows[0].startswith("1 ada_b 1662"), rows
        # A bot account made on the account page, its token shown once with
        # the bridge's command; challenged from a game's form by Bob.
        ada.get(base + "account")
        wait(ada, lambda d: d.find_elements(By.ID, "bot-name"), "the bot form")
        ada.find_element(By.ID, "bot-name").send_keys("adabot")
        ada.find_element(By.ID, "make-bot-button").click()
        wait(ada, lambda d: d.find_elements(By.ID, "bot-command"), "the bot's command")
        command = ada.find_element(By.ID, "bot-command").get_attribute("value")
        shoot(ada, shots, "account")
        assert re.fullmatch(r"gridgames bot --server http://127\.0\.0\.1:\d+ --token [0-9a-f]{64} -- PROGRAM", command), command
        bob.get(base + "play/amazons")
        wait(bob, lambda d: d.find_elements(By.ID, "opponent"), "the challenge field")
        bob.find_element(By.ID, "opponent").send_keys("adabot")
        bob.find_element(By.ID, "challenge").click()
        wait(bob, lambda d: status_text(d).startswith("Waiting for an opponent"), "the challenge waiting for the bot")
        challenge_id = urllib.parse.urlparse(bob.current_url).path.split("/")[-1]
        assert all(s["id"] != challenge_id for s in api(base, "api/lobby")["seeks"]), "a challenge in the lobby"
        # The same account on another browser finds the game.
        sign_up(phone, base, "ada_b", "correct horse", new=False)
        phone.get(base)
        wait(phone, lambda d: my_game(d, game_id), "the game under Your games on the phone")
        listed = my_game(phone, game_id, "")[0].text
        assert "against bob_b (1338), rated" in listed, listed
        print("ok accounts: a rated game of two accounts, chat both ways, a notification of the turn, "
              "ratings %s, a bot made and challenged, the game on a second browser" % rows[:2])
    finally:
        for page in (ada, bob, phone):
            page.quit()


def play_by_clicking(driver, what, most_clicks=4):
    """Plays one move by clicking the squares its moves name, however many
    clicks it takes (a piece, then where it goes, then where its arrow
    falls): the first square marked each time, until the server has the
    move."""
    before = version(driver)
    for _ in range(most_clicks):
        click_step(driver, what + ": a click")
        deadline = time.time() + 2
        while time.time() < deadline and version(driver) == before:
            time.sleep(0.05)
        if version(driver) > before:
            return
    raise AssertionError("%s: %d clicks and no move sent" % (what, most_clicks))


def test_any_game(driver, base, game, shots):
    """A game without a test of its own (a new game, drawn as a plain grid
    from its view): it starts from its form, its board is drawn, and the
    player to move plays a move by clicking the squares its moves name, one
    click or several."""
    links = start_game(driver, base, game)
    for link in links:  # a game of several people: the seat to move
        open_seat(driver, link)
        if my_turn(driver):
            break
    wait(driver, lambda d: version(d) > 0 if d.find_elements(By.ID, "board") else False, "the board of " + game)
    assert driver.find_elements(By.CSS_SELECTOR, "#board svg"), game + ": no board drawn"
    accessible(driver, "the board of " + game)
    play_by_clicking(driver, game + ": a move by clicking on the board")
    shoot(driver, shots, game)
    print("ok %s: started, drawn and a move played by clicking (the test of any game)" % game)


# The legend's marks whose colour the page could not find (its grey),
# the guide's lines, and the side the badge names.
GUIDE = """
const guide = document.querySelector('#guide .guide');
if (!guide) return null;
const grey = [...guide.querySelectorAll('.legend .swatch')].filter(
  (s) => getComputedStyle(s).backgroundColor === 'rgb(96, 125, 139)').map((s) => s.parentElement.parentElement.textContent);
return {how: guide.querySelectorAll('h3 + ul:not(.legend) li').length, legend: guide.querySelectorAll('.legend li').length,
        grey, side: document.getElementById('side').textContent};
"""


def test_guides(driver, base, catalogue):
    """Every game's page draws the panel and guide its view and GET .../guide
    give (the page names no game): how to play, a legend whose colours the
    page knows, and the side of seat 1."""
    for name in (g["name"] for g in catalogue):
        game = api(base, "/api/games", {"game": name})
        guide = api(base, "/api/games/%s/guide" % game["id"])
        driver.get(base + "game/%s?token=%s" % (game["id"], game["seats"][0]["token"]))
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#board svg"), name + ": the board")
        driver.find_element(By.CSS_SELECTOR, "#guide summary").click()
        drawn = None
        deadline = time.time() + 5
        while time.time() < deadline and not drawn:
            drawn = driver.execute_script(GUIDE)
            time.sleep(0.05)
        if not guide:  # a game with no guide shows none
            assert drawn is None or (drawn["how"], drawn["legend"]) == (0, 0), name + ": a guide from nowhere"
            continue
        assert drawn, name + ": the guide was not drawn"
        assert (drawn["how"], drawn["legend"]) == (len(guide["how"]), len(guide["legend"])), \
            "%s: the page drew %s of the guide %s" % (name, drawn, guide)
        assert not drawn["grey"], "%s: legend colours the page does not know: %s" % (name, drawn["grey"])
        side = api(base, "/api/games/%s?token=%s" % (game["id"], game["seats"][0]["token"]))["view"]["panel"].get("side")
        if side:
            assert side["name"] in drawn["side"], "%s: the side badge says %r, not %r" % (name, drawn["side"], side["name"])
    print("ok guides: every game's guide and side drawn from its data (%d games)" % len(catalogue))


def test_three_clicks(driver, base):
    """The test of any game's move on one that takes three clicks (classic
    Amazons: an amazon, where it goes, where its arrow falls)."""
    game = api(base, "/api/games", {"game": "amazons", "params": {"rules": "standard"}})
    driver.get(base + "game/%s?token=%s" % (game["id"], game["seats"][0]["token"]))
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#board .cell.target"),
         "the board of classic Amazons")
    before = version(driver)
    play_by_clicking(driver, "classic amazons")
    wait(driver, lambda d: version(d) == before + 2, "classic amazons: the move and its shot")
    print("ok amazons: a turn of three clicks played by the test of any game")


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    shots = sys.argv[3] if len(sys.argv) > 3 and sys.argv[2] == "--screenshots" else None
    # The server keeps its games in a database of this run's own.
    database = tempfile.mkdtemp(prefix="browser-test-")
    # One address plays every game of the test: no share of the server's.
    command = [sys.argv[1], "serve", "--db", os.path.join(database, "web.sqlite"), "--bot-ms", "100",
               "--games-per-address", "1000", "--games-per-minute", "1000", "--storage-per-day", "100000"]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    base = server.stdout.readline().strip()
    assert base.startswith("http://127.0.0.1:"), "the server's first line: " + base
    BASE.append(base)

    def restart(while_down=lambda: None):
        nonlocal server
        server.kill()
        server.wait(10)
        while_down()
        port = urllib.parse.urlparse(base).port
        server = subprocess.Popen(command + ["--port", str(port)], stdout=subprocess.PIPE, text=True)
        assert server.stdout.readline().strip() == base, "the server did not start again on its port"

    driver = browser()
    # Every game of the server's catalogue (the registry): its own test, or
    # a first look for a game that has none yet.
    tests = {
        "space-defender-2": lambda: test_one_player(driver, base, "space-defender-2", "move(A,30)", shots),
        "simodyssey": lambda: test_one_player(driver, base, "simodyssey", "liftoff", shots),
        "simodyssey2": lambda: test_one_player(driver, base, "simodyssey2", "liftoff", shots),
        "amazons": lambda: test_amazons(driver, base, shots),
        "sword-and-shield": lambda: test_sword_and_shield(driver, base, shots),
        "raiinet": lambda: test_raiinet(driver, base, shots),
    }
    with urllib.request.urlopen(base + "api/games", timeout=10) as answer:
        catalogue = json.load(answer)["games"]
    sections = [(game, tests.get(game, lambda game=game: test_any_game(driver, base, game, shots)))
                for game in (g["name"] for g in catalogue)]
    sections += [
        ("three clicks", lambda: test_three_clicks(driver, base)),
        ("guides", lambda: test_guides(driver, base, catalogue)),
        ("flow", lambda: test_flow(driver, base, shots)),
        ("forms", lambda: test_forms(driver, base)),
        ("two-step ability", lambda: test_two_step_ability(driver, base)),
        ("bots", lambda: test_bots(driver, base, catalogue)),
        ("lobby", lambda: test_lobby(driver, base, shots)),
        ("accounts", lambda: test_accounts(driver, base, shots)),
        ("one game, three pages", lambda: test_one_game_three_pages(driver, base, shots)),
        ("restart", lambda: test_restart(driver, base, restart)),
    ]
    try:
        for name, section in sections:
            began = time.monotonic()
            section()
            print(f"browser_test: {name}: {time.monotonic() - began:.1f} s", flush=True)
        # Refused API calls and the addresses with nothing behind them are
        # answered 404 on purpose; anything else is an error of the pages.
        errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE" and "/api/" not in e["message"]
                  and "/nowhere/at/all" not in e["message"]]
        assert not errors, "the browser reported %d errors, the first: %s" % (len(errors), errors[:3])
    finally:
        driver.quit()
        server.terminate()
        server.wait(10)
        shutil.rmtree(database, ignore_errors=True)
    print("browser_test: all passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
