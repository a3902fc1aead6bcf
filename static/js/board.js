// The playable board's controller: it sends the player's taps and actions, applies the
// server's answers, and has the board drawn. It never decides what is free, what
// matches, which action is allowed or how long the game has lasted: the server does.
//
// Modules: api.js (requests), moves.js (applying a move's answer), render.js (drawing),
// keyboard.js (arrow keys), clock.js (the running clock), fit.js (the board's size and
// zoom), board-menu.js (the settings panel of a phone's bar); free-tiles.js, guide.js and
// blocked-reason.js (the learner's aids).
//
// Hooks for other modules, as DOM events on the #board element (detail in brackets):
//   board:ready    the controller is set up           {controller}
//   board:game     a whole game was drawn             {game}
//   board:applied  an answer was applied and drawn    {game, answer}
//   board:blocked  a tap hit a blocked tile           {game, blocked, selectionCleared}
//                  (why, from the engine; whether a tile was selected before the tap)
//   board:won      the game was won                   {game}
//   board:newgame-request  a new game would abandon the one in progress  {options, game}
//                  (cancelable: a listener that calls event.preventDefault() keeps the game,
//                  and may start the new one later with newGame(options, {confirmed: true}))
// controller: {game (the game shown), tap(id), action(name), reload(),
// newGame(options, {confirmed}) (options: {layout} or {code})}, also kept as the
// element's `controller` property for modules that start later.

import { GameApi } from "./api.js";
import { blockedMessage, outlineBlockers } from "./blocked-reason.js";
import { setupBoardMenu } from "./board-menu.js";
import { BoardClock, formatElapsed } from "./clock.js";
import { BoardFit, extent, fitPageBelow } from "./fit.js";
import { setupFreeTiles } from "./free-tiles.js";
import { Guide } from "./guide.js";
import { RovingFocus } from "./keyboard.js";
import { answerFits, applyMove } from "./moves.js";
import { BoardView, closeDialog, fill } from "./render.js";
import { setupShare } from "./share.js";
import { setupWinnable } from "./winnable.js";
import { setupPausedFaces } from "./paused-faces.js";

const config = JSON.parse(document.getElementById("board-config").textContent);
const t = JSON.parse(document.getElementById("board-i18n").textContent);

const api = new GameApi({
  base: config.api,
  lang: config.lang,
  csrfToken: config.csrfToken,
  networkMessage: t.networkError,
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
};

// This page load's token: it opens the game (taking it over from any page it replaced)
// and marks its automatic pauses, which the server ignores once another page took over.
const page = { page: config.page };

const view = new BoardView(el, t);
const clock = new BoardClock(el.clock);
let game = null; // the game as shown: the last whole game with every answer applied since
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

function announce(message) {
  // Clear first so that the same words said twice are announced twice.
  el.status.textContent = "";
  window.setTimeout(() => {
    el.status.textContent = message;
  }, 30);
}

function draw() {
  view.render(game);
  clock.set(game.elapsed_ms, game.clock_running);
  focus.keep(game);
  if (guide) guide.update(game);
}

// A whole game (creation, GET, the page's own): build the tiles when the game is new.
function showWhole(whole) {
  const fresh = !game || game.id !== whole.id;
  game = whole;
  if (fresh) {
    view.build(game);
    fit.setLayout(extent(game.tiles));
    focus.reset();
  }
  draw();
  emit("game", { game });
  return game;
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
      return t.resumed;
    case "created":
      if (answer.daily) return answer.daily.label;
      if (answer.code == null) return fill(t.newGameNoCode, { layout: answer.layout.name });
      return fill(t.newGame, { layout: answer.layout.name, code: answer.code });
    default:
      return "";
  }
}

// A move's answer: applied when it is the next version, or the whole game fetched again
// when an update in between never reached this page.
async function accept(answer, hadSelection = false) {
  if (!game) return;
  const fit = answerFits(game, answer);
  if (fit === "stale") return;
  if (fit === "missed") await reload();
  else {
    game = applyMove(game, answer);
    draw();
  }
  emit("applied", { game, answer });
  if (answer.blocked) {
    emit("blocked", { game, blocked: answer.blocked, selectionCleared: hadSelection });
  }
  if (answer.event === "won") emit("won", { game });
}

async function run(request, tileId) {
  const hadSelection = Boolean(game && game.selected != null);
  const before = game ? game.tiles_left : null;
  try {
    const answer = await request;
    await accept(answer, hadSelection);
    const message = describe(answer, tileId, hadSelection, before);
    if (message) announce(message);
    return answer;
  } catch (error) {
    announce(error.message);
    // The server is the truth: after any refusal, show what it says the game is.
    if (game && error.status && error.status !== 404) {
      try {
        await reload();
      } catch (ignored) {
        /* the message above already says what went wrong */
      }
    }
    return null;
  }
}

function tap(id) {
  tapsSent = true;
  return run(api.tap(game.id, id), id);
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
      (game.tiles_left < game.tiles.length || game.elapsed_ms > 0),
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
  tap,
  action,
  reload,
  newGame,
};
// Also kept on the element, for a module that starts after the ready event.
el.board.controller = controller;
emit("ready", { controller });
