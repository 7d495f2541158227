//! About thirty listings across the demo places, made by the seeder's generator from a fixed
//! seed, each with one to four drawn photos (the outside first, as the cover, then rooms),
//! a few selected features, a mix of statuses and some featured.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rules::vocabularies::PropertyStatus;
use sqlx::AnyConnection;

use rocket::tokio::task::spawn_blocking;

use super::photos::{self, Building, Photo};
use crate::error::{ApiError, ApiResult};
use crate::media::image::{Image, ImageKind};
use crate::media::store as media;
use crate::seed::listings::Generator;
use crate::seed::store;

pub const LISTINGS: u64 = 30;
const SEED: u64 = 2026;
/// The demo listings were created over the last four months.
const SPAN_DAYS: i64 = 120;

pub async fn seed(conn: &mut AnyConnection) -> ApiResult<()> {
    let catalog = store::catalog(conn).await?;
    let first_number = u64::try_from(store::count(conn, "properties").await?).unwrap_or(0) + 1;
    let Some(mut generator) = Generator::new(&catalog, SEED, LISTINGS, SPAN_DAYS, first_number) else {
        return Ok(());
    };
    let features = store::active_features(conn).await?;
    let mut rng = StdRng::seed_from_u64(SEED);
    let mut listings = Vec::with_capacity(LISTINGS as usize);
    // Each listing's photos: the outside first (the cover), then one to three rooms.
    let mut photos: Vec<(usize, Photo)> = Vec::new();
    for index in 0..LISTINGS {
        let mut listing = generator.listing(index);
        // A known mix: 21 active, 6 pending, 3 sold; every sixth featured.
        listing.status = match index % 10 {
            3 | 8 => PropertyStatus::Pending,
            6 => PropertyStatus::Sold,
            _ => PropertyStatus::Active,
        }
        .value();
        listing.is_featured = index % 6 == 0;
        listing.featured_at = listing.is_featured.then(|| listing.updated_at.clone());
        let type_name =
            catalog.types.iter().find(|t| t.id == listing.type_id).map_or("", |t| t.name_en.as_str());
        let by_the_sea =
            listing.title_en.starts_with("Sea View") || listing.title_en.starts_with("Beachfront");
        let seed = SEED * 1000 + index * 10;
        let at = listings.len();
        photos.push((at, Photo::Outside { building: Building::of_type(type_name), by_the_sea, seed }));
        for room in 1..rng.gen_range(1..=4) {
            photos.push((at, Photo::Inside { seed: seed + room }));
        }
        let count = rng.gen_range(2..=6).min(features.len());
        let chosen: Vec<i64> = features.choose_multiple(&mut rng, count).copied().collect();
        listings.push((listing, chosen));
    }
    let drawn = {
        let photos: Vec<Photo> = photos.iter().map(|(_, photo)| *photo).collect();
        spawn_blocking(move || photos::draw_all(&photos)).await.map_err(ApiError::internal)?
    };
    let mut references: Vec<Vec<String>> = vec![Vec::new(); listings.len()];
    for ((at, _), bytes) in photos.iter().zip(drawn) {
        references[*at].push(media::save(&mut *conn, &Image { kind: ImageKind::Jpeg, bytes }).await?);
    }
    for ((listing, features), references) in listings.iter().zip(&references) {
        let id = store::insert_one(conn, listing).await?;
        store::add_images(conn, id, references).await?;
        store::add_features(conn, id, features).await?;
    }
    crate::properties::search_index::rebuild(conn).await
}
