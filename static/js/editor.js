// The layout editor: a grid of half-tile cells, one layer shown at a time, tiles placed
// and removed by mouse or keyboard. The page counts the tiles and refuses an overlap at
// once; everything else (each tile resting on tiles below, 144 tiles, a layout deals
// can clear) is the server's check, asked after each change (POST /api/layouts/check),
// and the server decides again on save.

import { ApiClient } from "./api.js";

const config = JSON.parse(document.getElementById("editor-config").textContent);
const strings = JSON.parse(document.getElementById("editor-strings").textContent);
const SVG = "http://www.w3.org/2000/svg";
const CHECK_DELAY_MS = 250;

const grid = document.getElementById("editor-grid");
const count = document.getElementById("editor-count");
const status = document.getElementById("editor-status");
const problemsList = document.getElementById("editor-problems");
const sound = document.getElementById("editor-sound");
const saveForm = document.getElementById("editor-save");
const saveMessage = document.getElementById("editor-save-message");
const nameInput = document.getElementById("editor-name");
const list = document.getElementById("editor-list");
const empty = document.getElementById("editor-mine-empty");

const fill = (text, values) => text.replace(/\{(\w+)\}/g, (_, key) => String(values[key]));

const state = {
  // Tiles as "x,y,z" keys; a tile covers x..x+2 by y..y+2 of layer z.
  tiles: new Set(),
  layer: 0,
  cursor: { x: 0, y: 0 },
  problems: [],
  width: config.grid.width,
  height: config.grid.height,
  depth: config.grid.depth,
  checkTimer: null,
  checkSeq: 0,
};

const key = (x, y, z) => `${x},${y},${z}`;
const parse = (k) => k.split(",").map(Number);
const positions = () => [...state.tiles].map(parse);

// The tile of layer z covering cell (cx, cy), if any.
function tileAt(cx, cy, z) {
  for (const dx of [0, -1]) {
    for (const dy of [0, -1]) {
      if (state.tiles.has(key(cx + dx, cy + dy, z))) return [cx + dx, cy + dy, z];
    }
  }
  return null;
}

function overlaps(x, y, z) {
  for (let dx = -1; dx <= 1; dx++) {
    for (let dy = -1; dy <= 1; dy++) {
      if (state.tiles.has(key(x + dx, y + dy, z))) return true;
    }
  }
  return false;
}

// The board's client: the page's language as ?lang=, the CSRF token, and each refusal as
// an ApiError with the server's message (and, for a refused layout, its problems).
const api = new ApiClient({
  lang: config.lang,
  langInQuery: true,
  csrfToken: config.csrfToken,
  networkMessage: strings.networkError,
});

function el(name, attributes = {}, ns = null) {
  const node = ns ? document.createElementNS(ns, name) : document.createElement(name);
  for (const [k, v] of Object.entries(attributes)) node.setAttribute(k, v);
  return node;
}

