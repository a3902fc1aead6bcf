// Movement that answers a tap: a matched pair leaves (a copy of each tile shrinks and
// fades for 220 ms, over the board, while the real tiles are already gone), a mismatch
// shakes the two tiles sideways, a blocked tap nods the tile downwards. Nothing here
// delays the game: the board has drawn the answer before these start, the copies take
// no taps (pointer-events: none, inert), and a tap during a movement is simply a tap.
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

  function move(element, keyframes, duration) {
    if (!element || element.hidden) return;
    element.animate(keyframes, { duration, easing: "ease-out" });
  }

  // A copy of the tile where it was, marked as nothing but a picture.
  function leave(id) {
    const original = button(id);
    if (!original) return;
    const ghost = original.cloneNode(true);
    ghost.removeAttribute("data-id");
    ghost.removeAttribute("aria-pressed");
    ghost.removeAttribute("aria-label");
    ghost.classList.remove("is-free", "is-blocked", "is-hint", "is-guided", "is-blocker");
    ghost.classList.add("tile--leaving");
    ghost.hidden = false;
    ghost.tabIndex = -1;
    ghost.inert = true;
    ghost.setAttribute("aria-hidden", "true");
    tiles.append(ghost);
    const animation = ghost.animate(
      [
        { opacity: 1, scale: "1", translate: "0 0" },
        { opacity: 0, scale: "0.55", translate: "0 -25%" },
      ],
      { duration: LEAVE_MS, easing: "cubic-bezier(.4, 0, 1, 1)" },
    );
    const done = () => ghost.remove();
    animation.addEventListener("finish", done);
    animation.addEventListener("cancel", done);
  }

  board.addEventListener("board:applied", (event) => {
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
  });
  board.addEventListener("board:blocked", (event) => {
    selected = event.detail.game.selected;
    if (moving()) move(button(event.detail.blocked.tile), NOD, 180);
  });
  board.addEventListener("board:game", (event) => {
    selected = event.detail.game.selected;
  });
}
