// The playable board's controller: it sends the player's taps and actions, applies the
// server's answers, and has the board drawn. It never decides what is free, what
// matches, which action is allowed or how long the game has lasted: the server does.
//
// A tap is drawn at once, before its answer: the game shown says which tiles are free
// and each face's match class (moves.js, expectTap), so a selection answers the hand
// and a pair starts to leave at once. The board shows the server's game (the last whole
// game with every answer applied) with the taps still waiting for an answer drawn on
// top; an answer that is not the one expected simply leaves the server's game shown.
// Without a connection the board stays as it is and the taps wait, in order (api.js);
// a notice in the bar says so, and the whole game is fetched again once it is back.
//
// Modules: api.js (requests), moves.js (applying a move's answer), render.js (drawing),
// keyboard.js (arrow keys), clock.js (the running clock), fit.js (the board's size and
// zoom), board-menu.js (the settings panel of a phone's bar); free-tiles.js, guide.js and
// blocked-reason.js (the learner's aids).
//
// Hooks for other modules, as DOM events on the #board element (detail in brackets):
//   board:ready    the controller is set up           {controller}
//   board:game     a whole game was drawn             {game}
//   board:predicted  a tap was drawn before its answer  {game, answer}
//                  (answer: the one expected, with a move's fields)
//   board:applied  an answer was applied and drawn    {game, answer, predicted}
//                  (predicted: the board had already drawn it, on board:predicted)
//   board:blocked  a tap hit a blocked tile           {game, blocked, selectionCleared}
//                  (why, from the engine; whether a tile was selected before the tap)
//   board:won      the game was won                   {game}
//   board:newgame-request  a new game would abandon the one in progress  {options, game}
//                  (cancelable: a listener that calls event.preventDefault() keeps the game,
//                  and may start the new one later with newGame(options, {confirmed: true}))
// controller: {game (the game shown), waiting (taps not answered yet), tap(id), action(name), reload(),
// newGame(options, {confirmed}) (options: {layout} or {code})}, also kept as the
// element's `controller` property for modules that start later.
//
// Importing this module does nothing: init() sets the board up (static/js/play.js calls
// it on the play page) and returns the controller.

import { GameApi } from "./api.js";
import { blockedMessage, outlineBlockers } from "./blocked-reason.js";
import { setupBoardMenu } from "./board-menu.js";
import { BoardClock, formatElapsed } from "./clock.js";
import { BoardFit, extent, fitPageBelow } from "./fit.js";
import { setupFreeTiles } from "./free-tiles.js";
import { Guide } from "./guide.js";
import { RovingFocus } from "./keyboard.js";
import { answerAsExpected, answerFits, applyMove, expectTap } from "./moves.js";
import { BoardView, closeDialog, fill } from "./render.js";
import { setupShare } from "./share.js";
import { setupWinnable } from "./winnable.js";
import { setupPausedFaces } from "./paused-faces.js";

