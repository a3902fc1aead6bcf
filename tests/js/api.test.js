// The API client (static/js/api.js) against a stubbed fetch: what each request carries
// (language, CSRF token, body), how each failure comes back (one ApiError), and the
// board's queue of moves while the connection is down. No server, no DOM.
import assert from "node:assert/strict";
import { afterEach, beforeEach, test } from "node:test";

// GameApi listens to the browser's online/offline events. Its timer for trying again
// never fires here: only the online event brings the connection back, so no test waits.
globalThis.window = Object.assign(new EventTarget(), { setTimeout: () => 0, clearTimeout: () => {} });

const { ApiClient, ApiError, GameApi } = await import("../../static/js/api.js");

const NETWORK = "No connection.";
let sent; // every request fetch was given: {url, method, headers, body}
let answer; // (request) => a Response, or throws as fetch does without a connection

beforeEach(() => {
  sent = [];
  answer = () => json({});
  globalThis.fetch = async (url, options) => {
    const request = { url, method: options.method, headers: options.headers, body: options.body };
    sent.push(request);
    return answer(request);
  };
});

// The connection back and answering, so that a client still waiting (after a test that
// failed) finishes instead of trying again for ever.
afterEach(() => {
  answer = () => json({ id: "g1", version: 1 });
  globalThis.window.dispatchEvent(new Event("online"));
});

function json(data, status = 200) {
  return new Response(JSON.stringify(data), { status, headers: { "Content-Type": "application/json" } });
}

const offline = () => {
  throw new TypeError("Failed to fetch");
};

const client = (options = {}) =>
  new ApiClient({ base: "/api/games", lang: "el", csrfToken: "token", networkMessage: NETWORK, ...options });

// The promise's rejection, which must be an ApiError.
async function refusal(promise) {
  const error = await promise.then(
    () => assert.fail("expected a refusal"),
    (caught) => caught,
  );
  assert.ok(error instanceof ApiError, `not an ApiError: ${error}`);
  return error;
}

test("a GET returns the answer's JSON, in the page's language, with no token", async () => {
  answer = () => json({ id: "g1", version: 3 });
  assert.deepEqual(await client().send("GET", "/g1"), { id: "g1", version: 3 });
  const [request] = sent;
  assert.equal(request.url, "/api/games/g1");
  assert.equal(request.headers.Accept, "application/json");
  assert.equal(request.headers["Accept-Language"], "el");
  assert.equal(request.headers["X-CSRFToken"], undefined);
  assert.equal(request.body, undefined);
});

test("a POST carries the CSRF token and its body as JSON, an empty object at least", async () => {
  await client().send("POST", "/g1/tap", { tile: 7 });
  await client().send("POST", "/g1/winnable");
  assert.deepEqual(
    sent.map((request) => [request.headers["X-CSRFToken"], request.headers["Content-Type"], request.body]),
    [
      ["token", "application/json", '{"tile":7}'],
      ["token", "application/json", "{}"],
    ],
  );
});

test("a DELETE carries the token and no body; its empty answer is null", async () => {
  answer = () => new Response(null, { status: 204 });
  assert.equal(await client().send("DELETE", "/g1"), null);
  assert.equal(sent[0].headers["X-CSRFToken"], "token");
  assert.equal(sent[0].body, undefined);
});

test("with langInQuery the language is the lang parameter, after any query", async () => {
  const editor = client({ base: "", langInQuery: true });
  await editor.send("POST", "/api/layouts/check", { positions: [] });
  await editor.send("GET", "/api/layouts?page=2");
  assert.deepEqual(
    sent.map((request) => request.url),
    ["/api/layouts/check?lang=el", "/api/layouts?page=2&lang=el"],
  );
  assert.equal(sent[0].headers["Accept-Language"], undefined);
});

test("the API's JSON error comes back with its code, message, status and problems", async () => {
  const problems = [{ reason: "floating", message: "A tile floats.", at: { x: 0, y: 0, z: 1 } }];
  answer = () => json({ error: { code: "invalid_layout", message: "Not saved.", problems } }, 400);
  const error = await refusal(client().send("POST", "/layouts", {}));
  assert.deepEqual([error.code, error.message, error.status, error.problems], ["invalid_layout", "Not saved.", 400, problems]);
});

