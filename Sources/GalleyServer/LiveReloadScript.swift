/// The script the preview server adds to every HTML page it serves (never to
/// the files in `public/`): it listens to `/__galley/events`, reloads the
/// page after a successful rebuild keeping its scroll position, and shows the
/// `#galley-overlay` with the diagnostics of a failed one.
///
/// ```swift
/// let html = LiveReloadScript.inject(into: page, buildID: reloader.buildID)
/// ```
package enum LiveReloadScript {
    /// The path of the server-sent events endpoint.
    public static let eventsPath = "/__galley/events"

    /// The `<script>` element for a page served by build `buildID`.
    public static func element(buildID: String) -> String {
        "<script data-galley-live-reload>\n(function () {\nvar BUILD = \"\(buildID)\";\n\(body)})();\n</script>\n"
    }

    /// `html` with the script before its last `</body>`, or at its end when it has none.
    public static func inject(into html: [UInt8], buildID: String) -> [UInt8] {
        let script = Array(element(buildID: buildID).utf8)
        let closing = Array("</body".utf8)
        var index = html.count - closing.count
        while index >= 0 {
            if html[index] == UInt8(ascii: "<"), matchesCaseInsensitively(html, at: index, closing) {
                return Array(html[..<index]) + script + Array(html[index...])
            }
            index -= 1
        }
        return html + script
    }

    private static func matchesCaseInsensitively(_ bytes: [UInt8], at index: Int, _ pattern: [UInt8]) -> Bool {
        for (offset, expected) in pattern.enumerated() {
            var byte = bytes[index + offset]
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte += 32 }
            if byte != expected { return false }
        }
        return true
    }

    private static let body = #"""
        var KEY = "galley-scroll:" + location.pathname;
        try {
          var saved = sessionStorage.getItem(KEY);
          if (saved) {
            sessionStorage.removeItem(KEY);
            var xy = saved.split(",").map(Number);
            var restore = function () { window.scrollTo(xy[0] || 0, xy[1] || 0); };
            restore();
            window.addEventListener("load", restore);
          }
        } catch (e) {}
        function reload() {
          try { sessionStorage.setItem(KEY, window.scrollX + "," + window.scrollY); } catch (e) {}
          location.reload();
        }
        function hide() {
          var overlay = document.getElementById("galley-overlay");
          if (overlay) overlay.hidden = true;
        }
        function show(failure) {
          var overlay = document.getElementById("galley-overlay");
          if (!overlay) {
            overlay = document.createElement("div");
            overlay.id = "galley-overlay";
            overlay.setAttribute("role", "alertdialog");
            overlay.setAttribute("aria-labelledby", "galley-overlay-title");
            document.body.appendChild(overlay);
          }
          overlay.textContent = "";
          var close = document.createElement("button");
          close.type = "button";
          close.textContent = "Close";
          close.addEventListener("click", hide);
          var title = document.createElement("h1");
          title.id = "galley-overlay-title";
          title.textContent = "Galley: " + failure.message;
          var subtitle = document.createElement("h2");
          subtitle.textContent = failure.rendered
            ? "Every page is rendered; each failing sample is marked on its page with its cause. Fix them and save; the page reloads by itself."
            : "This page is the last good build. Fix the problems below and save; the page reloads by itself.";
          var list = document.createElement("ul");
          (failure.diagnostics || []).forEach(function (line) {
            var item = document.createElement("li");
            item.textContent = line;
            list.appendChild(item);
          });
          (failure.links || []).forEach(function (link) {
            var item = document.createElement("li");
            var place = document.createElement(link.href ? "a" : "span");
            if (link.href) place.href = link.href;
            place.textContent = link.location;
            item.append(place, ": " + link.message);
            list.appendChild(item);
          });
          overlay.append(close, title, subtitle, list);
          if (failure.details) {
            var details = document.createElement("pre");
            details.textContent = failure.details;
            overlay.appendChild(details);
          }
          overlay.hidden = false;
          overlay.className = "";
          overlay.style.cssText = "";
          if (failure.rendered) {
            // The page behind is the current build: a panel that leaves it readable.
            overlay.className = "galley-overlay-samples";
            overlay.style.cssText = "position:fixed;inset:auto 1rem 1rem auto;z-index:1000;max-width:40rem;max-height:45vh;overflow:auto;" +
              "padding:1rem;border-radius:8px;background:rgba(12,13,16,.94);color:#f0f3f6;font:13px/1.5 ui-monospace,monospace;white-space:pre-wrap";
          } else if (window.getComputedStyle(overlay).position !== "fixed") {
            overlay.style.cssText = "position:fixed;inset:0;z-index:1000;overflow:auto;padding:2rem;" +
              "background:rgba(12,13,16,.94);color:#f0f3f6;font:14px/1.5 ui-monospace,monospace;white-space:pre-wrap";
          }
        }
        if (!window.EventSource) return;
        var source = new EventSource("\#(eventsPath)");
        source.addEventListener("ready", function (event) {
          if (event.data !== BUILD) reload(); else hide();
        });
        source.addEventListener("reload", function () { reload(); });
        // Not "error": EventSource fires its own "error" event when the connection drops.
        source.addEventListener("build-error", function (event) {
          show(JSON.parse(event.data));
        });

        """#
}
