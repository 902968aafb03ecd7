// The gallery's small behaviours (no build step):
// - filters open on a wide screen, folded on a phone unless one is set;
// - htmx keeps a snapshot of the page for Back: the typed search and the chosen filters are written
//   into the markup first, so Back shows the query with its results (not an empty box).
(function () {
  function unfoldOnWideScreens() {
    var details = document.querySelector("details.filters");
    if (details && details.dataset.folded === "1" && window.matchMedia("(min-width: 700px)").matches) {
      details.open = true;
    }
  }
  function keepFormState() {
    document.querySelectorAll("form.search input").forEach(function (input) {
      input.setAttribute("value", input.value);
    });
    document.querySelectorAll("form.search select").forEach(function (select) {
      Array.prototype.forEach.call(select.options, function (option) {
        option.toggleAttribute("selected", option.selected);
      });
    });
  }
  document.addEventListener("DOMContentLoaded", unfoldOnWideScreens);
  document.addEventListener("htmx:afterSettle", unfoldOnWideScreens);
  document.addEventListener("htmx:beforeHistorySave", keepFormState);
  window.addEventListener("pagehide", keepFormState);
})();
