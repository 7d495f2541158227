//! What search engines and sharing read: each page's head (title, description, canonical
//! address, the hreflang pairs, OpenGraph and Twitter cards, JSON-LD), the sitemap and
//! robots.txt.

use rules::language::Language;
use serde::Serialize;
use serde_json::json;

use super::visit::Company;
use crate::areas::properties::store::Indexed;
use crate::areas::site::settings::CompanySettings;

/// The most addresses one sitemap file may list (sitemaps.org).
pub const SITEMAP_MAX_URLS: i64 = 50_000;
/// Listings per sitemap file: each is listed in both languages.
pub const LISTINGS_PER_SITEMAP: i64 = SITEMAP_MAX_URLS / 2;
/// The site's pages other than listings, after the language.
pub const PAGES: [&str; 7] = ["/", "/properties", "/investors", "/services", "/about", "/team", "/contact"];

/// `path` of the site made absolute.
pub fn absolute(origin: &str, path: &str) -> String {
    if path.starts_with("http://") || path.starts_with("https://") || path.starts_with("data:") {
        path.to_owned()
    } else {
        format!("{origin}{path}")
    }
}

/// An image as a page shows it: scaled copies for a stored one, so a phone loads a small one.
#[derive(Debug, Clone, Serialize)]
pub struct Picture {
    pub src: String,
    pub srcset: Option<String>,
    pub alt: String,
}

impl Picture {
    pub fn of(url: &str, alt: &str) -> Picture {
        if url.starts_with("/media/") {
            let srcset = [320, 640, 1280].map(|w| format!("{url}?w={w} {w}w")).join(", ");
            Picture { src: format!("{url}?w=640"), srcset: Some(srcset), alt: alt.to_owned() }
        } else {
            Picture { src: url.to_owned(), srcset: None, alt: alt.to_owned() }
        }
    }
}

#[derive(Debug, Serialize)]
pub struct Head {
    pub title: String,
    pub description: String,
    pub canonical: String,
    pub en: String,
    pub ar: String,
    pub image: Option<String>,
    pub locale: &'static str,
    /// Each JSON-LD block, ready to sit in a `<script>`: no `<`, `>` or `&` in it.
    pub json_ld: Vec<String>,
    pub indexed: bool,
}

impl Head {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        origin: &str,
        language: Language,
        path: &str,
        title: String,
        description: String,
        image: Option<String>,
        json_ld: &[serde_json::Value],
        indexed: bool,
    ) -> Head {
        let en = format!("{origin}/en{path}");
        let ar = format!("{origin}/ar{path}");
        Head {
            title,
            description: shortened(&description, 160),
            canonical: if language == Language::Ar { ar.clone() } else { en.clone() },
            en,
            ar,
            image,
            locale: if language == Language::Ar { "ar_AE" } else { "en_US" },
            json_ld: json_ld.iter().map(script_json).collect(),
            indexed,
        }
    }
}

/// JSON that cannot end its `<script>` element nor open another.
pub fn script_json(value: &serde_json::Value) -> String {
    value.to_string().replace('<', "\\u003c").replace('>', "\\u003e").replace('&', "\\u0026")
}

/// At most `most` characters, cut at a word with an ellipsis.
pub fn shortened(text: &str, most: usize) -> String {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.chars().count() <= most {
        return text;
    }
    let cut: String = text.chars().take(most).collect();
    // A word the cut runs through goes whole; the ellipsis takes the place of the space.
    let cut = match cut.rsplit_once(' ') {
        Some((words, _)) => words,
        None => cut.as_str(),
    };
    let cut: String = cut.chars().take(most - 1).collect();
    format!("{}…", cut.trim_end())
}

/// The agency, as schema.org's `RealEstateAgent`.
pub fn agent_json(origin: &str, company: &Company, settings: &CompanySettings) -> serde_json::Value {
    let mut agent = json!({
        "@context": "https://schema.org",
        "@type": "RealEstateAgent",
        "name": company.name,
        "url": format!("{origin}/"),
    });
    let fields = [
        ("logo", company.logo.as_deref().map(|logo| absolute(origin, logo))),
        ("email", settings.contact_email.clone()),
        ("telephone", settings.contact_phone.clone()),
        ("address", settings.address.clone()),
        ("description", settings.company_description.clone()),
    ];
    for (name, value) in fields {
        if let Some(value) = value.filter(|value| !value.trim().is_empty() && !value.starts_with("data:")) {
            agent[name] = json!(value);
        }
    }
    agent
}

