//! One listing's page: its gallery, facts, pin, permit, agent and enquiry form, with
//! similar listings; the address with the right slug (301 otherwise); and the page of a
//! listing no longer offered, which answers 410 with similar ones.

use rocket::http::Status;
use rules::vocabularies::OfferingType;
use serde::Serialize;
use serde_json::json;

use super::cache::Page;
use super::cards::{self, found, grouped, id_of, localised, period_of, price_text, slug_path, Card};
use super::form::FormState;
use super::seo::{self, Picture};
use super::visit::{Framing, Lang, Visit};
use crate::areas::properties::store as listings;
use crate::areas::properties::PublicProperty;
use crate::areas::site::ordered;
use crate::areas::site::team::TeamMember;
use crate::platform::audit::{self, Entity};
use crate::platform::http::error::ApiResult;

/// Similar listings offered on a listing's page, and in place of one no longer offered.
pub const SIMILAR: i64 = 4;

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
    let (cards, _) = found(visit, lang, &cards::request(&query)?).await?;
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
    let Some(id) = id_of(segment) else {
        return Ok(Answer::Page(super::pages::not_found(visit, lang).await?));
    };
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
        return super::pages::not_found(visit, lang).await;
    }
    let mut similar = match &former {
        Some(former) => similar(visit, lang, id, former.category_id, &former.offering_type).await?,
        None => Vec::new(),
    };
    if similar.is_empty() {
        similar = found(visit, lang, &cards::latest(SIMILAR)?).await?.0;
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
