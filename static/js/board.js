// The playable board. It draws what the server answers and sends the player's taps;
// it never decides what is free, what matches, or how long the game has lasted.

import { GameApi } from "./api.js";
import { setupFreeTiles } from "./free-tiles.js";
import { Guide } from "./guide.js";

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
  newForm: document.getElementById("new-game-form"),
  layout: document.getElementById("layout-select"),
  codeForm: document.getElementById("code-form"),
  code: document.getElementById("code-input"),
  codeError: document.getElementById("code-error"),
  stuck: document.getElementById("stuck-dialog"),
  won: document.getElementById("won-dialog"),
  wonText: document.getElementById("won-text"),
};

let game = null; // the last answer of the server
let buttons = new Map(); // tile id -> button
let focusId = null; // the tile that holds the roving tabindex
let clock = { base: 0, at: 0, running: false };
let tapsSent = false; // whether this page has sent a tap (which starts the clock)

setupFreeTiles({
  board: el.board,
  toggle: document.getElementById("free-tiles-toggle"),
  container: document.getElementById("board-options"),
});

const guide = config.guide
  ? new Guide({
      config: config.guide,
      panel: document.getElementById("guide"),
      text: document.getElementById("guide-text"),
      done: document.getElementById("guide-done"),
      skip: document.getElementById("guide-skip"),
      buttonFor: (id) => buttons.get(id),
    })
  : null;

function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (match, key) => (key in values ? values[key] : match));
}

function tileName(tile) {
  return t.tileNames[tile.face] || tile.face;
}

