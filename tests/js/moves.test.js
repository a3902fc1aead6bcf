// The board's pure move logic (static/js/moves.js): an answer applied to the game it
// followed, and whether an answer fits the game the board shows. No DOM, no server.
import assert from "node:assert/strict";
import { test } from "node:test";

import { answerFits, applyMove } from "../../static/js/moves.js";

const tile = (id, fields = {}) => ({ id, face: id, family: "x", free: false, removed: false, ...fields });

function game(tiles, fields = {}) {
  return { id: "g1", version: 3, tiles, selected: null, ...fields };
}

const move = (fields) => ({
  removed: [],
  restored: [],
  freed: [],
  unfreed: [],
  ...fields,
});

test("a removal marks its tiles removed and no longer free, and frees the named ones", () => {
  const before = game([tile(0, { free: true }), tile(1, { free: true }), tile(2)]);
  const after = applyMove(before, move({ removed: [0, 1], freed: [2], version: 4 }));
  assert.deepEqual(
    after.tiles.map((t) => [t.removed, t.free]),
    [
      [true, false],
      [true, false],
      [false, true],
    ],
  );
  assert.equal(after.version, 4);
  // The game it followed is left as it was.
  assert.equal(before.tiles[0].removed, false);
  assert.equal(before.version, 3);
});

test("an undo puts tiles back and blocks the ones they cover again", () => {
  const before = game([tile(0, { removed: true }), tile(1, { removed: true }), tile(2, { free: true })]);
  const after = applyMove(before, move({ restored: [0, 1], unfreed: [2] }));
  assert.deepEqual(
    after.tiles.map((t) => [t.removed, t.free]),
    [
      [false, false],
      [false, false],
      [false, false],
    ],
  );
});

test("a long undo names the tiles still removed instead of those put back", () => {
  const before = game([tile(0, { removed: true }), tile(1, { removed: true }), tile(2, { removed: true })]);
  const after = applyMove(before, move({ all_removed: [2] }));
  assert.deepEqual(
    after.tiles.map((t) => t.removed),
    [false, false, true],
  );
});

test("revealed faces are shown and covered ones hidden again", () => {
  const before = game([tile(0, { face: null, family: null }), tile(1)]);
  const after = applyMove(
    before,
    move({ revealed: [{ id: 0, face: 7, family: "bamboo", match: "7B" }], covered: [1] }),
  );
  // A revealed face comes with its match class, which a covered one loses again.
  assert.deepEqual(after.tiles[0], tile(0, { face: 7, family: "bamboo", match: "7B" }));
  assert.equal(after.tiles[1].face, null);
  assert.equal(after.tiles[1].family, null);
  assert.equal(after.tiles[1].match, null);
});

test("every other field of the answer replaces the game's, the tile lists do not", () => {
  const after = applyMove(game([tile(0)]), move({ selected: 0, state: "won", removed: [] }));
  assert.equal(after.selected, 0);
  assert.equal(after.state, "won");
  assert.equal("removed" in after, false);
  assert.equal("freed" in after, false);
});

test("an answer fits when it is the same or the next version of the same game", () => {
  const shown = game([]);
  assert.equal(answerFits(shown, { id: "g1", version: 3 }), "apply");
  assert.equal(answerFits(shown, { id: "g1", version: 4 }), "apply");
  assert.equal(answerFits(shown, { id: "g1", version: 2 }), "stale");
  // A version skipped, or another game: fetch the whole game.
  assert.equal(answerFits(shown, { id: "g1", version: 5 }), "missed");
  assert.equal(answerFits(shown, { id: "g2", version: 4 }), "missed");
});
