//! The site's listing pages: the search (and the investors' search), one listing, and the
//! page of a listing no longer offered, which answers 410 with similar ones.

use rocket::http::Status;
use rules::language::Language;
use rules::vocabularies::{OfferingType, RentFrequency};
use serde::Serialize;
use serde_json::json;

use super::cache::Page;
use super::form::FormState;
use super::seo::{self, Picture};
use super::visit::{Framing, Lang, Visit};
use crate::areas::catalog::{categories, locations, property_types};
use crate::areas::properties::listing::{ListQuery, ListRequest, Paging};
use crate::areas::properties::store as listings;
use crate::areas::properties::PublicProperty;
use crate::areas::site::ordered;
use crate::areas::site::team::TeamMember;
use crate::platform::audit::{self, Entity};
use crate::platform::http::error::{ApiError, ApiResult};

/// Listings per page of the site's search.
pub const PAGE_SIZE: i64 = 12;
/// Similar listings offered on a listing's page, and in place of one no longer offered.
pub const SIMILAR: i64 = 4;
/// The search form's parameters, as the site's addresses spell them.
const PARAMETERS: [&str; 9] =
    ["offeringType", "categoryId", "typeId", "place", "minPrice", "maxPrice", "bedrooms", "sort", "page"];

/// `12-sea-view-villa`: the listing's id, then its English title in lower-case words.
pub fn slug_path(id: i64, title_en: &str) -> String {
    let mut slug = String::new();
    for word in title_en.split(|c: char| !c.is_ascii_alphanumeric()).filter(|word| !word.is_empty()) {
        if slug.len() + word.len() > 60 {
            break;
        }
        if !slug.is_empty() {
            slug.push('-');
        }
        slug.push_str(&word.to_ascii_lowercase());
    }
    if slug.is_empty() {
        id.to_string()
    } else {
        format!("{id}-{slug}")
    }
}

/// The id at the start of a listing's address segment.
pub fn id_of(segment: &str) -> Option<i64> {
    let digits: &str = segment.split('-').next()?;
    digits.parse().ok().filter(|id| *id >= 1)
}

/// `1,250,000`: grouped by thousands, with the fraction only when there is one.
fn grouped(amount: f64) -> String {
    let whole = amount.trunc() as i64;
    let digits = whole.abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    let cents = ((amount - amount.trunc()).abs() * 100.0).round() as i64;
    let sign = if whole < 0 { "-" } else { "" };
    if cents > 0 {
        format!("{sign}{out}.{cents:02}")
    } else {
        format!("{sign}{out}")
    }
}

/// A price as the site writes it: `AED 120,000 a year`.
fn price_text(lang: Lang, amount: f64, currency: &str, period: Option<RentFrequency>) -> String {
    let w = super::words::of(lang.0);
    let per = period.map(|period| match period {
        RentFrequency::Yearly => w.per_year,
        RentFrequency::Monthly => w.per_month,
        RentFrequency::Weekly => w.per_week,
        RentFrequency::Daily => w.per_day,
    });
    match per {
        Some(per) => format!("{currency} {} {per}", grouped(amount)),
        None => format!("{currency} {}", grouped(amount)),
    }
}

/// A listing as a card of a list shows it.
#[derive(Debug, Serialize)]
pub struct Card {
    pub id: i64,
    pub url: String,
    pub title: String,
    pub place: String,
    pub price: String,
    pub offering: &'static str,
    pub type_name: String,
    pub bedrooms: Option<i32>,
    pub bathrooms: Option<i32>,
    pub area: Option<f64>,
    pub picture: Option<Picture>,
}

fn localised<'a>(lang: Lang, en: &'a str, ar: &'a str) -> &'a str {
    if lang.0 == Language::Ar && !ar.trim().is_empty() {
        ar
    } else {
        en
    }
}

fn place_of(lang: Lang, p: &PublicProperty) -> String {
    let pick = |en: &Option<String>, ar: &Option<String>| match lang.0 {
        Language::Ar => ar.clone().filter(|a| !a.is_empty()).or_else(|| en.clone()),
        Language::En => en.clone(),
    };
    let parts: Vec<String> = [
        pick(&p.region_name, &p.region_name_ar),
        pick(&p.city_name, &p.city_name_ar),
        pick(&p.country_name, &p.country_name_ar),
    ]
    .into_iter()
    .flatten()
    .collect();
    if parts.is_empty() {
        localised(lang, &p.listing.location_en, &p.listing.location_ar).to_owned()
    } else {
        parts.join(if lang.0 == Language::Ar { "، " } else { ", " })
    }
}

