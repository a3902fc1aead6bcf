// Movement that answers a tap: a matched pair leaves (each tile, already removed from
// the board's state, shrinks and fades for 220 ms, taking no tap), a mismatch
// shakes the two tiles sideways, a blocked tap nods the tile downwards. Nothing here
// delays the game: the board has drawn the answer before these start, a leaving tile
// takes no tap (pointer-events: none, inert), and a tap during a movement is a tap.
// Under prefers-reduced-motion nothing is started at all.
//
// Listens to the board's DOM events (static/js/board.js).

export const LEAVE_MS = 220;

const SHAKE = [
  { translate: "0 0" },
  { translate: "-3px 0" },
  { translate: "3px 0" },
  { translate: "-2px 0" },
  { translate: "0 0" },
];
const NOD = [
  { translate: "0 0", scale: "1" },
  { translate: "0 3px", scale: "0.97" },
  { translate: "0 0", scale: "1" },
];

export function setupEffects({ board, tiles }) {
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");
  const moving = () => !reduced.matches && document.visibilityState === "visible";
  let selected = null; // the selection before the latest answer
  const button = (id) => tiles.querySelector(`.tile[data-id="${id}"]`);

  // Every movement starts on the frame after the one that shows the answer: that frame
  // is painted first, with no animation to set up (bench/tap.py measures it). The answer
  // is drawn before its frame, so a callback asked for now would run at the start of
  // that very frame: the one asked for from there runs in the next.
  const later = (start) => requestAnimationFrame(() => requestAnimationFrame(start));

  function move(element, keyframes, duration) {
    if (!element || element.hidden) return;
    later(() => element.animate(keyframes, { duration, easing: "ease-out" }));
  }

  // The removed tile itself, shown once more where it was, marked as a picture only
  // (no tap, no focus, nothing for a screen reader), until its movement ends. Not a copy:
  // copying a classic tile's picture (an <svg><use> of the sprite) costs a frame.
  function leave(id) {
    const tile = button(id);
    if (!tile || !tile.hidden) return;
    tile.hidden = false;
    tile.classList.add("tile--leaving");
    tile.setAttribute("aria-hidden", "true");
    tile.inert = true;
    const end = () => {
      tile.classList.remove("tile--leaving");
      tile.removeAttribute("aria-hidden");
      tile.inert = false;
      // Hidden again unless an undo brought the tile back meanwhile.
      const game = board.controller?.game;
      tile.hidden = !game || Boolean(game.tiles[id]?.removed);
    };
    later(() => {
      if (!tile.classList.contains("tile--leaving")) return;
      const animation = tile.animate(
        [
          { opacity: 1, translate: "0 0" },
          { opacity: 0, translate: "0 -30%" },
        ],
        { duration: LEAVE_MS, easing: "cubic-bezier(.4, 0, 1, 1)", fill: "forwards" },
      );
      animation.addEventListener("finish", () => {
        end();
        animation.cancel(); // the kept last frame, once hidden
      });
      animation.addEventListener("cancel", end);
    });
  }

  // A tap moves the tiles when it is drawn: before its answer when the board expected
  // it (board:predicted), and not again when the answer says the same.
  const answered = (event) => {
    const { game, answer } = event.detail;
    const before = selected;
    selected = game.selected;
    if (!moving()) return;
    if (answer.removed && answer.removed.length && answer.event !== "undone") {
      for (const id of answer.removed) leave(id);
    } else if (answer.event === "selection_moved") {
      // A second free tile that does not match the first: both say no.
      move(button(before), SHAKE, 200);
      move(button(game.selected), SHAKE, 200);
    }
  };
  board.addEventListener("board:predicted", answered);
  board.addEventListener("board:applied", (event) => {
    if (event.detail.predicted) selected = event.detail.game.selected;
    else answered(event);
  });
  board.addEventListener("board:blocked", (event) => {
    selected = event.detail.game.selected;
    if (moving()) move(button(event.detail.blocked.tile), NOD, 180);
  });
  board.addEventListener("board:game", (event) => {
    selected = event.detail.game.selected;
  });
}
