//! The list's query string (contract "Lists at scale"): with no parameter the whole list;
//! with any of `page`, `pageSize`, `q`, `sort` or a filter, one page of it with the total in
//! `X-Total-Count`. A value that does not parse, or a parameter given twice, is a 400 naming
//! it, never quietly ignored.

use rocket::FromForm;
use rules::bulk::PropertyFilter;
use rules::geo::BoundingBox;
use rules::portals::{FeedPortal, Portal};
use rules::vocabularies::{DisplayType, OfferingType, PropertyStatus};
use serde_json::json;

use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::http::query::{id, one_of, single, whole_number};
use crate::platform::openapi::Doc;

pub const DEFAULT_PAGE_SIZE: i64 = 10;
pub const MAX_PAGE_SIZE: i64 = 100;

/// The query string as given: every value a list, so a repeated parameter can be refused.
#[derive(FromForm, Default)]
pub struct ListQuery<'r> {
    page: Vec<&'r str>,
    #[field(name = "pageSize")]
    page_size: Vec<&'r str>,
    q: Vec<&'r str>,
    sort: Vec<&'r str>,
    status: Vec<&'r str>,
    #[field(name = "categoryId")]
    category_id: Vec<&'r str>,
    #[field(name = "typeId")]
    type_id: Vec<&'r str>,
    #[field(name = "displayType")]
    display_type: Vec<&'r str>,
    #[field(name = "countryId")]
    country_id: Vec<&'r str>,
    #[field(name = "cityId")]
    city_id: Vec<&'r str>,
    #[field(name = "isFeatured")]
    is_featured: Vec<&'r str>,
    #[field(name = "importId")]
    import_id: Vec<&'r str>,
    #[field(name = "regionId")]
    region_id: Vec<&'r str>,
    #[field(name = "featureIds")]
    feature_ids: Vec<&'r str>,
    #[field(name = "minPrice")]
    min_price: Vec<&'r str>,
    #[field(name = "maxPrice")]
    max_price: Vec<&'r str>,
    #[field(name = "minArea")]
    min_area: Vec<&'r str>,
    #[field(name = "maxArea")]
    max_area: Vec<&'r str>,
    bedrooms: Vec<&'r str>,
    bathrooms: Vec<&'r str>,
    #[field(name = "offeringType")]
    offering_type: Vec<&'r str>,
    bbox: Vec<&'r str>,
    #[field(name = "publishTo")]
    publish_to: Vec<&'r str>,
    #[field(name = "blockedFor")]
    blocked_for: Vec<&'r str>,
}

/// What a list sorts by; every one is a fast field of the search engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SortKey {
    Price,
    CreatedAt,
    UpdatedAt,
    TitleEn,
    PropertyNumber,
    Status,
    /// The rules' quality score (issue 39).
    Quality,
    /// Best match first, while searching (`q`); without `q`, newest first.
    Relevance,
}

impl SortKey {
    const ALL: [(&'static str, SortKey); 8] = [
        ("price", SortKey::Price),
        ("createdAt", SortKey::CreatedAt),
        ("updatedAt", SortKey::UpdatedAt),
        ("titleEn", SortKey::TitleEn),
        ("propertyNumber", SortKey::PropertyNumber),
        ("status", SortKey::Status),
        ("quality", SortKey::Quality),
        ("relevance", SortKey::Relevance),
    ];
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Sort {
    pub key: SortKey,
    pub descending: bool,
}

/// Newest first.
pub const DEFAULT_SORT: Sort = Sort { key: SortKey::CreatedAt, descending: true };

/// Filters on indexed columns; `None` does not narrow.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Filters {
    pub status: Option<PropertyStatus>,
    pub category_id: Option<i64>,
    pub type_id: Option<i64>,
    pub display_type: Option<DisplayType>,
    pub country_id: Option<i64>,
    pub city_id: Option<i64>,
    pub is_featured: Option<bool>,
    /// The listings an import created (issue 25).
    pub import_id: Option<i64>,
    pub region_id: Option<i64>,
    /// Listings with every one of these features; sorted, without repeats.
    pub feature_ids: Vec<i64>,
    /// Thousandths of the listing's currency, inclusive.
    pub price: Range,
    /// Thousandths of a square metre, inclusive.
    pub area: Range,
    /// At least this many.
    pub bedrooms: Option<i64>,
    pub bathrooms: Option<i64>,
    pub offering_type: Option<OfferingType>,
    /// Listings pinned within this box (`bbox=minLng,minLat,maxLng,maxLat`).
    pub bbox: Option<MicroBox>,
    /// Listings published to this portal (issue 41).
    pub publish_to: Option<Portal>,
    /// Listings chosen for this portal that it would refuse.
    pub blocked_for: Option<FeedPortal>,
}

/// A bounding box in millionths of a degree (about 0.1 m), so a request stays a key of the
/// list cache.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MicroBox {
    pub min_lng: i64,
    pub min_lat: i64,
    pub max_lng: i64,
    pub max_lat: i64,
}