fn period_of(p: &PublicProperty) -> Option<RentFrequency> {
    (p.listing.offering_type == OfferingType::Rent).then_some(p.listing.rent_frequency).flatten()
}

impl Card {
    pub fn of(lang: Lang, p: &PublicProperty) -> Card {
        let w = super::words::of(lang.0);
        let title = localised(lang, &p.listing.title_en, &p.listing.title_ar).to_owned();
        Card {
            id: p.listing.id,
            url: format!("/{}/properties/{}", lang.0.tag(), slug_path(p.listing.id, &p.listing.title_en)),
            place: place_of(lang, p),
            price: price_text(lang, p.listing.price, &p.listing.currency, period_of(p)),
            offering: if p.listing.offering_type == OfferingType::Rent { w.for_rent } else { w.for_sale },
            type_name: localised(lang, &p.listing.type_name, &p.listing.type_name_ar).to_owned(),
            bedrooms: p.listing.bedrooms.or(Some(p.listing.bedroom)).filter(|n| *n > 0),
            bathrooms: p.listing.bathrooms.or(Some(p.listing.bathroom)).filter(|n| *n > 0),
            area: p.listing.area,
            picture: p.images.first().map(|image| Picture::of(&image.url, &title)),
            title,
        }
    }
}

/// The search form's values as the visitor sent them, to show them again.
#[derive(Debug, Default, Serialize)]
pub struct Chosen {
    pub offering_type: String,
    pub category_id: String,
    pub type_id: String,
    pub place: String,
    pub min_price: String,
    pub max_price: String,
    pub bedrooms: String,
    pub sort: String,
}

/// The pairs of the query that the search reads, decoded, empty ones left out.
fn pairs(query: &str) -> Vec<(String, String)> {
    query
        .split('&')
        .filter_map(|pair| {
            let (name, value) = pair.split_once('=')?;
            let decode = |text: &str| {
                rocket::http::RawStr::new(&text.replace('+', " "))
                    .percent_decode()
                    .map(|text| text.into_owned())
                    .ok()
            };
            let (name, value) = (decode(name)?, decode(value)?);
            (PARAMETERS.contains(&name.as_str()) && !value.trim().is_empty())
                .then_some((name, value.trim().to_owned()))
        })
        .collect()
}

/// The list request of the site's search form, and the form's values.
fn request_of(query: &str, investors: bool) -> (Chosen, ApiResult<ListRequest>) {
    let mut chosen = Chosen::default();
    let mut form: Vec<(String, String)> = Vec::new();
    for (name, value) in pairs(query) {
        match name.as_str() {
            "offeringType" => chosen.offering_type.clone_from(&value),
            "categoryId" => chosen.category_id.clone_from(&value),
            "typeId" => chosen.type_id.clone_from(&value),
            "minPrice" => chosen.min_price.clone_from(&value),
            "maxPrice" => chosen.max_price.clone_from(&value),
            "bedrooms" => chosen.bedrooms.clone_from(&value),
            "sort" => chosen.sort.clone_from(&value),
            _ => {}
        }
        if name == "place" {
            chosen.place.clone_from(&value);
            match (value.strip_prefix('c'), value.strip_prefix('r')) {
                (Some(city), _) => form.push(("cityId".into(), city.into())),
                (_, Some(region)) => form.push(("regionId".into(), region.into())),
                _ => form.push(("place".into(), value)),
            }
        } else {
            form.push((name, value));
        }
    }
    if investors {
        form.push(("displayType".into(), "investment".into()));
    }
    let encoded: Vec<String> = form
        .iter()
        .map(|(name, value)| format!("{name}={}", rocket::http::RawStr::new(value).percent_encode()))
        .collect();
    let encoded = encoded.join("&");
    let parsed = match rocket::form::Form::<ListQuery<'_>>::parse(&encoded) {
        Ok(query) => query.parse(true).map(|mut request| {
            let page = request.paging.map_or(1, |paging| paging.page);
            request.paging = Some(Paging { page, size: PAGE_SIZE });
            request
        }),
        Err(errors) => Err(ApiError::bad_request(
            errors
                .iter()
                .next()
                .map_or_else(|| "the search could not be read".to_owned(), |error| error.to_string()),
        )),
    };
    (chosen, parsed)
}

