/* Phones and narrow windows pin the turn panel to the bottom of the screen (match.css); its button
   folds it down to its heading so the board behind it shows, the action stack say, and opens it
   again. The choice holds for the tab (sessionStorage) and across the board's updates: it lives on
   <html>, outside the board that htmx and the live socket morph, and the button's state is set
   again whenever a morph resets it. Without JavaScript the button stays hidden. */
(function () {
  "use strict";
  var KEY = "kartothek.turnPanelFolded";
  var root = document.documentElement;
  var folded = false;
  try { folded = window.sessionStorage.getItem(KEY) === "1"; } catch (e) { /* storage off: per page */ }

  function sync() {
    root.classList.toggle("turn-panel-folded", folded);
    document.querySelectorAll("[data-panel-toggle]").forEach(function (button) {
      var expanded = folded ? "false" : "true";
      var text = button.getAttribute(folded ? "data-text-unfold" : "data-text-fold");
      if (button.hidden) button.hidden = false;
      if (button.getAttribute("aria-expanded") !== expanded) button.setAttribute("aria-expanded", expanded);
      if (button.textContent !== text) button.textContent = text;
    });
  }

  document.addEventListener("click", function (event) {
    if (!event.target.closest || !event.target.closest("[data-panel-toggle]")) return;
    folded = !folded;
    try { window.sessionStorage.setItem(KEY, folded ? "1" : "0"); } catch (e) { /* per page only */ }
    sync();
  });
  new MutationObserver(sync).observe(document.body, {
    childList: true, subtree: true, attributes: true, attributeFilter: ["aria-expanded", "hidden"],
  });
  sync();
})();
