//! The demo About page: a story, a mission, four values sections, five company values with
//! their icons, and the values section's header (issue 12).

use rules::about::{AboutSectionInput, ValueItem, ValuesSectionForm};
use rules::company_values::{CompanyValueInput, ValuesSectionSettingsInput};
use rules::vocabularies::AboutSectionType;
use sqlx::AnyConnection;

use crate::about::store as about;
use crate::company_values::store as values;
use crate::error::ApiResult;

/// Type, English title, Arabic title, English content, Arabic content, icon.
const SECTIONS: [(AboutSectionType, &str, &str, &str, &str, &str); 2] = [
    (
        AboutSectionType::Story,
        "Our Story",
        "قصتنا",
        "Founded in Amman in 2005, we began as a family office helping neighbours find homes. Today our agents serve buyers and investors across Jordan, the Emirates and Saudi Arabia.",
        "تأسسنا في عمّان عام 2005 كمكتب عائلي يساعد الجيران في إيجاد منازلهم. واليوم يخدم وكلاؤنا المشترين والمستثمرين في الأردن والإمارات والسعودية.",
        "fas fa-home",
    ),
    (
        AboutSectionType::Mission,
        "Our Mission",
        "مهمتنا",
        "To make every property decision clear and fair: honest prices, complete documents and advice that puts the client first.",
        "أن نجعل كل قرار عقاري واضحًا وعادلًا: أسعار صادقة ووثائق كاملة ومشورة تضع العميل أولًا.",
        "fas fa-bullseye",
    ),
];

/// English title, Arabic title, English description, Arabic description, icon.
const VALUES: [(&str, &str, &str, &str, &str); 5] = [
    (
        "Integrity",
        "النزاهة",
        "We say what a property is worth and keep our word.",
        "نقول قيمة العقار الحقيقية ونفي بوعودنا.",
        "fas fa-handshake",
    ),
    (
        "Excellence",
        "التميز",
        "Every listing is checked, photographed and described with care.",
        "كل عقار نعرضه مدقق ومصور وموصوف بعناية.",
        "fas fa-award",
    ),
    (
        "Transparency",
        "الشفافية",
        "Fees, contracts and timelines are open from the first meeting.",
        "الرسوم والعقود والمواعيد واضحة منذ اللقاء الأول.",
        "fas fa-eye",
    ),
    (
        "Care",
        "الاهتمام",
        "We stay with our clients long after the keys are handed over.",
        "نبقى مع عملائنا بعد تسليم المفاتيح بوقت طويل.",
        "fas fa-heart",
    ),
    (
        "Innovation",
        "الابتكار",
        "Virtual tours and online paperwork save our clients time.",
        "الجولات الافتراضية والمعاملات الإلكترونية توفر وقت عملائنا.",
        "fas fa-lightbulb",
    ),
];

pub async fn seed(conn: &mut AnyConnection) -> ApiResult<()> {
    for (section_type, title_en, title_ar, content_en, content_ar, icon) in SECTIONS {
        let input = AboutSectionInput {
            section_type: Some(section_type),
            title_en: title_en.into(),
            title_ar: title_ar.into(),
            content_en: content_en.into(),
            content_ar: content_ar.into(),
            icon_class: Some(icon.into()),
            ..AboutSectionInput::default()
        };
        about::insert(&mut *conn, &about::AboutRow::from_input(input)).await?;
    }
    let header = ValuesSectionSettingsInput::new_form();
    let form = ValuesSectionForm {
        section_title_en: header.title_en.clone(),
        section_title_ar: header.title_ar.clone(),
        section_subtitle_en: header.subtitle_en.clone(),
        section_subtitle_ar: header.subtitle_ar.clone(),
        values: VALUES[..4]
            .iter()
            .map(|&(title_en, title_ar, content_en, content_ar, icon)| ValueItem {
                title_en: title_en.into(),
                title_ar: title_ar.into(),
                content_en: content_en.into(),
                content_ar: content_ar.into(),
                icon_class: Some(icon.into()),
                image_url: None,
                image_data: None,
            })
            .collect(),
    };
    for section in form.to_about_sections() {
        about::insert(&mut *conn, &about::AboutRow::from_input(section)).await?;
    }
    for (position, &(title_en, title_ar, description_en, description_ar, icon)) in VALUES.iter().enumerate() {
        let input = CompanyValueInput {
            title_en: title_en.into(),
            title_ar: title_ar.into(),
            description_en: description_en.into(),
            description_ar: description_ar.into(),
            icon_class: Some(icon.into()),
            display_order: i32::try_from(position + 1).unwrap_or(i32::MAX),
            ..CompanyValueInput::default()
        };
        values::insert(&mut *conn, &values::ValueRow::from_input(input)).await?;
    }
    values::insert_settings(&mut *conn, &header).await?;
    Ok(())
}
