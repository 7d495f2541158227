//! Writing listings: each form's columns, the references checked in one query, the images
//! replaced in order, the search index kept and the history written, in one transaction.

use rules::vocabularies::{OfferingType, RentFrequency};
use rules::{messages, FieldErrors};
use sqlx::{AnyConnection, AnyPool, Row};

use super::super::body::PropertyBody;
use super::super::Property;
use super::read::find;
use super::row::to_thousandths;
use super::{bind, Bound};
use crate::platform::audit::{self, Actor, Entity};
use crate::platform::db::{self, clock};
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::http::payload::optional_text;
use crate::platform::trash::{self, Checks, Cleared, Part, Reference, Trashed};

/// The columns a form writes, with their values: each form writes only its own, so editing
/// a listing with one form keeps the other form's fields.
fn written_columns(body: &PropertyBody) -> Vec<(&'static str, Bound)> {
    use Bound::{Flag, Id, Int, Real, Text};
    let money = |v: Option<f64>| Id(v.map(to_thousandths));
    let text = |v: &Option<String>| Text(optional_text(v.clone()));
    // Instants are stored in UTC, so they compare as text with the clock's.
    let instant =
        |v: &Option<String>| Text(v.as_deref().and_then(rules::advertising::epoch_of).map(clock::text_of));
    let offering = |offering: OfferingType, frequency: Option<RentFrequency>| {
        let frequency = frequency.filter(|_| offering == OfferingType::Rent);
        [
            ("offering_type", Text(Some(offering.value().to_owned()))),
            ("rent_frequency", Text(frequency.map(|f| f.value().to_owned()))),
        ]
    };
    let mut columns = match body {
        PropertyBody::Full(p) => vec![
            ("property_number", text(&p.property_number)),
            ("title_en", Text(Some(p.title_en.clone()))),
            ("title_ar", Text(Some(p.title_ar.clone()))),
            ("description_en", Text(Some(p.description_en.clone()))),
            ("description_ar", Text(Some(p.description_ar.clone()))),
            ("price", money(p.price)),
            ("currency", Text(Some(p.currency.clone()))),
            ("area", Real(p.area)),
            ("plot_area", Real(p.plot_area)),
            ("built_area", Real(p.built_area)),
            ("country_id", Id(Some(p.country_id))),
            ("city_id", Id(Some(p.city_id))),
            ("region_id", Id(p.region_id)),
            ("location_en", Text(Some(p.location_en.clone()))),
            ("location_ar", Text(Some(p.location_ar.clone()))),
            ("continent", text(&p.continent)),
            ("category_id", Id(Some(p.category_id))),
            ("type_id", Id(Some(p.type_id))),
            ("status", Text(Some(p.status.value().to_owned()))),
            ("display_type", Text(Some(p.display_type.value().to_owned()))),
            ("facing", text(&p.facing)),
            ("is_featured", Flag(p.is_featured)),
            ("agent_id", Id(p.agent_id)),
            ("building_type_new", Text(Some(p.building_type_new.clone()))),
            ("year_built", Int(p.year_built)),
            ("building_condition", text(&p.building_condition)),
            ("number_of_floors_in_building", Int(p.number_of_floors_in_building)),
            ("floor_number_unit", Int(p.floor_number_unit)),
            ("apartments_per_floor", Int(p.apartments_per_floor)),
            ("parking_spaces_available", Int(p.parking_spaces_available)),
            ("elevators_available", Flag(p.elevators_available)),
            ("fire_safety_system", Flag(p.fire_safety_system)),
            ("hotel_style_entrance", Flag(p.hotel_style_entrance)),
            ("bedroom", Int(Some(p.bedroom))),
            ("master_bedroom", Int(Some(p.master_bedroom))),
            ("maids_room", Int(Some(p.maids_room))),
            ("living_room", Int(Some(p.living_room))),
            ("kitchen", Int(Some(p.kitchen))),
            ("open_kitchen", Int(Some(p.open_kitchen))),
            ("service_kitchen", Int(Some(p.service_kitchen))),
            ("laundry_room", Int(Some(p.laundry_room))),
            ("bathroom", Int(Some(p.bathroom))),
            ("balcony", Int(Some(p.balcony))),
            ("terrace", Int(Some(p.terrace))),
            ("guest_room", Int(Some(p.guest_room))),
            ("storage", Int(Some(p.storage))),
            ("parking_space", Flag(p.parking_space)),
            ("furnished", Flag(p.furnished)),
            ("fitted_kitchen", Flag(p.fitted_kitchen)),
            ("kitchen_with_appliances", Flag(p.kitchen_with_appliances)),
            ("gas_central_heating", Flag(p.gas_central_heating)),
            ("diesel_central_heating", Flag(p.diesel_central_heating)),
            ("air_conditioning_unit", Flag(p.air_conditioning_unit)),
            ("double_glazed_aluminum_windows", Flag(p.double_glazed_aluminum_windows)),
            ("electric_shutters", Flag(p.electric_shutters)),
            ("gas_fireplace", Flag(p.gas_fireplace)),
            ("diesel_fireplace", Flag(p.diesel_fireplace)),
            ("has_intercom", Flag(p.has_intercom)),
            ("decoration", Flag(p.decoration)),
            ("smart_home_system", Flag(p.smart_home_system)),
            ("has_underfloor_heating", Flag(p.has_underfloor_heating)),
            ("has_central_ac", Flag(p.has_central_ac)),
            ("panoramic_view", Flag(p.panoramic_view)),
            ("security_system_cctv_alarm", Flag(p.security_system_cctv_alarm)),
            ("swimming_pool_shared_or_private", Flag(p.swimming_pool_shared_or_private)),
            ("gym_fitness_center", Flag(p.gym_fitness_center)),
            ("sauna_jacuzzi", Flag(p.sauna_jacuzzi)),
            ("bbq_area", Flag(p.bbq_area)),
            ("kids_play_area", Flag(p.kids_play_area)),
            ("lobby", Flag(p.lobby)),
            ("private_elevator", Flag(p.private_elevator)),
            ("video_url", text(&p.video_url)),
            ("virtual_tour_url", text(&p.virtual_tour_url)),
            ("maintenance_fee", money(p.maintenance_fee)),
            ("property_tax", money(p.property_tax)),
            ("latitude", Real(p.latitude)),
            ("longitude", Real(p.longitude)),
            ("location_approximate", Flag(p.location_approximate)),
            ("publish_at", instant(&p.publish_at)),
            ("unpublish_at", instant(&p.unpublish_at)),
            ("permit_number", text(&p.permit_number.as_ref().map(|n| n.trim().to_owned()))),
            ("permit_issued_at", instant(&p.permit_issued_at)),
            ("permit_expires_at", instant(&p.permit_expires_at)),
            ("contract_ends_at", instant(&p.contract_ends_at)),
            ("permit_qr_image", text(&p.permit_qr_image)),
            ("completion_status", Text(Some(p.completion_status.value().to_owned()))),
        ],
        PropertyBody::Quick(p) => vec![
            ("property_number", text(&p.property_number)),
            ("title_en", Text(Some(p.title_en.clone()))),
            ("title_ar", Text(Some(p.title_ar.clone()))),
            ("description_en", Text(Some(p.description_en.clone()))),
            ("description_ar", Text(Some(p.description_ar.clone()))),
            ("price", money(p.price)),
            ("currency", Text(Some(p.currency.clone()))),
            ("area", Real(p.area)),
            ("location_en", Text(Some(p.location_en.clone()))),
            ("location_ar", Text(Some(p.location_ar.clone()))),
            ("continent", text(&p.continent)),
            ("category_id", Id(Some(p.category_id))),
            ("type_id", Id(Some(p.type_id))),
            ("status", Text(Some(p.status.value().to_owned()))),
            ("display_type", Text(Some(p.display_type.value().to_owned()))),
            ("is_featured", Flag(p.is_featured)),
            ("year_built", Int(p.year_built)),
            ("building_age", Int(p.building_age)),
            ("floor", Int(p.floor)),
            ("total_floors", Int(p.total_floors)),
            ("parking_spaces", Int(Some(p.parking_spaces))),
            ("bedrooms", Int(Some(p.bedrooms))),
            ("bathrooms", Int(Some(p.bathrooms))),
            ("has_balcony", Flag(p.has_balcony)),
            ("has_garden", Flag(p.has_garden)),
            ("has_elevator", Flag(p.has_elevator)),
            ("has_swimming_pool", Flag(p.has_swimming_pool)),
            ("has_gym", Flag(p.has_gym)),
            ("has_security", Flag(p.has_security)),
            ("pets_allowed", Flag(p.pets_allowed)),
            ("parking_space", Flag(p.parking_space)),
            ("furnished", Flag(p.furnished)),
        ],
    };
    columns.extend(match body {
        PropertyBody::Full(p) => offering(p.offering_type, p.rent_frequency),
        PropertyBody::Quick(p) => offering(p.offering_type, p.rent_frequency),
    });
    if let PropertyBody::Full(p) = body {
        if let Some(set) = &p.publish_to {
            columns.push(("publish_to", Text(Some(rules::portals::stored_set(set)))));
        }
    }
    columns
}

