// "This game can no longer be won": after each removal (and whenever a whole game is
// drawn) the board asks the server, in a request of its own that no tap ever waits for,
// whether the game can still be won. When it cannot, a notice says so with one action,
// "Undo N moves", which goes back to the last winnable position. The notice is advice:
// the game can be played on. The server decides everything
// (GET /api/games/{id}/winnable, POST /api/games/{id}/undo {"to": "winnable"}).
//
// Listens to the controller's DOM events (see board.js); the undo goes through the
// controller's own request queue, after any tap still in flight.

import { fill } from "./render.js";

export function setupWinnable({ board, notice, api, t }) {
  if (!board || !notice) return;
  let asked = 0; // the latest check sent; the answers of older ones are dropped

  const shown = () => (board.controller ? board.controller.game : null);

  function hide() {
    notice.replaceChildren();
  }

  function show(game, count) {
    const text = document.createElement("p");
    text.className = "board-notice__text";
    text.textContent = t.lost;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "play-button play-button--primary";
    button.id = "undo-to-winnable";
    button.textContent = fill(count === 1 ? t.undoMovesOne : t.undoMovesOther, { count });
    button.addEventListener("click", () => undoToWinnable(button));
    notice.replaceChildren(text, button);
  }

  async function check(game) {
    const ask = ++asked;
    hide();
    if (!game || game.state === "won" || game.paused || game.tiles_left === 144) return;
    let answer;
    try {
      // Sent at once, not queued behind the board's requests: a tap never waits for it.
      answer = await api.send("GET", `/${game.id}/winnable`);
    } catch (error) {
      return; // advice only: without an answer the board simply shows no notice
    }
    const now = shown();
    if (ask !== asked || !now || now.id !== answer.id || now.version !== answer.version) return;
    if (answer.winnable === false && answer.undo_to_winnable) show(now, answer.undo_to_winnable);
  }

  async function undoToWinnable(button) {
    button.disabled = true;
    // Through the controller: the board applies the answer and the status line says how
    // many moves were undone and how many tiles are left (or what went wrong).
    const answer = await board.controller.action("undo", { to: "winnable" });
    if (!answer) {
      button.disabled = false;
      return;
    }
    hide();
    // The button is gone: keep the keyboard near, on the bar's own Undo.
    document.getElementById("undo-button")?.focus();
  }

  board.addEventListener("board:applied", (event) => {
    const { game, answer } = event.detail;
    // "stuck" is a removal too: the one that left no pair (its dialog offers one undo).
    if (["removed", "undone", "stuck"].includes(answer.event)) check(game);
    else if (answer.event === "hint" && answer.winnable === false) check(game);
    else if (answer.event === "won") hide();
  });
  board.addEventListener("board:game", (event) => check(event.detail.game));
}
