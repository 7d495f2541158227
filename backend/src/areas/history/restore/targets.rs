//! Each kind of record as a restore meets it: read as the API answers it now, the fields its
//! update takes, and that update, the one its own screen saves through.

use rocket::http::{CookieJar, Status};
use rules::about::AboutSectionInput;
use rules::catalog::{
    CategoryInput, CityInput, CountryInput, PropertyFeatureInput, PropertyTypeInput, RegionInput,
};
use rules::company_values::{CompanyValueInput, ValuesSectionSettingsInput};
use rules::contacts::ContactStatusChange;
use rules::hero_images::HeroImageInput;
use rules::portals::mapping::MappingInput;
use rules::properties::{PropertyInput, QuickPropertyInput};
use rules::services::{ProcessStepInput, ServiceInput, TestimonialInput};
use rules::settings::SettingsInput;
use rules::team::TeamMemberInput;
use rules::users::UserUpdateInput;
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Map, Value};
use sqlx::AnyPool;

use crate::areas::catalog::property_features::FeatureIds;
use crate::areas::catalog::{categories, locations, property_features, property_types};
use crate::areas::notifications::Outbox;
use crate::areas::properties::body::PropertyBody;
use crate::areas::site::hero_images::{self, HeroImage};
use crate::areas::site::process_steps::{self, ProcessStep};
use crate::areas::site::services::{self, Service};
use crate::areas::site::team::{self, TeamMember};
use crate::areas::site::testimonials::{self, Testimonial};
use crate::areas::site::{about, company_values, ordered, settings};
use crate::areas::{contacts, portals, properties, users};
use crate::platform::audit::{Actor, Entity};
use crate::platform::auth::AdminUser;
use crate::platform::db::{self, Db};
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::http::payload::checked;

/// Who restores which record, expecting which version.
pub struct Write<'a, 'r> {
    pub db: &'a Db,
    /// Tells a lead's assignee when a restore gives it to someone else.
    pub outbox: &'a Outbox,
    pub admin: &'a AdminUser,
    /// The restoring admin's own session survives a restore that ends a user's sessions.
    pub jar: &'a CookieJar<'r>,
    pub id: i64,
    pub expected: Option<i64>,
}

fn object(record: &impl Serialize) -> ApiResult<Map<String, Value>> {
    match serde_json::to_value(record).map_err(ApiError::internal)? {
        Value::Object(fields) => Ok(fields),
        other => Err(ApiError::internal(format!("a record is not an object: {other}"))),
    }
}

fn found(record: Option<impl Serialize>) -> ApiResult<Option<Map<String, Value>>> {
    record.as_ref().map(object).transpose()
}

/// The fields a payload takes, as its schema names them.
fn takes<T: JsonSchema>() -> Vec<String> {
    let schema = schemars::schema_for!(T);
    let properties = schema.get("properties").and_then(Value::as_object);
    properties.map(|fields| fields.keys().cloned().collect()).unwrap_or_default()
}

/// The fields the update of `entity` writes.
pub fn fields(entity: Entity) -> Vec<String> {
    match entity {
        Entity::Category => takes::<CategoryInput>(),
        Entity::PropertyType => takes::<PropertyTypeInput>(),
        Entity::Country => takes::<CountryInput>(),
        Entity::City => takes::<CityInput>(),
        Entity::Region => takes::<RegionInput>(),
        Entity::PropertyFeature => takes::<PropertyFeatureInput>(),
        Entity::Property => {
            let full = takes::<PropertyInput>();
            let quick = takes::<QuickPropertyInput>().into_iter().filter(|field| !full.contains(field));
            let quick: Vec<String> = quick.collect();
            [full, quick, takes::<FeatureIds>()].concat()
        }
        Entity::ContactRequest => takes::<ContactStatusChange>(),
        Entity::LeadNote => Vec::new(),
        Entity::User => takes::<UserUpdateInput>(),
        Entity::Settings => takes::<SettingsInput>(),
        Entity::TeamMember => takes::<TeamMemberInput>(),
        Entity::Service => takes::<ServiceInput>(),
        Entity::ProcessStep => takes::<ProcessStepInput>(),
        Entity::Testimonial => takes::<TestimonialInput>(),
        Entity::HeroImage => takes::<HeroImageInput>(),
        Entity::AboutSection => takes::<AboutSectionInput>(),
        Entity::CompanyValue => takes::<CompanyValueInput>(),
        Entity::ValuesSectionSettings => takes::<ValuesSectionSettingsInput>(),
        Entity::PortalMapping => takes::<MappingInput>(),
        // A feed's address is never edited: a new one is made.
        Entity::FeedToken => Vec::new(),
    }
}

