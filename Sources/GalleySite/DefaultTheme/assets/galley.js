/* Galley: copy buttons for code blocks and table-of-contents highlighting. No dependencies. */
(function () {
  "use strict";

  var status;

  // Tell screen readers what happened without moving focus.
  function announce(message) {
    if (!status) {
      status = document.createElement("div");
      status.className = "visually-hidden";
      status.setAttribute("role", "status");
      document.body.appendChild(status);
    }
    status.textContent = "";
    setTimeout(function () { status.textContent = message; }, 50);
  }

  function fallbackCopy(text) {
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.top = "-1000px";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    var ok = false;
    try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    document.body.removeChild(area);
    return ok ? Promise.resolve() : Promise.reject(new Error("Copy failed"));
  }

  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text).catch(function () { return fallbackCopy(text); });
    }
    return fallbackCopy(text);
  }

  function addCopyButtons() {
    var blocks = document.querySelectorAll("pre > code");
    Array.prototype.forEach.call(blocks, function (code) {
      var pre = code.parentNode;
      if (code.closest("#galley-overlay") || pre.parentNode.classList.contains("code-block")) return;

      var wrapper = document.createElement("div");
      wrapper.className = "code-block";
      pre.parentNode.insertBefore(wrapper, pre);
      wrapper.appendChild(pre);

      var button = document.createElement("button");
      button.type = "button";
      button.className = "copy";
      button.textContent = "Copy";
      wrapper.appendChild(button);

      var timer;
      function show(label, copied) {
        button.textContent = label;
        button.classList.toggle("copied", copied);
        clearTimeout(timer);
        timer = setTimeout(function () {
          button.textContent = "Copy";
          button.classList.remove("copied");
        }, 1500);
      }

      button.addEventListener("click", function () {
        copyText(code.textContent.replace(/\n$/, "")).then(
          function () { show("Copied", true); announce("Code copied to clipboard"); },
          function () { show("Failed", false); announce("Could not copy code"); }
        );
      });
    });
  }

  function highlightTOC() {
    var toc = document.querySelector(".toc");
    if (!toc || !("IntersectionObserver" in window)) return;

    var items = [];
    Array.prototype.forEach.call(toc.querySelectorAll('a[href^="#"]'), function (link) {
      var id;
      try { id = decodeURIComponent(link.getAttribute("href").slice(1)); } catch (e) { return; }
      var heading = document.getElementById(id);
      if (heading) items.push({ heading: heading, link: link });
    });
    if (!items.length) return;

    var visible = new Set();
    var current = null;

    function setActive(item) {
      if (item === current) return;
      if (current) {
        current.link.classList.remove("active");
        current.link.removeAttribute("aria-current");
      }
      current = item;
      if (item) {
        item.link.classList.add("active");
        item.link.setAttribute("aria-current", "location");
      }
    }

    function update() {
      // First heading inside the top part of the viewport wins.
      for (var i = 0; i < items.length; i++) {
        if (visible.has(items[i].heading)) { setActive(items[i]); return; }
      }
      // Otherwise we are inside a section: pick the last heading above the viewport.
      var above = null;
      for (var j = 0; j < items.length; j++) {
        if (items[j].heading.getBoundingClientRect().top < 1) above = items[j];
        else break;
      }
      setActive(above);
    }

    var observer = new IntersectionObserver(function (entries) {
      entries.forEach(function (entry) {
        if (entry.isIntersecting) visible.add(entry.target);
        else visible.delete(entry.target);
      });
      update();
    }, { rootMargin: "0px 0px -65% 0px", threshold: 0 });

    items.forEach(function (item) {
      observer.observe(item.heading);
      item.link.addEventListener("click", function () { setActive(item); });
    });
  }

  addCopyButtons();
  highlightTOC();
})();
