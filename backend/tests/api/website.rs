//! The public website (issue 40), as a visitor's browser or a search engine reads it: every
//! page in both languages, the search's filters as a plain GET form, a listing's page (its
//! right address, its JSON-LD, 410 once it is sold), the contact forms posted without
//! JavaScript, a staff edit seen at once (ETag/304), the sitemap, robots.txt and a theme.

use rocket::http::{ContentType, Header, Method, Status};
use rocket::local::asynchronous::LocalResponse;
use serde_json::{json, Value};

use crate::helpers::TestApp;
use crate::properties::{catalog, create_property, created, full_form, Catalog};

/// The host name the test servers serve the site for (`AQAR_SITE_HOSTS`).
pub const SITE_HOST: &str = "www.agency.test";

struct Answer {
    status: Status,
    headers: Vec<(String, String)>,
    body: String,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }
}

async fn answer(response: LocalResponse<'_>) -> Answer {
    let status = response.status();
    let headers = response.headers().iter().map(|h| (h.name().to_string(), h.value().to_string())).collect();
    let body = response.into_string().await.unwrap_or_default();
    Answer { status, headers, body }
}

async fn visit(app: &TestApp, path: &str) -> Answer {
    answer(app.client.get(path.to_owned()).header(Header::new("Host", SITE_HOST)).dispatch().await).await
}

async fn post_form(app: &TestApp, path: &str, form: &str) -> Answer {
    let request = app
        .client
        .post(path.to_owned())
        .header(Header::new("Host", SITE_HOST))
        .header(ContentType::Form)
        .body(form);
    answer(request.dispatch().await).await
}

/// The `href` of `<link rel="alternate" hreflang="{lang}">`.
fn alternate<'a>(html: &'a str, lang: &str) -> Option<&'a str> {
    let marker = format!("<link rel=\"alternate\" hreflang=\"{lang}\" href=\"");
    let start = html.find(&marker)? + marker.len();
    Some(&html[start..start + html[start..].find('"')?])
}

fn canonical(html: &str) -> Option<&str> {
    let marker = "<link rel=\"canonical\" href=\"";
    let start = html.find(marker)? + marker.len();
    Some(&html[start..start + html[start..].find('"')?])
}

/// Every JSON-LD block of a page, parsed.
fn json_ld(html: &str) -> Vec<Value> {
    html.split("<script type=\"application/ld+json\">")
        .skip(1)
        .map(|rest| {
            serde_json::from_str(&rest[..rest.find("</script>").expect("closed")]).expect("JSON-LD parses")
        })
        .collect()
}

async fn listing(app: &TestApp, catalog: &Catalog, title: &str, changes: Value) -> Value {
    let mut form = full_form(catalog, title);
    for (key, value) in changes.as_object().expect("an object") {
        form[key] = value.clone();
    }
    create_property(app, form).await
}