function formatTime(ms) {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, "0")}`;
}

function announce(message) {
  // Clear first so that the same words said twice are announced twice.
  el.status.textContent = "";
  window.setTimeout(() => {
    el.status.textContent = message;
  }, 30);
}

// -- drawing ---------------------------------------------------------------

function faceContent(button, face) {
  const label = document.createElement("span");
  label.className = "tile__glyph";
  label.setAttribute("aria-hidden", "true");
  const match = /^(\d)([BCD])$/.exec(face);
  if (match) {
    const number = document.createElement("span");
    number.className = "tile__number";
    number.textContent = match[1];
    const suit = document.createElement("span");
    suit.className = "tile__suit";
    suit.textContent = match[2];
    label.append(number, suit);
  } else {
    label.textContent = face;
  }
  button.append(label);
}

function build(state) {
  el.tiles.replaceChildren();
  buttons = new Map();
  let maxX = 0;
  let maxY = 0;
  let maxZ = 0;
  for (const tile of state.tiles) {
    maxX = Math.max(maxX, tile.x + 2);
    maxY = Math.max(maxY, tile.y + 2);
    maxZ = Math.max(maxZ, tile.z);
  }
  el.tiles.style.setProperty("--cols", String(maxX));
  el.tiles.style.setProperty("--rows", String(maxY));
  el.tiles.style.setProperty("--layers", String(maxZ));
  const ordered = [...state.tiles].sort((a, b) => a.z - b.z || a.x + a.y - (b.x + b.y));
  for (const tile of ordered) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = `tile tile--${tile.family}`; // the engine's family name, as sent
    button.dataset.id = String(tile.id);
    button.dataset.face = tile.face;
    button.tabIndex = -1;
    button.style.setProperty("--x", String(tile.x));
    button.style.setProperty("--y", String(tile.y));
    button.style.setProperty("--z", String(tile.z));
    button.style.setProperty("--order", String(tile.z * 100 + tile.x + tile.y));
    faceContent(button, tile.face);
    buttons.set(tile.id, button);
    el.tiles.append(button);
  }
  focusId = null;
  // A board wider than the screen pans inside its frame: start from its middle.
  el.board.scrollLeft = (el.board.scrollWidth - el.board.clientWidth) / 2;
}

function tileById(id) {
  return game.tiles[id];
}

function render() {
  const hint = new Set(game.hint || []);
  for (const tile of game.tiles) {
    const button = buttons.get(tile.id);
    button.hidden = tile.removed;
    button.classList.toggle("is-free", tile.free);
    button.classList.toggle("is-blocked", !tile.free && !tile.removed);
    button.classList.toggle("is-selected", game.selected === tile.id);
    button.classList.toggle("is-hint", hint.has(tile.id));
    if (tile.removed) continue;
    button.setAttribute("aria-pressed", game.selected === tile.id ? "true" : "false");
    const name = tileName(tile);
    button.setAttribute("aria-label", fill(tile.free ? t.tileFree : t.tileBlocked, { name }));
  }
  el.board.setAttribute("aria-busy", "false");
  el.left.textContent = String(game.tiles_left);
  el.code.value = game.code;
  el.layout.value = game.layout.id;
  const over = game.state === "won";
  el.hint.disabled = game.paused || game.state !== "playing";
  el.undo.disabled = game.paused || !game.can_undo;
  el.pause.disabled = over;
  el.pause.textContent = game.paused ? t.resume : t.pause;
  el.pause.setAttribute("aria-pressed", game.paused ? "true" : "false");
  el.board.classList.toggle("is-paused", game.paused);
  el.paused.hidden = !game.paused;
  setClock();
  keepFocusable();
  showDialogs();
}

function setClock() {
  clock = { base: game.elapsed_ms, at: performance.now(), running: game.clock_running };
  tick();
}

function tick() {
  const ms = clock.base + (clock.running ? performance.now() - clock.at : 0);
  const text = formatTime(ms);
  if (el.clock.textContent !== text) el.clock.textContent = text;
}

function openDialog(dialog) {
  if (!dialog.open) dialog.showModal();
}

function closeDialog(dialog) {
  if (dialog.open) dialog.close();
}

function showDialogs() {
  if (game.state === "stuck" && !game.paused) openDialog(el.stuck);
  else closeDialog(el.stuck);
  if (game.state === "won") {
    el.wonText.textContent = fill(t.won, { time: formatTime(game.elapsed_ms) });
    openDialog(el.won);
  } else {
    closeDialog(el.won);
  }
}

// -- keyboard: a roving tabindex over the free tiles -------------------------

function freeTiles() {
  return game.tiles.filter((tile) => tile.free && !tile.removed);
}

function firstFree() {
  const free = freeTiles().sort((a, b) => a.y - b.y || a.x - b.x || b.z - a.z);
  return free.length ? free[0].id : null;
}

function setFocusTile(id, { move = false } = {}) {
  if (focusId !== null && buttons.has(focusId)) buttons.get(focusId).tabIndex = -1;
  focusId = id;
  if (id === null) return;
  const button = buttons.get(id);
  button.tabIndex = 0;
  if (move) button.focus();
}

function keepFocusable() {
  const current = focusId !== null ? tileById(focusId) : null;
  if (current && !current.removed && current.free) {
    setFocusTile(focusId);
    return;
  }
  const hadFocus = el.tiles.contains(document.activeElement) || document.activeElement === document.body;
  const next = current ? nearestFree(current) : firstFree();
  setFocusTile(next, { move: hadFocus && current !== null && next !== null });
}

function nearestFree(from) {
  let best = null;
  let bestDistance = Infinity;
  for (const tile of freeTiles()) {
    const distance = Math.hypot(tile.x - from.x, tile.y - from.y);
    if (distance < bestDistance) {
      best = tile.id;
      bestDistance = distance;
    }
  }
  return best;
}

const DIRECTIONS = {
  ArrowRight: [1, 0],
  ArrowLeft: [-1, 0],
  ArrowDown: [0, 1],
  ArrowUp: [0, -1],
};

function neighbour(from, [dx, dy]) {
  let best = null;
  let bestScore = Infinity;
  for (const tile of freeTiles()) {
    if (tile.id === from.id) continue;
    const along = (tile.x - from.x) * dx + (tile.y - from.y) * dy;
    if (along <= 0) continue;
    const across = Math.abs((tile.x - from.x) * dy) + Math.abs((tile.y - from.y) * dx);
    const score = along + 2 * across;
    if (score < bestScore) {
      best = tile.id;
      bestScore = score;
    }
  }
  return best;
}

el.tiles.addEventListener("keydown", (event) => {
  const direction = DIRECTIONS[event.key];
  if (!direction || !game) return;
  const id = Number(event.target.dataset.id);
  const next = neighbour(tileById(id), direction);
  event.preventDefault();
  if (next !== null) setFocusTile(next, { move: true });
});

// -- talking to the server ---------------------------------------------------

function accept(state) {
  const fresh = !game || game.id !== state.id;
  game = state;
  if (fresh) build(state);
  render();
  if (guide) guide.update(state);
  return state;
}

function describe(state, tileId) {
  const tile = tileId !== undefined ? state.tiles[tileId] : null;
  switch (state.event) {
    case "selected":
    case "selection_moved":
      return fill(t.selected, { name: tileName(tile) });
    case "deselected":
      return t.deselected;
    case "blocked":
      return fill(t.blocked, { name: tileName(tile) });
    case "removed":
      return fill(t.removed, { count: state.tiles_left });
    case "undone":
      return fill(t.undone, { count: state.tiles_left });
    case "hint": {
      const [a, b] = state.hint;
      return fill(t.hint, { first: tileName(state.tiles[a]), second: tileName(state.tiles[b]) });
    }
    case "stuck":
      return t.stuck;
    case "won":
      return fill(t.won, { time: formatTime(state.elapsed_ms) });
    case "paused":
      return t.paused;
    case "resumed":
      return t.resumed;
    case "created":
      return fill(t.newGame, { layout: state.layout.name, code: state.code });
    default:
      return "";
  }
}

async function run(request, tileId) {
  try {
    const state = accept(await request);
    const message = describe(state, tileId);
    if (message) announce(message);
    return state;
  } catch (error) {
    announce(error.message);
    // The server is the truth: after any refusal, show what it says the game is.
    if (game && error.status && error.status !== 404) {
      try {
        accept(await api.load(game.id));
      } catch (ignored) {
        /* the message above already says what went wrong */
      }
    }
    return null;
  }
}

function setUrlCode(code) {
  const url = new URL(window.location.href);
  url.search = "";
  url.searchParams.set("code", code);
  window.history.replaceState(null, "", url);
}

async function newGame(options, { keepError = false } = {}) {
  closeDialog(el.stuck);
  closeDialog(el.won);
  try {
    const state = accept(await api.create(options));
    setUrlCode(state.code);
    if (!keepError) {
      el.codeError.textContent = "";
      el.code.removeAttribute("aria-invalid");
    } else {
      el.code.value = el.code.defaultValue;
    }
    announce(describe(state));
    return state;
  } catch (error) {
    if (options.code !== undefined) {
      el.codeError.textContent = error.message;
      el.code.setAttribute("aria-invalid", "true");
      el.code.focus();
    } else {
      announce(error.message);
    }
    return null;
  }
}

el.tiles.addEventListener("click", (event) => {
  const button = event.target.closest(".tile");
  if (!button || !game) return;
  const id = Number(button.dataset.id);
  if (tileById(id).free) setFocusTile(id);
  tapsSent = true;
  run(api.tap(game.id, id), id);
});

el.hint.addEventListener("click", () => game && run(api.action(game.id, "hint")));
el.undo.addEventListener("click", () => game && run(api.action(game.id, "undo")));
el.pause.addEventListener("click", () => {
  if (!game) return;
  run(api.action(game.id, game.paused ? "resume" : "pause"));
});
el.resume.addEventListener("click", async () => {
  if (!game) return;
  await run(api.action(game.id, "resume"));
  if (focusId !== null) buttons.get(focusId).focus();
});

el.stuck.addEventListener("click", (event) => {
  const action = event.target.closest("[data-action]")?.dataset.action;
  if (action === "undo") {
    closeDialog(el.stuck);
    run(api.action(game.id, "undo"));
  } else if (action === "new") {
    newGame({ layout: game.layout.id });
  }
});
el.won.addEventListener("click", (event) => {
  if (event.target.closest("[data-action]")?.dataset.action === "new") {
    newGame({ layout: game.layout.id });
  }
});
// Escape closes a dialog; the board stays as it is and the dialog returns on the next answer.

el.newForm.addEventListener("submit", (event) => {
  event.preventDefault();
  newGame({ layout: el.layout.value });
});
el.codeForm.addEventListener("submit", (event) => {
  event.preventDefault();
  newGame({ code: el.code.value });
});

// Leaving the tab pauses the clock; the player resumes on coming back.
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState !== "hidden" || !game || game.paused) return;
  // The clock runs, or a tap on its way to the server is about to start it.
  if (game.clock_running || (tapsSent && game.state === "playing")) {
    run(api.action(game.id, "pause", { keepalive: true }));
  }
});

window.setInterval(tick, 250);

// -- start -----------------------------------------------------------------

if (guide) guide.start();
if (config.game) {
  accept(config.game);
  if (el.code.getAttribute("aria-invalid") === "true") el.code.value = el.code.defaultValue;
  if (!window.location.search.includes("code=")) setUrlCode(config.game.code);
} else if (config.create) {
  el.board.setAttribute("aria-busy", "true");
  newGame(config.create, { keepError: el.code.getAttribute("aria-invalid") === "true" });
}
