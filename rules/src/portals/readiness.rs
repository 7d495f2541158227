//! Whether a portal will take a listing (issue 41): ready, or blocked with the reasons the
//! portal would refuse it for, in English and Arabic. The form judges the listing while it
//! is typed and the server judges what it stores, both here, so the two never disagree.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::formats::{format_of, Length};
use super::{FeedPortal, Portal};
use crate::properties::quality::{FormContext, PermitState};
use crate::properties::PropertyInput;
use crate::vocabularies::{OfferingType, RentFrequency};

/// Which of a portal's words the listing's catalog records have.
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
pub struct Mapped {
    /// Its type, or else its category, names one of the portal's property types.
    #[serde(rename = "type")]
    pub kind: bool,
    /// Its city and its region have the portal's location names.
    pub location: bool,
}

/// The mappings of each portal with words of its own.
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
pub struct MappedByPortal {
    pub property_finder: Mapped,
    pub bayut: Mapped,
}

impl MappedByPortal {
    fn of(&self, portal: FeedPortal) -> Mapped {
        match portal.mapping() {
            super::MappingPortal::PropertyFinder => self.property_finder,
            super::MappingPortal::Bayut => self.bayut,
        }
    }
}

/// What readiness is judged by: the few facts of a listing the form and the server both hold.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct ReadinessFacts {
    pub offering_type: OfferingType,
    pub rent_frequency: Option<RentFrequency>,
    pub permit: PermitState,
    /// The listing has a latitude and a longitude.
    pub pinned: bool,
    pub images: u32,
    /// Lengths in characters, surrounding white space left out.
    pub title_en: u32,
    pub title_ar: u32,
    pub description_en: u32,
    pub description_ar: u32,
    /// The listing has an agent, and the agent a phone number: the feeds name them.
    pub agent_phone: bool,
    pub mapped: MappedByPortal,
}

/// What a portal would refuse; stable, for the form to find the field it points to.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum ReasonCode {
    Permit,
    Coordinates,
    Photos,
    TypeUnmapped,
    LocationUnmapped,
    RentPeriod,
    TitleEn,
    TitleAr,
    DescriptionEn,
    DescriptionAr,
    Agent,
}

/// One reason, in both languages.
#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Reason {
    pub code: ReasonCode,
    pub en: String,
    pub ar: String,
}

/// A portal's verdict on a listing.
#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct PortalReadiness {
    pub portal: FeedPortal,
    /// The listing's `publishTo` names this portal.
    pub chosen: bool,
    pub ready: bool,
    pub reasons: Vec<Reason>,
}