#[derive(Debug, Serialize)]
struct Choice {
    value: String,
    label: String,
    children: Vec<Choice>,
}

/// The search form's lists: categories, types, and cities with their regions.
async fn choices(visit: &Visit<'_>, lang: Lang) -> ApiResult<(Vec<Choice>, Vec<Choice>, Vec<Choice>)> {
    let name = |en: &str, ar: &str| localised(lang, en, ar).to_owned();
    let categories = categories::store::list(visit.db).await?;
    let types = property_types::store::list(visit.db).await?;
    let cities = locations::store::list_cities(visit.db, None).await?;
    let regions = locations::store::list_regions(visit.db, None).await?;
    let categories = categories
        .iter()
        .map(|c| Choice { value: c.id.to_string(), label: name(&c.name_en, &c.name_ar), children: vec![] })
        .collect();
    let types = types
        .iter()
        .map(|t| Choice { value: t.id.to_string(), label: name(&t.name_en, &t.name_ar), children: vec![] })
        .collect();
    let places = cities
        .iter()
        .map(|city| Choice {
            value: format!("c{}", city.id),
            label: name(&city.name_en, &city.name_ar),
            children: regions
                .iter()
                .filter(|region| region.city_id == city.id)
                .map(|region| Choice {
                    value: format!("r{}", region.id),
                    label: name(&region.name_en, &region.name_ar),
                    children: vec![],
                })
                .collect(),
        })
        .collect();
    Ok((categories, types, places))
}

/// The cards of the listings `request` finds, and how many it finds in all.
async fn found(visit: &Visit<'_>, lang: Lang, request: &ListRequest) -> ApiResult<(Vec<Card>, i64)> {
    let hits = visit.engine.find(visit.db, request, None).await?;
    let properties = listings::public_list(visit.db, &hits.ids, false).await?;
    Ok((properties.iter().map(|p| Card::of(lang, p)).collect(), hits.total))
}

/// The address of another page of the same search.
fn page_link(lang: Lang, base: &str, query: &str, page: i64) -> String {
    let mut kept: Vec<String> = query
        .split('&')
        .filter(|pair| !pair.is_empty() && !pair.starts_with("page="))
        .map(str::to_owned)
        .collect();
    if page > 1 {
        kept.push(format!("page={page}"));
    }
    let query = kept.join("&");
    let path = format!("/{}{base}", lang.0.tag());
    if query.is_empty() {
        path
    } else {
        format!("{path}?{query}")
    }
}

/// The search page (`investors`: the investment listings only).
pub async fn search(visit: &Visit<'_>, lang: Lang, investors: bool) -> ApiResult<Page> {
    let w = super::words::of(lang.0);
    let query = visit.target.split_once('?').map_or("", |(_, query)| query).to_owned();
    let (chosen, request) = request_of(&query, investors);
    let (categories, types, places) = choices(visit, lang).await?;
    let (status, cards, total, problem, page) = match &request {
        Ok(request) => {
            let (cards, total) = found(visit, lang, request).await?;
            (Status::Ok, cards, total, None, request.paging.map_or(1, |paging| paging.page))
        }
        Err(error) => (Status::BadRequest, Vec::new(), 0, Some(error.message.clone()), 1),
    };
    let base = if investors { "/investors" } else { "/properties" };
    let pages = (total + PAGE_SIZE - 1) / PAGE_SIZE;
    let settings = visit.settings().await?;
    let title = if investors { w.investors } else { w.properties };
    let frame = visit
        .frame(
            lang,
            &settings,
            Framing {
                section: if investors { "investors" } else { "properties" },
                hero_page: Some(if investors { "investors" } else { "properties" }),
                path: base,
                title: if page > 1 { format!("{title} · {} {page}", w.page) } else { title.to_owned() },
                description: format!("{total} {}", w.results),
                image: cards
                    .first()
                    .and_then(|card| card.picture.as_ref())
                    .map(|picture| picture.src.clone()),
                json_ld: Vec::new(),
                indexed: status == Status::Ok,
            },
        )
        .await?;
    let body = visit.theme().render(
        "search.html",
        minijinja::context! {
            site => frame,
            investors,
            chosen,
            categories,
            types,
            places,
            results => cards,
            total,
            problem,
            page,
            pages,
            action => format!("/{}{base}", lang.0.tag()),
            previous => (page > 1).then(|| page_link(lang, base, &query, page - 1)),
            next => (page < pages).then(|| page_link(lang, base, &query, page + 1)),
        },
    )?;
    Ok(Page::html(status, body))
}