/// New listings whose forms named no `publishTo` set get the company's (issue 41): `ids` are
/// all the new listings, `bodies` their forms in the same order.
pub(super) async fn default_publish_to(
    conn: &mut AnyConnection,
    bodies: &[&PropertyBody],
    ids: &[i64],
) -> ApiResult<()> {
    let unnamed: Vec<i64> = bodies
        .iter()
        .zip(ids)
        .filter(|(body, _)| !matches!(body, PropertyBody::Full(p) if p.publish_to.is_some()))
        .map(|(_, id)| *id)
        .collect();
    for chunk in unnamed.chunks(db::IDS_PER_STATEMENT) {
        let within = db::Marks::of(conn).in_list(chunk.len());
        let sql = format!(
            "UPDATE properties SET publish_to = COALESCE((SELECT default_publish_to FROM settings \
             WHERE id = 1), publish_to) WHERE id {within}"
        );
        chunk.iter().fold(sqlx::query(&sql), |q, id| q.bind(*id)).execute(&mut *conn).await?;
    }
    Ok(())
}

/// The fields both forms share, which the search text and the references come from.
pub(super) struct Shared<'a> {
    pub(super) title_en: &'a str,
    pub(super) title_ar: &'a str,
    pub(super) property_number: Option<&'a str>,
    pub(super) location_en: &'a str,
    pub(super) location_ar: &'a str,
    pub(super) category_id: i64,
    pub(super) type_id: i64,
    pub(super) is_featured: bool,
    /// The comprehensive form's place: country, city and optional region.
    pub(super) place: Option<(i64, i64, Option<i64>)>,
    /// The comprehensive form's agent; the quick form keeps the listing's.
    pub(super) agent_id: Option<i64>,
    pub(super) images: &'a [String],
}

