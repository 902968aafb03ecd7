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

  // While the page's own htmx request runs, a frame waits: morphing away the form that sent it
  // would leave htmx without its target, and the answer is about to show the same version anyway.
  var busy = 0;
  var pending = null;

  function apply(frame) {
    if (busy > 0) {
      pending = frame;
      return;
    }
    var doc = new DOMParser().parseFromString(frame.html, "text/html");
    var next = doc.getElementById("board");
    var current = document.getElementById("board");
    if (!next || !current || version(next) < version(current)) return; // a newer page is shown already
    if (window.Idiomorph) {
      // the board's children are morphed, its own attributes copied: the element itself stays
      // only new nodes need htmx (processing the kept ones again would bind their forms twice)
      window.Idiomorph.morph(current, next.innerHTML, {
        morphStyle: "innerHTML",
        callbacks: { afterNodeAdded: function (node) { if (node.nodeType === 1 && window.htmx) window.htmx.process(node); } },
      });
      Array.prototype.forEach.call(next.attributes, function (a) { current.setAttribute(a.name, a.value); });
    } else {
      current.replaceWith(next);
      if (window.htmx) window.htmx.process(next);
    }
    shownAt = Date.now();
    showStatus();
    tick();
  }

  var socket = null;
  // for tests and the curious: drop the socket as a network failure would (it reconnects alone)
  window.kartothekLive = { drop: function () { if (socket) socket.close(); } };

  function connect() {
    var url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + path;
    socket = new WebSocket(url);
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

  document.addEventListener("htmx:beforeRequest", function () { busy += 1; });
  document.addEventListener("htmx:afterRequest", function (event) {
    busy = Math.max(0, busy - 1);
    if (!event.detail.successful) flush();
  });
  // a board swapped by htmx (the player's own action) restarts the clocks from its figures
  document.addEventListener("htmx:afterSettle", function () {
    shownAt = Date.now();
    showStatus();
    tick();
    flush();
  });

  function flush() {
    if (busy === 0 && pending) {
      var frame = pending;
      pending = null;
      apply(frame);
    }
  }
  window.setInterval(tick, 250);
  connect();
})();