/// A listing as its history records it: the record and its selected features' ids.
async fn listing(db: &AnyPool, id: i64) -> ApiResult<Option<Map<String, Value>>> {
    let property = match properties::store::get(db, id).await {
        Ok(property) => property,
        Err(error) if error.status == Status::NotFound => return Ok(None),
        Err(error) => return Err(error),
    };
    let feature_ids = properties::store::features(db, id).await?.iter().map(|feature| feature.id).collect();
    let mut fields = object(&property)?;
    fields.extend(object(&FeatureIds { feature_ids })?);
    Ok(Some(fields))
}

/// The record `id` of `entity` as the API answers it now; `None` when there is none.
pub async fn current(db: &AnyPool, entity: Entity, id: i64) -> ApiResult<Option<Map<String, Value>>> {
    match entity {
        Entity::Category => found(categories::store::find(db, id).await?),
        Entity::PropertyType => found(property_types::store::find(db, id).await?),
        Entity::Country => found(locations::store::find_country(db, id).await?),
        Entity::City => found(locations::store::find_city(&mut *db.acquire().await?, id).await?),
        Entity::Region => found(locations::store::find_region(db, id).await?),
        Entity::PropertyFeature => found(property_features::store::find(db, id).await?),
        Entity::Property => listing(db, id).await,
        Entity::ContactRequest => found(contacts::store::find(db, id).await?),
        Entity::LeadNote => found(contacts::leads::store::find_note(db, id).await?),
        Entity::User => found(users::store::find(db, id).await?),
        Entity::Settings => found(Some(settings::store::read(db).await?)),
        Entity::TeamMember => found(ordered::find::<TeamMember, _>(db, id).await?),
        Entity::Service => found(ordered::find::<Service, _>(db, id).await?),
        Entity::ProcessStep => found(ordered::find::<ProcessStep, _>(db, id).await?),
        Entity::Testimonial => found(ordered::find::<Testimonial, _>(db, id).await?),
        Entity::HeroImage => found(ordered::find::<HeroImage, _>(db, id).await?),
        Entity::AboutSection => found(about::store::find(db, id).await?),
        Entity::CompanyValue => found(company_values::store::find(db, id).await?),
        Entity::ValuesSectionSettings => found(Some(company_values::store::settings(db).await?)),
        Entity::PortalMapping => found(portals::store::mappings::current(db, id).await?),
        Entity::FeedToken => found(portals::store::tokens::current(db, id).await?),
    }
}

