// The label of an earlier day's daily deal (templates/game/_past_day.html): the server
// says which code it is about; the label shows while the board shows that deal and hides
// once a new game (from the panel, or after a win) replaces it.

const label = document.getElementById("past-day");
const board = document.getElementById("board");

if (label && board) {
  board.addEventListener("board:game", (event) => {
    label.hidden = event.detail.game?.code !== label.dataset.code;
  });
}
