/* A tournament's page (tournaments.consumers): a WebSocket brings the live part (rounds, pairings,
   results, standings, your next pairing) as this viewer sees it whenever the tournament changes.
   It reconnects on its own (backing off up to 10 s); without JavaScript the page works by reload. */
(function () {
  "use strict";
  var box = document.querySelector("[data-tournament-socket]");
  if (!box || !window.WebSocket) return;
  var path = box.getAttribute("data-tournament-socket");
  var retry = 500;

  function connect() {
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    var socket = new WebSocket(scheme + window.location.host + path);
    socket.onopen = function () { retry = 500; };
    socket.onmessage = function (event) {
      var frame = JSON.parse(event.data);
      if (frame.type !== "tournament") return;
      // a form being filled in stays as it is: the next change (or a reload) brings the rest
      if (box.contains(document.activeElement) && document.activeElement.tagName === "INPUT") return;
      box.innerHTML = frame.html;
      box.setAttribute("data-updated", String(Date.now()));
    };
    socket.onclose = function () {
      window.setTimeout(connect, retry);
      retry = Math.min(retry * 2, 10000);
    };
  }
  connect();
})();