/// Writes `version` through the update of `entity`; answers the record as written.
pub async fn write(
    entity: Entity,
    to: &Write<'_, '_>,
    version: Map<String, Value>,
    changed: &[String],
) -> ApiResult<Map<String, Value>> {
    let (db, actor, id, expected) = (to.db.pool(), Actor::from(to.admin), to.id, to.expected);
    match entity {
        Entity::Category => {
            let row = categories::prepared(to.db, checked(version)?).await?;
            object(&categories::store::update(db, &actor, id, expected, &row).await?)
        }
        Entity::PropertyType => {
            let input: PropertyTypeInput = checked(version)?;
            object(&property_types::store::update(db, &actor, id, expected, &input).await?)
        }
        Entity::Country => {
            let input: CountryInput = checked(version)?;
            let mut tx = db::begin_write(db).await?;
            let updated = locations::store::update_country(&mut tx, &actor, id, expected, &input).await?;
            tx.commit().await?;
            object(&updated)
        }
        Entity::City => {
            let input: CityInput = checked(version)?;
            let mut tx = db::begin_write(db).await?;
            let updated = locations::store::update_city(&mut tx, &actor, id, expected, &input).await?;
            tx.commit().await?;
            object(&updated)
        }
        Entity::Region => {
            let input: RegionInput = checked(version)?;
            let mut tx = db::begin_write(db).await?;
            let updated = locations::store::update_region(&mut tx, &actor, id, expected, &input).await?;
            tx.commit().await?;
            object(&updated)
        }
        Entity::PropertyFeature => {
            let input: PropertyFeatureInput = checked(version)?;
            object(&property_features::store::update(db, &actor, id, expected, &input).await?)
        }
        Entity::Property => write_listing(to, version, changed).await,
        Entity::ContactRequest => {
            let change = contacts::store::LeadChange::restored(&checked(version)?, changed)?;
            object(&contacts::store::change(db, to.outbox, &actor, true, id, expected, &change).await?)
        }
        // A note is never edited: its only version is the one it has.
        Entity::LeadNote => current(to.db.pool(), entity, id)
            .await?
            .ok_or_else(|| ApiError::not_found(rules::messages::RESTORE_RECORD_GONE)),
        Entity::User => {
            object(&users::save(to.db, to.outbox, to.admin, to.jar, id, expected, checked(version)?).await?)
        }
        Entity::Settings => {
            let input = settings::store::prepared(db, checked(version)?).await?;
            object(&settings::store::save(db, &actor, expected, &input).await?)
        }
        Entity::TeamMember => {
            let cells = team::cells(db, checked(version)?).await?;
            object(&ordered::update::<TeamMember>(db, &actor, id, expected, cells).await?)
        }
        Entity::Service => {
            let cells = services::cells(db, checked(version)?).await?;
            object(&ordered::update::<Service>(db, &actor, id, expected, cells).await?)
        }
        Entity::ProcessStep => {
            let cells = process_steps::cells(db, checked(version)?).await?;
            object(&ordered::update::<ProcessStep>(db, &actor, id, expected, cells).await?)
        }
        Entity::Testimonial => {
            let cells = testimonials::cells(db, checked(version)?).await?;
            object(&ordered::update::<Testimonial>(db, &actor, id, expected, cells).await?)
        }
        Entity::HeroImage => {
            let cells = hero_images::cells(db, checked(version)?, Some(id)).await?;
            object(&ordered::update::<HeroImage>(db, &actor, id, expected, cells).await?)
        }
        Entity::AboutSection => {
            let row = about::store::prepared(db, checked(version)?, "imageData".into()).await?;
            object(&about::store::update(db, &actor, id, expected, &row).await?)
        }
        Entity::CompanyValue => {
            let row = company_values::store::prepared(db, checked(version)?).await?;
            object(&company_values::store::update(db, &actor, id, expected, &row).await?)
        }
        Entity::ValuesSectionSettings => {
            let input: ValuesSectionSettingsInput = checked(version)?;
            object(&company_values::store::save_settings(db, &actor, expected, &input).await?)
        }
        Entity::PortalMapping => {
            let body: portals::mappings::MappingBody = checked(version)?;
            portals::mappings::restore_value(db, &actor, id, body.0).await?;
            current(db, entity, id)
                .await?
                .ok_or_else(|| ApiError::not_found(rules::messages::RESTORE_RECORD_GONE))
        }
        Entity::FeedToken => current(db, entity, id)
            .await?
            .ok_or_else(|| ApiError::not_found(rules::messages::RESTORE_RECORD_GONE)),
    }
}