/// A listing's page, or where it moved (its address with the right slug), or that it is gone.
pub enum Answer {
    Page(Page),
    Moved(String),
}

/// Up to [`SIMILAR`] public listings like one (its category and offering), other than it.
async fn similar(
    visit: &Visit<'_>,
    lang: Lang,
    id: i64,
    category_id: i64,
    offering: &str,
) -> ApiResult<Vec<Card>> {
    let query = format!("categoryId={category_id}&offeringType={offering}&pageSize={}", SIMILAR + 1);
    let request = rocket::form::Form::<ListQuery<'_>>::parse(&query)
        .map_err(|_| ApiError::internal("the similar listings' query"))?
        .parse(true)?;
    let (cards, _) = found(visit, lang, &request).await?;
    Ok(cards.into_iter().filter(|card| card.id != id).take(SIMILAR as usize).collect())
}

#[derive(Debug, Serialize)]
struct Fact {
    label: &'static str,
    value: String,
}

#[derive(Debug, Serialize)]
struct AgentCard {
    name: String,
    licence: Option<String>,
    photo: Option<Picture>,
}

/// The page of the public listing `segment` names; `form` is a refused enquiry shown again.
pub async fn one(visit: &Visit<'_>, lang: Lang, segment: &str, form: Option<FormState>) -> ApiResult<Answer> {
    let Some(id) = id_of(segment) else { return Ok(Answer::Page(not_found(visit, lang).await?)) };
    let property = match listings::public_get(visit.db, id).await {
        Ok(property) => property,
        Err(error) if error.status == Status::NotFound => {
            return gone(visit, lang, id).await.map(Answer::Page)
        }
        Err(error) => return Err(error),
    };
    let right = slug_path(id, &property.listing.title_en);
    if segment != right {
        return Ok(Answer::Moved(format!("/{}/properties/{right}", lang.0.tag())));
    }
    let page = match form {
        Some(form) => render_one(visit, lang, &property, form).await?,
        None => {
            let form = FormState::about(lang, &property);
            visit.page(|| async { render_one(visit, lang, &property, form).await }).await?
        }
    };
    Ok(Answer::Page(page))
}

