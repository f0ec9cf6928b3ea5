// The position page: everything is a link but saving the line, which writes a file.
"use strict";

(function () {
  const line = JSON.parse(document.getElementById("line").textContent);
  document.getElementById("save").addEventListener("click", async () => {
    const name = document.getElementById("save-name").value;
    try {
      const answer = await atoll.save("/position/save", { ...line, name });
      if (answer) document.getElementById("saved").textContent = `saved ${answer.saved}`;
    } catch (e) {
      // the one-line error is shown at the top
    }
  });
  document.body.dataset.state = "ready";
})();
