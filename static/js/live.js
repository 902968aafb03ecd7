/* Live play page (engine.live): a WebSocket per page brings the board as this viewer sees it
   whenever the match changes; the board is morphed in place (idiomorph), the clocks count down.
   The socket reconnects on its own (backing off up to 10 s) and the server sends the current board
   on every connect, so nothing missed while it was down stays missing. Without JavaScript the page
   works by reload. */
(function () {
  "use strict";
  var bar = document.querySelector("[data-live-socket]");
  if (!bar || !window.WebSocket) return;
  var path = bar.getAttribute("data-live-socket");
  var retry = 500;
  var state = "connecting";
  var shownAt = Date.now();

  function version(el) {
    return parseInt(el.getAttribute("data-match-version") || "-1", 10);
  }

  function showStatus() {
    var el = document.querySelector("[data-live-status]");
    if (!el) return;
    el.hidden = false;
    el.setAttribute("data-state", state);
    el.textContent = el.getAttribute("data-text-" + state) || state;
  }

  function clockText(ms) {
    var s = Math.max(0, Math.ceil(ms / 1000));
    var m = Math.floor(s / 60);
    s = s % 60;
    return m + ":" + (s < 10 ? "0" : "") + s;
  }

  function tick() {
    var elapsed = Date.now() - shownAt;
    document.querySelectorAll("[data-clock-left]").forEach(function (el) {
      var left = parseInt(el.getAttribute("data-clock-left"), 10);
      if (el.getAttribute("data-clock-running") === "true") left -= elapsed;
      el.textContent = clockText(left);
      el.classList.toggle("low", left < 10000);
    });
  }

  function apply(frame) {
    var doc = new DOMParser().parseFromString(frame.html, "text/html");
    var next = doc.getElementById("board");
    var current = document.getElementById("board");
    if (!next || !current || version(next) < version(current)) return; // a newer page is shown already
    if (window.Idiomorph) {
      window.Idiomorph.morph(current, next, { morphStyle: "outerHTML" });
    } else {
      current.replaceWith(next);
    }
    var fresh = document.getElementById("board");
    if (window.htmx) window.htmx.process(fresh);
    if (next.getAttribute("data-match-version") !== fresh.getAttribute("data-match-version")) {
      fresh.setAttribute("data-match-version", next.getAttribute("data-match-version"));
    }
    shownAt = Date.now();
    showStatus();
    tick();
  }

  function connect() {
    var url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + path;
    var socket = new WebSocket(url);
    state = "connecting";
    showStatus();
    socket.onopen = function () {
      retry = 500;
      state = "live";
      showStatus();
    };
    socket.onmessage = function (event) {
      var frame = JSON.parse(event.data);
      if (frame.type === "board") apply(frame);
    };
    socket.onclose = function () {
      state = "offline";
      showStatus();
      window.setTimeout(connect, retry);
      retry = Math.min(retry * 2, 10000);
    };
  }

  // a board swapped by htmx (the player's own action) restarts the clocks from its figures
  document.addEventListener("htmx:afterSettle", function () {
    shownAt = Date.now();
    showStatus();
    tick();
  });
  window.setInterval(tick, 250);
  connect();
})();
