// Keyboard play: a roving tabindex over the free tiles. Tab reaches the board once; the
// arrow keys move between free tiles; Enter or Space taps (the tiles are buttons).

const DIRECTIONS = {
  ArrowRight: [1, 0],
  ArrowLeft: [-1, 0],
  ArrowDown: [0, 1],
  ArrowUp: [0, -1],
};

function freeTiles(game) {
  return game.tiles.filter((tile) => tile.free && !tile.removed);
}

function nearest(game, from) {
  let best = null;
  let bestDistance = Infinity;
  for (const tile of freeTiles(game)) {
    const distance = Math.hypot(tile.x - from.x, tile.y - from.y);
    if (distance < bestDistance) {
      best = tile.id;
      bestDistance = distance;
    }
  }
  return best;
}

function firstFree(game) {
  const free = freeTiles(game).sort((a, b) => a.y - b.y || a.x - b.x || b.z - a.z);
  return free.length ? free[0].id : null;
}

function neighbour(game, from, [dx, dy]) {
  let best = null;
  let bestScore = Infinity;
  for (const tile of freeTiles(game)) {
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

export class RovingFocus {
  // view: the BoardView whose buttons take the focus; current: () => the game shown.
  constructor(container, view, current) {
    this.container = container;
    this.view = view;
    this.current = current;
    this.focusId = null;
    container.addEventListener("keydown", (event) => this.onKey(event));
  }

  reset() {
    this.focusId = null;
  }

  set(id, { move = false } = {}) {
    const old = this.focusId !== null ? this.view.button(this.focusId) : null;
    if (old) old.tabIndex = -1;
    this.focusId = id;
    if (id === null) return;
    const button = this.view.button(id);
    button.tabIndex = 0;
    if (move) button.focus();
  }

  focus() {
    if (this.focusId !== null) this.view.button(this.focusId).focus();
  }

  // After each change: keep the focus on a free tile, the nearest one if its tile went.
  keep(game) {
    const current = this.focusId !== null ? game.tiles[this.focusId] : null;
    if (current && !current.removed && current.free) {
      this.set(this.focusId);
      return;
    }
    const active = document.activeElement;
    const hadFocus = this.container.contains(active) || active === document.body;
    const next = current ? nearest(game, current) : firstFree(game);
    this.set(next, { move: hadFocus && current !== null && next !== null });
  }

  onKey(event) {
    let direction = DIRECTIONS[event.key];
    const game = this.current();
    if (!direction || !game) return;
    // A board turned a quarter turn clockwise (fit.js): an arrow goes the way it points
    // on the screen, which is the board's right for ↓ and its top for →.
    if (this.container.classList.contains("is-turned")) direction = [direction[1], -direction[0]];
    const from = game.tiles[Number(event.target.dataset.id)];
    if (!from) return;
    event.preventDefault();
    const next = neighbour(game, from, direction);
    if (next !== null) this.set(next, { move: true });
  }
}