impl From<BoundingBox> for MicroBox {
    fn from(b: BoundingBox) -> Self {
        let micro = |degrees: f64| (degrees * 1_000_000.0).round() as i64;
        MicroBox {
            min_lng: micro(b.min_lng),
            min_lat: micro(b.min_lat),
            max_lng: micro(b.max_lng),
            max_lat: micro(b.max_lat),
        }
    }
}

/// An inclusive range of a number kept in thousandths; `None`: unbounded on that side.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Range {
    pub min: Option<i64>,
    pub max: Option<i64>,
}

/// One page: rows `offset .. offset + size` of the sorted list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Paging {
    pub page: i64,
    pub size: i64,
}

impl Paging {
    pub fn offset(self) -> i64 {
        (self.page - 1).saturating_mul(self.size)
    }
}

/// A parsed list request.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ListRequest {
    /// `None`: the whole list, as the specification's plain call answers it.
    pub paging: Option<Paging>,
    /// The folded search text; `None` when absent or blank.
    pub search: Option<String>,
    pub sort: Sort,
    pub filters: Filters,
    /// The public site's lists: status active only.
    pub active_only: bool,
}

impl ListRequest {
    /// The whole list, in its default order, narrowed by a bulk call's filter: the same
    /// search and filters as the query string's, read from JSON.
    pub fn filtered(filter: &PropertyFilter) -> ListRequest {
        let f = filter;
        ListRequest {
            paging: None,
            search: f.q.as_deref().map(rules::fold::fold).filter(|q| !q.trim().is_empty()),
            sort: DEFAULT_SORT,
            filters: Filters {
                status: f.status,
                category_id: f.category_id,
                type_id: f.type_id,
                display_type: f.display_type,
                country_id: f.country_id,
                city_id: f.city_id,
                is_featured: f.is_featured,
                import_id: f.import_id,
                region_id: f.region_id,
                feature_ids: {
                    let mut ids = f.feature_ids.clone().unwrap_or_default();
                    ids.sort_unstable();
                    ids.dedup();
                    ids
                },
                price: Range { min: f.min_price.map(thousandths), max: f.max_price.map(thousandths) },
                area: Range { min: f.min_area.map(thousandths), max: f.max_area.map(thousandths) },
                bedrooms: f.bedrooms.map(i64::from),
                bathrooms: f.bathrooms.map(i64::from),
                offering_type: f.offering_type,
                bbox: None,
                publish_to: f.publish_to,
                blocked_for: f.blocked_for,
            },
            active_only: false,
        }
    }
}

fn sort(values: &[&str]) -> ApiResult<Option<Sort>> {
    let Some(text) = single(values, "sort")? else { return Ok(None) };
    let (descending, name) = match text.strip_prefix('-') {
        Some(name) => (true, name),
        None => (false, text),
    };
    SortKey::ALL
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, key)| Some(Sort { key: *key, descending }))
        .ok_or_else(|| {
            let names: Vec<&str> = SortKey::ALL.iter().map(|(n, _)| *n).collect();
            ApiError::bad_request(format!(
                "sort must be one of {}, with '-' before it for descending order",
                names.join(", ")
            ))
        })
}

