/* Galley: copy buttons, hidden sample lines on demand, declaration popovers,
   table-of-contents highlighting, the theme toggle, keyboard shortcuts and
   search (lunr, loaded on first use). */
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

  // What the reader sees of a code block: hidden sample lines only once
  // revealed, and never the compiler messages or type callouts shown under lines.
  function visibleText(code) {
    var copy = code.cloneNode(true);
    var figure = code.closest("figure.sample");
    var revealed = figure && figure.classList.contains("show-hidden");
    Array.prototype.forEach.call(copy.querySelectorAll(".sample-diagnostic, .sample-callout" + (revealed ? "" : ", .sample-hidden-line")), function (node) {
      node.parentNode.removeChild(node);
    });
    return copy.textContent;
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
        copyText(visibleText(code).replace(/\n$/, "")).then(
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

  // ---------- Hidden lines on demand (mdBook's eye) ----------

  function addEyeButtons() {
    var figures = document.querySelectorAll("figure.sample[data-hidden-lines]");
    Array.prototype.forEach.call(figures, function (figure) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "sample-eye";
      button.setAttribute("aria-pressed", "false");
      var count = figure.getAttribute("data-hidden-lines");
      button.setAttribute("aria-label", "Show the " + count + " hidden line" + (count === "1" ? "" : "s"));
      button.title = "Show hidden lines";
      button.innerHTML = '<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">'
        + '<path d="M12 5C6.5 5 2.7 9.3 1.5 12c1.2 2.7 5 7 10.5 7s9.3-4.3 10.5-7C21.3 9.3 17.5 5 12 5zm0 11.5a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z" fill="currentColor"/></svg>';
      button.addEventListener("click", function () {
        var shown = figure.classList.toggle("show-hidden");
        button.setAttribute("aria-pressed", shown ? "true" : "false");
        button.title = shown ? "Hide hidden lines" : "Show hidden lines";
      });
      var caption = figure.querySelector(".sample-badge");
      (caption || figure).appendChild(button);
    });
  }

  // ---------- Declaration popovers ----------
  // An identifier `<span class="hv" aria-describedby="hv-N">` shows the body
  // #hv-N (one hidden element per declaration and page) in one shared popover,
  // fixed over the page so the code never moves: on hover, on focus, on tap
  // (tap again or elsewhere to close). In a focused sample (Tab to it), → and ←
  // (or ↓ and ↑) step through its identifiers, Home and End go to the first and
  // last, Enter follows the popover's link ("Declared on line N", a type's page), Esc closes and returns to the code.

  function setUpHovers() {
    var triggers = document.querySelectorAll(".hv");
    if (!triggers.length) return;
    // Focusable from script only (the arrow keys), not a Tab stop each: set here, not in every page's markup.
    Array.prototype.forEach.call(triggers, function (node) { node.tabIndex = -1; });
    var popover = document.createElement("div");
    popover.id = "galley-hover";
    popover.className = "hv-pop";
    popover.setAttribute("role", "tooltip");
    popover.hidden = true;
    document.body.appendChild(popover);
    var current = null;
    var pinned = false;
    var timer;

    function place() {
      if (!current) return;
      var box = current.getBoundingClientRect();
      var width = popover.offsetWidth;
      var height = popover.offsetHeight;
      var left = Math.max(8, Math.min(box.left, window.innerWidth - width - 8));
      var top = box.bottom + 6;
      if (top + height > window.innerHeight - 8 && box.top - height - 6 >= 8) top = box.top - height - 6;
      popover.style.left = left + "px";
      popover.style.top = top + "px";
    }

    function show(trigger, pin) {
      var body = document.getElementById(trigger.getAttribute("aria-describedby"));
      if (!body) return;
      clearTimeout(timer);
      if (current !== trigger) {
        if (current) current.classList.remove("hv-open");
        popover.innerHTML = body.innerHTML;
        current = trigger;
        pinned = false;
        trigger.classList.add("hv-open");
      }
      if (pin) pinned = true;
      popover.hidden = false;
      place();
    }

    function hide() {
      clearTimeout(timer);
      popover.hidden = true;
      if (current) current.classList.remove("hv-open");
      current = null;
      pinned = false;
    }

    function hideSoon() {
      clearTimeout(timer);
      if (!pinned) timer = setTimeout(hide, 250);
    }

    document.addEventListener("mouseover", function (event) {
      var trigger = event.target.closest && event.target.closest(".hv");
      if (trigger) show(trigger, false);
      else if (popover.contains(event.target)) clearTimeout(timer);
    });
    document.addEventListener("mouseout", function (event) {
      var from = event.target.closest && (event.target.closest(".hv") || event.target.closest("#galley-hover"));
      var to = event.relatedTarget;
      if (!from || (to && (from.contains(to) || popover.contains(to) || (current && current.contains(to))))) return;
      hideSoon();
    });
    document.addEventListener("click", function (event) {
      var trigger = event.target.closest && event.target.closest(".hv");
      if (trigger) {
        if (trigger === current && pinned) hide();
        else show(trigger, true);
      } else if (!popover.contains(event.target) || (event.target.closest && event.target.closest("a.hv-link"))) {
        hide();
      }
    });
    // A tap elsewhere closes a pinned popover even where the browser sends no click (iOS).
    document.addEventListener("touchstart", function (event) {
      if (!current || popover.contains(event.target) || (event.target.closest && event.target.closest(".hv"))) return;
      hide();
    }, { passive: true });
    document.addEventListener("focusin", function (event) {
      var trigger = event.target.closest && event.target.closest(".hv");
      if (trigger) show(trigger, false);
      else if (!popover.contains(event.target) && !pinned) hide();
    });
    // Scrolling the page or a code block moves the identifier: the popover follows (scroll events do not bubble; capture sees them).
    document.addEventListener("scroll", place, { passive: true, capture: true });
    window.addEventListener("resize", place);

    Array.prototype.forEach.call(document.querySelectorAll("pre.has-hovers"), function (pre) {
      pre.addEventListener("keydown", function (event) {
        if (event.altKey || event.ctrlKey || event.metaKey) return;
        var triggers = Array.prototype.filter.call(pre.querySelectorAll(".hv"), function (node) {
          return node.getClientRects().length > 0;  // not in a hidden line
        });
        var at = triggers.indexOf(document.activeElement);
        var target = null;
        if (event.key === "ArrowRight" || event.key === "ArrowDown") target = triggers[at + 1] || triggers[0];
        else if (event.key === "ArrowLeft" || event.key === "ArrowUp") target = at > 0 ? triggers[at - 1] : triggers[triggers.length - 1];
        else if (event.key === "Home") target = triggers[0];
        else if (event.key === "End") target = triggers[triggers.length - 1];
        else if (event.key === "Escape") {
          hide();
          pre.focus();
          event.preventDefault();
          return;
        } else if (event.key === "Enter" && at >= 0) {
          var link = popover.querySelector("a.hv-link");
          if (link) {
            event.preventDefault();
            hide();
            // A sample's "Declared on line N" is on this page; a declaration's type is on its own.
            var href = link.getAttribute("href");
            if (href.charAt(0) === "#") window.location.hash = href;
            else window.location.href = link.href;
          }
          return;
        } else return;
        event.preventDefault();
        event.stopPropagation();  // the page's own ← and → turn pages
        if (target) target.focus();
      });
    });
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && !popover.hidden) hide();
    });
  }

  // ---------- Theme: light / dark / system ----------

  var THEME_KEY = "galley-theme";
  var THEMES = ["system", "light", "dark"];
  var THEME_LABELS = { system: "Theme: system", light: "Theme: light", dark: "Theme: dark" };

  function currentTheme() {
    var theme = null;
    try { theme = localStorage.getItem(THEME_KEY); } catch (e) {}
    return THEMES.indexOf(theme) >= 0 ? theme : "system";
  }

  function applyTheme(theme) {
    if (theme === "system") document.documentElement.removeAttribute("data-theme");
    else document.documentElement.setAttribute("data-theme", theme);
  }

  function setUpThemeToggle() {
    var button = document.getElementById("galley-theme-toggle");
    if (!button) return;
    function show(theme) {
      button.setAttribute("data-theme-choice", theme);
      button.setAttribute("aria-label", THEME_LABELS[theme] + " (change)");
      button.title = THEME_LABELS[theme];
    }
    button.hidden = false;
    show(currentTheme());
    button.addEventListener("click", function () {
      var next = THEMES[(THEMES.indexOf(currentTheme()) + 1) % THEMES.length];
      try {
        if (next === "system") localStorage.removeItem(THEME_KEY);
        else localStorage.setItem(THEME_KEY, next);
      } catch (e) {}
      applyTheme(next);
      show(next);
      announce(THEME_LABELS[next]);
    });
  }

  // ---------- Keyboard: / or s searches, ← and → turn pages ----------

  function isTyping(target) {
    if (!target) return false;
    var tag = target.tagName;
    return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || target.isContentEditable;
  }

  function setUpKeyboard() {
    document.addEventListener("keydown", function (event) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      if (event.key === "/" || event.key === "s" || event.key === "S") {
        var box = document.getElementById("galley-search");
        if (box) {
          event.preventDefault();
          box.focus();
        }
      } else if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
        var link = document.querySelector(event.key === "ArrowLeft" ? "a[rel='prev']" : "a[rel='next']");
        if (link) {
          event.preventDefault();
          window.location.href = link.href;
        }
      }
    });
  }

  // ---------- Search (lunr, loaded on first use) ----------

  /* The API reference's symbols that match `query`, best first: the
     qualified name itself (`Deque.append(contentsOf:)`), a member's name
     (`append(contentsOf:)`, `append`), a qualified name without its
     parameters (`Deque.append`), then names that start with the query, then
     names that contain it; shorter names first among equals. Case and
     spaces do not matter. */
  function rankSymbols(symbols, query) {
    var q = query.toLowerCase().replace(/\s+/g, "");
    if (!q) return [];
    var ranked = [];
    symbols.forEach(function (symbol, position) {
      var name = symbol.n.toLowerCase();
      var withoutParameters = name.replace(/\(.*$/, "");
      var dot = withoutParameters.lastIndexOf(".");
      var member = name.slice(dot + 1);
      var base = withoutParameters.slice(dot + 1);
      var score = 0;
      if (name === q) score = 100;
      else if (member === q || base === q) score = 90;
      else if (withoutParameters === q || (name.length > q.length && name.slice(-q.length - 1) === "." + q)) score = 85;
      else if (base.indexOf(q) === 0 || withoutParameters.indexOf(q) === 0) score = 60;
      else if (name.indexOf(q) >= 0) score = 40;
      if (score > 0) ranked.push({ symbol: symbol, score: score, position: position });
    });
    ranked.sort(function (a, b) {
      return b.score - a.score || a.symbol.n.length - b.symbol.n.length || a.position - b.position;
    });
    return ranked.map(function (entry) { return entry.symbol; });
  }
  window.galleyRankSymbols = rankSymbols;

  // ---------- Search by type (`Deque<Int> -> Int`, `-> Logger`, `(String) async throws ->`) ----------

  /* A type as search compares it: {n: its name, lowercased, a: its generic
     arguments}. Sugar is spelled out ([T] is Array<T>, [K: V] Dictionary<K, V>,
     T? and T! Optional<T>, T... Array<T>), Void is (), attributes and the
     words inout, some, any, borrowing, consuming and sending are left out, a
     composition is its first protocol that is not Sendable, T.Type is T,
     Swift.Int is Int, and a function type is named "->" with its parameters
     and then its result as arguments. The index's types and the query's are
     read alike. */
  var TYPE_TOKENS = /->|\.\.\.|@?[A-Za-z_][A-Za-z0-9_]*|[<>()\[\],:?!&.]/g;
  var LEFT_OUT = { inout: 1, some: 1, any: 1, borrowing: 1, consuming: 1, sending: 1, __owned: 1, __shared: 1, isolated: 1, each: 1, repeat: 1 };
  var EFFECTS = { async: 1, throws: 1, rethrows: 1 };
  var isWord = function (token) { return /^[A-Za-z_]/.test(token || ""); };

  function TypeReader(tokens) { this.t = tokens; this.i = 0; }
  TypeReader.prototype.peek = function (ahead) { return this.t[this.i + (ahead || 0)]; };
  TypeReader.prototype.type = function () {
    while (this.peek() && (this.peek().charAt(0) === "@" || LEFT_OUT[this.peek()])) this.i++;
    var token = this.peek(), type;
    if (token === "(") {
      this.i++;
      var elements = this.list(")");
      type = this.function(elements) || (elements.length === 1 ? elements[0] : { n: "()", a: elements });
    } else if (token === "[") {
      this.i++;
      var key = this.type() || { n: "?", a: [] };
      if (this.peek() === ":") { this.i++; type = { n: "dictionary", a: [key, this.type() || { n: "?", a: [] }] }; }
      else type = { n: "array", a: [key] };
      if (this.peek() === "]") this.i++;
    } else if (isWord(token)) {
      type = this.named();
    } else {
      return null;
    }
    for (;;) {
      var next = this.peek();
      if (next === "?" || next === "!") { this.i++; type = { n: "optional", a: [type] }; }
      else if (next === "...") { this.i++; type = { n: "array", a: [type] }; }
      else if (next === "&" && isWord(this.peek(1))) { this.i++; var other = this.named(); if (type.n === "sendable") type = other; }
      else return type;
    }
  };
  TypeReader.prototype.named = function () {
    var parts = [this.t[this.i++]], args = [];
    for (;;) {
      if (this.peek() === "<") { this.i++; args = this.list(">"); }
      else if (this.peek() === "." && isWord(this.peek(1))) { this.i++; parts.push(this.t[this.i++]); args = []; }
      else break;
    }
    var last = parts[parts.length - 1];
    if (parts.length > 1 && (last === "Type" || last === "Protocol")) parts.pop();
    if (parts.length > 1 && parts[0] === "Swift") parts.shift();
    var name = parts.join(".").toLowerCase();
    return name === "void" ? { n: "()", a: [] } : { n: name, a: args };
  };
  // Types separated by commas up to `close` (or the end), labels (`name:`, `_ name:`) left out.
  TypeReader.prototype.list = function (close) {
    var items = [];
    while (this.i < this.t.length && this.peek() !== close) {
      if (isWord(this.peek()) && this.peek(1) === ":") this.i += 2;
      else if (isWord(this.peek()) && isWord(this.peek(1)) && this.peek(2) === ":") this.i += 3;
      var item = this.type();
      if (item) items.push(item);
      else if (this.peek() !== close) this.i++;
      if (this.peek() === ",") this.i++;
    }
    this.i++;
    return items;
  };
  // After a parenthesized list: its effects and `-> Result` make it a function type.
  TypeReader.prototype.function = function (parameters) {
    var start = this.i;
    while (EFFECTS[this.peek()]) { this.i++; if (this.peek() === "(") { this.i++; this.list(")"); } }
    if (this.peek() !== "->") { this.i = start; return null; }
    this.i++;
    return { n: "->", a: parameters.concat([this.type() || { n: "()", a: [] }]) };
  };

  function readType(text) { return new TypeReader(text.match(TYPE_TOKENS) || []).type(); }

  /* A query that searches by type: inputs, then a top-level `->`, then the
     output (`A, B -> C`, `(A, B) -> C`, `-> C`, `A ->`), effects ignored.
     Null when the query has no such arrow: then it is a name. */
  function readTypeQuery(query) {
    var tokens = query.match(TYPE_TOKENS) || [];
    var depth = 0, arrow = -1;
    // The last arrow outside brackets: one before it belongs to a function type among the inputs.
    for (var i = 0; i < tokens.length; i++) {
      var token = tokens[i];
      if (token === "(" || token === "[" || token === "<") depth++;
      else if (token === ")" || token === "]" || token === ">") depth--;
      else if (token === "->" && depth === 0) arrow = i;
    }
    if (arrow < 0) return null;
    var before = tokens.slice(0, arrow);
    while (before.length && EFFECTS[before[before.length - 1]]) before.pop();
    // `(A, B)` around all the inputs is the parameter list, not a tuple.
    var wrapped = before[0] === "(" && before[before.length - 1] === ")";
    for (var at = 1, level = 1; wrapped && at < before.length - 1; at++) {
      level += before[at] === "(" ? 1 : before[at] === ")" ? -1 : 0;
      if (level === 0) wrapped = false;
    }
    var inputs = new TypeReader(wrapped ? before.slice(1, -1) : before).list(undefined);
    var output = new TypeReader(tokens.slice(arrow + 1)).type();
    return { inputs: inputs, output: output };
  }

  function typeKey(type) {
    return type.n + (type.a.length ? "<" + type.a.map(typeKey).join(",") + ">" : "");
  }

  /* How far the query's type `q` is from the index's type `e`, with the
     entry's generic parameters bound as they unify: {cost, bound}, or null
     when they do not match. A generic parameter (or `Self`) takes any type,
     the same one each time it appears: bound by an argument of a type the
     query names (`Deque<Int>` binds Deque's Element) it costs 1, bound
     alone 3, and in the output only one an input bound matches (else
     every generic function would answer `-> Logger`); an
     associated type (`S.Element`) takes any (cost 2); a name without
     arguments (`Deque`) stands for every instance; an optional answers a
     query for its wrapped type (cost 2). */
  function matchType(q, e, generics, bound, nested, isOutput) {
    if (!q) return { cost: 0, bound: bound };
    var root = e.n.split(".")[0];
    if (generics[root] || root === "self") {
      if (root !== e.n) return isOutput && !nested ? null : { cost: 2, bound: bound };
      var key = typeKey(q);
      if (bound[e.n] !== undefined) return bound[e.n] === key ? { cost: 0, bound: bound } : null;
      if (isOutput && !nested) return null;
      var next = Object.assign({}, bound);
      next[e.n] = key;
      return { cost: nested ? 1 : 3, bound: next };
    }
    var sameName = q.n === e.n || (q.n.indexOf(".") < 0 && e.n.slice(e.n.lastIndexOf(".") + 1) === q.n);
    if (sameName && (!q.a.length || q.a.length === e.a.length)) {
      var cost = 0;
      for (var i = 0; i < q.a.length && bound; i++) {
        // Sugar's arguments are not bound by naming a type: `-> [String]` is no query for every `-> [T]`.
        var named = nested || !(e.n === "optional" || e.n === "array" || e.n === "dictionary");
        var inner = matchType(q.a[i], e.a[i], generics, bound, named, isOutput);
        if (!inner) { bound = null; break; }
        cost += inner.cost;
        bound = inner.bound;
      }
      if (bound) return { cost: cost, bound: bound };
    }
    if (e.n === "optional" && e.a.length === 1 && q.n !== "optional") {
      var wrapped = matchType(q, e.a[0], generics, bound, nested, isOutput);
      if (wrapped) return { cost: wrapped.cost + 2, bound: wrapped.bound };
    }
    return null;
  }

  // The lowest cost of matching each query input with a different entry input, then the output.
  function matchInputs(query, signature, used, at, bound) {
    if (at === query.inputs.length) {
      if (!query.output) return 0;
      var result = matchType(query.output, signature.output, signature.generics, bound, false, true);
      return result ? result.cost : -1;
    }
    var best = -1;
    for (var j = 0; j < signature.inputs.length; j++) {
      if (used[j]) continue;
      var match = matchType(query.inputs[at], signature.inputs[j], signature.generics, bound);
      if (!match) continue;
      used[j] = true;
      var rest = matchInputs(query, signature, used, at + 1, match.bound);
      used[j] = false;
      // Out of order costs a little: `(Int, String)` finds f(Int, String) before f(String, Int).
      if (rest >= 0) {
        var cost = match.cost + rest + (j === at ? 0 : 0.5);
        if (best < 0 || cost < best) best = cost;
      }
    }
    return best;
  }

  function signatureOf(symbol) {
    if (symbol.o === undefined) return null;
    if (!symbol.signature) {
      var generics = {};
      (symbol.g ? symbol.g.split(",") : []).forEach(function (name) { generics[name.toLowerCase()] = true; });
      symbol.signature = {
        inputs: (symbol.i ? symbol.i.split(";") : []).map(readType).filter(Boolean),
        output: readType(symbol.o) || { n: "()", a: [] },
        generics: generics,
      };
    }
    return symbol.signature;
  }

  /* The symbols whose signature matches the type query `query` (see
     readTypeQuery), best first: exact matches, then those that bind
     generics or unwrap optionals, then those with inputs the query left
     out; shorter names first among equals. Null when `query` does not search
     by type. */
  function searchByType(symbols, query) {
    var typeQuery = readTypeQuery(query);
    if (!typeQuery) return null;
    var ranked = [];
    symbols.forEach(function (symbol, position) {
      var signature = signatureOf(symbol);
      if (!signature || signature.inputs.length < typeQuery.inputs.length) return;
      var cost = matchInputs(typeQuery, signature, [], 0, {});
      if (cost < 0) return;
      var extra = signature.inputs.length - typeQuery.inputs.length;
      ranked.push({ symbol: symbol, position: position, score: cost + extra * (typeQuery.inputs.length ? 1 : 0.25) });
    });
    ranked.sort(function (a, b) {
      return a.score - b.score || a.symbol.n.length - b.symbol.n.length || a.position - b.position;
    });
    return ranked.map(function (entry) { return entry.symbol; });
  }
  window.galleySearchByType = searchByType;

  function loadScript(src) {
    return new Promise(function (resolve, reject) {
      var script = document.createElement("script");
      script.src = src;
      script.onload = resolve;
      script.onerror = function () { reject(new Error("cannot load " + src)); };
      document.head.appendChild(script);
    });
  }

  function escapeHTML(text) {
    return text.replace(/[&<>"']/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
    });
  }

  function highlight(text, terms) {
    var html = escapeHTML(text);
    terms.forEach(function (term) {
      if (!term) return;
      var pattern = new RegExp("(" + term.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") + ")", "ig");
      html = html.replace(pattern, "<mark>$1</mark>");
    });
    return html;
  }

  function snippet(text, terms) {
    var lower = text.toLowerCase();
    var at = -1;
    terms.some(function (term) { at = lower.indexOf(term); return at >= 0; });
    var start = Math.max(0, at - 60);
    var piece = text.slice(start, start + 160);
    return (start > 0 ? "…" : "") + piece + (start + 160 < text.length ? "…" : "");
  }

  function setUpSearch() {
    var box = document.getElementById("galley-search");
    var panel = document.getElementById("galley-search-results");
    if (!box || !panel) return;
    var root = document.body.getAttribute("data-root") || "";
    var ready = null;
    var index = null;
    var documents = [];
    var symbols = [];

    function prepare() {
      if (!ready) {
        ready = loadScript(root + "assets/lunr.min.js")
          .then(function () { return loadScript(root + "search-index.js"); })
          .then(function () {
            documents = window.galleySearchIndex || [];
            symbols = window.galleySymbolIndex || [];
            index = lunr(function () {
              this.ref("i");
              this.field("t", { boost: 10 });
              this.field("h", { boost: 5 });
              this.field("x");
              var builder = this;
              documents.forEach(function (entry, i) {
                builder.add({ i: String(i), t: entry.t, h: entry.h, x: entry.x });
              });
            });
          });
      }
      return ready;
    }

    function close() {
      panel.hidden = true;
      panel.innerHTML = "";
    }

    function terms(query) {
      return query.toLowerCase().split(/\s+/).filter(function (t) { return t.length > 0; });
    }

    function run() {
      var query = box.value.trim();
      if (!query) { close(); return Promise.resolve(); }
      return prepare().then(function () {
        if (box.value.trim() !== query) return;
        // A query with `->` searches by type; its type names search the prose.
        var byType = searchByType(symbols, query);
        var words = byType ? (query.match(/[A-Za-z_][A-Za-z0-9_]*/g) || []).filter(function (word) {
          return !EFFECTS[word] && !LEFT_OUT[word];
        }).map(function (word) { return word.toLowerCase(); }) : terms(query);
        var hits = [];
        try {
          hits = index.query(function (q) {
            words.forEach(function (word) {
              var clean = word.replace(/[~^:*+-]/g, "");
              if (!clean) return;
              q.term(clean, { boost: 10 });
              q.term(clean, { wildcard: lunr.Query.wildcard.TRAILING, boost: 2 });
            });
          });
        } catch (e) { hits = []; }
        panel.innerHTML = "";
        // Symbols by name first (at most 8), then the prose.
        var symbolHits = (byType || rankSymbols(symbols, query)).slice(0, 8);
        if (!hits.length && !symbolHits.length) {
          var empty = document.createElement("p");
          empty.className = "galley-search-empty";
          empty.textContent = "No results";
          panel.appendChild(empty);
        } else {
          var list = document.createElement("ul");
          symbolHits.forEach(function (symbol) {
            var item = document.createElement("li");
            var link = document.createElement("a");
            link.href = root + symbol.u;
            link.className = "galley-search-result galley-search-symbol";
            link.innerHTML = '<span class="galley-search-path"><code>' + highlight(symbol.n, words) + "</code>"
              + ' <span class="galley-search-kind">' + escapeHTML(symbol.k + " · " + symbol.m) + "</span></span>"
              // Overloads share a name: their declarations tell them apart.
              + (symbol.d ? '<code class="galley-search-declaration">' + escapeHTML(symbol.d) + "</code>" : "")
              // A match by type shows the signature it matched.
              + (byType ? '<code class="galley-search-declaration galley-search-signature">'
                + escapeHTML("(" + (symbol.i || "").split(";").join(", ") + ") -> " + symbol.o) + "</code>" : "")
              + (symbol.x ? '<span class="galley-search-snippet">' + escapeHTML(symbol.x) + "</span>" : "");
            item.appendChild(link);
            list.appendChild(item);
          });
          hits.slice(0, 10).forEach(function (hit) {
            var entry = documents[Number(hit.ref)];
            var item = document.createElement("li");
            var link = document.createElement("a");
            link.href = root + entry.u;
            link.className = "galley-search-result";
            var path = entry.h ? entry.t + " › " + entry.h : entry.t;
            link.innerHTML = '<span class="galley-search-path">' + highlight(path, words) + "</span>"
              + (entry.x ? '<span class="galley-search-snippet">' + highlight(snippet(entry.x, words), words) + "</span>" : "");
            item.appendChild(link);
            list.appendChild(item);
          });
          panel.appendChild(list);
        }
        panel.hidden = false;
      }, function () {
        panel.innerHTML = '<p class="galley-search-empty">Search is unavailable</p>';
        panel.hidden = false;
      });
    }

    var timer;
    box.addEventListener("focus", function () { prepare().catch(function () {}); });
    box.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(run, 60);
    });
    box.addEventListener("keydown", function (event) {
      if (event.key === "Escape") {
        close();
        box.blur();
      } else if (event.key === "Enter") {
        event.preventDefault();
        clearTimeout(timer);
        run().then(function () {
          var first = panel.querySelector("a.galley-search-result");
          if (first) window.location.href = first.href;
        });
      } else if (event.key === "ArrowDown") {
        var firstLink = panel.querySelector("a");
        if (firstLink) { event.preventDefault(); firstLink.focus(); }
      }
    });
    panel.addEventListener("keydown", function (event) {
      if (event.key === "Escape") { close(); box.focus(); }
    });
    document.addEventListener("click", function (event) {
      if (!panel.contains(event.target) && event.target !== box) close();
    });
  }

  // ---------- The reference in the sidebar: open the current symbol's group, filter by name ----------

  function setUpSymbolNavigation() {
    var nav = document.querySelector(".site-nav");
    if (!nav || !nav.querySelector(".nav-symbols")) return;
    var links = Array.prototype.slice.call(nav.querySelectorAll(".nav-symbols a"));
    // The current page's symbol, or (on a member's page) the symbol whose page folder holds it.
    var current = nav.querySelector(".nav-symbols a.current");
    if (!current) {
      var here = window.location.href.replace(/[#?].*$/, "").replace(/index\.html$/, "");
      var best = null;
      links.forEach(function (link) {
        var folder = link.href.replace(/index\.html$/, "");
        if (here.indexOf(folder) === 0 && (!best || folder.length > best.href.replace(/index\.html$/, "").length)) best = link;
      });
      if (best) { best.classList.add("current-ancestor"); current = best; }
    }
    function openCurrent() {
      nav.querySelectorAll(".nav-symbols details").forEach(function (details) { details.open = false; });
      if (current) {
        var details = current.closest("details");
        if (details) details.open = true;
      }
    }
    openCurrent();
    if (current && current.scrollIntoView) current.scrollIntoView({ block: "nearest" });
    var filter = document.createElement("input");
    filter.type = "search";
    filter.className = "nav-filter";
    filter.placeholder = "Filter symbols";
    filter.setAttribute("aria-label", "Filter the symbols in the sidebar");
    nav.insertBefore(filter, nav.firstChild);
    filter.addEventListener("input", function () {
      var query = filter.value.trim().toLowerCase();
      nav.querySelectorAll(".nav-symbols details").forEach(function (details) {
        var shown = 0;
        details.querySelectorAll("li").forEach(function (item) {
          var match = !query || item.textContent.toLowerCase().indexOf(query) >= 0;
          item.hidden = !match;
          if (match) shown += 1;
        });
        details.parentNode.hidden = query && shown === 0;
        if (query) details.open = shown > 0;
      });
      if (!query) openCurrent();
    });
  }
  window.galleySymbolNavigation = setUpSymbolNavigation;

  addCopyButtons();
  addEyeButtons();
  setUpHovers();
  highlightTOC();
  setUpThemeToggle();
  setUpKeyboard();
  setUpSearch();
  setUpSymbolNavigation();
})();
