// The message a won game shares (static/js/share.js): the server's text, then the
// absolute link to the same deal. No DOM.
import assert from "node:assert/strict";
import { test } from "node:test";

import { shareMessage } from "../../static/js/share.js";

test("the shared message is the text, then the link made absolute", () => {
  const share = { text: "MJ1-L00-AAAAABL på 4:12", path: "/sv/play/?code=MJ1-L00-AAAAABL" };
  assert.deepEqual(shareMessage(share, "https://mahjong.example"), {
    text: share.text,
    url: "https://mahjong.example/sv/play/?code=MJ1-L00-AAAAABL",
    message: `${share.text}\nhttps://mahjong.example/sv/play/?code=MJ1-L00-AAAAABL`,
  });
});