export function init() {
  const config = JSON.parse(document.getElementById("board-config").textContent);
  const t = JSON.parse(document.getElementById("board-i18n").textContent);

  const api = new GameApi({
    base: config.api,
    lang: config.lang,
    csrfToken: config.csrfToken,
    networkMessage: t.networkError,
    timeoutMs: config.requestTimeoutMs,
    onConnection: (online) => connection(online),
  });

  const el = {
    board: document.getElementById("board"),
    tiles: document.getElementById("board-tiles"),
    paused: document.getElementById("board-paused"),
    status: document.getElementById("board-status"),
    clock: document.getElementById("clock"),
    left: document.getElementById("tiles-left"),
    hint: document.getElementById("hint-button"),
    undo: document.getElementById("undo-button"),
    pause: document.getElementById("pause-button"),
    resume: document.getElementById("resume-button"),
    newButton: document.getElementById("new-game-button"),
    panel: document.getElementById("new-game-panel"),
    newForm: document.getElementById("new-game-form"),
    layout: document.getElementById("layout-select"),
    codeForm: document.getElementById("code-form"),
    code: document.getElementById("code-input"),
    codeError: document.getElementById("code-error"),
    stuck: document.getElementById("stuck-dialog"),
    won: document.getElementById("won-dialog"),
    wonText: document.getElementById("won-text"),
    offline: document.getElementById("connection-notice"),
    offlineClock: document.getElementById("connection-clock"),
  };

  // This page load's token: it opens the game (taking it over from any page it replaced)
  // and marks its automatic pauses, which the server ignores once another page took over.
  const page = { page: config.page };

  const view = new BoardView(el, t);
  const clock = new BoardClock(el.clock);
  let confirmed = null; // the server's game: the last whole game with every answer applied
  let pending = []; // the taps sent or waiting to be sent, not answered yet: {tile, expected}
  let game = null; // the game as shown: the server's with the pending taps' expected answers
  const focus = new RovingFocus(el.tiles, view, () => game);
  let tapsSent = false; // whether this page has sent a tap (which starts the clock)

  setupFreeTiles({
    board: el.board,
    toggle: document.getElementById("free-tiles-toggle"),
    container: document.getElementById("board-options"),
  });
  setupWinnable({ board: el.board, notice: document.getElementById("lost-notice"), api, t });
  setupPausedFaces({ board: el.board });

  // The result to share after a win: listens to board:won and board:game.
  setupShare(el.board, document.getElementById("won-share"));

  setupBoardMenu({
    button: document.getElementById("settings-button"),
    panel: document.getElementById("board-settings"),
  });

  fitPageBelow(document.querySelector(".site-header"));
  const fit = new BoardFit({
    frame: el.board,
    room: document.getElementById("board-frame"),
    tiles: el.tiles,
    tools: document.getElementById("board-tools"),
    zoom: {
      box: document.getElementById("board-zoom"),
      zoomIn: document.getElementById("zoom-in"),
      zoomOut: document.getElementById("zoom-out"),
    },
    hint: document.getElementById("board-overview-hint"),
    overview: !config.guide,
  });

  const guide = config.guide
    ? new Guide({
        config: config.guide,
        panel: document.getElementById("guide"),
        text: document.getElementById("guide-text"),
        done: document.getElementById("guide-done"),
        skip: document.getElementById("guide-skip"),
        show: document.getElementById("guide-show"),
        pointer: document.getElementById("guide-tile"),
        buttonFor: (id) => view.button(id),
        tap: (id) => game && tap(id),
      })
    : null;

  el.board.addEventListener("board:blocked", (event) => {
    outlineBlockers(event.detail.blocked, (id) => view.button(id));
  });

  function emit(name, detail) {
    el.board.dispatchEvent(new CustomEvent(`board:${name}`, { detail }));
  }

  let saying = null; // the words about to be said (announce)
  function announce(message) {
    // Clear first so that the same words said twice are announced twice.
    window.clearTimeout(saying);
    el.status.textContent = "";
    saying = window.setTimeout(() => {
      el.status.textContent = message;
    }, 30);
  }

  let clockShown = null; // the server's figures the clock counts on from
  function draw() {
    view.render(game);
    // Only a new figure from the server sets the clock: a tap drawn before its answer
    // carries the last one, and setting it again would turn the clock back.
    if (!clockShown || clockShown.ms !== game.elapsed_ms || clockShown.running !== game.clock_running) {
      clockShown = { ms: game.elapsed_ms, running: game.clock_running };
      clock.set(game.elapsed_ms, game.clock_running);
    }
    focus.keep(game);
    if (guide) guide.update(game);
  }

  // The game to show: the server's, with the expected answer of each tap still waiting
  // for its own drawn on top, each expected from the game before it.
  function rebase() {
    let shown = confirmed;
    for (const entry of pending) {
      entry.expected = expectTap(shown, entry.tile);
      if (entry.expected) shown = applyMove(shown, entry.expected);
    }
    return shown;
  }

  // A whole game (creation, GET, the page's own): build the tiles when the game is new.
  function showWhole(whole) {
    const fresh = !game || game.id !== whole.id;
    if (fresh) pending = []; // taps on another game: their answers are stale
    confirmed = whole;
    api.know(whole);
    game = rebase();
    if (fresh) {
      view.build(game);
      fit.setLayout(extent(game.tiles));
      focus.reset();
      clockShown = null;
    }
    draw();
    emit("game", { game });
    return game;
  }

  // The connection: lost (the taps wait, the board stays as it is) or back (the whole
  // game is fetched, so that the board and the server agree). While a game is played,
  // what its clock does meanwhile is said at once, in the top layer below the bar (any
  // tap elsewhere puts it away and still counts; the bar's notice opens it again).
  function connection(online) {
    el.offline.hidden = online;
    if (!online) {
      if (!game || game.state !== "playing" || game.paused) return;
      const bar = el.offline.closest(".board-bar") || el.offline;
      el.offlineClock.style.setProperty("--top", `${bar.getBoundingClientRect().bottom + 6}px`);
      el.offlineClock.textContent = "";
      if (!el.offlineClock.matches(":popover-open")) el.offlineClock.showPopover();
      // Written once shown, so that a screen reader says it (a live region).
      window.setTimeout(() => {
        el.offlineClock.textContent = el.offlineClock.dataset.text;
      }, 30);
      return;
    }
    if (el.offlineClock.matches(":popover-open")) el.offlineClock.hidePopover();
    // Nothing said about the lost connection stays once it is back.
    if (el.status.textContent === t.networkError) announce("");
    if (game) reload().catch(() => undefined);
  }

  async function reload() {
    return showWhole(await api.load(game.id));
  }

  // before: the tiles left before the answer (an undo says how many moves it took back).
  function describe(answer, tileId, hadSelection, before = null) {
    const name = (id) => view.tileName(game.tiles[id]);
    switch (answer.event) {
      case "selected":
      case "selection_moved":
        return fill(t.selected, { name: name(tileId) });
      case "deselected":
        return t.deselected;
      case "blocked":
        // Why, from the engine, in the player's words (blocked-reason.js); "Selection
        // cleared" only when there was a selection to clear.
        return answer.blocked
          ? blockedMessage(answer.blocked, {
              cleared: t.selectionCleared,
              selectionCleared: hadSelection,
            })
          : fill(hadSelection ? t.blocked : t.blockedAlone, { name: name(tileId) });
      case "removed":
        return fill(t.removed, { count: answer.tiles_left });
      case "undone": {
        const moves = before === null ? 1 : (answer.tiles_left - before) / 2;
        if (moves <= 1) return fill(t.undone, { count: answer.tiles_left });
        return fill(t.undoneMany, { moves, count: answer.tiles_left });
      }
      case "hint": {
        if (!answer.hint) return t.lost; // the game can no longer be won: no pair to show
        const [first, second] = answer.hint.map((id) => game.tiles[id].face);
        // Two identical tiles are named together ("de två röda drakarna").
        if (first === second && t.tilePairNames[first]) {
          return fill(answer.hint_sure ? t.hintPair : t.hintPairUnsure, { pair: t.tilePairNames[first] });
        }
        return fill(answer.hint_sure ? t.hint : t.hintUnsure, {
          first: t.tileNamesInSentence[first],
          second: t.tileNamesInSentence[second],
        });
      }
      case "stuck":
        return t.stuck;
      case "won":
        return fill(t.won, { time: formatElapsed(answer.elapsed_ms) });
      case "paused":
        return t.paused;
      case "resumed":
        // A game with no move left goes on only to be undone: say so, as the dialog does.
        return answer.state === "stuck" ? t.stuck : t.resumed;
      case "created":
        if (answer.daily) return answer.daily.label;
        if (answer.code == null) return fill(t.newGameNoCode, { layout: answer.layout.name });
        return fill(t.newGame, { layout: answer.layout.name, code: answer.code });
      default:
        return "";
    }
  }

  // A move's answer: applied when it is the next version, or the whole game fetched again
  // when an update in between never reached this page. predicted: the answer is the one
  // the board had drawn already.
  async function accept(answer, hadSelection = false, predicted = false) {
    if (!confirmed) return;
    const fit = answerFits(confirmed, answer);
    if (fit === "missed") await reload();
    else {
      if (fit === "apply") confirmed = applyMove(confirmed, answer);
      game = rebase();
      draw();
      if (fit === "stale") return;
    }
    emit("applied", { game, answer, predicted });
    if (answer.blocked) {
      emit("blocked", { game, blocked: answer.blocked, selectionCleared: hadSelection });
    }
    if (answer.event === "won") emit("won", { game });
  }

  // entry: a tap's place among the pending ones, which its answer (or refusal) ends.
  async function run(request, { tileId, entry = null, hadSelection, before } = {}) {
    hadSelection ??= Boolean(game && game.selected != null);
    before ??= game ? game.tiles_left : null;
    // "The game goes on" only after a pause: a page that opens a game that was never
    // paused (or an error that left it as it was) has nothing to say, but for a game with
    // no move left, whose status line says so.
    const wasPaused = Boolean(game && game.paused);
    const done = () => {
      pending = pending.filter((each) => each !== entry);
    };
    try {
      const answer = await request;
      const expected = entry ? entry.expected : null;
      done();
      if (answer.tiles) {
        // The move was taken before the connection went, its answer lost: the whole game.
        showWhole(answer);
        return answer;
      }
      const predicted = answerAsExpected(expected, answer);
      await accept(answer, hadSelection, predicted);
      // Said already when it was drawn, unless the answer says more (a win, no more moves,
      // or why the tile is blocked).
      if (predicted && answer.event === expected.event && answer.event !== "blocked") return answer;
      const message =
        answer.event === "resumed" && !wasPaused && answer.state !== "stuck"
          ? ""
          : describe(answer, tileId, hadSelection, before);
      if (message) announce(message);
      return answer;
    } catch (error) {
      done();
      // A lost connection is the bar's notice to say, not the status line's.
      if (error.code !== "network") announce(error.message);
      // The server is the truth: after any refusal, show what it says the game is.
      if (game && error.status && error.status !== 404) {
        try {
          await reload();
        } catch (ignored) {
          /* the message above already says what went wrong */
        }
      } else if (entry && confirmed) {
        game = rebase();
        draw();
      }
      return null;
    }
  }

  // Drawn at once as the answer expected, then sent (after the requests before it).
  function tap(id) {
    tapsSent = true;
    const hadSelection = game.selected != null;
    const before = game.tiles_left;
    const entry = { tile: id, expected: expectTap(game, id) };
    pending.push(entry);
    const expected = entry.expected;
    if (expected) {
      game = applyMove(game, expected);
      draw();
      emit("predicted", { game, answer: expected });
      // Why a tile is blocked comes with the answer.
      if (expected.event !== "blocked") announce(describe(expected, id, hadSelection, before));
    }
    return run(api.tap(game.id, id), { tileId: id, entry, hadSelection, before });
  }

  // name: "hint", "undo", "pause", "resume"; body: its options ({to: "winnable"}).
  function action(name, body = {}) {
    return run(api.action(game.id, name, body));
  }

  function setUrlCode(code) {
    const url = new URL(window.location.href);
    url.search = "";
    if (code) url.searchParams.set("code", code); // none while a server deal is played
    window.history.replaceState(null, "", url);
  }

  // A game the player would lose by starting another: begun, and neither won nor lost.
  function inProgress() {
    return Boolean(
      game &&
        (game.state === "playing" || game.state === "stuck") &&
        // Begun by the player: a pair removed, a tile selected or a hint taken. The clock
        // alone says nothing, since a ranked game's runs from the moment it is shown.
        (game.tiles_left < game.tiles.length || game.selected !== null || game.hints_used > 0),
    );
  }

  // options: {layout} or {code}. Before a game in progress is abandoned, board:newgame-request
  // lets another module ask the player first (confirmed: the player has been asked).
  async function newGame(options, { confirmed = false, keepError = false } = {}) {
    closeDialog(el.panel);
    if (!confirmed && inProgress()) {
      const request = new CustomEvent("board:newgame-request", {
        detail: { options, game },
        cancelable: true,
      });
      if (!el.board.dispatchEvent(request)) return null;
    }
    closeDialog(el.stuck);
    closeDialog(el.won);
    try {
      const whole = showWhole(await api.create({ ...options, ...page }));
      setUrlCode(whole.code);
      if (!keepError) {
        el.codeError.textContent = "";
        el.code.removeAttribute("aria-invalid");
      } else {
        el.code.value = el.code.defaultValue;
      }
      announce(describe(whole));
      return whole;
    } catch (error) {
      if (options.code !== undefined) {
        el.codeError.textContent = error.message;
        el.code.setAttribute("aria-invalid", "true");
        openPanel();
        el.code.focus();
      } else {
        announce(error.message);
      }
      return null;
    }
  }

  // This page shows the game from now on: an automatic pause (of a page it replaced, or
  // of this very page before the browser brought it back) is resumed.
  function open() {
    return run(api.action(game.id, "resume", page));
  }

  el.tiles.addEventListener("click", (event) => {
    const button = event.target.closest(".tile");
    if (!button || !game) return;
    const id = Number(button.dataset.id);
    if (game.tiles[id].free) focus.set(id);
    tap(id);
  });

  el.hint.addEventListener("click", () => game && action("hint"));
  el.undo.addEventListener("click", () => game && action("undo"));
  el.pause.addEventListener("click", () => game && action(game.paused ? "resume" : "pause"));
  el.resume.addEventListener("click", async () => {
    if (!game) return;
    await action("resume");
    focus.focus();
  });

  el.stuck.addEventListener("click", (event) => {
    const name = event.target.closest("[data-action]")?.dataset.action;
    if (name === "undo") {
      closeDialog(el.stuck);
      action("undo");
    } else if (name === "new") {
      newGame({ layout: game.layout.id });
    }
  });
  el.won.addEventListener("click", (event) => {
    if (event.target.closest("[data-action]")?.dataset.action === "new") {
      newGame({ layout: game.layout.id });
    }
  });
  // Escape closes a dialog; the board stays as it is and the dialog returns on the next answer.

  // "New game": the panel with the layouts and the code form.
  function openPanel() {
    if (!el.panel.open) el.panel.showModal();
  }
  el.newButton.addEventListener("click", () => {
    openPanel();
    el.layout.focus();
  });
  el.panel.addEventListener("click", (event) => {
    // The close button, or a click on the backdrop around the panel.
    const box = el.panel.getBoundingClientRect();
    const outside =
      event.target === el.panel &&
      (event.clientX < box.left ||
        event.clientX > box.right ||
        event.clientY < box.top ||
        event.clientY > box.bottom);
    if (outside || event.target.closest('[data-action="close"]')) closeDialog(el.panel);
  });

  el.newForm.addEventListener("submit", (event) => {
    event.preventDefault();
    newGame({ layout: el.layout.value });
  });
  el.codeForm.addEventListener("submit", (event) => {
    event.preventDefault();
    newGame({ code: el.code.value });
  });

  // Hiding or leaving the page pauses the clock; the player resumes on coming back. The
  // pause names this page: once another page has opened the game, it no longer counts.
  document.addEventListener("visibilitychange", () => {
    if (!game) return;
    if (document.visibilityState === "visible") {
      reload().catch(() => undefined); // show what happened meanwhile, in another tab say
      return;
    }
    if (game.paused || !game.can_pause) return;
    // The clock runs, or a tap on its way to the server is about to start it.
    if (game.clock_running || (tapsSent && game.state === "playing")) {
      run(api.leaving(game.id, "pause", page));
    }
  });
  // Brought back from the browser's back-forward cache: open the game again.
  window.addEventListener("pageshow", (event) => {
    if (event.persisted && game) open();
  });
  // Esc puts the clock's words away first: the board's own Esc (shortcuts.js), which
  // clears the selection, would otherwise keep them open.
  document.addEventListener(
    "keydown",
    (event) => {
      if (event.key !== "Escape" || !el.offlineClock.matches(":popover-open")) return;
      el.offlineClock.hidePopover();
      event.stopPropagation();
    },
    true,
  );
  // The browser says it is online again while no move waits for it: see whether the
  // server answers (a move that waits is sent again by api.js itself).
  window.addEventListener("online", () => {
    if (!api.online && game) reload().catch(() => undefined);
  });

  // -- start -----------------------------------------------------------------

  if (guide) guide.start();
  if (config.game) {
    showWhole(config.game);
    if (el.code.getAttribute("aria-invalid") === "true") {
      el.code.value = el.code.defaultValue;
      openPanel(); // the code in the address was wrong: say why where it is typed
    }
    if (!window.location.search.includes("code=")) setUrlCode(config.game.code);
    open();
  } else if (config.create) {
    el.board.setAttribute("aria-busy", "true");
    const badCode = el.code.getAttribute("aria-invalid") === "true";
    newGame(config.create, { confirmed: true, keepError: badCode }).then(() => {
      if (badCode) openPanel();
    });
  }

  const controller = {
    get game() {
      return game;
    },
    // How many taps wait for their answers (sent, or held while the connection is lost).
    get waiting() {
      return pending.length;
    },
    tap,
    action,
    reload,
    newGame,
  };
  // Also kept on the element, for a module that starts after the ready event.
  el.board.controller = controller;
  emit("ready", { controller });
  return controller;
}