both_databases! {
    async fn every_page_answers_in_both_languages_with_its_alternates(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let villa = listing(&app, &catalog, "Sea View Villa", json!({})).await;
        let slug = format!("{}-sea-view-villa", villa["id"]);
        for path in ["/", "/properties", "/investors", "/services", "/about", "/team", "/contact", &format!("/properties/{slug}")] {
            let path = if path == "/" { "/".to_owned() } else { path.to_owned() };
            for (lang, dir) in [("en", "ltr"), ("ar", "rtl")] {
                let address = format!("/{lang}{path}");
                let page = visit(&app, &address).await;
                assert_eq!(page.status, Status::Ok, "{address}: {}", page.body);
                assert_eq!(page.header("Content-Type"), Some("text/html; charset=utf-8"));
                assert!(page.body.contains(&format!("<html lang=\"{lang}\" dir=\"{dir}\">")), "{address}");
                let own = format!("http://{SITE_HOST}{address}");
                assert_eq!(canonical(&page.body), Some(own.as_str()), "{address}");
                assert_eq!(alternate(&page.body, lang), Some(own.as_str()), "{address} names itself");
                let other = if lang == "en" { "ar" } else { "en" };
                let pair = format!("http://{SITE_HOST}/{other}{path}");
                assert_eq!(alternate(&page.body, other), Some(pair.as_str()), "{address}");
                assert_eq!(alternate(&page.body, "x-default"), Some(format!("http://{SITE_HOST}/en{path}").as_str()));
                let back = visit(&app, &format!("/{other}{path}")).await;
                assert_eq!(alternate(&back.body, lang), Some(own.as_str()), "{address}'s pair links back");
                assert!(page.body.contains("<title>") && page.body.contains("<meta name=\"description\""));
                assert!(page.body.contains("property=\"og:title\"") && page.body.contains("name=\"twitter:card\""));
                let agent = json_ld(&page.body).into_iter().find(|block| block["@type"] == "RealEstateAgent");
                assert!(agent.is_some(), "{address} names the agency");
            }
        }
        let root = visit(&app, "/").await;
        assert_eq!(root.status, Status::Found);
        assert_eq!(root.header("Location"), Some("/en/"));
        let arabic = answer(
            app.client.get("/").header(Header::new("Host", SITE_HOST)).header(Header::new("Accept-Language", "ar-SA,en;q=0.5")).dispatch().await,
        ).await;
        assert_eq!(arabic.header("Location"), Some("/ar/"));
        assert_eq!(arabic.header("Vary"), Some("Accept-Language"));
        let missing = visit(&app, "/ar/no-such-page").await;
        assert_eq!(missing.status, Status::NotFound);
        assert!(missing.body.contains("الصفحة غير موجودة"), "the site's own 404 page, in Arabic");
        let panel = answer(app.client.get("/en/properties").dispatch().await).await;
        assert!(!panel.body.contains("hreflang"), "the panel's host is not the site's");
    }

    async fn the_search_reads_each_filter_from_a_plain_form(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        listing(&app, &catalog, "Family Villa", json!({ "price": 900000, "bedroom": 5 })).await;
        listing(&app, &catalog, "City Flat", json!({ "price": 300000, "bedroom": 2, "regionId": null })).await;
        listing(&app, &catalog, "Rented Loft", json!({ "price": 40000, "bedroom": 1, "offeringType": "rent", "rentFrequency": "yearly" })).await;
        listing(&app, &catalog, "Investor Tower", json!({ "price": 5000000, "bedroom": 0, "displayType": "investment" })).await;
        let titles = |page: &Answer| ["Family Villa", "City Flat", "Rented Loft", "Investor Tower"]
            .into_iter().filter(|title| page.body.contains(title)).collect::<Vec<_>>();
        let all = visit(&app, "/en/properties").await;
        assert_eq!(titles(&all).len(), 4, "{}", all.body);
        assert!(all.body.contains("AED 40,000 a year") || all.body.contains("a year"), "a rent names its period");
        let empty_fields = visit(&app, "/en/properties?offeringType=&typeId=&place=&minPrice=&bedrooms=&sort=").await;
        assert_eq!(titles(&empty_fields).len(), 4, "a form's empty fields filter nothing");
        let rent = visit(&app, "/en/properties?offeringType=rent").await;
        assert_eq!(titles(&rent), ["Rented Loft"]);
        let sale = visit(&app, "/en/properties?offeringType=sale&minPrice=500000&maxPrice=1000000").await;
        assert_eq!(titles(&sale), ["Family Villa"]);
        let rooms = visit(&app, "/en/properties?bedrooms=2&sort=price").await;
        assert_eq!(titles(&rooms), ["Family Villa", "City Flat"]);
        assert!(rooms.body.find("City Flat") < rooms.body.find("Family Villa"), "cheapest first");
        assert!(!rooms.body.contains("Rented Loft"));
        let region = visit(&app, &format!("/en/properties?place=r{}", catalog.region)).await;
        assert!(!region.body.contains("City Flat") && region.body.contains("Family Villa"));
        let city = visit(&app, &format!("/en/properties?place=c{}&typeId={}&categoryId={}", catalog.city, catalog.property_type, catalog.category)).await;
        assert!(city.body.contains("City Flat") && city.body.contains("Family Villa"));
        assert!(city.body.contains(&format!("<option value=\"c{}\" selected>", catalog.city)), "the form keeps its values");
        let investors = visit(&app, "/en/investors").await;
        assert_eq!(titles(&investors), ["Investor Tower"]);
        let refused = visit(&app, "/ar/properties?bedrooms=many").await;
        assert_eq!(refused.status, Status::BadRequest);
        assert!(refused.body.contains("bedrooms must be"), "{}", refused.body);
    }

    async fn a_listing_has_one_address_its_offer_and_answers_410_once_sold(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let villa = listing(&app, &catalog, "Sea View Villa", json!({ "latitude": 31.95, "longitude": 35.91 })).await;
        let other = listing(&app, &catalog, "Garden Villa", json!({})).await;
        let id = villa["id"].as_i64().expect("an id");
        let right = format!("/en/properties/{id}-sea-view-villa");
        for wrong in [format!("/en/properties/{id}"), format!("/en/properties/{id}-old-title")] {
            let moved = visit(&app, &wrong).await;
            assert_eq!(moved.status, Status::MovedPermanently, "{wrong}");
            assert_eq!(moved.header("Location"), Some(right.as_str()));
        }
        let page = visit(&app, &right).await;
        assert_eq!(page.status, Status::Ok);
        let offer = json_ld(&page.body).into_iter().find(|block| block["@type"] == "Offer").expect("an Offer");
        assert_eq!(offer["price"], 250000.0);
        assert_eq!(offer["priceCurrency"], villa["currency"]);
        assert_eq!(offer["url"], format!("http://{SITE_HOST}{right}"));
        assert!(page.body.contains("openstreetmap.org/?mlat=31.95000"), "the pin");
        assert!(page.body.contains("Garden Villa"), "similar listings");

        let mut sold = villa.clone();
        sold["status"] = json!("sold");
        let (status, _) = app.send(Method::Put, &format!("/api/properties/{id}"), sold).await;
        assert_eq!(status, Status::Ok);
        let gone = visit(&app, &right).await;
        assert_eq!(gone.status, Status::Gone);
        assert!(gone.body.contains("Garden Villa"), "similar ones instead: {}", gone.body);
        assert!(gone.body.contains("noindex"));
        let (status, _) = app.send(Method::Delete, &format!("/api/properties/{}", other["id"]), json!({})).await;
        assert_eq!(status, Status::NoContent);
        let deleted = visit(&app, &format!("/ar/properties/{}-garden-villa", other["id"])).await;
        assert_eq!(deleted.status, Status::Gone, "a deleted listing's address was known too");
        let never = visit(&app, "/en/properties/999999-nothing").await;
        assert_eq!(never.status, Status::NotFound);
    }

    async fn a_contact_form_without_javascript_becomes_a_lead_or_comes_back_kept(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let villa = listing(&app, &catalog, "Sea View Villa", json!({})).await;
        let address = format!("/ar/properties/{}-sea-view-villa", villa["id"]);
        let refused = post_form(&app, &address, "name=%D8%B3%D8%A7%D8%B1%D8%A9&email=not-an-address&subject=Villa&message=").await;
        assert_eq!(refused.status, Status::UnprocessableEntity);
        assert!(refused.body.contains("value=\"سارة\""), "what was typed is kept");
        assert!(refused.body.contains("value=\"not-an-address\""));
        assert!(refused.body.contains(&rules::messages::in_language(rules::messages::FIELD_REQUIRED, rules::language::Language::Ar).to_string()));
        assert!(refused.body.contains("aria-invalid=\"true\""));

        let sent = post_form(&app, &address, "name=Sara&email=sara%40example.com&phone=%2B971500000000&subject=Villa&message=Is+it+free%3F").await;
        assert_eq!(sent.status, Status::SeeOther);
        assert_eq!(sent.header("Location"), Some("/ar/thanks"));
        let thanks = visit(&app, "/ar/thanks").await;
        assert_eq!(thanks.status, Status::Ok);
        let (_, leads) = app.get("/api/contact-requests").await;
        let leads = leads.as_array().expect("a list").clone();
        assert_eq!(leads.len(), 1, "{leads:?}");
        assert_eq!(leads[0]["propertyId"], villa["id"]);
        assert_eq!(leads[0]["email"], "sara@example.com");
        assert_eq!(leads[0]["source"], "website");

        let bot = post_form(&app, "/en/contact", "name=Bot&email=bot%40example.com&subject=Hi&message=Buy&website=spam.example").await;
        assert_eq!(bot.status, Status::SeeOther, "a bot is thanked");
        let general = post_form(&app, "/en/contact", "name=Omar&email=omar%40example.com&subject=Hello&message=Call+me").await;
        assert_eq!(general.status, Status::SeeOther);
        let (_, leads) = app.get("/api/contact-requests").await;
        assert_eq!(leads.as_array().map(Vec::len), Some(2), "the bot's is dropped");
        for _ in 0..2 {
            post_form(&app, "/en/contact", "name=Omar&email=omar%40example.com&subject=Hello&message=Again").await;
        }
        let limited = post_form(&app, "/en/contact", "name=Omar&email=omar%40example.com&subject=Hello&message=Kept").await;
        assert_eq!(limited.status, Status::TooManyRequests);
        assert!(limited.body.contains(rules::messages::CONTACT_TOO_MANY));
        assert!(limited.body.contains(">Kept</textarea>"));
    }

    async fn a_staff_edit_shows_at_once_and_an_unchanged_page_is_304(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let villa = listing(&app, &catalog, "Sea View Villa", json!({})).await;
        let address = format!("/en/properties/{}-sea-view-villa", villa["id"]);
        let first = visit(&app, &address).await;
        let tag = first.header("ETag").expect("an ETag").to_owned();
        assert_eq!(first.header("Cache-Control"), Some("no-cache"));
        let again = answer(app.client.get(address.clone()).header(Header::new("Host", SITE_HOST)).header(Header::new("If-None-Match", tag.clone())).dispatch().await).await;
        assert_eq!(again.status, Status::NotModified);
        let mut cheaper = villa.clone();
        cheaper["price"] = json!(199000);
        let (status, _) = app.send(Method::Put, &format!("/api/properties/{}", villa["id"]), cheaper).await;
        assert_eq!(status, Status::Ok);
        let edited = answer(app.client.get(address.clone()).header(Header::new("Host", SITE_HOST)).header(Header::new("If-None-Match", tag)).dispatch().await).await;
        assert_eq!(edited.status, Status::Ok, "the old tag no longer matches");
        assert!(edited.body.contains("199,000"), "the new price shows at once");

        let home = visit(&app, "/en/").await;
        assert!(!home.body.contains("Waterfront living"));
        created(&app, "/api/hero-images", json!({ "pageName": "index", "titleEn": "Waterfront living", "titleAr": "حياة على الواجهة البحرية", "imageUrl": "https://images.example/hero.jpg" })).await;
        let home = visit(&app, "/en/").await;
        assert!(home.body.contains("Waterfront living") && home.body.contains("https://images.example/hero.jpg"));
        let (status, settings) = app.get("/api/settings").await;
        assert_eq!(status, Status::Ok);
        let mut settings = settings;
        settings["companyName"] = json!("Dunes Homes");
        settings["companyNameEn"] = json!("Dunes Homes");
        settings["primaryColor"] = json!("#123456");
        let (status, saved) = app.send(Method::Post, "/api/settings", settings.clone()).await;
        assert_eq!(status, Status::Ok, "{saved}");
        let home = visit(&app, "/en/").await;
        assert!(home.body.contains("Dunes Homes") && home.body.contains("--primary:#123456"));
        settings["primaryColor"] = json!("#fafafa");
        let (status, refused) = app.send(Method::Post, "/api/settings", settings).await;
        assert_eq!(status, Status::UnprocessableEntity);
        assert_eq!(refused["errors"]["primaryColor"], rules::messages::PRIMARY_COLOR_TOO_LIGHT);
    }

    async fn the_sitemap_lists_every_public_listing_in_both_languages_and_robots_names_it(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let villa = listing(&app, &catalog, "Sea View Villa", json!({})).await;
        listing(&app, &catalog, "Hidden Villa", json!({ "status": "pending" })).await;
        let index = visit(&app, "/sitemap.xml").await;
        assert_eq!(index.status, Status::Ok);
        assert!(index.header("Content-Type").is_some_and(|kind| kind.contains("xml")));
        assert!(index.body.contains(&format!("<loc>http://{SITE_HOST}/sitemaps/listings-1.xml</loc>")), "{}", index.body);
        let pages = visit(&app, "/sitemaps/pages.xml").await;
        assert_eq!(pages.body.matches("<url>").count(), 14, "seven pages in two languages");
        let listings = visit(&app, "/sitemaps/listings-1.xml").await;
        assert_eq!(listings.body.matches("<url>").count(), 2, "{}", listings.body);
        let en = format!("http://{SITE_HOST}/en/properties/{}-sea-view-villa", villa["id"]);
        assert!(listings.body.contains(&format!("<loc>{en}</loc><lastmod>")));
        assert!(listings.body.contains(&format!("hreflang=\"x-default\" href=\"{en}\"")));
        assert!(!listings.body.contains("hidden-villa"));
        for beyond in ["/sitemaps/listings-0.xml", "/sitemaps/listings-9223372036854775807.xml"] {
            let none = visit(&app, beyond).await;
            assert_eq!(none.status, Status::NotFound, "{beyond}: {}", none.body);
        }
        let robots = visit(&app, "/robots.txt").await;
        assert!(robots.body.contains(&format!("Sitemap: http://{SITE_HOST}/sitemap.xml")));
    }
}

