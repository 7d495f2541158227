//! The site's search (and the investors' search): a plain GET form read into the same list
//! request as the public API's, its values shown again, its results paged.

use rocket::http::Status;
use serde::Serialize;

use super::cache::Page;
use super::cards::{found, localised};
use super::visit::{Framing, Lang, Visit};
use crate::areas::catalog::{categories, locations, property_types};
use crate::areas::properties::listing::{ListQuery, ListRequest, Paging};
use crate::platform::http::error::{ApiError, ApiResult};

/// Listings per page of the site's search.
pub const PAGE_SIZE: i64 = 12;
/// The search form's parameters, as the site's addresses spell them.
const PARAMETERS: [&str; 9] =
    ["offeringType", "categoryId", "typeId", "place", "minPrice", "maxPrice", "bedrooms", "sort", "page"];

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

#[cfg(test)]
mod tests {
    use super::*;

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