fn escaped(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The sitemap index: the pages' file, then one file per [`LISTINGS_PER_SITEMAP`] listings.
pub fn sitemap_index(origin: &str, listings: i64) -> String {
    let files = (listings + LISTINGS_PER_SITEMAP - 1) / LISTINGS_PER_SITEMAP;
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    xml.push_str(&format!("<sitemap><loc>{}/sitemaps/pages.xml</loc></sitemap>\n", escaped(origin)));
    for n in 1..=files {
        xml.push_str(&format!(
            "<sitemap><loc>{}/sitemaps/listings-{n}.xml</loc></sitemap>\n",
            escaped(origin)
        ));
    }
    xml.push_str("</sitemapindex>\n");
    xml
}

const URLSET: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n";

/// Both languages' entries of one page, each naming the other (and the default).
fn entries(xml: &mut String, origin: &str, path: &str, lastmod: Option<&str>) {
    let (en, ar) = (escaped(&format!("{origin}/en{path}")), escaped(&format!("{origin}/ar{path}")));
    for loc in [&en, &ar] {
        xml.push_str(&format!("<url><loc>{loc}</loc>"));
        if let Some(lastmod) = lastmod {
            xml.push_str(&format!("<lastmod>{}</lastmod>", escaped(lastmod)));
        }
        xml.push_str(&format!(
            "<xhtml:link rel=\"alternate\" hreflang=\"en\" href=\"{en}\"/>\
             <xhtml:link rel=\"alternate\" hreflang=\"ar\" href=\"{ar}\"/>\
             <xhtml:link rel=\"alternate\" hreflang=\"x-default\" href=\"{en}\"/></url>\n"
        ));
    }
}

/// The site's own pages in both languages, last changed at `lastmod`.
pub fn sitemap_pages(origin: &str, lastmod: &str) -> String {
    let mut xml = String::from(URLSET);
    for path in PAGES {
        entries(&mut xml, origin, path, Some(lastmod));
    }
    xml.push_str("</urlset>\n");
    xml
}

/// One file of listings, each in both languages.
pub fn sitemap_listings(origin: &str, listings: &[Indexed]) -> String {
    let mut xml = String::with_capacity(URLSET.len() + listings.len() * 700);
    xml.push_str(URLSET);
    for listing in listings {
        let path = format!("/properties/{}", super::cards::slug_path(listing.id, &listing.title_en));
        entries(&mut xml, origin, &path, Some(&listing.updated_at));
    }
    xml.push_str("</urlset>\n");
    xml
}

pub fn robots(origin: &str) -> String {
    format!("User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: {origin}/sitemap.xml\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_in_a_script_cannot_close_it() {
        let value = json!({ "name": "</script><script>alert(1)</script> & co" });
        let text = script_json(&value);
        assert!(!text.contains('<') && !text.contains('>') && !text.contains('&'));
        assert_eq!(serde_json::from_str::<serde_json::Value>(&text).expect("still JSON"), value);
    }

    #[test]
    fn a_long_description_is_cut_at_a_word() {
        assert_eq!(shortened("a  short \t text", 160), "a short text");
        let cut = shortened(&"word ".repeat(100), 20);
        assert_eq!(cut, "word word word word…");
    }

    #[test]
    fn the_sitemap_index_splits_listings_into_files_of_50_000_addresses() {
        let index = sitemap_index("https://agency.example", LISTINGS_PER_SITEMAP * 2 + 1);
        assert_eq!(index.matches("<sitemap>").count(), 4, "{index}");
        assert!(index.contains("https://agency.example/sitemaps/listings-3.xml"));
        assert_eq!(sitemap_index("https://agency.example", 0).matches("<sitemap>").count(), 1);
    }

    #[test]
    fn a_stored_image_offers_its_scaled_copies() {
        let picture = Picture::of("/media/ab.jpg", "A villa");
        assert_eq!(picture.src, "/media/ab.jpg?w=640");
        assert_eq!(
            picture.srcset.as_deref(),
            Some("/media/ab.jpg?w=320 320w, /media/ab.jpg?w=640 640w, /media/ab.jpg?w=1280 1280w")
        );
        assert_eq!(Picture::of("https://cdn.example/a.jpg", "A").srcset, None);
    }
}
