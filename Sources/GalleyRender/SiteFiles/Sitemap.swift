import GalleyMarkdown
import GalleyProject

/// The `sitemap.xml` of a site with a base URL.
public enum Sitemap {
    /// The file the sitemap is written to, under the site root.
    public static let path = "sitemap.xml"

    /// The XML listing every page's absolute URL; the home page as the base URL itself.
    ///
    /// ```swift
    /// Sitemap.xml(baseURL: "https://example.org/", pageURLs: ["index.html", "a.html"])
    /// ```
    public static func xml(baseURL: String, pageURLs: [String]) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for url in pageURLs {
            let location = url == "index.html" ? baseURL : baseURL + RelativeURL.encoded(url)
            xml += "  <url><loc>\(HTMLEscaping.escape(location))</loc></url>\n"
        }
        xml += "</urlset>\n"
        return xml
    }
}
