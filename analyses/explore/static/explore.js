// atoll explore: what every page shares. No framework, no build step.
"use strict";

window.atoll = {
  // POST a JSON body: the status and the answer (a body without JSON becomes a one-line error).
  async send(url, body) {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Atoll": "1" },
      body: JSON.stringify(body),
    });
    let data;
    try {
      data = await response.json();
    } catch (e) {
      data = { error: `${url}: the server answered ${response.status} without JSON` };
    }
    return { status: response.status, ok: response.ok && !data.error, data };
  },
  // POST a JSON body; resolves to the answer, or shows the one-line error and rejects.
  async post(url, body) {
    const { status, ok, data } = await atoll.send(url, body);
    if (!ok) {
      atoll.showError(data.error || `${url}: ${status}`);
      throw new Error(data.error);
    }
    atoll.showError(null);
    return data;
  },
  // Save a file: when it exists (409) ask the user, and only on yes send the request again
  // with the confirmation ("replace": true). Resolves to the answer, or null when not replaced.
  async save(url, body) {
    const first = await atoll.send(url, { ...body, replace: false });
    if (first.status !== 409) {
      if (!first.ok) {
        atoll.showError(first.data.error || `${url}: ${first.status}`);
        throw new Error(first.data.error);
      }
      atoll.showError(null);
      return first.data;
    }
    if (!window.confirm(first.data.error)) {
      atoll.showError(`not saved: ${first.data.error.replace(/: replace it\?$/, "")}`);
      return null;
    }
    return atoll.post(url, { ...body, replace: true });
  },
  showError(message) {
    const bar = document.getElementById("error");
    if (!bar) return;
    bar.hidden = !message;
    bar.textContent = message || "";
  },
};