pub(super) fn shared(body: &PropertyBody) -> Shared<'_> {
    match body {
        PropertyBody::Full(p) => Shared {
            title_en: &p.title_en,
            title_ar: &p.title_ar,
            property_number: p.property_number.as_deref(),
            location_en: &p.location_en,
            location_ar: &p.location_ar,
            category_id: p.category_id,
            type_id: p.type_id,
            is_featured: p.is_featured,
            place: Some((p.country_id, p.city_id, p.region_id)),
            agent_id: p.agent_id,
            images: &p.images,
        },
        PropertyBody::Quick(p) => Shared {
            title_en: &p.title_en,
            title_ar: &p.title_ar,
            property_number: p.property_number.as_deref(),
            location_en: &p.location_en,
            location_ar: &p.location_ar,
            category_id: p.category_id,
            type_id: p.type_id,
            is_featured: p.is_featured,
            place: None,
            agent_id: None,
            images: &p.images,
        },
    }
}

/// Checks, in one query, that the references a payload names exist and fit together (the
/// city in the country, the region in the city, the agent a user), and for an update that
/// the property exists: 404 for a missing property, else 409 naming each failing field.
async fn check_references(
    conn: &mut AnyConnection,
    shared: &Shared<'_>,
    property_id: Option<i64>,
) -> ApiResult<()> {
    let (country_id, city_id, region_id) = shared.place.unwrap_or((0, 0, None));
    let row = sqlx::query(
        "SELECT (SELECT id FROM categories WHERE id = $1), (SELECT id FROM property_types WHERE id = $2), \
         (SELECT id FROM countries WHERE id = $3), (SELECT country_id FROM cities WHERE id = $4), \
         (SELECT city_id FROM regions WHERE id = $5), (SELECT id FROM properties WHERE id = $6), \
         (SELECT id FROM users WHERE id = $7)",
    )
    .bind(shared.category_id)
    .bind(shared.type_id)
    .bind(country_id)
    .bind(city_id)
    .bind(region_id.unwrap_or(0))
    .bind(property_id.unwrap_or(0))
    .bind(shared.agent_id.unwrap_or(0))
    .fetch_one(&mut *conn)
    .await?;
    let found = |i: usize| row.try_get::<Option<i64>, _>(i);
    if property_id.is_some() && found(5)?.is_none() {
        return Err(ApiError::not_found(messages::PROPERTY_NOT_FOUND));
    }
    let references = Found {
        category: found(0)?.is_some(),
        property_type: found(1)?.is_some(),
        country: found(2)?.is_some(),
        city_country: found(3)?,
        region_city: found(4)?,
        agent: found(6)?.is_some(),
    };
    refused(shared, &references).map_or(Ok(()), Err)
}

