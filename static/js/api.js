// The board's client for the JSON API (docs/openapi.json). Requests are sent one after
// the other, in the order the player made them; the server decides everything.

export class ApiError extends Error {
  constructor(code, message, status) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

export class GameApi {
  constructor({ base, lang, csrfToken, networkMessage }) {
    this.base = base;
    this.lang = lang;
    this.csrfToken = csrfToken;
    this.networkMessage = networkMessage;
    this.queue = Promise.resolve();
  }

  // Run requests strictly in sequence; a failure does not block the ones after it.
  enqueue(task) {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  async send(method, path, body, { keepalive = false } = {}) {
    const headers = { Accept: "application/json", "Accept-Language": this.lang };
    const options = { method, headers, credentials: "same-origin", keepalive };
    if (method !== "GET") {
      headers["Content-Type"] = "application/json";
      headers["X-CSRFToken"] = this.csrfToken;
      options.body = JSON.stringify(body ?? {});
    }
    let response;
    try {
      response = await fetch(this.base + path, options);
    } catch (error) {
      throw new ApiError("network", this.networkMessage, 0);
    }
    let data = null;
    try {
      data = await response.json();
    } catch (error) {
      data = null;
    }
    if (!response.ok) {
      const problem = data && data.error ? data.error : {};
      throw new ApiError(problem.code || "http", problem.message || this.networkMessage, response.status);
    }
    return data;
  }

  create(options) {
    return this.enqueue(() => this.send("POST", "", options));
  }

  load(id) {
    return this.enqueue(() => this.send("GET", `/${id}`));
  }

  tap(id, tile) {
    return this.enqueue(() => this.send("POST", `/${id}/tap`, { tile }));
  }

  // undo, hint, pause, resume; body: {page} for a board page's own pause or resume.
  action(id, name, body = {}) {
    return this.enqueue(() => this.send("POST", `/${id}/${name}`, body));
  }

  // Sent at once, not after the requests in flight: the page may be about to go away,
  // and keepalive lets the request outlive it.
  leaving(id, name, body) {
    return this.send("POST", `/${id}/${name}`, body, { keepalive: true });
  }
}