// Drawing: the current layer's tiles solid, the layer below faint (what they rest on),
// the cursor as a dashed outline, tiles with a problem marked.
function draw() {
  grid.setAttribute("viewBox", `-0.5 -0.5 ${state.width + 1} ${state.height + 1}`);
  // On a phone the grid's width follows its columns (editor.css): cells stay tappable.
  grid.style.setProperty("--columns", String(state.width + 1));
  grid.replaceChildren();
  grid.append(el("rect", { class: "editor-grid__bg", x: 0, y: 0, width: state.width, height: state.height }, SVG));
  for (let x = 0; x <= state.width; x += 2) {
    grid.append(el("line", { class: "editor-grid__line", x1: x, y1: 0, x2: x, y2: state.height }, SVG));
  }
  for (let y = 0; y <= state.height; y += 2) {
    grid.append(el("line", { class: "editor-grid__line", x1: 0, y1: y, x2: state.width, y2: y }, SVG));
  }
  const wrong = new Set(state.problems.filter((p) => p.at).map((p) => key(p.at.x, p.at.y, p.at.z)));
  const layerTiles = (z) => positions().filter((p) => p[2] === z);
  for (const [x, y] of layerTiles(state.layer - 1)) {
    grid.append(el("rect", { class: "editor-grid__below", x: x + 0.08, y: y + 0.08, width: 1.84, height: 1.84, rx: 0.25 }, SVG));
  }
  for (const [x, y, z] of layerTiles(state.layer)) {
    const cls = wrong.has(key(x, y, z)) ? "editor-grid__tile is-wrong" : "editor-grid__tile";
    grid.append(el("rect", { class: cls, x: x + 0.08, y: y + 0.08, width: 1.84, height: 1.84, rx: 0.25, "data-tile": key(x, y, z) }, SVG));
  }
  // A problem on another layer: a mark at its place, so that it can be found.
  for (const p of state.problems) {
    if (p.at && p.at.z !== state.layer) {
      grid.append(el("circle", { class: "editor-grid__elsewhere", cx: p.at.x + 1, cy: p.at.y + 1, r: 0.35 }, SVG));
    }
  }
  const { x, y } = state.cursor;
  grid.append(el("rect", { class: "editor-grid__cursor", x, y, width: 2, height: 2, rx: 0.25 }, SVG));
  count.textContent = fill(strings.count, { count: state.tiles.size });
}

// The editor says one thing at a time: each message replaces the last, wherever it is
// shown (the status line or the line under Save), so that "Saved." never stays beside a
// deleted layout and "cannot be saved yet" never beside "can be saved".
function say(text) {
  status.textContent = text;
  saveMessage.textContent = "";
}

function sayAtSave(text) {
  saveMessage.textContent = text;
  status.textContent = "";
}

function cursorText() {
  return fill(strings.cursor, { column: state.cursor.x + 1, row: state.cursor.y + 1, layer: state.layer + 1 });
}

function showProblems(problems) {
  state.problems = problems;
  // A save's answer is about the layout as it was: a new check replaces it.
  saveMessage.textContent = "";
  problemsList.replaceChildren();
  for (const problem of problems) {
    const item = el("li");
    if (problem.at) {
      // A problem with a place is a button that takes the cursor there.
      const go = el("button", { type: "button", class: "editor__goto" });
      go.textContent = problem.message;
      go.addEventListener("click", () => {
        setLayer(problem.at.z);
        state.cursor = { x: problem.at.x, y: problem.at.y };
        draw();
        grid.focus();
        say(`${cursorText()}. ${problem.message}`);
      });
      item.append(go);
    } else {
      item.textContent = problem.message;
    }
    problemsList.append(item);
  }
  sound.hidden = problems.length > 0 || state.tiles.size === 0;
  draw();
}

function check() {
  clearTimeout(state.checkTimer);
  state.checkTimer = setTimeout(() => {
    const seq = ++state.checkSeq;
    api.send("POST", config.api.check, { positions: positions() }).then(
      (answer) => {
        if (seq === state.checkSeq) showProblems(answer.problems);
      },
      (error) => {
        if (seq === state.checkSeq) say(error.message);
      },
    );
  }, CHECK_DELAY_MS);
}

function changed() {
  draw();
  check();
}

function toggle(x, y) {
  const z = state.layer;
  const found = tileAt(x, y, z);
  if (found) {
    state.tiles.delete(key(...found));
    say(strings.removed);
  } else {
    const tx = Math.max(0, Math.min(x, state.width - 2));
    const ty = Math.max(0, Math.min(y, state.height - 2));
    if (overlaps(tx, ty, z)) {
      say(strings.cannotPlace);
      return;
    }
    state.tiles.add(key(tx, ty, z));
    say(strings.placed);
  }
  changed();
}

function setLayer(z) {
  state.layer = Math.max(0, Math.min(z, state.depth - 1));
  for (const radio of document.querySelectorAll('input[name="editor-layer"]')) {
    radio.checked = Number(radio.value) === state.layer;
  }
  draw();
}