async fn render_one(visit: &Visit<'_>, lang: Lang, p: &PublicProperty, form: FormState) -> ApiResult<Page> {
    let w = super::words::of(lang.0);
    let card = Card::of(lang, p);
    let description = localised(lang, &p.listing.description_en, &p.listing.description_ar).to_owned();
    let pictures: Vec<Picture> = p.images.iter().map(|image| Picture::of(&image.url, &card.title)).collect();
    let mut facts = vec![Fact { label: w.type_label, value: card.type_name.clone() }];
    let numbers = [
        (w.bedrooms, card.bedrooms.map(|n| n.to_string())),
        (w.bathrooms, card.bathrooms.map(|n| n.to_string())),
        (w.area, card.area.map(|area| format!("{} {}", grouped(area), w.sqm))),
        (w.year_built, p.listing.year_built.map(|year| year.to_string())),
        (w.parking, p.listing.parking_spaces.filter(|n| *n > 0).map(|n| n.to_string())),
        (w.reference, p.listing.property_number.clone()),
    ];
    facts.extend(numbers.into_iter().filter_map(|(label, value)| value.map(|value| Fact { label, value })));
    if p.listing.furnished {
        facts.push(Fact { label: w.furnished, value: "✓".into() });
    }
    let features: Vec<String> = p
        .features
        .iter()
        .map(|feature| localised(lang, &feature.name_en, &feature.name_ar).to_owned())
        .collect();
    let team: Vec<TeamMember> = ordered::list(visit.db, true).await?;
    let agent = p.agent.as_ref().map(|agent| AgentCard {
        photo: team
            .iter()
            .find(|member| member.name_en.eq_ignore_ascii_case(&agent.name) || member.name_ar == agent.name)
            .and_then(|member| member.image_url.as_deref())
            .map(|url| Picture::of(url, &agent.name)),
        name: agent.name.clone(),
        licence: agent.license_number.clone(),
    });
    let map = p.listing.latitude.zip(p.listing.longitude).map(|(lat, lng)| {
        format!("https://www.openstreetmap.org/?mlat={lat:.5}&mlon={lng:.5}#map=15/{lat:.5}/{lng:.5}")
    });
    let was = p
        .previous_price
        .filter(|was| *was > p.listing.price)
        .map(|was| price_text(lang, was, &p.listing.currency, period_of(p)));
    let similar =
        similar(visit, lang, p.listing.id, p.listing.category_id, p.listing.offering_type.value()).await?;
    let settings = visit.settings().await?;
    let path = format!("/properties/{}", slug_path(p.listing.id, &p.listing.title_en));
    let offer = offer_json(visit, lang, p, &card, &pictures);
    let frame = visit
        .frame(
            lang,
            &settings,
            Framing {
                section: "properties",
                hero_page: None,
                path: &path,
                title: card.title.clone(),
                description: if description.trim().is_empty() {
                    format!("{} · {}", card.price, card.place)
                } else {
                    description.clone()
                },
                image: pictures.first().map(|picture| picture.src.clone()),
                json_ld: vec![offer],
                indexed: true,
            },
        )
        .await?;
    let status = if form.errors.is_empty() { Status::Ok } else { form.status };
    let body = visit.theme().render(
        "listing.html",
        minijinja::context! {
            site => frame, card, description, pictures, facts, features, agent, map, was, similar, form,
            permit => p.listing.permit_number.clone(),
            permit_qr => p.listing.permit_qr_image.clone(),
            latitude => p.listing.latitude,
            longitude => p.listing.longitude,
        },
    )?;
    Ok(Page::html(status, body))
}

/// schema.org's `Offer` of a listing, with what it offers and who.
fn offer_json(
    visit: &Visit<'_>,
    lang: Lang,
    p: &PublicProperty,
    card: &Card,
    pictures: &[Picture],
) -> serde_json::Value {
    let url = format!("{}{}", visit.origin, card.url);
    let mut offer = json!({
        "@context": "https://schema.org",
        "@type": "Offer",
        "name": card.title,
        "url": url,
        "price": p.listing.price,
        "priceCurrency": p.listing.currency,
        "availability": "https://schema.org/InStock",
        "businessFunction": if p.listing.offering_type == OfferingType::Rent {
            "http://purl.org/goodrelations/v1#LeaseOut"
        } else {
            "http://purl.org/goodrelations/v1#Sell"
        },
        "image": pictures.iter().map(|picture| seo::absolute(&visit.origin, &picture.src)).collect::<Vec<_>>(),
        "itemOffered": {
            "@type": "Accommodation",
            "name": card.title,
            "address": card.place,
        },
        "inLanguage": lang.0.tag(),
    });
    if let Some(rooms) = card.bedrooms {
        offer["itemOffered"]["numberOfBedrooms"] = json!(rooms);
    }
    if let Some(area) = card.area {
        offer["itemOffered"]["floorSize"] =
            json!({ "@type": "QuantitativeValue", "value": area, "unitCode": "MTK" });
    }
    if let (Some(lat), Some(lng)) = (p.listing.latitude, p.listing.longitude) {
        offer["itemOffered"]["geo"] = json!({ "@type": "GeoCoordinates", "latitude": lat, "longitude": lng });
    }
    offer
}

