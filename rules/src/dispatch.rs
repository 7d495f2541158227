//! One string-in, string-out entry point over every rule, so the browser (through
//! `rules-wasm`) and the native case-file tests call exactly the same code. Every
//! operation is listed, with its input and output, in `rules/OPS.md`.

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{Map, Value};

use crate::about::{AboutSectionInput, ValuesSectionForm};
use crate::account::{Preferences, SignIn};
use crate::catalog::{
    CategoryInput, CityInput, CountryInput, PropertyFeatureInput, PropertyTypeInput, RegionInput,
};
use crate::company_values::{CompanyValueInput, ValuesSectionSettingsInput};
use crate::contacts::{ContactRequestInput, ContactStatusChange, ReplyTo};
use crate::export::{ExportQuery, ExportSelection};
use crate::hero_images::HeroImageInput;
use crate::language::Language;
use crate::leads::{LeadNoteInput, ManualLeadInput};
use crate::portals::readiness;
use crate::properties::quality::{self, QualityFacts};
use crate::properties::{PermitContext, PropertyInput, QuickPropertyInput};
use crate::reading::{self, Refusal};
use crate::services::{ProcessStepInput, ServiceInput, TestimonialInput};
use crate::settings::SettingsInput;
use crate::team::TeamMemberInput;
use crate::text::LocationParts;
use crate::users::{AccountInput, UserCreateInput, UserUpdateInput};
use crate::{constants, fold, images, messages, numbers, text, vocabularies, FieldErrors, Validate};

/// Runs the operation `op` on the JSON `input` and answers JSON.
///
/// `validate.<payload>` answers the map of failing fields (`{}` when valid). An unknown
/// operation, or input not of the operation's shape, answers an error sentence.
pub fn call(op: &str, input: &str) -> Result<String, String> {
    match op {
        "validate.signIn" => validate_as::<SignIn>(input),
        "validate.preferences" => validate_as::<Preferences>(input),
        "validate.property" => validate_property(input),
        "validate.quickProperty" => validate_in_year(input, QuickPropertyInput::validate_in_year),
        "validate.category" => validate_as::<CategoryInput>(input),
        "validate.propertyType" => validate_as::<PropertyTypeInput>(input),
        "validate.country" => validate_as::<CountryInput>(input),
        "validate.city" => validate_as::<CityInput>(input),
        "validate.region" => validate_as::<RegionInput>(input),
        "validate.propertyFeature" => validate_as::<PropertyFeatureInput>(input),
        "validate.teamMember" => validate_as::<TeamMemberInput>(input),
        "validate.userCreate" => validate_as::<UserCreateInput>(input),
        "validate.userUpdate" => validate_as::<UserUpdateInput>(input),
        "validate.account" => validate_as::<AccountInput>(input),
        "validate.service" => validate_as::<ServiceInput>(input),
        "validate.processStep" => validate_as::<ProcessStepInput>(input),
        "validate.testimonial" => validate_as::<TestimonialInput>(input),
        "validate.heroImage" => validate_as::<HeroImageInput>(input),
        "validate.aboutSection" => validate_as::<AboutSectionInput>(input),
        "validate.valuesSectionForm" => validate_as::<ValuesSectionForm>(input),
        "validate.companyValue" => validate_as::<CompanyValueInput>(input),
        "validate.valuesSectionSettings" => validate_as::<ValuesSectionSettingsInput>(input),
        "validate.settings" => validate_as::<SettingsInput>(input),
        "validate.contactRequest" => validate_as::<ContactRequestInput>(input),
        "validate.contactStatusChange" => validate_as::<ContactStatusChange>(input),
        "validate.manualLead" => validate_as::<ManualLeadInput>(input),
        "validate.leadNote" => validate_as::<LeadNoteInput>(input),
        "validate.exportSelection" => validate_as::<ExportSelection>(input),

        "property.duplicate" => to_json(&parse_object::<PropertyInput>(input)?.duplicate()),
        "property.quality" => to_json(&quality::score(&parse_object::<QualityFacts>(input)?)),
        "property.formQuality" => to_json(&quality::score(&form_facts(input)?)),
        "property.formReadiness" => to_json(&form_readiness(input)?),
        "valuesSection.toAboutSections" => {
            to_json(&parse_object::<ValuesSectionForm>(input)?.to_about_sections())
        }
        "settings.withStatisticDefaults" => {
            to_json(&parse_object::<SettingsInput>(input)?.with_statistic_defaults())
        }

        "contact.mailLink" => to_json(&parse_object::<ReplyTo>(input)?.mail_link()),
        "contact.whatsappLink" => to_json(&parse_object::<ReplyTo>(input)?.whatsapp_link()),

        "image.judgeUrl" => to_json(&images::judge_url(&parse::<String>(input)?)),
        "image.checkSectionUpload" => to_json(&images::check_section_upload(parse(input)?)),
        "image.checkLogoUpload" => to_json(&images::check_logo_upload(parse(input)?)),
        "image.checkCategoryUpload" => to_json(&images::check_category_upload(parse(input)?)),

        "text.truncate" => to_json(&text::truncate(&parse::<String>(input)?)),
        "text.location" => to_json(&text::compose_location(&parse_object::<LocationParts>(input)?)),
        "text.fold" => to_json(&fold::fold(&parse::<String>(input)?)),

        "coerce.optionalNumber" => to_json(&numbers::optional_number(&parse(input)?)),
        "coerce.optionalInteger" => to_json(&numbers::optional_integer(&parse(input)?)),
        "coerce.roomCount" => to_json(&numbers::room_count(&parse(input)?)),
        "coerce.displayOrder" => to_json(&numbers::display_order(&parse(input)?)),
        "coerce.stepNumber" => to_json(&numbers::step_number(&parse(input)?)),

        "export.range" => to_json(&parse_object::<ExportQuery>(input)?.range().map_err(|e| e.to_string())?),
        "export.fileName" => {
            to_json(&parse_object::<ExportQuery>(input)?.file_name().map_err(|e| e.to_string())?)
        }

        "vocabulary" => {
            let name: String = parse(input)?;
            to_json(&vocabularies::named(&name).ok_or_else(|| format!("unknown vocabulary '{name}'"))?)
        }
        "constants" => to_json(&constants::all()),
        other => Err(format!("unknown operation '{other}'")),
    }
}

