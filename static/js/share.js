// Sharing a won game: the server's short text ("MJ1-L00-… in 4:12, no hints")
// and a link to the same deal, through the browser's own share sheet when it has one, or
// the clipboard. Nothing comes from another site. The board's controller announces a win
// with the event "board:won" on #board and every whole game with "board:game"; this
// module only listens to them.

// The message to share: the text, then the absolute link (the server sends a path).
export function shareMessage(share, origin) {
  const url = new URL(share.path, origin).href;
  return { text: share.text, url, message: `${share.text}\n${url}` };
}

export function setupShare(board, box) {
  if (!board || !box) return;
  const field = box.querySelector("#share-text");
  const link = box.querySelector("#share-link");
  // "Share" sits beside "New game" on the win screen, outside the box.
  const native = document.getElementById("share-native");
  const copy = box.querySelector("#share-copy");
  const status = box.querySelector("#share-status");
  let current = null;

  const say = (message) => {
    status.textContent = "";
    window.setTimeout(() => {
      status.textContent = message;
    }, 30);
  };

  function show(game) {
    native.hidden = Boolean(game && game.state === "won" && !game.share); // no share until the daily deal's day is over
    if (!game || game.state !== "won" || !game.share) {
      box.hidden = true;
      current = null;
      return;
    }
    current = shareMessage(game.share, window.location.origin);
    field.value = current.message;
    link.href = current.url;
    status.textContent = "";
    box.hidden = false;
  }

  native.addEventListener("click", async () => {
    if (!current) return;
    if (typeof navigator.share !== "function") {
      copy.click(); // no share sheet in this browser: the clipboard, and the box says so
      return;
    }
    try {
      await navigator.share({ text: current.text, url: current.url });
    } catch {
      // Closed by the player, or refused: the text and the link stay on show.
    }
  });

  copy.addEventListener("click", async () => {
    if (!current) return;
    try {
      await navigator.clipboard.writeText(current.message);
      say(box.dataset.copied);
    } catch {
      field.focus();
      field.select();
      say(box.dataset.copyFailed);
    }
  });

  board.addEventListener("board:won", (event) => show(event.detail.game));
  board.addEventListener("board:game", (event) => show(event.detail.game));
}
