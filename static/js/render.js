// Drawing the board from a game as the server sends it: the tiles, the bar beside them,
// the pause cover and the end-of-game dialogs. It decides nothing: which tiles are free,
// which actions are allowed and the family names all come with the game.

import { formatElapsed } from "./clock.js";
import { coveredTiles } from "./stacking.js";

export function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (match, key) => (key in values ? values[key] : match));
}

// The faces in the order of the classic set's sheet (static/tiles/classic.svg shown as an
// image, laid out by tools/tiles/build_sprite.py: nine to a row, the order of
// mahjong/rules/tiles.py). static/css/tiles.css cuts a tile's face out of it by its
// column and row.
const SHEET = [
  ...["B", "C", "D"].flatMap((suit) => [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `${n}${suit}`)),
  ...["N", "S", "E", "W", "R", "G", "Wh", "F1", "F2", "F3", "F4", "S1", "S2", "S3", "S4"],
];
const SHEET_COLUMNS = 9;

// The face of a tile, for both tile sets (static/css/tiles.css shows one): the classic
// picture, and the Digits label, which is the classic set's corner index. The picture is
// the sheet as a background image, not an <svg><use> of the sprite: an image is one
// drawing of the tile's own, where 144 copies of the symbols' shapes were as many
// elements to style, lay out, paint and hit-test on each frame that a tap changes. A
// face the server hides (null) is a plain tile.
export function glyph(face) {
  const label = document.createElement("span");
  label.className = "tile__glyph";
  label.setAttribute("aria-hidden", "true");
  if (face == null) return label;
  const art = document.createElement("span");
  art.className = "tile__art";
  const cell = SHEET.indexOf(face);
  art.style.setProperty("--col", String(cell % SHEET_COLUMNS));
  art.style.setProperty("--row", String(Math.floor(cell / SHEET_COLUMNS)));
  const index = document.createElement("span");
  index.className = "tile__index";
  const suited = /^(\d)([BCD])$/.exec(face);
  if (suited) {
    const number = document.createElement("span");
    number.className = "tile__number";
    number.textContent = suited[1];
    const suit = document.createElement("span");
    suit.className = "tile__suit";
    suit.textContent = suited[2];
    index.append(number, suit);
  } else {
    index.textContent = face;
  }
  label.append(art, index);
  return label;
}

function setAttribute(element, name, value) {
  if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

function openDialog(dialog) {
  if (!dialog.open) dialog.showModal();
}

export function closeDialog(dialog) {
  if (dialog.open) dialog.close();
}

export class BoardView {
  constructor(el, strings) {
    this.el = el;
    this.t = strings;
    this.buttons = new Map(); // tile id -> button
  }

  tileName(tile) {
    if (tile.face == null) return this.t.tileHidden; // wholly covered: not shown yet
    return this.t.tileNames[tile.face] || tile.face;
  }

  button(id) {
    return this.buttons.get(id);
  }

  // A new game: one button per tile, stacked by layer, laid out by the server's positions
  // (fit.js sizes them to the screen).
  build(game) {
    const { tiles: container } = this.el;
    container.replaceChildren();
    this.buttons = new Map();
    const ordered = [...game.tiles].sort((a, b) => a.z - b.z || a.x + a.y - (b.x + b.y));
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
      button.dataset.height = String(tile.z + 1); // its chip's colour (board.css)
      button.style.setProperty("--order", String(tile.z * 100 + tile.x + tile.y));
      button.append(glyph(tile.face));
      this.buttons.set(tile.id, button);
      container.append(button);
    }
  }

  // A face the server sent as null (wholly covered) and has now uncovered.
  reveal(button, tile) {
    button.className = button.className.replace(/\btile--\S+/, `tile--${tile.family}`);
    button.dataset.face = tile.face;
    button.replaceChildren(glyph(tile.face));
  }

  // Every answer redraws from the whole game, but only what changed is written: a tap
  // changes a few tiles, and an attribute written again with the same value still costs
  // the browser a style check and an accessibility update for each of the 144 tiles.
  render(game) {
    const { el, t } = this;
    const hint = new Set(game.hint || []);
    const covered = coveredTiles(game.tiles);
    for (const tile of game.tiles) {
      const button = this.buttons.get(tile.id);
      const selected = game.selected === tile.id;
      // A leaving tile (effects.js) ends its movement first: it hides itself then.
      const leaving = button.classList.contains("tile--leaving");
      if (button.hidden !== tile.removed && !leaving) button.hidden = tile.removed;
      button.classList.toggle("is-free", tile.free);
      button.classList.toggle("is-blocked", !tile.free && !tile.removed);
      button.classList.toggle("is-selected", selected);
      button.classList.toggle("is-hint", hint.has(tile.id));
      button.classList.toggle("is-covered", covered.has(tile.id));
      if (tile.removed) continue;
      if (button.dataset.face !== String(tile.face)) this.reveal(button, tile);
      setAttribute(button, "aria-pressed", selected ? "true" : "false");
      // Paused, the board is hidden and tells nothing: not a face, not which tile is free.
      const name = this.tileName(tile);
      const label = game.paused ? t.tileHidden : fill(tile.free ? t.tileFree : t.tileBlocked, { name });
      setAttribute(button, "aria-label", label);
    }
    setAttribute(el.board, "aria-busy", "false");
    const left = String(game.tiles_left);
    if (el.left.textContent !== left) el.left.textContent = left;
    const code = game.code ?? "";
    if (el.code.value !== code) el.code.value = code;
    if (el.layout.value !== game.layout.id) el.layout.value = game.layout.id;
    el.hint.disabled = !game.can_hint;
    el.undo.disabled = !game.can_undo;
    // One model: a toggle named "Pause", pressed while the game is paused.
    el.pause.disabled = !game.can_pause;
    el.pause.setAttribute("aria-pressed", game.paused ? "true" : "false");
    el.board.classList.toggle("is-paused", game.paused);
    el.paused.hidden = !game.paused;
    this.dialogs(game);
  }

  dialogs(game) {
    const { el, t } = this;
    if (game.state === "stuck" && !game.paused) openDialog(el.stuck);
    else closeDialog(el.stuck);
    if (game.state === "won") {
      el.wonText.textContent = fill(t.won, { time: formatElapsed(game.elapsed_ms) });
      openDialog(el.won);
    } else {
      closeDialog(el.won);
    }
  }
}
