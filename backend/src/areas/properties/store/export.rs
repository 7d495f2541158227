//! Reading listings for the export: the listings of the ids the search engine found (or the
//! panel chose), in their order, handed over in chunks as they are read, so memory holds one
//! chunk of listings whatever the count.
//!
//! Per chunk, one connection reads the listings' own columns by id, a second their images
//! and selected features. The
//! names of categories, types, places and features are read once before, into memory: the
//! catalogue is small, and looking names up per row in SQL is the slow part of an export.

use std::collections::HashMap;
use std::sync::Arc;

use rocket::tokio::sync::mpsc::Sender;
use sqlx::{AnyConnection, AnyPool, Row};

use super::super::Listing;
use super::row::{export_from_row, export_select};
use crate::platform::db;
use crate::platform::http::error::{ApiError, ApiResult};

/// Listings per chunk: the ids of one chunk are one statement's values (far below either
/// database's limit), and a chunk of listings is a few hundred kilobytes.
pub const CHUNK: usize = 500;

/// A catalogue record's names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Names {
    pub en: String,
    pub ar: String,
}

/// A listing with everything the export writes of it.
#[derive(Debug, Clone)]
pub struct ExportedListing {
    pub listing: Listing,
    pub country: Option<Arc<Names>>,
    pub city: Option<Arc<Names>>,
    pub region: Option<Arc<Names>>,
    /// Image references in order, the cover first.
    pub images: Vec<String>,
    /// The selected features, in display order.
    pub features: Vec<Arc<Names>>,
}

struct Feature {
    names: Arc<Names>,
    order: (i64, i64),
}

/// The names of every catalogue record, by id.
struct Catalogue {
    categories: HashMap<i64, Arc<Names>>,
    types: HashMap<i64, Arc<Names>>,
    countries: HashMap<i64, Arc<Names>>,
    cities: HashMap<i64, Arc<Names>>,
    regions: HashMap<i64, Arc<Names>>,
    features: HashMap<i64, Feature>,
}

async fn names(conn: &mut AnyConnection, table: &str) -> ApiResult<HashMap<i64, Arc<Names>>> {
    let sql = format!("SELECT id, name_en, name_ar FROM {table}");
    let rows = sqlx::query(&sql).fetch_all(&mut *conn).await?;
    rows.iter()
        .map(|row| Ok((row.try_get(0)?, Arc::new(Names { en: row.try_get(1)?, ar: row.try_get(2)? }))))
        .collect()
}

impl Catalogue {
    async fn read(conn: &mut AnyConnection) -> ApiResult<Catalogue> {
        let sql = "SELECT id, name_en, name_ar, display_order FROM property_features";
        let mut features = HashMap::new();
        for row in sqlx::query(sql).fetch_all(&mut *conn).await? {
            let id: i64 = row.try_get(0)?;
            let names = Arc::new(Names { en: row.try_get(1)?, ar: row.try_get(2)? });
            let display_order: i64 = row.try_get(3)?;
            features.insert(id, Feature { names, order: (display_order, id) });
        }
        Ok(Catalogue {
            categories: names(conn, "categories").await?,
            types: names(conn, "property_types").await?,
            countries: names(conn, "countries").await?,
            cities: names(conn, "cities").await?,
            regions: names(conn, "regions").await?,
            features,
        })
    }

    fn complete(&self, listing: Listing) -> ExportedListing {
        let place = |map: &HashMap<i64, Arc<Names>>, id: Option<i64>| id.and_then(|id| map.get(&id).cloned());
        let mut listing = listing;
        if let Some(names) = self.categories.get(&listing.category_id) {
            listing.category_name.clone_from(&names.en);
            listing.category_name_ar.clone_from(&names.ar);
        }
        if let Some(names) = self.types.get(&listing.type_id) {
            listing.type_name.clone_from(&names.en);
            listing.type_name_ar.clone_from(&names.ar);
        }
        ExportedListing {
            country: place(&self.countries, listing.country_id),
            city: place(&self.cities, listing.city_id),
            region: place(&self.regions, listing.region_id),
            listing,
            images: Vec::new(),
            features: Vec::new(),
        }
    }
}

/// Reads the images and features of a chunk.
async fn fill(
    conn: &mut AnyConnection,
    catalogue: &Catalogue,
    chunk: &mut [ExportedListing],
) -> ApiResult<()> {
    if chunk.is_empty() {
        return Ok(());
    }
    let index: HashMap<i64, usize> = chunk.iter().enumerate().map(|(n, l)| (l.listing.id, n)).collect();
    let ids: Vec<i64> = chunk.iter().map(|l| l.listing.id).collect();
    let sql = format!(
        "SELECT property_id, reference FROM property_images WHERE property_id {} ORDER BY property_id, position",
        db::Marks::of(conn).in_list(chunk.len())
    );
    let rows = ids.iter().fold(sqlx::query(&sql), |q, id| q.bind(*id)).fetch_all(&mut *conn).await?;
    for row in &rows {
        if let Some(&n) = index.get(&row.try_get::<i64, _>(0)?) {
            chunk[n].images.push(row.try_get(1)?);
        }
    }
    let sql = format!(
        "SELECT property_id, feature_id FROM property_feature_assignments WHERE property_id {}",
        db::Marks::of(conn).in_list(chunk.len())
    );
    let rows = ids.iter().fold(sqlx::query(&sql), |q, id| q.bind(*id)).fetch_all(&mut *conn).await?;
    let mut chosen: Vec<Vec<&Feature>> = vec![Vec::new(); chunk.len()];
    for row in &rows {
        let (property_id, feature_id): (i64, i64) = (row.try_get(0)?, row.try_get(1)?);
        if let (Some(&n), Some(feature)) = (index.get(&property_id), catalogue.features.get(&feature_id)) {
            chosen[n].push(feature);
        }
    }
    for (listing, mut features) in chunk.iter_mut().zip(chosen) {
        features.sort_by_key(|f| f.order);
        listing.features = features.into_iter().map(|f| Arc::clone(&f.names)).collect();
    }
    Ok(())
}

/// Sends the listings of `ids` that exist, in the order of `ids`, to `sink` in chunks of
/// [`CHUNK`]; stops early, without error, when the receiver is gone.
pub async fn export(
    db: &AnyPool,
    ids: &[i64],
    sink: Sender<ApiResult<Vec<ExportedListing>>>,
) -> ApiResult<()> {
    let mut side = db.acquire().await?;
    let catalogue = Catalogue::read(&mut side).await?;
    let mut main = db.acquire().await?;
    let (main, side, catalogue) = (&mut *main, &mut *side, &catalogue);
    for ids in ids.chunks(CHUNK) {
        let sql = format!("{} WHERE p.id {}", export_select(), db::Marks::of(main).in_list(ids.len()));
        let rows = ids.iter().fold(sqlx::query(&sql), |q, id| q.bind(*id)).fetch_all(&mut *main).await?;
        let mut by_id = HashMap::with_capacity(rows.len());
        for row in &rows {
            let listing = export_from_row(row).map_err(ApiError::from)?;
            by_id.insert(listing.id, listing);
        }
        let mut chunk: Vec<ExportedListing> =
            ids.iter().filter_map(|id| by_id.remove(id)).map(|listing| catalogue.complete(listing)).collect();
        fill(side, catalogue, &mut chunk).await?;
        if sink.send(Ok(chunk)).await.is_err() {
            return Ok(());
        }
    }
    Ok(())
}
