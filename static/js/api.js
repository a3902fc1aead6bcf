// The site's client for its JSON API (docs/openapi.json), for the board and the layout
// editor alike. ApiClient sends one request: the page's language, the CSRF token on every
// change, and each failure as one ApiError: the server's code and message for a refused
// request, "network" when no answer came (then the page's own words say so).
//
// GameApi, the board's, adds the order of moves. Requests are sent one after the other,
// in the order the player made them; the server decides everything. A lost connection
// stops nothing: a move (a tap, undo, hint, pause, resume) that cannot reach the server
// (or that the site cannot answer for now: 502, 503, 504) is held, with every request
// after it, and sent again once the connection is back, in the same order. The
// connection may also have gone after the server took the move and before its answer
// came: before sending it again, a GET of the game says whether it was taken (the game's
// version went up). If it was, that whole game is the move's answer, and nothing is sent
// twice.

export class ApiError extends Error {
  // code: the API's error code ("rate_limited", "invalid_layout"…), "http" for an error
  // page that is not the API's JSON, "network" when no answer came (status 0). problems:
  // the API's list of what is wrong with a refused layout (the editor marks each).
  constructor(code, message, status, problems = []) {
    super(message);
    this.code = code;
    this.status = status;
    this.problems = problems;
  }
}

export class ApiClient {
  // base: prefixed to every path. lang: the page's language, sent as Accept-Language or,
  // with langInQuery, as ?lang= (which the server puts before the language cookie).
  // networkMessage: the page's words for a request that got no answer. timeoutMs: a
  // request with no answer after it counts as unanswered (a dropped connection may leave
  // a request waiting for minutes); 0 waits as long as the browser does.
  constructor({ base = "", lang, langInQuery = false, csrfToken, networkMessage, timeoutMs = 0 }) {
    this.base = base;
    this.lang = lang;
    this.langInQuery = langInQuery;
    this.csrfToken = csrfToken;
    this.networkMessage = networkMessage;
    this.timeoutMs = timeoutMs;
  }

  url(path) {
    const url = this.base + path;
    if (!this.langInQuery) return url;
    return `${url}${url.includes("?") ? "&" : "?"}lang=${encodeURIComponent(this.lang)}`;
  }

  // The answer's JSON (null when it has none, as a 204), else an ApiError.
  async send(method, path, body, { keepalive = false } = {}) {
    const headers = { Accept: "application/json" };
    if (!this.langInQuery) headers["Accept-Language"] = this.lang;
    const options = { method, headers, credentials: "same-origin", keepalive };
    // Django refuses a change without the token; a GET changes nothing and needs none.
    if (method !== "GET") headers["X-CSRFToken"] = this.csrfToken;
    // A POST always carries a JSON object (the API reads one); a DELETE says it all in
    // its URL.
    const payload = body ?? (method === "POST" ? {} : undefined);
    if (payload !== undefined) {
      headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(payload);
    }
    if (this.timeoutMs && !keepalive) options.signal = AbortSignal.timeout(this.timeoutMs);
    let response;
    try {
      response = await fetch(this.url(path), options);
    } catch (error) {
      throw new ApiError("network", this.networkMessage, 0);
    }
    let data = null;
    try {
      data = await response.json();
    } catch (error) {
      data = null; // no content, or a page that is not JSON (a proxy's error page)
    }
    if (!response.ok) {
      const problem = data && data.error ? data.error : {};
      throw new ApiError(
        problem.code || "http",
        problem.message || this.networkMessage,
        response.status,
        problem.problems || [],
      );
    }
    return data;
  }
}

// While the connection is down, how long to wait before trying again when the browser
// does not say that it is back (its "online" event tries at once).
const RETRY_MS = 1000;
// Answers that say the site cannot answer now: bad gateway, unavailable, gateway timeout.
const UNAVAILABLE = [502, 503, 504];

export class GameApi extends ApiClient {
  // onConnection(online): called when the connection is lost (false) and when a request
  // goes through again (true). The other options are ApiClient's.
  constructor({ onConnection = () => {}, ...options }) {
    super(options);
    this.onConnection = onConnection;
    this.queue = Promise.resolve();
    this.online = true;
    this.seen = null; // the latest {id, version} the server sent
    this.wake = null; // ends the wait before the next try, when the browser is online
    window.addEventListener("online", () => this.wake?.());
    window.addEventListener("offline", () => this.connected(false));
  }

  connected(online) {
    if (online === this.online) return;
    this.online = online;
    this.onConnection(online);
  }

  // The game the board shows, when it did not come through this client (the page's own).
  know(game) {
    this.seen = { id: game.id, version: game.version };
  }

  // Run requests strictly in sequence; a failure does not block the ones after it.
  enqueue(task) {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  async send(method, path, body, options) {
    let data;
    try {
      data = await super.send(method, path, body, options);
    } catch (error) {
      if (error.code === "network" || UNAVAILABLE.includes(error.status)) {
        // No answer, or the site is there but cannot answer now (its app servers
        // restarting, its database out: nothing was taken). Either way the move waits.
        this.connected(false);
        throw new ApiError("network", this.networkMessage, 0);
      }
      this.connected(true);
      throw error;
    }
    this.connected(true);
    if (data && data.id && Number.isInteger(data.version)) this.seen = { id: data.id, version: data.version };
    return data;
  }

  // Resolves at the next chance that the connection is back: the browser says it is
  // online, or RETRY_MS have passed.
  nextTry() {
    return new Promise((resolve) => {
      const done = () => {
        window.clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      const timer = window.setTimeout(done, RETRY_MS);
      this.wake = done;
    });
  }

  // A move on game `id`, held while the connection is down (see the top of this file).
  // Its answer, or the whole game when the move was taken before the connection went.
  move(id, path, body) {
    return this.enqueue(async () => {
      const before = this.seen && this.seen.id === id ? this.seen.version : null;
      for (;;) {
        try {
          return await this.send("POST", `/${id}/${path}`, body);
        } catch (error) {
          if (error.code !== "network") throw error;
        }
        const whole = await this.untilBack(id);
        // Unknown (no answer yet from this page): sent again, as not taken.
        if (before !== null && whole.version !== before) return whole;
      }
    });
  }

  // The whole game, once the connection is back.
  async untilBack(id) {
    for (;;) {
      await this.nextTry();
      try {
        return await this.send("GET", `/${id}`);
      } catch (error) {
        if (error.code !== "network") throw error;
      }
    }
  }

  create(options) {
    return this.enqueue(() => this.send("POST", "", options));
  }

  load(id) {
    return this.enqueue(() => this.send("GET", `/${id}`));
  }

  tap(id, tile) {
    return this.move(id, "tap", { tile });
  }

  // undo, hint, pause, resume; body: {page} for a board page's own pause or resume.
  action(id, name, body = {}) {
    return this.move(id, name, body);
  }

  // Sent at once, not after the requests in flight: the page may be about to go away,
  // and keepalive lets the request outlive it.
  leaving(id, name, body) {
    return this.send("POST", `/${id}/${name}`, body, { keepalive: true });
  }
}