/// The reasons `portal` would refuse the listing for, in the form's order; none is ready.
pub fn reasons(facts: &ReadinessFacts, portal: FeedPortal) -> Vec<Reason> {
    let format = format_of(portal);
    let name = (portal.label(), portal.arabic());
    let mapped = facts.mapped.of(portal);
    let mut reasons = Vec::new();
    let mut add = |met: bool, code: ReasonCode, (en, ar): (String, String)| {
        if !met {
            reasons.push(Reason { code, en, ar });
        }
    };
    let length = |text: (&str, &str), chars: u32, length: Length, optional: bool| {
        let fits = length.fits(chars) || (optional && chars == 0);
        let words = (
            format!("{} must be {} to {} characters long for {}", text.0, length.min, length.max, name.0),
            format!("يجب أن يكون طول {} بين {} و{} حرفًا لـ{}", text.1, length.min, length.max, name.1),
        );
        (fits, words)
    };
    let (fits, words) =
        length(("The English title", "العنوان بالإنجليزية"), facts.title_en, format.title, false);
    add(fits, ReasonCode::TitleEn, words);
    let (fits, words) = length(("The Arabic title", "العنوان بالعربية"), facts.title_ar, format.title, true);
    add(fits, ReasonCode::TitleAr, words);
    let (fits, words) = length(
        ("The English description", "الوصف بالإنجليزية"),
        facts.description_en,
        format.description,
        false,
    );
    add(fits, ReasonCode::DescriptionEn, words);
    let (fits, words) =
        length(("The Arabic description", "الوصف بالعربية"), facts.description_ar, format.description, true);
    add(fits, ReasonCode::DescriptionAr, words);
    add(
        mapped.kind,
        ReasonCode::TypeUnmapped,
        (
            format!("The listing's type and category have no {} property type: map them in Portals", name.0),
            format!("لا يقابل نوع العقار ولا تصنيفه نوعًا في {}: اربطهما في شاشة البوابات", name.1),
        ),
    );
    add(
        mapped.location,
        ReasonCode::LocationUnmapped,
        (
            format!("The listing's city and region have no {} location: map them in Portals", name.0),
            format!("لا تقابل مدينة العقار ومنطقته موقعًا في {}: اربطهما في شاشة البوابات", name.1),
        ),
    );
    add(
        !format.needs_coordinates || facts.pinned,
        ReasonCode::Coordinates,
        (
            format!("Mark the listing on the map: {} needs its coordinates", name.0),
            format!("حدّد موقع العقار على الخريطة: يحتاج {} إلى إحداثياته", name.1),
        ),
    );
    add(
        facts.images >= format.min_photos,
        ReasonCode::Photos,
        if format.min_photos == 1 {
            (
                format!("{} needs at least one photo", name.0),
                format!("يحتاج {} إلى صورة واحدة على الأقل", name.1),
            )
        } else {
            (
                format!(
                    "{} needs at least {} photos (the listing has {})",
                    name.0, format.min_photos, facts.images
                ),
                format!("يحتاج {} إلى {} صور على الأقل (للعقار {})", name.1, format.min_photos, facts.images),
            )
        },
    );
    add(
        facts.offering_type != OfferingType::Rent || facts.rent_frequency.is_some(),
        ReasonCode::RentPeriod,
        (
            format!("Choose the rent period: {} prices a rental per year, month, week or day", name.0),
            format!("اختر مدة الإيجار: يسعّر {} الإيجار بالسنة أو الشهر أو الأسبوع أو اليوم", name.1),
        ),
    );
    add(
        facts.permit != PermitState::Missing,
        ReasonCode::Permit,
        (
            format!("{} refuses listings here without a valid permit", name.0),
            format!("يرفض {} العقارات في هذا المكان دون تصريح ساري", name.1),
        ),
    );
    add(
        facts.agent_phone,
        ReasonCode::Agent,
        (
            format!("Choose an agent with a phone number: {} shows the listing's agent", name.0),
            format!("اختر وكيلًا له رقم هاتف: يعرض {} وكيل العقار", name.1),
        ),
    );
    reasons
}

/// The verdict of every feed portal on the listing, chosen or not.
pub fn readiness(facts: &ReadinessFacts, publish_to: &[Portal]) -> Vec<PortalReadiness> {
    FeedPortal::ALL
        .iter()
        .map(|portal| {
            let reasons = reasons(facts, *portal);
            PortalReadiness {
                portal: *portal,
                chosen: publish_to.contains(&portal.portal()),
                ready: reasons.is_empty(),
                reasons,
            }
        })
        .collect()
}

/// The portals the listing is chosen for and would be refused by.
pub fn blocked(facts: &ReadinessFacts, publish_to: &[Portal]) -> Vec<FeedPortal> {
    publish_to
        .iter()
        .filter_map(|portal| portal.feed())
        .filter(|feed| !reasons(facts, *feed).is_empty())
        .collect()
}

/// A text's length as a portal counts it: characters, surrounding white space left out.
pub fn characters(text: &str) -> u32 {
    u32::try_from(text.trim().chars().count()).unwrap_or(u32::MAX)
}

/// What the form knows beyond its fields to judge readiness.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct FormReadinessContext {
    #[serde(flatten)]
    pub quality: FormContext,
    pub mapped: MappedByPortal,
    pub agent_phone: bool,
}