fn validate_as<T: DeserializeOwned + Validate>(input: &str) -> Result<String, String> {
    answer_errors(reading::read::<T>(parse_object(input)?))
}

/// [`call`] with every message of the answer in `language` ('en' or 'ar'; anything else
/// reads as English): the failing fields of `validate.*`, the toasts of `image.*`, the
/// fixes of `property.quality`, the export's file name and refusals. English is `call`'s
/// answer itself.
pub fn call_in(op: &str, input: &str, language: &str) -> Result<String, String> {
    let language = Language::from_tag(language).unwrap_or_default();
    if language == Language::En {
        return call(op, input);
    }
    match op {
        "export.fileName" => to_json(
            &parse_object::<ExportQuery>(input)?
                .file_name_in(language)
                .map_err(|e| e.in_language(language))?,
        ),
        "export.range" => {
            to_json(&parse_object::<ExportQuery>(input)?.range().map_err(|e| e.in_language(language))?)
        }
        "property.quality" => {
            to_json(&quality::score(&parse_object::<QualityFacts>(input)?).in_language(language))
        }
        "property.formQuality" => to_json(&quality::score(&form_facts(input)?).in_language(language)),
        _ if op.starts_with("validate.") || op.starts_with("image.") => {
            let mut answer = parse_value(&call(op, input)?)?;
            if let Value::Object(fields) = &mut answer {
                for value in fields.values_mut() {
                    if let Value::String(text) = value {
                        *text = messages::in_language(text, language).into_owned();
                    }
                }
            }
            to_json(&answer)
        }
        _ => call(op, input),
    }
}