impl ListQuery<'_> {
    fn is_empty(&self) -> bool {
        [
            &self.page,
            &self.page_size,
            &self.q,
            &self.sort,
            &self.status,
            &self.category_id,
            &self.type_id,
            &self.display_type,
            &self.country_id,
            &self.city_id,
            &self.is_featured,
            &self.import_id,
            &self.region_id,
            &self.feature_ids,
            &self.min_price,
            &self.max_price,
            &self.min_area,
            &self.max_area,
            &self.bedrooms,
            &self.bathrooms,
            &self.offering_type,
            &self.bbox,
            &self.publish_to,
            &self.blocked_for,
        ]
        .iter()
        .all(|values| values.is_empty())
    }

    /// The request these parameters make, or a 400 naming the first bad one.
    pub fn parse(&self, active_only: bool) -> ApiResult<ListRequest> {
        let page = whole_number(&self.page, "page", 1, i64::from(i32::MAX), "a whole number from 1")?;
        let size =
            whole_number(&self.page_size, "pageSize", 1, MAX_PAGE_SIZE, "a whole number from 1 to 100")?;
        let q = single(&self.q, "q")?;
        if q.is_some_and(|q| q.contains('\0')) {
            return Err(ApiError::bad_request(rules::messages::QUERY_WITH_NUL));
        }
        let search = q.map(rules::fold::fold).filter(|q| !q.trim().is_empty());
        let sort = sort(&self.sort)?.unwrap_or(DEFAULT_SORT);
        let filters = Filters {
            status: one_of(&self.status, "status", PropertyStatus::ALL, PropertyStatus::value)?,
            category_id: id(&self.category_id, "categoryId")?,
            type_id: id(&self.type_id, "typeId")?,
            display_type: one_of(&self.display_type, "displayType", DisplayType::ALL, DisplayType::value)?,
            country_id: id(&self.country_id, "countryId")?,
            city_id: id(&self.city_id, "cityId")?,
            is_featured: one_of(&self.is_featured, "isFeatured", &[true, false], |b| {
                if b {
                    "true"
                } else {
                    "false"
                }
            })?,
            import_id: id(&self.import_id, "importId")?,
            region_id: id(&self.region_id, "regionId")?,
            feature_ids: ids(&self.feature_ids, "featureIds")?,
            price: range(&self.min_price, "minPrice", &self.max_price, "maxPrice")?,
            area: range(&self.min_area, "minArea", &self.max_area, "maxArea")?,
            bedrooms: rooms(&self.bedrooms, "bedrooms")?,
            bathrooms: rooms(&self.bathrooms, "bathrooms")?,
            offering_type: one_of(
                &self.offering_type,
                "offeringType",
                OfferingType::ALL,
                OfferingType::value,
            )?,
            bbox: match single(&self.bbox, "bbox")? {
                Some(text) => Some(BoundingBox::parse(text).map_err(ApiError::bad_request)?.into()),
                None => None,
            },
            publish_to: one_of(&self.publish_to, "publishTo", Portal::ALL, Portal::value)?,
            blocked_for: one_of(&self.blocked_for, "blockedFor", FeedPortal::ALL, FeedPortal::value)?,
        };
        let paging = (!self.is_empty())
            .then(|| Paging { page: page.unwrap_or(1), size: size.unwrap_or(DEFAULT_PAGE_SIZE) });
        Ok(ListRequest { paging, search, sort, filters, active_only })
    }
}

/// Comma-separated ids, each at most once, at most [`rules::search::MAX_FEATURE_FILTERS`].
fn ids(values: &[&str], name: &str) -> ApiResult<Vec<i64>> {
    let Some(text) = single(values, name)? else { return Ok(Vec::new()) };
    let refusal = || {
        ApiError::bad_request(format!(
            "{name} must be ids separated by commas, at most {}",
            rules::search::MAX_FEATURE_FILTERS
        ))
    };
    let mut found = Vec::new();
    for part in text.split(',') {
        let id = part.trim().parse::<i64>().ok().filter(|id| *id >= 1).ok_or_else(refusal)?;
        found.push(id);
    }
    found.sort_unstable();
    found.dedup();
    if found.len() > rules::search::MAX_FEATURE_FILTERS {
        return Err(refusal());
    }
    Ok(found)
}

