// The Tobago puzzle page: the position lives here and goes to the server with every change.
"use strict";

(function () {
  const position = JSON.parse(document.getElementById("position").textContent);
  const board = document.getElementById("board");
  const panel = document.getElementById("panel");
  const busy = document.getElementById("busy");
  let pending = 0;

  function readControls() {
    position.sight = [...document.querySelectorAll("input.sight:checked")].map((box) => Number(box.value));
    position.next_to = document.getElementById("next-to").value;
    position.time_limit = Number(document.getElementById("time-limit").value);
  }

  async function solve() {
    readControls();
    pending += 1;
    busy.hidden = false;
    document.body.dataset.state = "solving";
    try {
      const answer = await atoll.post("/tobago/solve", position);
      board.innerHTML = answer.board;
      panel.innerHTML = answer.panel;
      document.getElementById("why").textContent = "";
    } catch (e) {
      // the error is shown; the position drawn stays the last one solved
    } finally {
      pending -= 1;
      if (pending === 0) {
        busy.hidden = true;
        document.body.dataset.state = "ready";
      }
    }
  }

  function hintsOf(t) {
    return position.hints[String(t)] || (position.hints[String(t)] = []);
  }

  panel.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-action]");
    if (!button) return;
    const t = Number(button.dataset.treasure);
    if (button.dataset.action === "add") {
      const select = panel.querySelector(`select.offer[data-treasure="${t}"]`);
      hintsOf(t).push(select.value);
    } else if (button.dataset.action === "lay") {
      hintsOf(t).push(button.dataset.clue);
    } else if (button.dataset.action === "remove") {
      hintsOf(t).splice(Number(button.dataset.index), 1);
    }
    position.treasure = t;
    solve();
  });

  panel.addEventListener("change", (event) => {
    if (event.target.dataset.action === "choose") {
      position.treasure = Number(event.target.value);
      solve();
    }
  });

  board.addEventListener("click", async (event) => {
    const hex = event.target.closest("polygon.field");
    if (!hex) return;
    board.querySelectorAll(".asked").forEach((el) => el.classList.remove("asked"));
    hex.classList.add("asked");
    const [c, r] = hex.dataset.field.split(",").map(Number);
    readControls();
    try {
      const answer = await atoll.post("/tobago/why", { ...position, field: [c, r] });
      document.getElementById("why").textContent = answer.why;
    } catch (e) {
      document.getElementById("why").textContent = "";
    }
  });

  document.querySelectorAll("input.sight, #next-to, #time-limit").forEach((el) => el.addEventListener("change", solve));

  document.getElementById("map").addEventListener("change", (event) => {
    const [kind, name] = [event.target.value.slice(0, event.target.value.indexOf(":")), event.target.value.slice(event.target.value.indexOf(":") + 1)];
    window.location = `/tobago/puzzle?${kind === "map" ? "map" : "map_file"}=${encodeURIComponent(name)}`;
  });

  document.getElementById("save").addEventListener("click", async () => {
    readControls();
    const name = document.getElementById("save-name").value;
    try {
      const answer = await atoll.save("/tobago/save", { ...position, name });
      if (!answer) return;
      document.getElementById("saved").textContent = `saved ${answer.saved}`;
      const files = document.getElementById("load-file");
      if (![...files.options].some((option) => option.value === answer.saved)) {
        files.add(new Option(answer.saved, answer.saved));
        document.getElementById("load").disabled = false;
      }
    } catch (e) {
      document.getElementById("saved").textContent = "";
    }
  });

  async function loaded(request) {
    const answer = await atoll.post("/tobago/load", request);
    position.hints = answer.hints;
    await solve();
  }

  document.getElementById("load").addEventListener("click", () => {
    loaded({ file: document.getElementById("load-file").value }).catch(() => {});
  });

  document.getElementById("upload").addEventListener("change", (event) => {
    const file = event.target.files[0];
    if (!file) return;
    if (file.size > 256 * 1024) {
      atoll.showError(`${file.name}: larger than 256 KiB: not read`);
      return;
    }
    file.text().then((text) => loaded({ text, name: file.name })).catch(() => {});
  });

  document.body.dataset.state = "ready";
})();