/// What the references of a payload lead to: whether each record exists, and the country
/// of its city and the city of its region when they do.
pub(super) struct Found {
    pub(super) category: bool,
    pub(super) property_type: bool,
    pub(super) country: bool,
    pub(super) city_country: Option<i64>,
    pub(super) region_city: Option<i64>,
    /// Whether the agent (issue 26) is a user.
    pub(super) agent: bool,
}

/// The 409 naming each reference of `shared` that is missing or does not fit (the city in
/// the country, the region in the city, the agent a user), if any.
pub(super) fn refused(shared: &Shared<'_>, found: &Found) -> Option<ApiError> {
    let (country_id, city_id, region_id) = shared.place.unwrap_or((0, 0, None));
    let mut errors = FieldErrors::new();
    errors.check(!found.category, "categoryId", messages::CATEGORY_NOT_FOUND);
    errors.check(!found.property_type, "typeId", messages::PROPERTY_TYPE_NOT_FOUND);
    if shared.place.is_some() {
        errors.check(!found.country, "countryId", messages::COUNTRY_NOT_FOUND);
        match found.city_country {
            None => errors.add("cityId", messages::CITY_NOT_FOUND),
            Some(country) => errors.check(country != country_id, "cityId", messages::CITY_NOT_IN_COUNTRY),
        }
        if region_id.is_some() {
            match found.region_city {
                None => errors.add("regionId", messages::REGION_NOT_FOUND),
                Some(city) => errors.check(city != city_id, "regionId", messages::REGION_NOT_IN_CITY),
            }
        }
    }
    if shared.agent_id.is_some() {
        errors.check(!found.agent, "agentId", messages::LEAD_AGENT_NOT_FOUND);
    }
    let first: String = errors.iter().next().map(|(_, message)| message.to_owned())?;
    Some(ApiError { errors: Some(errors), ..ApiError::conflict(first) })
}

/// Writes the property's images in order, replacing any it had.
async fn write_images(
    conn: &mut AnyConnection,
    property_id: i64,
    images: &[String],
    replace: bool,
) -> ApiResult<()> {
    if replace {
        sqlx::query("DELETE FROM property_images WHERE property_id = $1")
            .bind(property_id)
            .execute(&mut *conn)
            .await?;
    }
    super::batch::insert_images(conn, &[(property_id, images)]).await
}