/// A listing is saved by the form it is edited with (the comprehensive one once it has a
/// place, else the quick one), then by the other form when fields only that one writes
/// changed, then its selected features when they changed: each a recorded update, all in one
/// transaction.
async fn write_listing(
    to: &Write<'_, '_>,
    version: Map<String, Value>,
    changed: &[String],
) -> ApiResult<Map<String, Value>> {
    let (db, actor) = (to.db.pool(), Actor::from(to.admin));
    let (full, quick) = (takes::<PropertyInput>(), takes::<QuickPropertyInput>());
    let own = |form: &[String], other: &[String]| {
        changed.iter().any(|field| form.contains(field) && !other.contains(field))
    };
    let placed = version.get("countryId").is_some_and(|country| !country.is_null());
    let mut forms = vec![!placed];
    if placed && own(&quick, &full) {
        forms.push(true);
    }
    if !placed && own(&full, &quick) {
        forms.push(false);
    }
    // A field one form leaves empty (null) reads in the other as not given.
    let given: Map<String, Value> =
        version.iter().filter(|(_, value)| !value.is_null()).map(|(k, v)| (k.clone(), v.clone())).collect();
    let mut tx = db::begin_write(db).await?;
    let mut expected = to.expected;
    for quick in forms {
        let body = PropertyBody::from_object(given.clone(), quick)?;
        properties::store::update_in(&mut tx, &actor, to.id, expected, &body).await?;
        // The first write locked the row in this transaction; the next ones follow it.
        expected = None;
    }
    if changed.iter().any(|field| field == "featureIds") {
        let selected: FeatureIds = checked(version)?;
        properties::store::replace_features_in(&mut tx, &actor, to.id, &selected.feature_ids).await?;
    }
    tx.commit().await?;
    listing(db, to.id).await?.ok_or_else(|| ApiError::not_found(rules::messages::PROPERTY_NOT_FOUND))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::areas::catalog::categories::Category;
    use crate::areas::catalog::locations::{City, Country, Region};
    use crate::areas::catalog::property_features::PropertyFeature;
    use crate::areas::catalog::property_types::PropertyType;
    use crate::areas::contacts::ContactRequest;
    use crate::areas::properties::Property;
    use crate::areas::site::about::AboutSection;
    use crate::areas::site::company_values::{CompanyValue, ValuesSectionSettings};
    use crate::areas::site::settings::CompanySettings;
    use crate::platform::auth::user::User;

    /// The fields of each kind of record as the API answers it (the history records those).
    fn answered(entity: Entity) -> Vec<String> {
        match entity {
            Entity::Category => takes::<Category>(),
            Entity::PropertyType => takes::<PropertyType>(),
            Entity::Country => takes::<Country>(),
            Entity::City => takes::<City>(),
            Entity::Region => takes::<Region>(),
            Entity::PropertyFeature => takes::<PropertyFeature>(),
            Entity::Property => [takes::<Property>(), takes::<FeatureIds>()].concat(),
            Entity::ContactRequest => takes::<ContactRequest>(),
            Entity::LeadNote => takes::<crate::areas::contacts::leads::LeadNote>(),
            Entity::User => takes::<User>(),
            Entity::Settings => takes::<CompanySettings>(),
            Entity::TeamMember => takes::<TeamMember>(),
            Entity::Service => takes::<Service>(),
            Entity::ProcessStep => takes::<ProcessStep>(),
            Entity::Testimonial => takes::<Testimonial>(),
            Entity::HeroImage => takes::<HeroImage>(),
            Entity::AboutSection => takes::<AboutSection>(),
            Entity::CompanyValue => takes::<CompanyValue>(),
            Entity::ValuesSectionSettings => takes::<ValuesSectionSettings>(),
            Entity::PortalMapping => takes::<crate::areas::portals::mappings::PortalMapping>(),
            Entity::FeedToken => takes::<crate::areas::portals::tokens::FeedToken>(),
        }
    }

    #[test]
    fn every_field_an_update_takes_is_one_the_history_records() {
        // Passwords are never recorded; a new one is typed, never restored.
        let never_recorded = ["password", "confirmPassword"];
        for entity in Entity::ALL {
            let answered = answered(entity);
            let missing: Vec<String> = fields(entity)
                .into_iter()
                .filter(|field| !answered.contains(field) && !never_recorded.contains(&field.as_str()))
                .collect();
            assert!(missing.is_empty(), "{}: {missing:?}", entity.value());
        }
    }
}