/// The facts of the comprehensive form as typed.
pub fn of_form(form: &PropertyInput, context: &FormReadinessContext) -> ReadinessFacts {
    ReadinessFacts {
        offering_type: form.offering_type,
        rent_frequency: form.rent_frequency,
        permit: PermitState::of(
            context.quality.advertising_authority.as_deref(),
            form.permit(),
            &context.quality.now,
        ),
        pinned: form.latitude.is_some() && form.longitude.is_some(),
        images: u32::try_from(form.images.len()).unwrap_or(u32::MAX),
        title_en: characters(&form.title_en),
        title_ar: characters(&form.title_ar),
        description_en: characters(&form.description_en),
        description_ar: characters(&form.description_ar),
        agent_phone: context.agent_phone && form.agent_id.is_some(),
        mapped: context.mapped,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::portals::formats::{BAYUT, PROPERTY_FINDER};

    fn ready() -> ReadinessFacts {
        let mapped = Mapped { kind: true, location: true };
        ReadinessFacts {
            offering_type: OfferingType::Sale,
            rent_frequency: None,
            permit: PermitState::Valid,
            pinned: true,
            images: PROPERTY_FINDER.min_photos.max(BAYUT.min_photos),
            title_en: 40,
            title_ar: 40,
            description_en: 800,
            description_ar: 0,
            agent_phone: true,
            mapped: MappedByPortal { property_finder: mapped, bayut: mapped },
        }
    }

    fn codes(facts: &ReadinessFacts, portal: FeedPortal) -> Vec<ReasonCode> {
        reasons(facts, portal).iter().map(|reason| reason.code).collect()
    }

    #[test]
    fn a_complete_listing_is_ready_everywhere() {
        for portal in FeedPortal::ALL {
            assert_eq!(codes(&ready(), *portal), [], "{portal:?}");
        }
    }

    #[test]
    fn each_reason_blocks_on_its_own() {
        use ReasonCode as C;
        let cases: Vec<(ReadinessFacts, ReasonCode)> = vec![
            (ReadinessFacts { permit: PermitState::Missing, ..ready() }, C::Permit),
            (ReadinessFacts { images: 0, ..ready() }, C::Photos),
            (ReadinessFacts { offering_type: OfferingType::Rent, ..ready() }, C::RentPeriod),
            (ReadinessFacts { title_en: 5, ..ready() }, C::TitleEn),
            (ReadinessFacts { title_ar: 5, ..ready() }, C::TitleAr),
            (ReadinessFacts { description_en: 50, ..ready() }, C::DescriptionEn),
            (ReadinessFacts { description_ar: 99_999, ..ready() }, C::DescriptionAr),
            (ReadinessFacts { agent_phone: false, ..ready() }, C::Agent),
            (ReadinessFacts { mapped: MappedByPortal::default(), ..ready() }, C::TypeUnmapped),
        ];
        for (facts, code) in cases {
            for portal in FeedPortal::ALL {
                assert!(codes(&facts, *portal).contains(&code), "{portal:?} {code:?}");
            }
        }
    }

    #[test]
    fn a_listing_without_photos_is_told_of_one_in_both_languages() {
        let photos = reasons(&ReadinessFacts { images: 0, ..ready() }, FeedPortal::Bayut);
        assert_eq!(
            (photos[0].en.as_str(), photos[0].ar.as_str()),
            ("Bayut needs at least one photo", "يحتاج بيوت إلى صورة واحدة على الأقل")
        );
    }

    #[test]
    fn coordinates_block_only_where_the_portal_needs_them() {
        let facts = ReadinessFacts { pinned: false, ..ready() };
        assert_eq!(codes(&facts, FeedPortal::PropertyFinder), [ReasonCode::Coordinates]);
        assert_eq!(codes(&facts, FeedPortal::Bayut), []);
    }

    #[test]
    fn a_mapping_counts_for_its_own_portal_and_dubizzle_reads_bayuts() {
        let facts = ReadinessFacts {
            mapped: MappedByPortal { property_finder: Mapped::default(), bayut: ready().mapped.bayut },
            ..ready()
        };
        assert_eq!(
            codes(&facts, FeedPortal::PropertyFinder),
            [ReasonCode::TypeUnmapped, ReasonCode::LocationUnmapped]
        );
        assert_eq!(codes(&facts, FeedPortal::Dubizzle), []);
    }

    #[test]
    fn only_chosen_portals_are_blocked() {
        let facts = ReadinessFacts { images: 0, ..ready() };
        assert_eq!(blocked(&facts, &[Portal::Website, Portal::Bayut]), [FeedPortal::Bayut]);
        let all = readiness(&facts, &[Portal::Bayut]);
        assert_eq!(all.len(), 3);
        assert!(all.iter().all(|verdict| !verdict.ready));
        assert_eq!(all.iter().filter(|verdict| verdict.chosen).count(), 1);
    }

    #[test]
    fn every_reason_is_worded_in_both_languages() {
        let facts = ReadinessFacts {
            permit: PermitState::Missing,
            pinned: false,
            images: 0,
            offering_type: OfferingType::Rent,
            title_en: 0,
            title_ar: 1,
            description_en: 0,
            description_ar: 1,
            agent_phone: false,
            mapped: MappedByPortal::default(),
            ..ready()
        };
        let all = reasons(&facts, FeedPortal::PropertyFinder);
        assert_eq!(all.len(), 11);
        for reason in all {
            assert!(reason.en.contains("Property Finder"), "{}", reason.en);
            assert!(reason.ar.contains("بروبرتي فايندر"), "{}", reason.ar);
        }
    }
}