/// The property forms carry the year they are checked in as `currentYear` beside their
/// fields: the browser build reads no clock.
fn validate_in_year<T: DeserializeOwned>(
    input: &str,
    check: impl Fn(&T, i32) -> Result<(), FieldErrors>,
) -> Result<String, String> {
    let mut fields = parse_object::<Map<String, Value>>(input)?;
    let current_year = fields
        .remove("currentYear")
        .and_then(|year| year.as_i64())
        .ok_or("'currentYear' must be a whole number")?;
    let current_year = i32::try_from(current_year).map_err(|e| e.to_string())?;
    answer_errors(reading::read_with(fields, |payload: &T| check(payload, current_year)))
}

/// The comprehensive form, with `currentYear` and, to judge the permit, the place's
/// `advertisingAuthority` and the instant `now` when the browser knows them.
fn validate_property(input: &str) -> Result<String, String> {
    let mut fields = parse_object::<Map<String, Value>>(input)?;
    let mut context_text = |key: &str| match fields.remove(key) {
        Some(Value::String(text)) => Some(text),
        _ => None,
    };
    let (authority, now) = (context_text("advertisingAuthority"), context_text("now"));
    let current_year = fields
        .remove("currentYear")
        .and_then(|year| year.as_i64())
        .ok_or("'currentYear' must be a whole number")?;
    let current_year = i32::try_from(current_year).map_err(|e| e.to_string())?;
    let context = PermitContext { authority: authority.as_deref(), now: now.as_deref() };
    answer_errors(reading::read_with(fields, |payload: &PropertyInput| {
        payload.validate_in(current_year, context)
    }))
}

/// The quality facts of the comprehensive form: its fields, with the context's keys beside
/// them (`typeNameEn`, `typeNameAr`, `advertisingAuthority`, `now`).
fn form_facts(input: &str) -> Result<QualityFacts, String> {
    let form = parse_object::<PropertyInput>(input)?;
    let context = parse_object::<quality::FormContext>(input)?;
    Ok(QualityFacts::of_form(&form, &context))
}

/// Each portal's verdict on the comprehensive form: its fields, with the context's keys
/// beside them (those of the quality score, `mapped` and `agentPhone`).
fn form_readiness(input: &str) -> Result<Vec<readiness::PortalReadiness>, String> {
    let form = parse_object::<PropertyInput>(input)?;
    let context = parse_object::<readiness::FormReadinessContext>(input)?;
    let facts = readiness::of_form(&form, &context);
    Ok(readiness::readiness(&facts, form.publish_to.as_deref().unwrap_or_default()))
}

/// The failing fields (`{}` when none), or the sentence saying why the input is malformed.
fn answer_errors<T>(read: Result<T, Refusal>) -> Result<String, String> {
    match read {
        Ok(_) => to_json(&FieldErrors::new()),
        Err(Refusal::Invalid(errors)) => to_json(&errors),
        Err(Refusal::Malformed(reason)) => Err(reason),
    }
}

/// Reads the text into a JSON value first and the operation's type from that value: one
/// text parser for every type keeps the browser build small.
fn parse<T: DeserializeOwned>(input: &str) -> Result<T, String> {
    T::deserialize(parse_value(input)?).map_err(|e| e.to_string())
}

/// Like [`parse`] for payload types, read from the JSON object alone: a struct read from
/// a general JSON value also carries code to read it from an array, which no caller sends
/// and the browser build has no room for.
fn parse_object<T: DeserializeOwned>(input: &str) -> Result<T, String> {
    match parse_value(input)? {
        Value::Object(fields) => T::deserialize(fields).map_err(|e| e.to_string()),
        _ => Err("expected a JSON object".into()),
    }
}

fn parse_value(input: &str) -> Result<Value, String> {
    serde_json::from_str(input).map_err(|e| e.to_string())
}

fn to_json<T: Serialize + ?Sized>(value: &T) -> Result<String, String> {
    serde_json::to_string(value).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::call;

    /// Input that is not of the operation's shape is the caller's mistake, not a verdict.
    #[test]
    fn malformed_input_is_an_error_not_a_verdict() {
        assert!(call("validate.category", "{").is_err());
        assert!(call("no.such.op", "{}").is_err());
    }

    #[test]
    fn constants_name_the_page_size() {
        let answer = call("constants", "null").unwrap_or_default();
        assert!(answer.contains(r#""pageSize":10"#), "{answer}");
    }
}