/// At least this many rooms: a whole number up to [`rules::search::MAX_ROOMS`].
fn rooms(values: &[&str], name: &str) -> ApiResult<Option<i64>> {
    let most = rules::search::MAX_ROOMS;
    whole_number(values, name, 0, i64::from(most), &format!("a whole number from 0 to {most}"))
}

/// A number in thousandths, as the ranges keep it.
fn thousandths(n: f64) -> i64 {
    (n * 1000.0).round() as i64
}

/// A number from 0, up to three decimals kept, as thousandths.
fn amount(values: &[&str], name: &str) -> ApiResult<Option<i64>> {
    let Some(text) = single(values, name)? else { return Ok(None) };
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|n| n.is_finite() && (0.0..=rules::search::MAX_RANGE_VALUE).contains(n))
        .map(|n| Some(thousandths(n)))
        .ok_or_else(|| ApiError::bad_request(format!("{name} must be a number from 0")))
}

/// A range from its two parameters; its low end above its high end is refused.
fn range(low: &[&str], low_name: &str, high: &[&str], high_name: &str) -> ApiResult<Range> {
    let range = Range { min: amount(low, low_name)?, max: amount(high, high_name)? };
    if let (Some(min), Some(max)) = (range.min, range.max) {
        if min > max {
            return Err(ApiError::bad_request(format!("{low_name} must not be more than {high_name}")));
        }
    }
    Ok(range)
}

/// Declares the list's query parameters and its total header.
pub fn documented(doc: Doc) -> Doc {
    let doc = doc
        .query("page", json!({ "type": "integer", "format": "int32", "minimum": 1 }))
        .query("pageSize", json!({ "type": "integer", "minimum": 1, "maximum": MAX_PAGE_SIZE }));
    documented_search(doc).header("X-Total-Count", "With paging: how many properties match, over all pages")
}