// The cell under the pointer, in half-tile units.
function cellOf(event) {
  const point = grid.createSVGPoint();
  point.x = event.clientX;
  point.y = event.clientY;
  const local = point.matrixTransform(grid.getScreenCTM().inverse());
  return { x: Math.floor(local.x), y: Math.floor(local.y) };
}

grid.addEventListener("click", (event) => {
  const { x, y } = cellOf(event);
  if (x < 0 || y < 0 || x >= state.width || y >= state.height) return;
  // A click on a tile of this layer removes it; elsewhere a tile is placed with the
  // clicked cell as its top left quarter.
  state.cursor = { x: Math.min(x, state.width - 2), y: Math.min(y, state.height - 2) };
  toggle(x, y);
});

grid.addEventListener("keydown", (event) => {
  const step = event.shiftKey ? 2 : 1;
  const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
  if (moves[event.key]) {
    const [dx, dy] = moves[event.key];
    state.cursor = {
      x: Math.max(0, Math.min(state.cursor.x + dx, state.width - 2)),
      y: Math.max(0, Math.min(state.cursor.y + dy, state.height - 2)),
    };
    draw();
    // In the phone's scrolling frame, keep the cursor in sight.
    grid.querySelector(".editor-grid__cursor")?.scrollIntoView({ block: "nearest", inline: "nearest" });
    say(cursorText());
  } else if (event.key === "Enter" || event.key === " ") {
    toggle(state.cursor.x, state.cursor.y);
  } else if (event.key === "PageUp") {
    setLayer(state.layer + 1);
    say(cursorText());
  } else if (event.key === "PageDown") {
    setLayer(state.layer - 1);
    say(cursorText());
  } else {
    return;
  }
  event.preventDefault();
});

for (const radio of document.querySelectorAll('input[name="editor-layer"]')) {
  radio.addEventListener("change", () => setLayer(Number(radio.value)));
}

document.getElementById("editor-clear").addEventListener("click", () => {
  state.tiles.clear();
  say(strings.cleared);
  changed();
});

function load(tiles) {
  state.tiles = new Set(tiles.map(([x, y, z]) => key(x, y, z)));
  // A file may use more of the grid than the page starts with (up to the engine's limits).
  for (const [x, y] of tiles) {
    state.width = Math.min(config.limits.width, Math.max(state.width, x + 2));
    state.height = Math.min(config.limits.height, Math.max(state.height, y + 2));
  }
  setLayer(0);
}

document.getElementById("editor-import").addEventListener("change", async (event) => {
  const file = event.target.files[0];
  if (!file) return;
  try {
    // A file over the limit is not sent: the page says why, as the server would.
    if (file.size > config.fileMaxBytes) throw new Error(strings.tooLarge);
    const answer = await api.send("POST", config.api.import, { text: await file.text() });
    load(answer.positions);
    showProblems(answer.problems);
    say(strings.imported);
  } catch (error) {
    // Said once, in the status: the grid is as it was, and so is its check.
    say(error.message);
  }
  event.target.value = "";
});

saveForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  sayAtSave("");
  try {
    const saved = await api.send("POST", config.api.layouts, { name: nameInput.value, positions: positions() });
    config.layouts.unshift(saved);
    renderList();
    sayAtSave(strings.saved);
  } catch (error) {
    if (error.problems.length) showProblems(error.problems);
    sayAtSave(error.message);
  }
});

// The rename and delete dialogs. Each is a form: submitting asks the server and closes the
// dialog only when it agrees; a refusal is shown next to the field and the dialog stays.
// Esc (the dialog's own cancel) or Cancel closes it having sent nothing. Focus returns to
// the button that opened it, or, after a change, to the list.
const renameDialog = document.getElementById("editor-rename");
const renameForm = document.getElementById("editor-rename-form");
const renameInput = document.getElementById("editor-rename-name");
const renameError = document.getElementById("editor-rename-error");
const deleteDialog = document.getElementById("editor-delete");
const deleteForm = document.getElementById("editor-delete-form");
const deleteTitle = document.getElementById("editor-delete-title");
const deleteError = document.getElementById("editor-delete-error");
const asking = { layout: null, opener: null, busy: false };

