// A time of day as the page's language writes one in running text
// (static/js/clock-time.js), and the daily deals' next change. No DOM.
import assert from "node:assert/strict";
import { test } from "node:test";

import { clockTime, nextUtcMidnight } from "../../static/js/clock-time.js";

// The reader's own zone: Node takes it from TZ, which may be set while it runs.
process.env.TZ = "Europe/Stockholm";
const winter = new Date("2027-01-15T19:05:00Z");
const summer = new Date("2027-07-15T19:05:00Z");

test("Swedish writes the hour with a full stop, the others as their clocks do", () => {
  assert.equal(clockTime(winter, "sv"), "20.05");
  assert.equal(clockTime(summer, "sv"), "21.05");
  assert.equal(clockTime(winter, "de"), "20:05");
  assert.equal(clockTime(winter, "el"), "20:05");
  assert.equal(clockTime(winter, "id"), "20.05"); // Indonesian's own clock
});

test("the next change is the coming midnight UTC, also from just before it", () => {
  assert.equal(nextUtcMidnight(winter).toISOString(), "2027-01-16T00:00:00.000Z");
  const late = new Date("2027-12-31T23:59:59Z");
  assert.equal(nextUtcMidnight(late).toISOString(), "2028-01-01T00:00:00.000Z");
  const midnight = new Date("2027-07-01T00:00:00Z");
  assert.equal(nextUtcMidnight(midnight).toISOString(), "2027-07-02T00:00:00.000Z");
});
