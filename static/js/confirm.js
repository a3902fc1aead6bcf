// Two questions before the board does something the player may regret:
//   - the first Hint in a game whose win could still be ranked (the server's may_rank):
//     a hint makes the game unranked. Confirm or cancel; "Don't ask again" is remembered
//     (localStorage "mahjong.hintConfirm" = "skip").
//   - a new game that would abandon the one in progress: board.js sends the cancelable
//     board:newgame-request {options, game}; this keeps the game, asks, and starts the new
//     one with controller.newGame(options, {confirmed: true}) when the player says so.
// The questions are <dialog>s in templates/game/_play_dialogs.html.

import { read, write } from "./storage.js";

const HINT_KEY = "mahjong.hintConfirm";

const skipsHintQuestion = () => read(HINT_KEY) === "skip";
// Not remembered where storage is refused: asked again next time, nothing lost.
const rememberSkip = () => write(HINT_KEY, "skip");

// A dialog with [data-action] buttons: resolves with the action pressed, or "cancel"
// when it is closed otherwise (Esc). Also winnable.js's, for its own question.
export function ask(dialog) {
  return new Promise((resolve) => {
    let answer = "cancel";
    const onClick = (event) => {
      const action = event.target.closest("[data-action]")?.dataset.action;
      if (!action) return;
      answer = action;
      dialog.close();
    };
    dialog.addEventListener("click", onClick);
    dialog.addEventListener(
      "close",
      () => {
        dialog.removeEventListener("click", onClick);
        resolve(answer);
      },
      { once: true },
    );
    dialog.showModal();
  });
}

export function setupConfirm({ board, hintButton, hintDialog, skipBox, newGameDialog }) {
  const controller = () => board.controller;
  const game = () => controller()?.game ?? null;

  if (hintButton && hintDialog) {
    // Before board.js's own click listener: the capture phase on the document.
    document.addEventListener(
      "click",
      async (event) => {
        if (!event.target.closest || event.target.closest("#hint-button") !== hintButton) return;
        const shown = game();
        if (!shown || !shown.can_hint || shown.hints_used > 0 || shown.may_rank !== true) return;
        if (skipsHintQuestion()) return;
        event.stopImmediatePropagation();
        event.preventDefault();
        if (skipBox) skipBox.checked = false;
        const answer = await ask(hintDialog);
        if (answer !== "hint") {
          hintButton.focus();
          return;
        }
        if (skipBox?.checked) rememberSkip();
        hintButton.focus();
        controller()?.action("hint");
      },
      { capture: true },
    );
  }

  if (newGameDialog) {
    board.addEventListener("board:newgame-request", async (event) => {
      const { options, game: current } = event.detail;
      // "No more moves" already offers New game beside the undos: no second question.
      if (current && current.state === "stuck") return;
      event.preventDefault();
      if (newGameDialog.open) return;
      const answer = await ask(newGameDialog);
      if (answer === "new") controller()?.newGame(options, { confirmed: true });
    });
  }
}