test("a 429 is the server's refusal, with its own words", async () => {
  answer = () => json({ error: { code: "rate_limited", message: "Too many requests." } }, 429);
  const error = await refusal(client().send("POST", "/g1/tap", { tile: 1 }));
  assert.deepEqual([error.code, error.message, error.status], ["rate_limited", "Too many requests.", 429]);
});

test("an error page that is not JSON says the page's own words", async () => {
  answer = () => new Response("<html><h1>413 Request Entity Too Large</h1></html>", { status: 413 });
  const error = await refusal(client().send("POST", "/g1/tap", { tile: 1 }));
  assert.deepEqual([error.code, error.message, error.status, error.problems], ["http", NETWORK, 413, []]);
});

test("no answer at all is a network failure, not an HTTP error", async () => {
  answer = offline;
  const error = await refusal(client().send("GET", "/g1"));
  assert.deepEqual([error.code, error.message, error.status], ["network", NETWORK, 0]);
});

// The board's client, reporting its connection.
function gameApi() {
  const changes = [];
  const api = new GameApi({
    base: "/api/games",
    lang: "sv",
    csrfToken: "token",
    networkMessage: NETWORK,
    onConnection: (online) => changes.push(online),
  });
  return { api, changes };
}

// Lets the client run until it waits for the connection to come back (a few turns of
// the event loop; a client that never waits fails here rather than hanging).
async function untilWaiting(api) {
  for (let turn = 0; !api.wake; turn++) {
    assert.ok(turn < 100, "the client does not wait for the connection");
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const moves = () => sent.filter((request) => request.method === "POST").map((request) => request.body);

test("a site that cannot answer for now (503) counts as no connection", async () => {
  const { api, changes } = gameApi();
  answer = () => json({ error: { code: "unavailable", message: "Try again shortly." } }, 503);
  const error = await refusal(api.send("GET", "/g1"));
  assert.deepEqual([error.code, error.message], ["network", NETWORK]);
  assert.deepEqual(changes, [false]);
  // Any answer of the server's own, even a refusal, says the connection is back.
  answer = () => json({ error: { code: "not_found", message: "No such game." } }, 404);
  await refusal(api.send("GET", "/g1"));
  assert.deepEqual(changes, [false, true]);
});

test("moves made offline wait, then go once online, in order and each once", async () => {
  const { api, changes } = gameApi();
  answer = offline;
  const first = api.tap("g1", 1);
  const second = api.tap("g1", 2);
  await untilWaiting(api);
  assert.deepEqual(moves(), ['{"tile":1}'], "the second move waits behind the first");
  assert.deepEqual(changes, [false]);

  answer = (request) => json({ id: "g1", version: 1, sent: request.body ?? "GET" });
  globalThis.window.dispatchEvent(new Event("online"));
  assert.equal((await first).sent, '{"tile":1}');
  assert.equal((await second).sent, '{"tile":2}');
  assert.deepEqual(moves(), ['{"tile":1}', '{"tile":1}', '{"tile":2}']);
  assert.deepEqual(changes, [false, true]);
});

test("a move the server took before the connection went is not sent again", async () => {
  const { api } = gameApi();
  api.know({ id: "g1", version: 4 });
  answer = offline;
  const tap = api.tap("g1", 1);
  await untilWaiting(api);
  answer = () => json({ id: "g1", version: 5, tiles_left: 142 }); // the GET: taken
  globalThis.window.dispatchEvent(new Event("online"));
  assert.deepEqual(await tap, { id: "g1", version: 5, tiles_left: 142 });
  assert.deepEqual(moves(), ['{"tile":1}'], "sent once");
});

test("a refused move is the caller's error and the moves after it still go", async () => {
  const { api, changes } = gameApi();
  answer = (request) =>
    request.body === '{"tile":1}'
      ? json({ error: { code: "not_free", message: "That tile is not free." } }, 409)
      : json({ id: "g1", version: 2 });
  const refused = refusal(api.tap("g1", 1));
  const next = api.tap("g1", 2);
  const error = await refused;
  assert.deepEqual([error.code, error.message, error.status], ["not_free", "That tile is not free.", 409]);
  assert.deepEqual(await next, { id: "g1", version: 2 });
  assert.deepEqual(moves(), ['{"tile":1}', '{"tile":2}'], "neither is sent again");
  assert.deepEqual(changes, []);
});
