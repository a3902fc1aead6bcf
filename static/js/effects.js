// Movement that answers a tap: a matched pair leaves (each tile, already removed from
// the board's state, shrinks and fades for 220 ms, taking no tap), a mismatch
// shakes the two tiles sideways with a red ring, a blocked tap nods the tile downwards.
// Nothing here delays the game: the board has drawn the answer before these start, a
// leaving tile takes no tap (pointer-events: none, inert), and a tap during a movement is
// a tap. Under prefers-reduced-motion nothing moves: a mismatch still rings both tiles
// red for a moment, in place, and nothing else is started.
//
// Listens to the board's DOM events (static/js/board.js).

export const LEAVE_MS = 220;

// A mismatch: both tiles shake by a tenth of their width (a few pixels were not seen)
// and ring red, in 260 ms; under reduced motion the ring alone, held and faded.
export const MISMATCH_MS = 260;
const SHAKE = [
  { translate: "0 0" },
  { translate: "-10% 0", offset: 0.2 },
  { translate: "10% 0", offset: 0.45 },
  { translate: "-6% 0", offset: 0.7 },
  { translate: "0 0" },
];

function ring(element, color) {
  const width = `${Math.max(3, Math.round(element.offsetWidth * 0.1))}px`;
  return { outlineStyle: "solid", outlineWidth: width, outlineOffset: "0px", outlineColor: color };
}

function mismatchFrames(element, still) {
  const red = getComputedStyle(element).getPropertyValue("--tile-mismatch").trim() || "#d0191b";
  const on = ring(element, red);
  const off = ring(element, "transparent");
  if (still) return [on, { ...on, offset: 0.7 }, off];
  return SHAKE.map((frame, i) => ({ ...frame, ...(i === SHAKE.length - 1 ? off : on) }));
}

const NOD = [
  { translate: "0 0", scale: "1" },
  { translate: "0 3px", scale: "0.97" },
  { translate: "0 0", scale: "1" },
];

export function setupEffects({ board, tiles }) {
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");
  const shown = () => document.visibilityState === "visible";
  const moving = () => !reduced.matches && shown();
  let selected = null; // the selection before the latest answer
  const button = (id) => tiles.querySelector(`.tile[data-id="${id}"]`);

  // Every movement starts on the frame after the one that shows the answer: that frame
  // is painted first, with no animation to set up (bench/tap.py measures it). The answer
  // is drawn before its frame, so a callback asked for now would run at the start of
  // that very frame: the one asked for from there runs in the next.
  const later = (start) => requestAnimationFrame(() => requestAnimationFrame(start));

  // keyframes: a list, or a function of the element called when the movement starts
  // (what it measures is then measured after the answer's frame, not in it).
  function move(element, keyframes, duration, id = "") {
    if (!element || element.hidden) return;
    later(() => {
      const frames = typeof keyframes === "function" ? keyframes(element) : keyframes;
      element.animate(frames, { id, duration, easing: "ease-out" });
    });
  }

  // A mismatch names two tiles: the one selected before and the new selection.
  function mismatch(ids) {
    const still = reduced.matches;
    const id = still ? "mismatch-still" : "mismatch";
    for (const tile of ids.map(button)) {
      move(tile, (element) => mismatchFrames(element, still), MISMATCH_MS, id);
    }
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
    // A second free tile that does not match the first: both say no, moving or not.
    if (answer.event === "selection_moved" && shown()) mismatch([before, game.selected]);
    if (!moving()) return;
    if (answer.removed && answer.removed.length && answer.event !== "undone") {
      for (const id of answer.removed) leave(id);
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
