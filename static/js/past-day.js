// The label of an earlier day's daily deal (templates/game/_past_day.html). The server
// says which code the page was sent for; a code typed in the New game panel that is an
// earlier day's deal comes with its day in the game (past_day), and the label says so at
// once. It shows while the board shows that deal and hides once another game replaces it.

const label = document.getElementById("past-day");
const board = document.getElementById("board");

if (label && board) {
  const sentence = label.querySelector("strong");
  const link = label.querySelector("a");
  board.addEventListener("board:game", (event) => {
    const game = event.detail.game;
    const past = game?.past_day;
    if (past && game.code) {
      sentence.textContent = label.dataset.sentence.replace("{day}", past.text);
      link.href = past.board_url;
      label.dataset.code = game.code;
    }
    label.hidden = !game?.code || game.code !== label.dataset.code;
  });
}
