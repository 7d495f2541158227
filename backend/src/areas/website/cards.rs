//! A listing as the site's lists show it (a card), its address and its price's words, and
//! the lists of cards the pages fetch.

use rules::language::Language;
use rules::vocabularies::{OfferingType, RentFrequency};
use serde::Serialize;

use super::seo::Picture;
use super::visit::{Lang, Visit};
use crate::areas::properties::listing::{ListQuery, ListRequest};
use crate::areas::properties::store as listings;
use crate::areas::properties::PublicProperty;
use crate::platform::http::error::{ApiError, ApiResult};

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
pub fn grouped(amount: f64) -> String {
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
pub fn price_text(lang: Lang, amount: f64, currency: &str, period: Option<RentFrequency>) -> String {
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

pub fn localised<'a>(lang: Lang, en: &'a str, ar: &'a str) -> &'a str {
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

pub fn period_of(p: &PublicProperty) -> Option<RentFrequency> {
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

/// The cards of the listings `request` finds, and how many it finds in all.
pub async fn found(visit: &Visit<'_>, lang: Lang, request: &ListRequest) -> ApiResult<(Vec<Card>, i64)> {
    let hits = visit.engine.find(visit.db, request, None).await?;
    let properties = listings::public_list(visit.db, &hits.ids, false).await?;
    Ok((properties.iter().map(|p| Card::of(lang, p)).collect(), hits.total))
}

/// A list request of the public listings from a query the site writes itself.
pub fn request(query: &str) -> ApiResult<ListRequest> {
    rocket::form::Form::<ListQuery<'_>>::parse(query)
        .map_err(|_| ApiError::internal(format!("the site's own query '{query}'")))?
        .parse(true)
}

/// The newest public listings, as offered where nothing similar is known.
pub fn latest(count: i64) -> ApiResult<ListRequest> {
    request(&format!("pageSize={count}"))
}

/// The featured listings of the home page: featured first, then the newest.
pub async fn featured(visit: &Visit<'_>, lang: Lang) -> ApiResult<Vec<Card>> {
    let (mut cards, _) = found(visit, lang, &request("isFeatured=true&pageSize=6")?).await?;
    if cards.len() < 6 {
        let (newest, _) = found(visit, lang, &latest(6)?).await?;
        for card in newest {
            if cards.len() < 6 && cards.iter().all(|kept| kept.id != card.id) {
                cards.push(card);
            }
        }
    }
    Ok(cards)
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
}
