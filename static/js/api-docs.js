// The API docs are third-party widgets (Swagger UI, Redoc) drawn after load: make their wide
// scrolling parts (tables, code samples) reachable by keyboard, as a scrollable region must be.
(function () {
  function focusableScrollers() {
    document.querySelectorAll(".api-docs table, .api-docs pre, .api-docs [class*='redoc-markdown'] table").forEach(function (el) {
      if (el.scrollWidth > el.clientWidth && !el.hasAttribute("tabindex")) {
        el.setAttribute("tabindex", "0");
      }
    });
  }
  new MutationObserver(focusableScrollers).observe(document.documentElement, { childList: true, subtree: true });
  document.addEventListener("DOMContentLoaded", focusableScrollers);
})();