/// The columns a new listing's row is written with: its form's, its search text and dates,
/// and the import it came in by, if any.
pub(super) fn inserted_columns(
    body: &PropertyBody,
    now: &str,
    import_id: Option<i64>,
) -> Vec<(&'static str, Bound)> {
    let shared = shared(body);
    let mut columns = written_columns(body);
    let search = rules::fold::search_text(
        shared.title_en,
        shared.title_ar,
        shared.property_number,
        shared.location_en,
        shared.location_ar,
    );
    columns.push(("search_text", Bound::Text(Some(search))));
    columns.push(("created_at", Bound::Text(Some(now.to_owned()))));
    columns.push(("updated_at", Bound::Text(Some(now.to_owned()))));
    columns.push(("featured_at", Bound::Text(shared.is_featured.then(|| now.to_owned()))));
    if import_id.is_some() {
        columns.push(("import_id", Bound::Id(import_id)));
    }
    columns
}

pub async fn insert(db: &AnyPool, actor: &Actor, body: &PropertyBody) -> ApiResult<Property> {
    let mut tx = crate::platform::db::begin_write(db).await?;
    let created = insert_in(&mut tx, actor, body, None).await?;
    tx.commit().await?;
    Ok(created)
}

/// Creates a listing in the caller's transaction, as [`insert`] does; `import_id` records
/// the import that brought it (issue 25).
pub async fn insert_in(
    tx: &mut AnyConnection,
    actor: &Actor,
    body: &PropertyBody,
    import_id: Option<i64>,
) -> ApiResult<Property> {
    let shared = shared(body);
    check_references(&mut *tx, &shared, None).await?;
    super::agent::check_active(&mut *tx, shared.agent_id, None).await?;
    super::advertising::check_holder(&mut *tx, body, None).await?;
    let columns = inserted_columns(body, &clock::now_text(), import_id);
    let names: Vec<&str> = columns.iter().map(|(name, _)| *name).collect();
    let values = db::Marks::of(tx).rows(1, columns.len());
    let sql = format!("INSERT INTO properties ({}) VALUES {values} RETURNING id", names.join(", "));
    let row = columns.iter().fold(sqlx::query(&sql), |q, (_, v)| bind(q, v)).fetch_one(&mut *tx).await?;
    let id: i64 = row.try_get(0)?;
    default_publish_to(&mut *tx, &[body], &[id]).await?;
    write_images(&mut *tx, id, shared.images, false).await?;
    super::advertising::check(&mut *tx, id).await?;
    let created =
        find(&mut *tx, id).await?.ok_or_else(|| ApiError::not_found(messages::PROPERTY_NOT_FOUND))?;
    audit::created(&mut *tx, actor, Entity::Property, id, &created).await?;
    Ok(created)
}

pub async fn update(
    db: &AnyPool,
    actor: &Actor,
    id: i64,
    expected: Option<i64>,
    body: &PropertyBody,
) -> ApiResult<Property> {
    let mut tx = crate::platform::db::begin_write(db).await?;
    let property = update_in(&mut tx, actor, id, expected, body).await?;
    tx.commit().await?;
    Ok(property)
}