/// Declares the list's search, sort and filters (what the export takes too).
pub fn documented_search(doc: Doc) -> Doc {
    let sorts: Vec<String> =
        SortKey::ALL.iter().flat_map(|(name, _)| [(*name).to_owned(), format!("-{name}")]).collect();
    let statuses: Vec<&str> = PropertyStatus::ALL.iter().map(|s| s.value()).collect();
    let display_types: Vec<&str> = DisplayType::ALL.iter().map(|d| d.value()).collect();
    let offering_types: Vec<&str> = OfferingType::ALL.iter().map(|o| o.value()).collect();
    let number = r"-?[0-9]{1,3}(\.[0-9]{1,12})?";
    doc.query("q", json!({ "type": "string", "pattern": r"^[^\x00]*$" }))
        .query("sort", json!({ "type": "string", "enum": sorts }))
        .query("status", json!({ "type": "string", "enum": statuses }))
        .query_id("categoryId")
        .query_id("typeId")
        .query("displayType", json!({ "type": "string", "enum": display_types }))
        .query_id("countryId")
        .query_id("cityId")
        .query("isFeatured", json!({ "type": "boolean" }))
        .query_id("importId")
        .query_id("regionId")
        .query(
            "featureIds",
            json!({ "type": "string", "pattern": r"^[1-9][0-9]{0,17}(,[1-9][0-9]{0,17}){0,19}$" }),
        )
        .query(
            "minPrice",
            json!({ "type": "number", "minimum": 0, "maximum": rules::search::MAX_RANGE_VALUE }),
        )
        .query(
            "maxPrice",
            json!({ "type": "number", "minimum": 0, "maximum": rules::search::MAX_RANGE_VALUE }),
        )
        .query(
            "minArea",
            json!({ "type": "number", "minimum": 0, "maximum": rules::search::MAX_RANGE_VALUE }),
        )
        .query(
            "maxArea",
            json!({ "type": "number", "minimum": 0, "maximum": rules::search::MAX_RANGE_VALUE }),
        )
        .query("bedrooms", json!({ "type": "integer", "minimum": 0, "maximum": rules::search::MAX_ROOMS }))
        .query("bathrooms", json!({ "type": "integer", "minimum": 0, "maximum": rules::search::MAX_ROOMS }))
        .query("offeringType", json!({ "type": "string", "enum": offering_types }))
        .query("publishTo", json!({ "type": "string", "enum": Portal::ALL.iter().map(|p| p.value()).collect::<Vec<_>>() }))
        .query(
            "blockedFor",
            json!({ "type": "string", "enum": FeedPortal::ALL.iter().map(|p| p.value()).collect::<Vec<_>>() }),
        )
        .query(
            "bbox",
            json!({
                "type": "string",
                "description": "minLng,minLat,maxLng,maxLat in WGS84 degrees: the listings pinned within",
                "pattern": format!("^{number},{number},{number},{number}$"),
            }),
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_parameter_is_the_whole_list() {
        let request = ListQuery::default().parse(false).expect("parses");
        assert_eq!(request.paging, None);
        assert_eq!(request.sort, DEFAULT_SORT);
    }

    #[test]
    fn any_parameter_pages_with_the_defaults() {
        let query = ListQuery { q: vec!["  "], ..ListQuery::default() };
        let request = query.parse(false).expect("parses");
        assert_eq!(request.paging, Some(Paging { page: 1, size: 10 }));
        assert_eq!(request.search, None, "blank q does not narrow");
    }

    #[test]
    fn q_is_folded() {
        let query = ListQuery { q: vec!["فيلّا أحمد"], ..ListQuery::default() };
        assert_eq!(query.parse(false).expect("parses").search.as_deref(), Some("فيلا احمد"));
    }

    #[test]
    fn a_descending_sort_has_a_minus() {
        let query = ListQuery { sort: vec!["-price"], ..ListQuery::default() };
        let request = query.parse(false).expect("parses");
        assert_eq!(request.sort, Sort { key: SortKey::Price, descending: true });
    }

    #[test]
    fn ranges_are_kept_in_thousandths() {
        let query = ListQuery {
            min_price: vec!["1500.5"],
            max_area: vec!["120"],
            feature_ids: vec!["3,1,3"],
            ..ListQuery::default()
        };
        let filters = query.parse(true).expect("parses").filters;
        assert_eq!(filters.price, Range { min: Some(1_500_500), max: None });
        assert_eq!(filters.area, Range { min: None, max: Some(120_000) });
        assert_eq!(filters.feature_ids, vec![1, 3]);
    }

    #[test]
    fn bad_values_are_refused() {
        let cases: [ListQuery; 13] = [
            ListQuery { page: vec!["0"], ..ListQuery::default() },
            ListQuery { page_size: vec!["101"], ..ListQuery::default() },
            ListQuery { page_size: vec!["ten"], ..ListQuery::default() },
            ListQuery { sort: vec!["bedrooms"], ..ListQuery::default() },
            ListQuery { status: vec!["closed"], ..ListQuery::default() },
            ListQuery { category_id: vec!["-1"], ..ListQuery::default() },
            ListQuery { is_featured: vec!["yes"], ..ListQuery::default() },
            ListQuery { page: vec!["1", "2"], ..ListQuery::default() },
            ListQuery { q: vec!["a\0b"], ..ListQuery::default() },
            ListQuery { min_price: vec!["5"], max_price: vec!["4"], ..ListQuery::default() },
            ListQuery { min_area: vec!["-1"], ..ListQuery::default() },
            ListQuery { feature_ids: vec!["1,x"], ..ListQuery::default() },
            ListQuery { bedrooms: vec!["2.5"], ..ListQuery::default() },
        ];
        for query in cases {
            let error = query.parse(false).expect_err("refused");
            assert_eq!(error.status.code, 400, "{}", error.message);
        }
    }
}