/// The page of a listing no longer offered: 410 with similar ones while it ever existed
/// (its address is in search engines), the site's 404 otherwise.
async fn gone(visit: &Visit<'_>, lang: Lang, id: i64) -> ApiResult<Page> {
    let former = listings::former(visit.db, id).await?;
    let existed = former.is_some() || !audit::past_of(visit.db, Entity::Property, id, 1).await?.is_empty();
    if !existed {
        return not_found(visit, lang).await;
    }
    let mut similar = match &former {
        Some(former) => similar(visit, lang, id, former.category_id, &former.offering_type).await?,
        None => Vec::new(),
    };
    if similar.is_empty() {
        similar = found(visit, lang, &latest()?).await?.0;
    }
    let w = super::words::of(lang.0);
    let settings = visit.settings().await?;
    let path = format!("/properties/{id}");
    let frame = visit
        .frame(
            lang,
            &settings,
            Framing {
                section: "properties",
                hero_page: None,
                path: &path,
                title: w.gone_title.to_owned(),
                description: w.gone_text.to_owned(),
                image: None,
                json_ld: Vec::new(),
                indexed: false,
            },
        )
        .await?;
    let title = former.map(|former| localised(lang, &former.title_en, &former.title_ar).to_owned());
    let body = visit.theme().render("gone.html", minijinja::context! { site => frame, title, similar })?;
    Ok(Page::html(Status::Gone, body))
}

/// The newest public listings, as offered where nothing similar is known.
fn latest() -> ApiResult<ListRequest> {
    rocket::form::Form::<ListQuery<'_>>::parse(&format!("pageSize={SIMILAR}"))
        .map_err(|_| ApiError::internal("the latest listings' query"))?
        .parse(true)
}

/// The featured listings of the home page: featured first, then the newest.
pub async fn featured(visit: &Visit<'_>, lang: Lang) -> ApiResult<Vec<Card>> {
    let request = rocket::form::Form::<ListQuery<'_>>::parse("isFeatured=true&pageSize=6")
        .map_err(|_| ApiError::internal("the featured listings' query"))?
        .parse(true)?;
    let (mut cards, _) = found(visit, lang, &request).await?;
    if cards.len() < 6 {
        let request = rocket::form::Form::<ListQuery<'_>>::parse("pageSize=6")
            .map_err(|_| ApiError::internal("the latest listings' query"))?
            .parse(true)?;
        let (latest, _) = found(visit, lang, &request).await?;
        for card in latest {
            if cards.len() < 6 && cards.iter().all(|kept| kept.id != card.id) {
                cards.push(card);
            }
        }
    }
    Ok(cards)
}

pub async fn not_found(visit: &Visit<'_>, lang: Lang) -> ApiResult<Page> {
    super::pages::not_found(visit, lang).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_listing_address_is_its_id_and_english_title() {
        assert_eq!(slug_path(12, "Sea-view Villa, Palm Jumeirah!"), "12-sea-view-villa-palm-jumeirah");
        assert_eq!(slug_path(7, "فيلا"), "7");
        assert_eq!(id_of("12-sea-view-villa"), Some(12));
        assert_eq!(id_of("12"), Some(12));
        assert_eq!(id_of("villa-12"), None);
        assert_eq!(id_of("0-x"), None);
    }

    #[test]
    fn prices_are_grouped_and_rents_name_their_period() {
        assert_eq!(grouped(1_250_000.0), "1,250,000");
        assert_eq!(grouped(999.5), "999.50");
        assert_eq!(
            price_text(Lang(Language::En), 120_000.0, "AED", Some(RentFrequency::Yearly)),
            "AED 120,000 a year"
        );
        assert_eq!(
            price_text(Lang(Language::Ar), 9_000.0, "SAR", Some(RentFrequency::Monthly)),
            "SAR 9,000 شهريًا"
        );
    }

    #[test]
    fn the_search_form_becomes_a_list_request_and_keeps_its_values() {
        let (chosen, request) = request_of(
            "offeringType=rent&categoryId=&place=c3&minPrice=1000&bedrooms=2&sort=-price&page=2&x=1",
            false,
        );
        let request = request.expect("read");
        assert_eq!(chosen.place, "c3");
        assert_eq!(chosen.offering_type, "rent");
        assert_eq!(request.filters.city_id, Some(3));
        assert_eq!(request.filters.bedrooms, Some(2));
        assert_eq!(request.paging, Some(Paging { page: 2, size: PAGE_SIZE }));
        let (_, refused) = request_of("bedrooms=many", false);
        assert!(refused.is_err());
        let (_, investors) = request_of("", true);
        assert!(investors.expect("read").filters.display_type.is_some());
    }
}
