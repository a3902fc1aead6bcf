// Which tiles lie under another (static/js/stacking.js), for drawing only. No DOM.
import assert from "node:assert/strict";
import { test } from "node:test";

import { coveredTiles } from "../../static/js/stacking.js";

const tile = (id, x, y, z, removed = false) => ({ id, x, y, z, removed });

test("a tile half over two below covers both, and nothing beside them", () => {
  // Four in a row on the ground, one across the middle two (the rules page's picture).
  const tiles = [tile(0, 0, 0, 0), tile(1, 2, 0, 0), tile(2, 4, 0, 0), tile(3, 6, 0, 0)];
  tiles.push(tile(4, 3, 0, 1));
  assert.deepEqual([...coveredTiles(tiles)].sort(), [1, 2]);
});

test("a quarter overlap covers, two units away on either axis does not", () => {
  const tiles = [tile(0, 0, 0, 0), tile(1, 1, 1, 1), tile(2, 10, 0, 0), tile(3, 12, 2, 1)];
  assert.deepEqual([...coveredTiles(tiles)], [0]);
});

test("only the next layer covers, and a removed tile covers nothing", () => {
  const tiles = [tile(0, 0, 0, 0), tile(1, 0, 0, 2), tile(2, 4, 0, 0), tile(3, 4, 0, 1, true)];
  assert.deepEqual([...coveredTiles(tiles)], []);
});
