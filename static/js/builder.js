/* The deck builder: phone tabs, a card preview on hover or tap, confirmations before deleting or
   replacing, and the text box's unsaved state (the board's buttons post it, so nothing is lost).
   Without this script every control still works: the server asks before deleting or replacing. */
(function () {
  "use strict";

  function builder() { return document.getElementById("builder"); }

  function csrfToken() {
    var input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  /* Phone tabs: the deck or the search, one at a time (the stylesheet shows both side by side on wide screens). */
  function showTab(name) {
    var root = builder();
    if (!root) return;
    root.dataset.tab = name;
    root.querySelectorAll(".builder-tabs [data-show]").forEach(function (button) {
      button.setAttribute("aria-pressed", String(button.dataset.show === name));
    });
  }

  /* The preview: the card's picture beside the pointer, or centred after a tap. */
  var lastPointer = "mouse";
  var shownFor = null;

  function preview() { return document.getElementById("card-preview"); }

  function showPreview(link, x, y) {
    var box = preview();
    if (!box || !link.dataset.preview) return;
    var img = box.querySelector("img");
    if (img.getAttribute("src") !== link.dataset.preview) img.setAttribute("src", link.dataset.preview);
    img.setAttribute("alt", link.textContent.trim());
    box.hidden = false;
    box.classList.toggle("centred", x === undefined);
    if (x !== undefined) {
      var width = box.offsetWidth, height = box.offsetHeight;
      var left = x + 24 + width > window.innerWidth ? x - 24 - width : x + 24;
      var top = Math.min(Math.max(8, y - height / 2), window.innerHeight - height - 8);
      box.style.left = Math.max(8, left) + "px";
      box.style.top = top + "px";
    } else {
      box.style.left = "";
      box.style.top = "";
    }
    shownFor = link;
  }

  function hidePreview() {
    var box = preview();
    if (box) box.hidden = true;
    shownFor = null;
  }

  function markDirty(dirty) {
    var note = document.getElementById("unsaved-note");
    if (note) note.hidden = !dirty;
    var root = builder();
    if (root) root.classList.toggle("text-dirty", dirty);
  }

  function confirmDelete(link, event) {
    event.preventDefault();
    if (!window.confirm(link.dataset.confirm)) return;
    var form = document.createElement("form");
    form.method = "post";
    form.action = link.href;
    [["csrfmiddlewaretoken", csrfToken()], ["confirm", "yes"]].forEach(function (pair) {
      var input = document.createElement("input");
      input.type = "hidden";
      input.name = pair[0];
      input.value = pair[1];
      form.appendChild(input);
    });
    document.body.appendChild(form);
    form.submit();
  }

  document.addEventListener("pointerdown", function (event) { lastPointer = event.pointerType || "mouse"; }, true);
  document.addEventListener("touchstart", function () { lastPointer = "touch"; }, { capture: true, passive: true });

  document.addEventListener("click", function (event) {
    var tab = event.target.closest(".builder-tabs [data-show]");
    if (tab) { showTab(tab.dataset.show); return; }
    var confirmLink = event.target.closest("a[data-confirm]");
    if (confirmLink) { confirmDelete(confirmLink, event); return; }
    var link = event.target.closest("[data-preview]");
    if (link && lastPointer === "touch" && shownFor !== link) {
      event.preventDefault(); // the first tap shows the card, a second one opens its page
      showPreview(link);
      return;
    }
    if (!event.target.closest("#card-preview")) hidePreview();
    else hidePreview();
  });

  document.addEventListener("mouseover", function (event) {
    if (lastPointer === "touch") return;
    var link = event.target.closest("[data-preview]");
    if (link) showPreview(link, event.clientX, event.clientY);
  });
  document.addEventListener("mouseout", function (event) {
    var link = event.target.closest("[data-preview]");
    if (link && !link.contains(event.relatedTarget)) hidePreview();
  });
  document.addEventListener("focusin", function (event) {
    var link = event.target.closest("[data-preview]");
    if (link && lastPointer !== "touch") { // keyboard focus (a tap focuses too: the click decides then)
      var rect = link.getBoundingClientRect();
      showPreview(link, rect.right, rect.top + rect.height / 2);
    }
  });
  document.addEventListener("focusout", function (event) {
    if (event.target.closest("[data-preview]")) hidePreview();
  });
  document.addEventListener("keydown", function (event) { if (event.key === "Escape") hidePreview(); });

  document.addEventListener("input", function (event) {
    if (event.target.id === "id_list") markDirty(true);
  });

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.id === "deck-form") { markDirty(false); return; }
    if (form.dataset.confirmReplace !== undefined) {
      var mode = form.querySelector("input[name=mode]:checked");
      if (mode && mode.value === "replace" && !form.querySelector("input[name=confirm]")) {
        if (!window.confirm(form.dataset.confirmReplace)) { event.preventDefault(); return; }
        var input = document.createElement("input");
        input.type = "hidden";
        input.name = "confirm";
        input.value = "on";
        form.appendChild(input);
      }
    }
  }, true);

  /* After the board's buttons answered: the text box holds the list they changed (saved). */
  document.addEventListener("htmx:oobAfterSwap", function (event) {
    if (event.target && event.target.id === "deck-text") markDirty(false);
  });
  document.addEventListener("htmx:afterSwap", function () {
    var live = document.getElementById("deck-live");
    var count = document.getElementById("deck-count-tab");
    if (live && count) count.textContent = "(" + live.dataset.count + ")";
    hidePreview();
  });

  window.addEventListener("beforeunload", function (event) {
    var root = builder();
    if (root && root.classList.contains("text-dirty")) { event.preventDefault(); event.returnValue = ""; }
  });

  document.addEventListener("DOMContentLoaded", function () {
    var root = builder();
    if (root) { root.classList.add("js-tabs"); showTab(root.dataset.tab || "deck"); }
  });
})();
