//! The JSON Schema of every payload type, from which the frontend's TypeScript types
//! and the server's OpenAPI document are generated.

use schemars::generate::SchemaSettings;
use schemars::{JsonSchema, SchemaGenerator};
use serde_json::{json, Map, Value};

use crate::about::{AboutSectionInput, ValuesSectionForm};
use crate::account::{Preferences, SignIn};
use crate::catalog::{
    CategoryInput, CityInput, CountryInput, PropertyFeatureInput, PropertyTypeInput, RegionInput,
};
use crate::company_values::{CompanyValueInput, ValuesSectionSettingsInput};
use crate::constants::Constants;
use crate::contacts::{ContactRequestInput, ContactStatusChange, ReplyTo};
use crate::export::{ExportQuery, ExportRange, ExportSelection};
use crate::hero_images::HeroImageInput;
use crate::images::{TooLarge, UrlVerdict};
use crate::leads::{LeadNoteInput, ManualLeadInput};
use crate::properties::quality::{Quality, QualityFacts};
use crate::properties::{PropertyInput, QuickPropertyInput};
use crate::services::{ProcessStepInput, ServiceInput, TestimonialInput};
use crate::settings::SettingsInput;
use crate::team::TeamMemberInput;
use crate::text::{Location, LocationParts};
use crate::users::{UserCreateInput, UserUpdateInput};
use crate::vocabularies::Term;
use crate::vocabularies::{
    AboutSectionType, ContactStatus, DisplayType, ExportPeriod, FeatureCategory, HeroPage, Language,
    LeadSource, Numerals, OfferingType, PropertyStatus, RentFrequency,
};
use crate::FieldErrors;

/// A generator whose references point into `#/definitions/`, the form that both the
/// TypeScript generator and OpenAPI components understand.
pub fn generator() -> SchemaGenerator {
    SchemaSettings::draft07().into_generator()
}

struct Document {
    generator: SchemaGenerator,
    properties: Map<String, Value>,
}

impl Document {
    fn with<T: JsonSchema>(mut self) -> Self {
        let schema = self.generator.subschema_for::<T>();
        self.properties.insert(T::schema_name().into_owned(), schema.to_value());
        self
    }
}

/// One document naming every payload type under `definitions`. A new payload type is
/// added to the chain below, and only there.
pub fn document() -> Value {
    let Document { mut generator, properties } = Document { generator: generator(), properties: Map::new() }
        .with::<FieldErrors>()
        .with::<SignIn>()
        .with::<Preferences>()
        .with::<PropertyInput>()
        .with::<QuickPropertyInput>()
        .with::<CategoryInput>()
        .with::<PropertyTypeInput>()
        .with::<CountryInput>()
        .with::<CityInput>()
        .with::<RegionInput>()
        .with::<PropertyFeatureInput>()
        .with::<TeamMemberInput>()
        .with::<UserCreateInput>()
        .with::<UserUpdateInput>()
        .with::<ServiceInput>()
        .with::<ProcessStepInput>()
        .with::<TestimonialInput>()
        .with::<HeroImageInput>()
        .with::<AboutSectionInput>()
        .with::<ValuesSectionForm>()
        .with::<CompanyValueInput>()
        .with::<ValuesSectionSettingsInput>()
        .with::<SettingsInput>()
        .with::<ContactRequestInput>()
        .with::<ContactStatusChange>()
        .with::<ManualLeadInput>()
        .with::<LeadNoteInput>()
        .with::<LeadSource>()
        .with::<ReplyTo>()
        .with::<ExportSelection>()
        .with::<ExportQuery>()
        .with::<ExportRange>()
        .with::<LocationParts>()
        .with::<Location>()
        .with::<PropertyStatus>()
        .with::<DisplayType>()
        .with::<OfferingType>()
        .with::<RentFrequency>()
        .with::<QualityFacts>()
        .with::<Quality>()
        .with::<FeatureCategory>()
        .with::<HeroPage>()
        .with::<AboutSectionType>()
        .with::<ContactStatus>()
        .with::<Language>()
        .with::<Numerals>()
        .with::<ExportPeriod>()
        .with::<Term>()
        .with::<UrlVerdict>()
        .with::<TooLarge>()
        .with::<Constants>();
    let definitions: Map<String, Value> = generator.take_definitions(true).into_iter().collect();
    json!({
        "$schema": "http://json-schema.org/draft-07/schema#",
        "title": "AqarPayloads",
        "type": "object",
        "properties": properties,
        "definitions": definitions,
    })
}
