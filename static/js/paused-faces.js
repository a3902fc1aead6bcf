// A paused game's whole game comes with no face at all (faces_withheld: the board is
// hidden while paused, and its faces are not studied off the clock). The page that pauses
// a game reads it whole again at once, so that it too holds no face while paused (not in
// a tile's name, not in its data). When such a game is resumed, the page asks for the
// whole game again, faces included; a move's answer carries only what changed and could
// not give them all within its size.
//
// Listens to the controller's DOM events (see board.js).

export function setupPausedFaces({ board }) {
  if (!board) return;
  let withheld = false;
  board.addEventListener("board:game", (event) => {
    withheld = Boolean(event.detail.game.faces_withheld);
  });
  board.addEventListener("board:applied", (event) => {
    const { answer } = event.detail;
    if (!withheld && answer.faces_withheld === true) {
      withheld = true; // paused here: drop the faces this page still holds
      board.controller?.reload().catch(() => undefined);
      return;
    }
    if (!withheld || answer.faces_withheld !== false) return;
    withheld = false;
    board.controller?.reload().catch(() => {
      withheld = true; // the next resume or reload tries again
    });
  });
}