#[rocket::async_test]
async fn a_theme_folder_changes_the_site_without_a_rebuild() {
    let theme = tempfile::tempdir().expect("a theme folder");
    std::fs::create_dir(theme.path().join("templates")).expect("templates");
    std::fs::write(
        theme.path().join("templates/thanks.html"),
        "{% extends \"base.html\" %}{% block main %}<h1>Shukran from our own theme</h1>{% endblock %}",
    )
    .expect("a template");
    std::fs::write(theme.path().join("site.css"), "body{background:#fdf6e3}").expect("a stylesheet");
    let dir = theme.path().display().to_string();
    let app = TestApp::spawn_with(crate::helpers::Backend::Sqlite, |figment| {
        figment.merge(("aqar.site_theme_dir", dir))
    })
    .await
    .expect("the app starts");
    let thanks = visit(&app, "/en/thanks").await;
    assert!(thanks.body.contains("Shukran from our own theme"), "{}", thanks.body);
    let href = thanks
        .body
        .split("<link rel=\"stylesheet\" href=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .expect("a stylesheet");
    let sheet = visit(&app, href).await;
    assert_eq!(sheet.body, "body{background:#fdf6e3}");
    assert_eq!(sheet.header("Cache-Control"), Some("public, max-age=31536000, immutable"));
}
