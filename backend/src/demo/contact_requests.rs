//! The demo's contact requests: 40 bilingual messages over the last two months, in all three
//! statuses, some about a listing. The seeder draws its large sets from the same people and
//! topics.

use rules::contact::ContactRequestInput;
use rules::vocabularies::{ContactStatus, Language};
use sqlx::{Any, Transaction};
use time::format_description::well_known::Rfc3339;
use time::{Duration, OffsetDateTime};

use crate::contacts::store;
use crate::error::{ApiError, ApiResult};

/// Visitors: name, e-mail, phone (some leave none) and the language they write in.
pub(crate) const SENDERS: [(&str, &str, Option<&str>, Language); 10] = [
    ("Rana Al-Masri", "rana.masri@example.com", Some("+962 79 555 0142"), Language::En),
    ("خالد العتيبي", "khaled.otaibi@example.com", Some("+966 50 555 0198"), Language::Ar),
    ("James Whitfield", "j.whitfield@example.co.uk", None, Language::En),
    ("نور الهدى", "nour.huda@example.com", Some("+971 50 555 0117"), Language::Ar),
    ("Maya Haddad", "maya.haddad@example.com", Some("+961 3 555 014"), Language::En),
    ("يوسف الزعبي", "yousef.zoubi@example.com", Some("+962 77 555 0163"), Language::Ar),
    ("Sofia Petrova", "sofia.petrova@example.com", None, Language::En),
    ("ليلى حداد", "layla.haddad@example.com", Some("+962 78 555 0109"), Language::Ar),
    ("Omar Farouk", "omar.farouk@example.com", Some("+20 10 5550 1234"), Language::En),
    ("سارة القاسم", "sara.qasem@example.com", Some("+974 55 555 012"), Language::Ar),
];

/// What they write about: English subject and message, then Arabic.
pub(crate) const TOPICS: [(&str, &str, &str, &str); 6] = [
    (
        "Viewing request",
        "Hello, I would like to arrange a viewing this week. Which days are available?",
        "طلب معاينة",
        "مرحباً، أرغب في ترتيب موعد لمعاينة العقار هذا الأسبوع. ما هي الأيام المتاحة؟",
    ),
    (
        "Price question",
        "Is the asking price negotiable, and does it include the service charges?",
        "استفسار عن السعر",
        "هل السعر المطلوب قابل للتفاوض، وهل يشمل رسوم الخدمات؟",
    ),
    (
        "Investment opportunities",
        "I am looking for rental properties with a good yield in Amman. What can you suggest?",
        "فرص استثمارية",
        "أبحث عن عقارات للإيجار بعائد جيد في عمّان. ماذا تقترحون؟",
    ),
    (
        "Selling my apartment",
        "I would like to list my three-bedroom apartment with you. What do you need from me?",
        "بيع شقتي",
        "أود عرض شقتي المكونة من ثلاث غرف نوم لديكم. ما المطلوب مني؟",
    ),
    (
        "Mortgage advice",
        "Do you work with banks that offer mortgages to non-residents?",
        "استشارة تمويل",
        "هل تتعاملون مع بنوك تقدم تمويلاً عقارياً لغير المقيمين؟",
    ),
    (
        "Payment plan",
        "Is there an instalment plan for the off-plan units, and what is the down payment?",
        "خطة الدفع",
        "هل توجد خطة تقسيط للوحدات قيد الإنشاء، وما هي الدفعة الأولى؟",
    ),
];

/// The `index`-th request of a set: who, about what, in their language.
pub(crate) fn request(index: usize, property_id: Option<i64>) -> ContactRequestInput {
    let (name, email, phone, language) = SENDERS[index % SENDERS.len()];
    let (subject_en, message_en, subject_ar, message_ar) = TOPICS[(index / 2 + index) % TOPICS.len()];
    let (subject, message) =
        if language == Language::Ar { (subject_ar, message_ar) } else { (subject_en, message_en) };
    ContactRequestInput {
        name: name.into(),
        email: email.into(),
        phone: phone.map(str::to_owned),
        subject: subject.into(),
        message: message.into(),
        property_id,
        language,
        website: None,
    }
}

/// A status for the `index`-th request `age_days` old: the newest mostly pending.
pub(crate) fn status(index: usize, age_days: i64) -> ContactStatus {
    match (age_days, index % 3) {
        (0..=6, 0 | 1) => ContactStatus::Pending,
        (_, 0) => ContactStatus::Responded,
        (_, 1) => ContactStatus::Closed,
        _ if age_days < 20 => ContactStatus::Pending,
        _ => ContactStatus::Responded,
    }
}

pub(crate) fn stamp(at: OffsetDateTime) -> ApiResult<String> {
    at.replace_nanosecond(0).map_err(ApiError::internal)?.format(&Rfc3339).map_err(ApiError::internal)
}

pub async fn seed(tx: &mut Transaction<'static, Any>) -> ApiResult<()> {
    let listings: Vec<i64> =
        sqlx::query_scalar("SELECT id FROM properties ORDER BY id LIMIT 8").fetch_all(&mut **tx).await?;
    let now = OffsetDateTime::now_utc();
    for index in 0..40_usize {
        // Two months back, a little more than one a day, the newest first.
        let age = Duration::minutes(i64::try_from(index).unwrap_or_default() * 37 * 60 + 95);
        let property =
            (index % 3 == 0).then(|| listings.get(index % listings.len().max(1)).copied()).flatten();
        let input = request(index, property);
        let at = now - age;
        store::insert(&mut **tx, &input, status(index, age.whole_days()), &stamp(at)?).await?;
    }
    Ok(())
}