function showError(node, input, message) {
  node.textContent = message;
  if (input) {
    if (message) input.setAttribute("aria-invalid", "true");
    else input.removeAttribute("aria-invalid");
  }
}

function openDialog(dialog, layout, opener) {
  asking.layout = layout;
  asking.opener = opener;
  asking.busy = false;
  dialog.showModal();
}

for (const dialog of [renameDialog, deleteDialog]) {
  dialog.addEventListener("click", (event) => {
    if (event.target.closest("[data-cancel]")) dialog.close();
  });
  dialog.addEventListener("close", () => {
    const { opener, layout } = asking;
    asking.layout = null;
    asking.opener = null;
    if (!opener) return;
    // After a change the list was drawn anew: the same button of the same layout, else
    // (deleted) the list's first control, else the name field.
    const again = opener.isConnected
      ? opener
      : list.querySelector(`[data-id="${layout.id}"] [data-action="${opener.dataset.action}"]`) ||
        list.querySelector("a, button") ||
        nameInput;
    again.focus();
  });
}

function askRename(layout, opener) {
  renameInput.value = layout.name;
  showError(renameError, renameInput, "");
  openDialog(renameDialog, layout, opener);
  renameInput.focus();
  renameInput.select();
}

function askDelete(layout, opener) {
  deleteTitle.textContent = fill(strings.deleteTitle, { name: layout.name });
  showError(deleteError, null, "");
  openDialog(deleteDialog, layout, opener);
}

renameForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  const layout = asking.layout;
  if (!layout || asking.busy) return;
  asking.busy = true;
  try {
    const renamed = await api.send("POST", `${config.api.layouts}/${layout.id}`, { name: renameInput.value });
    layout.name = renamed.name;
    renderList();
    showError(renameError, renameInput, ""); // a refused name's error is over: not left to be read
    renameDialog.close();
    say(strings.renamed);
  } catch (error) {
    showError(renameError, renameInput, error.message);
    renameInput.focus();
  } finally {
    asking.busy = false;
  }
});

deleteForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  const layout = asking.layout;
  if (!layout || asking.busy) return;
  asking.busy = true;
  try {
    await api.send("DELETE", `${config.api.layouts}/${layout.id}`);
    config.layouts = config.layouts.filter((other) => other.id !== layout.id);
    renderList();
    deleteDialog.close();
    say(strings.deleted);
  } catch (error) {
    showError(deleteError, null, error.message);
  } finally {
    asking.busy = false;
  }
});

function playUrl(layout) {
  return `${config.play}?code=${encodeURIComponent(layout.code)}`;
}

function renderList() {
  list.replaceChildren();
  empty.hidden = config.layouts.length > 0;
  for (const layout of config.layouts) {
    const item = el("li", { class: "editor__item", "data-id": layout.id });
    const name = el("span", { class: "editor__item-name" });
    name.textContent = layout.name;
    const code = el("code", { class: "editor__item-code" });
    code.textContent = layout.code;
    const actions = el("span", { class: "editor__item-actions" });
    // Each button names its layout too ("Play: My castle"), for a list read out of context.
    const label = (action) => `${action}: ${layout.name}`;
    const play = el("a", { href: playUrl(layout), class: "editor__button", "aria-label": label(strings.play) });
    play.textContent = strings.play;
    const open = el("a", { href: layout.export, class: "editor__button", download: "", "aria-label": label(strings.export) });
    open.textContent = strings.export;
    const rename = el("button", { type: "button", class: "editor__button", "data-action": "rename", "aria-label": label(strings.rename) });
    rename.textContent = strings.rename;
    rename.addEventListener("click", () => askRename(layout, rename));
    const remove = el("button", { type: "button", class: "editor__button", "data-action": "delete", "aria-label": label(strings.delete) });
    remove.textContent = strings.delete;
    remove.addEventListener("click", () => askDelete(layout, remove));
    actions.append(play, open, rename, remove);
    item.append(name, " ", code, " ", actions);
    list.append(item);
  }
}

renderList();
draw();
grid.dataset.ready = "true";