/// Updates a listing in the caller's transaction, as [`update`] does.
pub async fn update_in(
    tx: &mut AnyConnection,
    actor: &Actor,
    id: i64,
    expected: Option<i64>,
    body: &PropertyBody,
) -> ApiResult<Property> {
    let shared = shared(body);
    db::lock_row(&mut *tx, "properties", id).await?;
    check_references(&mut *tx, &shared, Some(id)).await?;
    let before = db::expected_version(
        find(&mut *tx, id).await?,
        expected,
        |p| p.version,
        messages::PROPERTY_NOT_FOUND,
    )?;
    super::agent::check_active(&mut *tx, shared.agent_id, before.agent_id).await?;
    super::advertising::check_holder(&mut *tx, body, Some(id)).await?;
    let now = clock::now_text();
    let mut columns = written_columns(body);
    let search = rules::fold::search_text(
        shared.title_en,
        shared.title_ar,
        shared.property_number,
        shared.location_en,
        shared.location_ar,
    );
    columns.push(("search_text", Bound::Text(Some(search))));
    columns.push(("updated_at", Bound::Text(Some(now))));
    let mut assignments: Vec<String> =
        columns.iter().enumerate().map(|(i, (name, _))| format!("{name} = ${}", i + 1)).collect();
    let n = columns.len();
    // Featured since it last became featured; no longer featured, no date.
    assignments.push(format!(
        "featured_at = CASE WHEN ${featured} THEN COALESCE(featured_at, ${now}) ELSE NULL END",
        featured = n + 1,
        now = n + 2
    ));
    // The price it had before, and when it changed, for the public site's price drop; every
    // right-hand side reads the row as it was before this statement.
    if let Some(at) = columns.iter().position(|(name, _)| *name == "price") {
        let (price, now) = (at + 1, n + 2);
        assignments.push(format!(
            "previous_price = CASE WHEN price <> ${price} THEN price ELSE previous_price END, \
             price_changed_at = CASE WHEN price <> ${price} THEN ${now} ELSE price_changed_at END"
        ));
    }
    assignments.push("version = version + 1".to_owned());
    let sql = format!("UPDATE properties SET {} WHERE id = ${}", assignments.join(", "), n + 3);
    columns
        .iter()
        .fold(sqlx::query(&sql), |q, (_, v)| bind(q, v))
        .bind(shared.is_featured)
        .bind(clock::now_text())
        .bind(id)
        .execute(&mut *tx)
        .await?;
    write_images(&mut *tx, id, shared.images, true).await?;
    super::advertising::check(&mut *tx, id).await?;
    let property =
        find(&mut *tx, id).await?.ok_or_else(|| ApiError::not_found(messages::PROPERTY_NOT_FOUND))?;
    audit::updated(&mut *tx, actor, Entity::Property, id, &before, &property).await?;
    Ok(property)
}

/// The tables a listing spans in the trash: its row, its images (whose media files stay in
/// the store, which never deletes one) and its feature assignments, which come back only for
/// features that are still there.
const TRASHED: [Part; 3] = [
    Part::record("properties"),
    Part { table: "property_images", key: "property_id", only_if: None },
    Part {
        table: "property_feature_assignments",
        key: "property_id",
        only_if: Some(("feature_id", "property_features")),
    },
];

/// What a listing's restore from the trash checks: the catalog records it names are still there.
pub const RESTORE_CHECKS: Checks = Checks {
    references: &[
        Reference {
            column: "category_id",
            table: "categories",
            field: "categoryId",
            message: messages::CATEGORY_NOT_FOUND,
        },
        Reference {
            column: "type_id",
            table: "property_types",
            field: "typeId",
            message: messages::PROPERTY_TYPE_NOT_FOUND,
        },
        Reference {
            column: "country_id",
            table: "countries",
            field: "countryId",
            message: messages::COUNTRY_NOT_FOUND,
        },
        Reference { column: "city_id", table: "cities", field: "cityId", message: messages::CITY_NOT_FOUND },
        Reference {
            column: "region_id",
            table: "regions",
            field: "regionId",
            message: messages::REGION_NOT_FOUND,
        },
    ],
    unique: None,
    // A listing whose agent left meanwhile comes back with nobody responsible (issue 26).
    cleared: &[Cleared { table: "properties", column: "agent_id", target: "users" }],
};

/// Moves the listing `id` to the trash under `batch`, in the caller's transaction (a single
/// delete, or one of a bulk move); 404 when there is none,
/// 412 when `expected` is stale.
pub async fn trash_in(
    conn: &mut AnyConnection,
    actor: &Actor,
    id: i64,
    expected: Option<i64>,
    batch: &str,
) -> ApiResult<()> {
    db::lock_row(conn, "properties", id).await?;
    let before =
        db::expected_version(find(conn, id).await?, expected, |p| p.version, messages::PROPERTY_NOT_FOUND)?;
    trash::discard(conn, actor, Entity::Property, id, &before, &TRASHED, batch).await
}

pub async fn delete(db: &AnyPool, actor: &Actor, id: i64, expected: Option<i64>) -> ApiResult<Trashed> {
    let batch = trash::new_batch();
    let mut tx = crate::platform::db::begin_write(db).await?;
    trash_in(&mut tx, actor, id, expected, &batch).await?;
    tx.commit().await?;
    Ok(Trashed(batch))
}
