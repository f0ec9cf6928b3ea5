// atoll explore: what every page shares. No framework, no build step.
"use strict";

window.atoll = {
  // POST a JSON body; resolves to the answer, or shows the one-line error and rejects.
  async post(url, body) {
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
    if (!response.ok || data.error) {
      atoll.showError(data.error || `${url}: ${response.status}`);
      throw new Error(data.error);
    }
    atoll.showError(null);
    return data;
  },
  showError(message) {
    const bar = document.getElementById("error");
    if (!bar) return;
    bar.hidden = !message;
    bar.textContent = message || "";
  },
};
