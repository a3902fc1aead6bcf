// "This game can no longer be won" and "No more moves": after each removal (and whenever
// a whole game is drawn) the board asks the server, in a request of its own that no tap
// ever waits for, whether the game can still be won. When it cannot, the solver's count
// of moves back to the last winnable position is offered as "Undo N moves":
//   - in the notice over the foot of the board (#lost-notice), beside "Undo" and "New
//     game", while the game can still be played on (the notice is advice);
//   - in the "No more moves" dialog (#stuck-dialog), beside its own "Undo" and "New game",
//     once no pair is left.
// The server decides everything (GET /api/games/{id}/winnable, POST /api/games/{id}/undo
// {"to": "winnable"}).
//
// Listens to the controller's DOM events (see board.js); the undos go through the
// controller's own request queue, after any tap still in flight.

import { fill } from "./render.js";

function button(label, { primary = false, id = null } = {}) {
  const element = document.createElement("button");
  element.type = "button";
  element.className = primary ? "play-button play-button--primary" : "play-button";
  if (id) element.id = id;
  element.textContent = label;
  return element;
}

export function setupWinnable({ board, notice, api, t }) {
  if (!board || !notice) return;
  const stuck = document.getElementById("stuck-dialog");
  const stuckUndo = document.getElementById("stuck-undo-winnable");
  const strings = notice.dataset; // the notice's own words (templates/game/_play_dialogs.html)
  let asked = 0; // the latest check sent; the answers of older ones are dropped

  const shown = () => (board.controller ? board.controller.game : null);
  const undoLabel = (count) => fill(count === 1 ? t.undoMovesOne : t.undoMovesOther, { count });

  function hide() {
    notice.replaceChildren();
    if (stuckUndo) stuckUndo.hidden = true;
  }

  function show(game, count) {
    if (game.state === "stuck" && stuckUndo) {
      // The dialog says "No more moves"; its first button goes back far enough.
      stuckUndo.textContent = undoLabel(count);
      stuckUndo.dataset.count = String(count);
      stuckUndo.hidden = false;
      return;
    }
    const text = document.createElement("p");
    text.className = "board-notice__text";
    text.textContent = t.lost;
    const back = button(undoLabel(count), { primary: true, id: "undo-to-winnable" });
    back.addEventListener("click", () => undoToWinnable(back));
    const buttons = document.createElement("div");
    buttons.className = "board-notice__buttons";
    buttons.append(back);
    if (count > 1) {
      const one = button(strings.undo || "Undo");
      one.addEventListener("click", () => board.controller.action("undo"));
      buttons.append(one);
    }
    const fresh = button(strings.newGame || "New game");
    fresh.addEventListener("click", () => {
      const game = shown();
      if (!game) return;
      // No need to ask: the notice says this game cannot be won.
      if (board.controller.newGame) board.controller.newGame({ layout: game.layout.id }, { confirmed: true });
      else document.getElementById("new-game-form")?.requestSubmit();
    });
    buttons.append(fresh);
    // Advice only: the player may put it away and play on (until the next removal).
    const close = document.createElement("button");
    close.type = "button";
    close.className = "board-notice__close";
    close.setAttribute("aria-label", strings.close || "Close");
    close.textContent = "×";
    close.addEventListener("click", () => {
      notice.replaceChildren();
      document.querySelector('#board-tiles .tile[tabindex="0"]')?.focus();
    });
    notice.replaceChildren(text, buttons, close);
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

  async function undoToWinnable(control) {
    control.disabled = true;
    // Through the controller: the board applies the answer and the status line says how
    // many moves were undone and how many tiles are left (or what went wrong).
    const answer = await board.controller.action("undo", { to: "winnable" });
    control.disabled = false;
    if (!answer) return;
    hide();
    // The button is gone: keep the keyboard near, on the bar's own Undo.
    document.getElementById("undo-button")?.focus();
  }

  if (stuckUndo) {
    stuckUndo.addEventListener("click", () => {
      if (stuck?.open) stuck.close();
      undoToWinnable(stuckUndo);
    });
  }

  board.addEventListener("board:applied", (event) => {
    const { game, answer } = event.detail;
    // "stuck" is a removal too: the one that left no pair. A redo removes, a restart
    // puts back (bar-tools.js).
    if (["removed", "undone", "redone", "restarted", "stuck"].includes(answer.event)) check(game);
    else if (answer.event === "hint" && answer.winnable === false) check(game);
    else if (answer.event === "won") hide();
  });
  board.addEventListener("board:game", (event) => check(event.detail.game));
}
