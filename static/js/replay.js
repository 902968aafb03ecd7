/* Replay viewer: the slider and the seat choice show their step at once (the form's GET, which
   also works without JavaScript through its button); the arrow keys step back and forward. */
(function () {
  "use strict";
  var form = document.querySelector(".replay-form");
  if (!form) return;
  var slider = form.querySelector("input[name=step]");
  var output = form.querySelector("output");
  slider.addEventListener("input", function () { output.textContent = slider.value; });
  slider.addEventListener("change", function () { form.submit(); });
  form.querySelector("select[name=seat]").addEventListener("change", function () { form.submit(); });
  document.addEventListener("keydown", function (event) {
    if (event.target.closest("input, select, textarea")) return;
    var link = event.key === "ArrowLeft" ? ".replay-back" : event.key === "ArrowRight" ? ".replay-forward" : null;
    if (link) document.querySelector(link).click();
  });
})();
