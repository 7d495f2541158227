//! Every user-facing message, spelled once, in English and in Arabic.
//!
//! Strings quoted by the specifications are copied exactly. A field required without words
//! of its own says the generic 'This field is required' ([`FIELD_REQUIRED`]); the other
//! rules stated without words have words written here (marked so).
//!
//! English is the canonical spelling: the rules answer it and every caller compares it. A
//! message is declared with its Arabic in the one [`messages!`] list (a message without its
//! Arabic does not compile), and [`in_language`] turns an English message into the user's
//! language where it is shown: the server where an error becomes its answer, the browser
//! through `rules-wasm`, which is built without the `arabic` feature and learns the fixed
//! messages' Arabic at run time ([`learn_arabic`]). Messages with words filled in ([`Formatted`]) are spelled in both
//! languages by one type and read back from their English.
//!
//! The Arabic is written as an Arabic admin panel says it (not word for word), with the
//! Latin digits the business uses; the counts follow Arabic's number agreement.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::sync::OnceLock;

use crate::language::Language;
use crate::vocabularies::HeroPage;

/// Declares each message as a constant holding its English, and the Arabic of each.
macro_rules! messages {
    ($($(#[$meta:meta])* $name:ident = $en:literal, ar: $ar:literal;)+) => {
        $($(#[$meta])* pub const $name: &str = $en;)+

        /// Every fixed message: its English and its Arabic, in declaration order.
        pub const TABLE: &[(&str, &str)] = &[$(($en, $ar)),+];

        /// The Arabic of a fixed message given in English, as compiled in.
        #[cfg(feature = "arabic")]
        fn compiled_arabic_of(english: &str) -> Option<&'static str> {
            match english {
                $($en => Some($ar),)+
                _ => None,
            }
        }
    };
}

/// The Arabic of a fixed message given in English: compiled in with the `arabic` feature (the
/// server), else as given by [`learn_arabic`] (the browser, once the interface is Arabic).
fn arabic_of(english: &str) -> Option<&'static str> {
    #[cfg(feature = "arabic")]
    if let Some(arabic) = compiled_arabic_of(english) {
        return Some(arabic);
    }
    LEARNED_ARABIC.get()?.get(english).map(String::as_str)
}

static LEARNED_ARABIC: OnceLock<BTreeMap<String, String>> = OnceLock::new();

/// Gives the fixed messages' Arabic to a build without the `arabic` feature: the browser's,
/// which leaves the Arabic out to stay small for English and is given the same [`TABLE`], as
/// a JSON object from English to Arabic generated into the frontend, only when the interface
/// is Arabic. The first table given stays: there is only one.
pub fn learn_arabic(table: &str) -> Result<(), String> {
    let table: BTreeMap<String, String> = serde_json::from_str(table).map_err(|e| e.to_string())?;
    let _ = LEARNED_ARABIC.set(table);
    Ok(())
}

messages! {
    // Sign-in (core §5).
    USERNAME_REQUIRED = "Username is required",
        ar: "اسم المستخدم مطلوب";
    PASSWORD_REQUIRED = "Password is required",
        ar: "كلمة المرور مطلوبة";

    // Generic fallbacks (core §5): the words of every rule stated without words of its own.
    FIELD_REQUIRED = "This field is required",
        ar: "هذا الحقل مطلوب";
    EMAIL_INVALID = "Please enter a valid email address",
        ar: "يرجى إدخال بريد إلكتروني صحيح";

    // Property form (core §5).
    TITLE_EN_REQUIRED = "English title is required",
        ar: "العنوان بالإنجليزية مطلوب";
    TITLE_AR_REQUIRED = "Arabic title is required",
        ar: "العنوان بالعربية مطلوب";
    DESCRIPTION_EN_REQUIRED = "English description is required",
        ar: "الوصف بالإنجليزية مطلوب";
    DESCRIPTION_AR_REQUIRED = "Arabic description is required",
        ar: "الوصف بالعربية مطلوب";
    PRICE_NOT_POSITIVE = "Price must be positive",
        ar: "يجب أن يكون السعر أكبر من صفر";
    CURRENCY_REQUIRED = "Currency is required",
        ar: "العملة مطلوبة";
    AREA_NOT_POSITIVE = "Area must be positive",
        ar: "يجب أن تكون المساحة أكبر من صفر";
    COUNTRY_REQUIRED = "Country is required",
        ar: "الدولة مطلوبة";
    CITY_REQUIRED = "City is required",
        ar: "المدينة مطلوبة";
    LOCATION_EN_REQUIRED = "English location is required",
        ar: "الموقع بالإنجليزية مطلوب";
    LOCATION_AR_REQUIRED = "Arabic location is required",
        ar: "الموقع بالعربية مطلوب";
    CATEGORY_REQUIRED = "Category is required",
        ar: "التصنيف مطلوب";
    PROPERTY_TYPE_REQUIRED = "Property type is required",
        ar: "نوع العقار مطلوب";
    BUILDING_TYPE_REQUIRED = "Building type is required",
        ar: "نوع المبنى مطلوب";
    // Written here.
    NOT_IN_LIST = "Please choose a value from the list",
        ar: "يرجى اختيار قيمة من القائمة";

    // Rentals, map pins, publishing windows and advertising permits (issue 39).
    RENT_FREQUENCY_REQUIRED = "Choose how often the rent is paid",
        ar: "اختر دورية دفع الإيجار";
    SOLD_NEEDS_SALE = "Only a listing for sale can be sold",
        ar: "لا يمكن وضع حالة «مباع» إلا لعقار معروض للبيع";
    RENTED_NEEDS_RENT = "Only a listing for rent can be rented",
        ar: "لا يمكن وضع حالة «مؤجر» إلا لعقار معروض للإيجار";
    LATITUDE_INVALID = "Latitude must be between -90 and 90",
        ar: "يجب أن يكون خط العرض بين -90 و90";
    LONGITUDE_INVALID = "Longitude must be between -180 and 180",
        ar: "يجب أن يكون خط الطول بين -180 و180";
    PIN_INCOMPLETE = "Give both latitude and longitude, or neither",
        ar: "أدخل خط العرض وخط الطول معًا، أو اتركهما فارغين";
    DATE_TIME_INVALID = "Give a date and time such as 2026-01-31T09:00:00Z",
        ar: "أدخل تاريخًا ووقتًا مثل 2026-01-31T09:00:00Z";
    BBOX_INVALID = "bbox is four numbers: minLng,minLat,maxLng,maxLat, each in range and each minimum not above its maximum",
        ar: "bbox أربعة أرقام: minLng,minLat,maxLng,maxLat، كل منها في نطاقه ولا يزيد الحد الأدنى على الأقصى";
    UNPUBLISH_BEFORE_PUBLISH = "Publishing must end after it starts",
        ar: "يجب أن ينتهي النشر بعد بدايته";
    PERMIT_REQUIRED = "An active listing here needs its advertising permit number",
        ar: "يحتاج العقار النشط هنا إلى رقم تصريح الإعلان";
    PERMIT_ISSUED_REQUIRED = "The permit's issue date is required",
        ar: "تاريخ إصدار التصريح مطلوب";
    PERMIT_EXPIRES_REQUIRED = "The permit's expiry date is required",
        ar: "تاريخ انتهاء التصريح مطلوب";
    PERMIT_EXPIRED = "This permit has expired: renew it, or set the listing to pending",
        ar: "انتهت صلاحية هذا التصريح: جدّده أو اجعل حالة العقار «قيد الانتظار»";
    PERMIT_EXPIRES_BEFORE_ISSUED = "A permit expires after it is issued",
        ar: "ينتهي التصريح بعد تاريخ إصداره";
    PERMIT_DIGITS_DLD = "A Trakheesi permit number is 7 to 11 digits",
        ar: "يتكون رقم تصريح «ترخيصي» من 7 إلى 11 رقمًا";
    PERMIT_DIGITS_ADREC = "An ADREC permit number is 7 to 20 digits",
        ar: "يتكون رقم تصريح مركز أبوظبي العقاري من 7 إلى 20 رقمًا";
    PERMIT_DIGITS_REGA = "A REGA advertising licence number is 10 digits",
        ar: "يتكون رقم ترخيص الإعلان من الهيئة العامة للعقار من 10 أرقام";
    PERMIT_DIGITS_OTHER = "A permit number is digits only, at most 20",
        ar: "رقم التصريح أرقام فقط، 20 رقمًا على الأكثر";
    CONTRACT_END_REQUIRED = "The brokerage contract's end date is required",
        ar: "تاريخ انتهاء عقد الوساطة مطلوب";
    CONTRACT_ENDED = "The brokerage contract has ended",
        ar: "انتهى عقد الوساطة";
    FLOORS_IN_BUILDING_TOO_SMALL = "Number of floors must be at least 1",
        ar: "يجب أن يكون عدد الطوابق 1 على الأقل";
    APARTMENTS_PER_FLOOR_TOO_SMALL = "Apartments per floor must be at least 1",
        ar: "يجب أن يكون عدد الشقق في الطابق 1 على الأقل";
    FLOOR_NUMBER_NEGATIVE = "Floor number cannot be negative",
        ar: "لا يمكن أن يكون رقم الطابق سالبًا";
    PARKING_SPACES_NEGATIVE = "Parking spaces cannot be negative",
        ar: "لا يمكن أن يكون عدد المواقف سالبًا";
    COUNT_NEGATIVE = "Count cannot be negative",
        ar: "لا يمكن أن يكون العدد سالبًا";
    /// Price, maintenance fee or property tax beyond [`crate::properties::MONEY_MAX`] (written here).
    AMOUNT_TOO_LARGE = "Amount cannot exceed 1,000,000,000,000",
        ar: "لا يمكن أن يتجاوز المبلغ 1,000,000,000,000";

    // Older property form (core §5 states the rules; the words are written here).
    YEAR_BUILT_TOO_EARLY = "Year built cannot be before 1800",
        ar: "لا يمكن أن تكون سنة البناء قبل 1800";
    YEAR_BUILT_IN_FUTURE = "Year built cannot be in the future",
        ar: "لا يمكن أن تكون سنة البناء في المستقبل";
    FLOOR_NEGATIVE = "Floor cannot be negative",
        ar: "لا يمكن أن يكون الطابق سالبًا";
    TOTAL_FLOORS_TOO_SMALL = "Total floors must be at least 1",
        ar: "يجب أن يكون إجمالي الطوابق 1 على الأقل";
    BEDROOMS_NEGATIVE = "Bedrooms cannot be negative",
        ar: "لا يمكن أن يكون عدد غرف النوم سالبًا";
    BATHROOMS_NEGATIVE = "Bathrooms cannot be negative",
        ar: "لا يمكن أن يكون عدد الحمّامات سالبًا";

    // Category, property type, locations (core §5; site §5).
    NAME_EN_REQUIRED = "English name is required",
        ar: "الاسم بالإنجليزية مطلوب";
    NAME_AR_REQUIRED = "Arabic name is required",
        ar: "الاسم بالعربية مطلوب";

    // Company settings (core §5).
    COMPANY_NAME_REQUIRED = "Company name is required",
        ar: "اسم الشركة مطلوب";
    PRIMARY_COLOR_INVALID = "Enter a colour as # and six hexadecimal digits, such as #0f5c4d",
        ar: "أدخل اللون بالصيغة # وستة أرقام ست عشرية، مثل #0f5c4d";
    PRIMARY_COLOR_TOO_LIGHT = "This colour is too light for white text on the website's buttons; choose a darker one",
        ar: "هذا اللون فاتح جدًا لنص أبيض على أزرار الموقع؛ اختر لونًا أغمق";
    SETTINGS_EMAIL_INVALID = "Invalid email",
        ar: "البريد الإلكتروني غير صحيح";

    // Image by URL (core §5): shown as a toast title and description, or joined as one line.
    IMAGE_URL_INVALID_TITLE = "Invalid Image URL",
        ar: "رابط الصورة غير صالح";
    IMAGE_URL_INVALID_DESCRIPTION = "Please enter a valid image URL (JPG, PNG, WebP, GIF)",
        ar: "يرجى إدخال رابط صورة صالح (JPG أو PNG أو WebP أو GIF)";

    // Section images over 5 MB (site §5).
    FILE_TOO_LARGE_TITLE = "File too large",
        ar: "حجم الملف كبير جدًا";
    IMAGE_TOO_LARGE = "Please select an image smaller than 5MB",
        ar: "يرجى اختيار صورة أصغر من 5 ميغابايت";

    // Users (site §5).
    PASSWORDS_DONT_MATCH = "Passwords don't match",
        ar: "كلمتا المرور غير متطابقتين";
    CONFIRM_PASSWORD_REQUIRED = "Please confirm your password",
        ar: "يرجى تأكيد كلمة المرور";
    LOGO_TOO_LARGE = "Please select a logo smaller than 5MB",
        ar: "يرجى اختيار شعار أصغر من 5 ميغابايت";

    // Team members (site §5 states the rules; the words are written here).
    EXPERIENCE_NEGATIVE = "Experience must be non-negative",
        ar: "لا يمكن أن تكون سنوات الخبرة سالبة";

    // Services, process steps, testimonials (site §5).
    ICON_REQUIRED = "Icon is required",
        ar: "الأيقونة مطلوبة";
    DISPLAY_ORDER_NEGATIVE = "Display order must be non-negative",
        ar: "لا يمكن أن يكون ترتيب العرض سالبًا";
    STEP_NUMBER_NOT_POSITIVE = "Step number must be positive",
        ar: "يجب أن يكون رقم الخطوة أكبر من صفر";
    CLIENT_NAME_EN_REQUIRED = "English client name is required",
        ar: "اسم العميل بالإنجليزية مطلوب";
    CLIENT_NAME_AR_REQUIRED = "Arabic client name is required",
        ar: "اسم العميل بالعربية مطلوب";
    TESTIMONIAL_EN_REQUIRED = "English testimonial is required",
        ar: "نص الشهادة بالإنجليزية مطلوب";
    TESTIMONIAL_AR_REQUIRED = "Arabic testimonial is required",
        ar: "نص الشهادة بالعربية مطلوب";
    RATING_TOO_LOW = "Rating must be at least 1",
        ar: "يجب ألا يقل التقييم عن 1";
    RATING_TOO_HIGH = "Rating cannot exceed 5",
        ar: "لا يمكن أن يتجاوز التقييم 5";

    // Values section form and values-section settings (site §5).
    SECTION_TITLE_EN_REQUIRED = "Section title in English is required",
        ar: "عنوان القسم بالإنجليزية مطلوب";
    SECTION_TITLE_AR_REQUIRED = "Section title in Arabic is required",
        ar: "عنوان القسم بالعربية مطلوب";
    SECTION_SUBTITLE_EN_REQUIRED = "Section subtitle in English is required",
        ar: "العنوان الفرعي للقسم بالإنجليزية مطلوب";
    SECTION_SUBTITLE_AR_REQUIRED = "Section subtitle in Arabic is required",
        ar: "العنوان الفرعي للقسم بالعربية مطلوب";
    VALUES_REQUIRED = "At least one value is required",
        ar: "أضف قيمة واحدة على الأقل";

    // Export (core §5 states the rule; the words are written here).
    DATE_INVALID = "Please enter a valid date",
        ar: "يرجى إدخال تاريخ صحيح";
    END_BEFORE_START = "End date cannot be before start date",
        ar: "لا يمكن أن يسبق تاريخ النهاية تاريخ البداية";

    // Catalog references and uploaded images (written here: the server checks them against
    // stored rows and file contents; the 10MB wording follows the 5MB one of site §5).
    COUNTRY_NOT_FOUND = "Country not found",
        ar: "الدولة غير موجودة";
    CITY_NOT_FOUND = "City not found",
        ar: "المدينة غير موجودة";
    IMAGE_NOT_RECOGNISED = "Please choose a PNG, JPEG, GIF or WebP image",
        ar: "يرجى اختيار صورة بصيغة PNG أو JPEG أو GIF أو WebP";
    IMAGE_OVER_10MB = "Please select an image smaller than 10MB",
        ar: "يرجى اختيار صورة أصغر من 10 ميغابايت";
    IMAGE_OVER_50_MEGAPIXELS = "Please choose an image of at most 50 megapixels",
        ar: "يرجى اختيار صورة لا تتجاوز 50 ميغابكسل";

    // Uploaded videos (written here: the server judges the file's content, as for images).
    VIDEO_NOT_RECOGNISED = "Please choose an MP4, WebM or MOV video",
        ar: "يرجى اختيار فيديو بصيغة MP4 أو WebM أو MOV";
    VIDEO_OVER_200MB = "Please select a video smaller than 200MB",
        ar: "يرجى اختيار فيديو أصغر من 200 ميغابايت";

    // Property listings on the server (written here: the server checks references against
    // stored rows).
    PROPERTY_NOT_FOUND = "Property not found",
        ar: "العقار غير موجود";
    CATEGORY_NOT_FOUND = "Category not found",
        ar: "التصنيف غير موجود";
    PROPERTY_TYPE_NOT_FOUND = "Property type not found",
        ar: "نوع العقار غير موجود";
    REGION_NOT_FOUND = "Region not found",
        ar: "المنطقة غير موجودة";
    CITY_NOT_IN_COUNTRY = "This city is not in the chosen country",
        ar: "هذه المدينة ليست في الدولة المختارة";
    REGION_NOT_IN_CITY = "This region is not in the chosen city",
        ar: "هذه المنطقة ليست في المدينة المختارة";
    FEATURE_NOT_FOUND = "A selected feature does not exist",
        ar: "إحدى الميزات المختارة غير موجودة";


    // The order of the public site's lists (written here: issue 11's reorder call).
    ORDER_EMPTY = "List the ids in their new order",
        ar: "اذكر المعرّفات بترتيبها الجديد";
    ORDER_REPEATED = "An id is listed twice",
        ar: "أحد المعرّفات مذكور مرتين";


    /// The answer (503) when the server cannot take more work in time.
    SERVER_BUSY = "The server is busy; please try again in a moment",
        ar: "الخادم مشغول حاليًا؛ يرجى المحاولة مرة أخرى بعد لحظات";

    /// A bound of a search's range filter (issue 38) that is not a number from 0.
    RANGE_VALUE_INVALID = "Enter a number from 0",
        ar: "أدخل رقمًا من 0 فأكثر";

    /// A search's range whose minimum is above its maximum.
    RANGE_MIN_ABOVE_MAX = "The minimum must not be more than the maximum",
        ar: "يجب ألا يزيد الحد الأدنى على الحد الأقصى";

    /// A search asking for more features at once than `search::MAX_FEATURE_FILTERS`.
    TOO_MANY_FEATURE_FILTERS = "Choose at most 20 features",
        ar: "اختر 20 ميزة على الأكثر";

    /// The answer (503) of a list while the search index is being built (issue 38).
    SEARCH_INDEX_BUILDING = "The listings are being indexed; please try again in a few seconds",
        ar: "يجري فهرسة العقارات؛ يرجى المحاولة مرة أخرى بعد بضع ثوانٍ";

    // Passwords (written here: issue 21). The longest password is what sign-in accepts.
    PASSWORD_TOO_LONG = "Password must be at most 128 characters",
        ar: "يجب ألا تزيد كلمة المرور على 128 حرفًا";
    PASSWORD_TOO_COMMON = "This password is one of the most common; choose one that is harder to guess",
        ar: "كلمة المرور هذه من أكثر كلمات المرور شيوعًا؛ اختر كلمة يصعب تخمينها";
    /// The answer (408) when a request's body stops arriving (written here: issue 21).
    BODY_STALLED = "The request body stopped arriving; send it again",
        ar: "توقف وصول محتوى الطلب؛ أرسله مرة أخرى";
    /// The answer (429) when one address already sends as many bodies at once as it may
    /// (written here: issue 42).
    BODIES_TOO_MANY_OPEN = "Too many requests are being sent from this address at once; please try again in a moment",
        ar: "تُرسَل طلبات كثيرة جدًا من هذا العنوان في الوقت نفسه؛ يرجى المحاولة مرة أخرى بعد لحظات";

    // Bounded input (written here: issue 21, items 4 and 5). The numbers are those of
    // `crate::bounds`.
    SHORT_TEXT_TOO_LONG = "Must be at most 200 characters",
        ar: "يجب ألا يزيد النص على 200 حرف";
    MEDIUM_TEXT_TOO_LONG = "Must be at most 1,000 characters",
        ar: "يجب ألا يزيد النص على 1,000 حرف";
    LONG_TEXT_TOO_LONG = "Must be at most 10,000 characters",
        ar: "يجب ألا يزيد النص على 10,000 حرف";
    URL_TOO_LONG = "A web address must be at most 2,048 characters",
        ar: "يجب ألا يزيد الرابط على 2,048 حرفًا";
    URL_UNSAFE = "Please enter a web address starting with https:// or http://",
        ar: "يرجى إدخال رابط يبدأ بـ https:// أو http://";
    IMAGES_TOO_MANY = "A listing can have at most 50 images",
        ar: "لا يمكن أن يتجاوز عدد صور العقار 50 صورة";
    SPECIALIZATIONS_TOO_MANY = "At most 20 specializations",
        ar: "الحد الأقصى 20 تخصصًا";
    VALUES_TOO_MANY = "At most 20 values",
        ar: "الحد الأقصى 20 قيمة";
    FEATURES_TOO_MANY = "At most 200 features can be selected",
        ar: "يمكن اختيار 200 ميزة كحد أقصى";
    ORDER_TOO_LONG = "At most 1,000 ids can be ordered at once",
        ar: "يمكن ترتيب 1,000 معرّف كحد أقصى في المرة الواحدة";

    // The public contact form's bounds and rate limit (written here: issue 21).
    CONTACT_NAME_TOO_LONG = "Name must be at most 100 characters",
        ar: "يجب ألا يزيد الاسم على 100 حرف";
    CONTACT_EMAIL_TOO_LONG = "Email must be at most 254 characters",
        ar: "يجب ألا يزيد البريد الإلكتروني على 254 حرفًا";
    CONTACT_PHONE_TOO_LONG = "Phone must be at most 30 characters",
        ar: "يجب ألا يزيد رقم الهاتف على 30 حرفًا";
    CONTACT_SUBJECT_TOO_LONG = "Subject must be at most 200 characters",
        ar: "يجب ألا يزيد الموضوع على 200 حرف";
    CONTACT_MESSAGE_TOO_LONG = "Message must be at most 5,000 characters",
        ar: "يجب ألا تزيد الرسالة على 5,000 حرف";
    CONTACT_TOO_MANY = "Too many messages from this address. Please try again later",
        ar: "وصلت رسائل كثيرة من هذا العنوان. يرجى المحاولة لاحقًا";

    // Leads (issue 26; the words are written here).
    LEAD_EMAIL_OR_PHONE = "Give an email address or a phone number",
        ar: "أدخل بريدًا إلكترونيًا أو رقم هاتف";
    LEAD_SOURCE_NOT_MANUAL = "A lead taken by hand came by phone, walk-in, email, WhatsApp or a portal",
        ar: "العميل المُسجَّل يدويًا يأتي عبر الهاتف أو الزيارة أو البريد الإلكتروني أو واتساب أو بوابة عقارية";
    LEAD_TAKEN = "This lead is already assigned to someone else",
        ar: "هذا العميل مُسنَد إلى شخص آخر بالفعل";
    LEAD_REASSIGN_ADMINS_ONLY = "Only an administrator can assign a lead to someone",
        ar: "لا يمكن إسناد عميل إلى شخص إلا للمدير";
    LEAD_ASSIGNEE_NOT_FOUND = "No active user has this id",
        ar: "لا يوجد مستخدم نشط بهذا المعرّف";
    LEAD_AGENT_NOT_FOUND = "No user has this id",
        ar: "لا يوجد مستخدم بهذا المعرّف";
    LEAD_FOLLOW_UP_INVALID = "Give a date and time such as 2026-01-31T09:00:00Z, or an empty text to clear it",
        ar: "أدخل تاريخًا ووقتًا مثل 2026-01-31T09:00:00Z، أو نصًا فارغًا لحذفه";
    LEAD_NOTE_TOO_LONG = "A note must be at most 5,000 characters",
        ar: "يجب ألا تتجاوز الملاحظة 5,000 حرف";
    LEAD_MAIL_SUBJECT = "New lead",
        ar: "عميل محتمل جديد";
    LEAD_MAIL_ASSIGNED = "A lead has been assigned to you in Aqar.",
        ar: "أُسند إليك عميل محتمل في عقار.";
    LEAD_MAIL_NAME = "Name",
        ar: "الاسم";
    LEAD_MAIL_TOPIC = "Subject",
        ar: "الموضوع";
    LEAD_MAIL_MESSAGE = "Message",
        ar: "الرسالة";
    PERMIT_MAIL_EXPIRING_14 = "An advertising permit of one of your listings expires in 14 days.",
        ar: "ينتهي تصريح إعلان أحد عقاراتك خلال 14 يومًا.";
    PERMIT_MAIL_EXPIRING_3 = "An advertising permit of one of your listings expires in 3 days.",
        ar: "ينتهي تصريح إعلان أحد عقاراتك خلال 3 أيام.";
    PERMIT_MAIL_EXPIRED = "An advertising permit of one of your listings has expired: the listing is off the public site and pending.",
        ar: "انتهى تصريح إعلان أحد عقاراتك: أُزيل العقار من الموقع العام وأصبح قيد الانتظار.";
    PERMIT_MAIL_SUBJECT = "Advertising permit",
        ar: "تصريح الإعلان";
    PERMIT_MAIL_LISTING = "Listing",
        ar: "العقار";
    PERMIT_MAIL_NUMBER = "Permit number",
        ar: "رقم التصريح";
    PERMIT_MAIL_EXPIRES = "Expires",
        ar: "ينتهي في";
    LEAD_MAIL_OPEN = "Open it in the panel",
        ar: "افتحه في لوحة التحكم";
    NOTIFICATION_NOT_FOUND = "Notification not found",
        ar: "الإشعار غير موجود";

    // Memory bounds of uploads and scaled copies (written here: issue 21).
    IMAGE_TOO_LARGE_TO_SCALE = "This image needs too much memory to be scaled; please upload a smaller one",
        ar: "تحتاج هذه الصورة إلى ذاكرة أكبر من المسموح لتصغيرها؛ يرجى رفع صورة أصغر";

    // Answers of the HTTP layer, not of a payload's rules (written here): sign-in and rights,
    // malformed requests, missing records, media and the database's refusals.
    SIGN_IN_TO_CONTINUE = "Sign in to continue",
        ar: "سجّل الدخول للمتابعة";
    ADMINS_ONLY = "Only administrators can do this",
        ar: "هذا الإجراء متاح للمديرين فقط";
    NOT_ALLOWED = "You are not allowed to do this",
        ar: "ليست لديك صلاحية لتنفيذ هذا الإجراء";
    FOREIGN_ORIGIN = "Changes are accepted only from the panel's own pages",
        ar: "لا تُقبل التغييرات إلا من صفحات لوحة التحكم نفسها";
    UNKNOWN_HOST = "This server does not answer for that host; see AQAR_PUBLIC_HOSTS",
        ar: "لا يستجيب هذا الخادم لهذا المضيف؛ راجع AQAR_PUBLIC_HOSTS";
    NOT_FOUND = "Not found",
        ar: "غير موجود";
    NO_SUCH_FILE = "No such file",
        ar: "الملف غير موجود";
    RANGE_NOT_SATISFIABLE = "The requested range is not in the file",
        ar: "النطاق المطلوب خارج حدود الملف";
    SCALED_COPIES_IMAGES_ONLY = "Only images have scaled copies: leave w out for a video",
        ar: "النسخ المصغّرة متاحة للصور فقط: احذف w عند طلب فيديو";
    SCALED_WIDTH = "The width w must be 160, 320, 640 or 1280",
        ar: "يجب أن يكون العرض w إحدى القيم 160 أو 320 أو 640 أو 1280";
    IMAGE_OVER_MEGAPIXELS = "This image has more than 50 megapixels and cannot be scaled",
        ar: "تتجاوز هذه الصورة 50 ميغابكسل ولا يمكن تصغيرها";
    IMAGE_UNREADABLE = "This image cannot be read, so it cannot be scaled",
        ar: "تعذّرت قراءة هذه الصورة، لذا لا يمكن تصغيرها";
    BODY_NOT_JSON = "Send the body as JSON",
        ar: "أرسل محتوى الطلب بصيغة JSON";
    BODY_NOT_OBJECT = "The request body must be a JSON object",
        ar: "يجب أن يكون محتوى الطلب كائن JSON";
    TEXT_WITH_NUL = "Text cannot contain the NUL character (U+0000)",
        ar: "لا يمكن أن يحتوي النص على المحرف الفارغ NUL (U+0000)";
    QUERY_WITH_NUL = "q cannot contain the NUL character (U+0000)",
        ar: "لا يمكن أن تحتوي قيمة q على المحرف الفارغ NUL (U+0000)";
    EXPORT_OFFSET = "offset must be the minutes east of UTC, from -840 to 840",
        ar: "يجب أن تكون قيمة offset عدد الدقائق شرق UTC، بين -840 و840";
    EXPORT_OFFSET_RANGE = "offset is out of range",
        ar: "قيمة offset خارج النطاق المسموح";
    EXPORT_BODY = "The body must be an object with the requests to export",
        ar: "يجب أن يكون محتوى الطلب كائنًا يضم الطلبات المراد تصديرها";
    API_REFERENCE_MISSING = "The API reference is part of the UI build, which this server lacks",
        ar: "مرجع واجهة البرمجة جزء من بناء الواجهة، وهذا الخادم لا يتضمنه";
    IF_MATCH_MALFORMED = "If-Match must name one version of the record, such as \"3\"",
        ar: "يجب أن يحدد If-Match إصدارًا واحدًا من السجل، مثل \"3\"";
    SERVER_FAULT = "Something went wrong on the server",
        ar: "حدث خطأ في الخادم";
    DUPLICATE_VALUE = "A record with this value already exists",
        ar: "يوجد سجل بهذه القيمة بالفعل";
    STILL_REFERENCED = "This record is referenced by other records",
        ar: "هذا السجل مرتبط بسجلات أخرى";
    METHOD_NOT_ALLOWED = "This address does not take that method",
        ar: "هذا العنوان لا يقبل هذه الطريقة";
    WRONG_TYPE_IN_ADDRESS = "A value in the address has the wrong type, such as an id that is not a number",
        ar: "في العنوان قيمة من نوع خاطئ، كمعرّف ليس رقمًا";
    BODY_MALFORMED = "The request body is malformed",
        ar: "محتوى الطلب غير سليم";
    BODY_TOO_LARGE = "The request body is too large",
        ar: "محتوى الطلب كبير جدًا";
    UNSUPPORTED_MEDIA_TYPE = "Unsupported media type",
        ar: "نوع المحتوى غير مدعوم";
    BODY_WRONG_SHAPE = "The request body does not have the expected shape",
        ar: "محتوى الطلب ليس بالبنية المتوقعة";
    FORM_PARAMETER = "form must be 'quick' (the older quick form) or absent",
        ar: "يجب أن تكون قيمة form هي 'quick' (النموذج السريع القديم) أو أن تُحذف";
    FORM_FIELDS = "The form lacks a field this call needs, or holds one of the wrong kind",
        ar: "ينقص النموذج حقلًا يحتاجه هذا الطلب، أو فيه حقل من نوع خاطئ";

    // Refusals of the areas' stores and handlers (written here): missing records, the
    // protected accounts, sign-in and registration.
    FIRST_USER_PROTECTED = "The first user cannot be deleted",
        ar: "لا يمكن حذف المستخدم الأول";
    NOT_YOURSELF_DELETE = "You cannot delete your own account",
        ar: "لا يمكنك حذف حسابك";
    NOT_YOURSELF_DEACTIVATE = "You cannot deactivate your own account",
        ar: "لا يمكنك إلغاء تفعيل حسابك";
    NOT_YOUR_OWN_ROLE = "You cannot change your own role",
        ar: "لا يمكنك تغيير دورك";
    CURRENT_PASSWORD_WRONG = "The current password is not correct",
        ar: "كلمة المرور الحالية غير صحيحة";
    USER_NOT_FOUND = "User not found",
        ar: "المستخدم غير موجود";
    LAST_ADMIN = "The last active administrator cannot be demoted, deactivated or deleted",
        ar: "لا يمكن تغيير دور آخر مدير نشط أو إلغاء تفعيله أو حذفه";
    INVALID_CREDENTIALS = "Invalid username or password",
        ar: "اسم المستخدم أو كلمة المرور غير صحيحة";
    REGISTRATION_CLOSED = "Registration is closed: accounts are created by an administrator",
        ar: "التسجيل مغلق: ينشئ المدير حسابات المستخدمين";
    COMPANY_VALUE_NOT_FOUND = "Company value not found",
        ar: "قيمة الشركة غير موجودة";
    CONTACT_REQUEST_NOT_FOUND = "Contact request not found",
        ar: "طلب التواصل غير موجود";
    NO_PROPERTY_WITH_ID = "No property has this id",
        ar: "لا يوجد عقار بهذا المعرّف";
    PROPERTY_FEATURE_NOT_FOUND = "Property feature not found",
        ar: "ميزة العقار غير موجودة";
    ABOUT_SECTION_NOT_FOUND = "About section not found",
        ar: "قسم صفحة «من نحن» غير موجود";
    USERNAME_TAKEN = "A user with this username already exists",
        ar: "يوجد مستخدم بهذا الاسم بالفعل";

    // Two-factor sign-in (issue 42, written here).
    SECOND_FACTOR_CODE_REQUIRED = "Enter the code from your authenticator app, or a recovery code",
        ar: "أدخل الرمز من تطبيق المصادقة، أو أحد رموز الاسترداد";
    SECOND_FACTOR_CODE_WRONG = "This code is not correct, or it has already been used",
        ar: "هذا الرمز غير صحيح، أو سبق استخدامه";
    SECOND_FACTOR_SIGN_IN_EXPIRED = "This sign-in has expired. Enter your username and password again",
        ar: "انتهت صلاحية محاولة الدخول هذه. أدخل اسم المستخدم وكلمة المرور من جديد";
    SECOND_FACTOR_ALREADY_ON = "Two-factor sign-in is already on for this account",
        ar: "التحقق بخطوتين مفعّل بالفعل لهذا الحساب";
    SECOND_FACTOR_NOT_STARTED = "Start the set-up again: no secret is waiting for its first code",
        ar: "ابدأ الإعداد من جديد: لا يوجد مفتاح سري بانتظار رمزه الأول";
    SECOND_FACTOR_TURNED_OFF = "Two-factor sign-in is turned off on this server",
        ar: "التحقق بخطوتين معطّل على هذا الخادم";
    SECOND_FACTOR_SET_UP_FIRST = "Set up two-factor sign-in again: sign in to continue",
        ar: "أعد إعداد التحقق بخطوتين: سجّل الدخول للمتابعة";

    // The trash (issue 24, written here).
    TRASH_ENTRY_NOT_FOUND = "This record is not in the trash",
        ar: "هذا السجل ليس في سلة المحذوفات";
    RESTORE_NOT_ALLOWED = "Only an administrator or whoever deleted it can restore this",
        ar: "لا يستعيد هذا إلا المدير أو من حذفه";

    // Sessions, validation and versions (written here: issue 23 moved them from the server).
    SESSION_EXPIRED = "Your session has expired. Sign in again",
        ar: "انتهت جلستك. سجّل الدخول مرة أخرى";
    ACCOUNT_INACTIVE = "This account is inactive",
        ar: "هذا الحساب غير نشط";
    /// The `message` of every 422 beside its `errors`.
    VALIDATION_FAILED = "Validation failed",
        ar: "بعض البيانات المدخلة غير صحيحة";
    /// The `message` of a 412: the record changed since the client read it.
    RECORD_CHANGED = "This record was changed by someone else since you opened it",
        ar: "عدّل شخص آخر هذا السجل بعد أن فتحته";
    /// A rejected image URL's toast as one line: [`IMAGE_URL_INVALID_TITLE`], a colon and
    /// [`IMAGE_URL_INVALID_DESCRIPTION`].
    IMAGE_URL_INVALID = "Invalid Image URL: Please enter a valid image URL (JPG, PNG, WebP, GIF)",
        ar: "رابط الصورة غير صالح: يرجى إدخال رابط صورة صالح (JPG أو PNG أو WebP أو GIF)";
    /// The export's `now` is not a local date and time.
    EXPORT_NOW = "'now' must be a local date and time such as 2025-01-31T14:05:00",
        ar: "يجب أن تكون قيمة now تاريخًا ووقتًا محليين مثل 2025-01-31T14:05:00";

    // Imports of listings from a spreadsheet (issue 25; the words are written here).
    // Bulk actions (issue 24).
    BULK_SELECTION = "Send either ids or a filter, not both",
        ar: "أرسل المعرّفات أو عامل التصفية، لا كليهما";
    BULK_NOTHING_SELECTED = "Select at least one record",
        ar: "اختر سجلًا واحدًا على الأقل";
    BULK_TOO_MANY = "At most 10,000 records can be changed at once: narrow the selection",
        ar: "يمكن تغيير 10,000 سجل على الأكثر دفعة واحدة: ضيّق التحديد";
    BULK_NO_VALUE = "This action takes no value",
        ar: "هذا الإجراء لا يأخذ قيمة";
    BULK_FEATURED_VALUE = "Send true to feature the listings or false to stop featuring them",
        ar: "أرسل true لتمييز العقارات أو false لإلغاء تمييزها";
    BULK_SEARCH_TOO_LONG = "The search is longer than 200 characters",
        ar: "نص البحث أطول من 200 حرف";
    BULK_INSTANT = "Enter an instant such as 2026-01-31T00:00:00Z",
        ar: "أدخل وقتًا مثل 2026-01-31T00:00:00Z";
    SKIPPED_NOT_FOUND = "No record has this id",
        ar: "لا يوجد سجل بهذا المعرّف";
    SKIPPED_STALE = "Changed by someone else meanwhile: not overwritten",
        ar: "عدّله شخص آخر في أثناء ذلك: لم تتم الكتابة فوقه";
    SKIPPED_UNCHANGED = "Already as asked",
        ar: "كان على الحال المطلوبة أصلًا";
    SKIPPED_NOT_ALLOWED = "Not allowed: the status must fit the offering, and an active listing needs its permit",
        ar: "غير مسموح: يجب أن تناسب الحالة نوع العرض، ويحتاج العقار النشط إلى تصريحه";

    IMPORT_FILE_TOO_LARGE = "The file is larger than 20 MB",
        ar: "حجم الملف أكبر من 20 ميغابايت";
    IMPORT_TOO_MANY_ROWS = "The file holds more than 50,000 rows",
        ar: "يحتوي الملف على أكثر من 50,000 صف";
    IMPORT_NOT_A_SPREADSHEET = "This file is not a spreadsheet: choose an .xlsx, .xls, .ods or .csv file",
        ar: "هذا الملف ليس جدول بيانات: اختر ملفًا بصيغة ‎.xlsx أو ‎.xls أو ‎.ods أو ‎.csv";
    IMPORT_NO_FILE = "Choose a file to import",
        ar: "اختر ملفًا لاستيراده";
    IMPORT_NO_HEADER = "The file has no header row",
        ar: "لا يحتوي الملف على صف العناوين";
    IMPORT_NOT_FOUND = "Import not found",
        ar: "عملية الاستيراد غير موجودة";
    IMPORT_MAPPING_LENGTH = "The mapping must give one choice per column of the file",
        ar: "يجب تحديد خيار واحد لكل عمود في الملف";
    IMPORT_MAPPING_UNKNOWN = "The mapping names a field that does not exist",
        ar: "تشير المطابقة إلى حقل غير موجود";
    IMPORT_MAPPING_TWICE = "A field is chosen for two columns",
        ar: "تم اختيار الحقل نفسه لعمودين";
    IMPORT_NOT_CHECKED = "Check the import before writing it",
        ar: "افحص الملف قبل استيراده";
    IMPORT_ALREADY_WRITTEN = "This import is being written or has been written; it can no longer be changed",
        ar: "هذا الاستيراد قيد التنفيذ أو اكتمل، ولم يعد بالإمكان تعديله";
    IMPORT_NUMBER_INVALID = "Please enter a number",
        ar: "يرجى إدخال رقم";
    IMPORT_WHOLE_NUMBER_INVALID = "Please enter a whole number",
        ar: "يرجى إدخال عدد صحيح";
    IMPORT_YES_NO_INVALID = "Please enter yes or no",
        ar: "يرجى إدخال نعم أو لا";
    IMPORT_CATEGORY_UNKNOWN = "No category has this name",
        ar: "لا يوجد تصنيف بهذا الاسم";
    IMPORT_PROPERTY_TYPE_UNKNOWN = "No property type has this name",
        ar: "لا يوجد نوع عقار بهذا الاسم";
    IMPORT_COUNTRY_UNKNOWN = "No country has this name",
        ar: "لا توجد دولة بهذا الاسم";
    IMPORT_CITY_UNKNOWN = "No city of this country has this name",
        ar: "لا توجد مدينة بهذا الاسم في هذه الدولة";
    IMPORT_REGION_UNKNOWN = "No region of this city has this name",
        ar: "لا توجد منطقة بهذا الاسم في هذه المدينة";
    IMPORT_REGION_WITHOUT_CITY = "A region needs its city",
        ar: "يجب تحديد مدينة المنطقة";
    IMPORT_FEATURE_UNKNOWN = "No feature has this name",
        ar: "لا توجد ميزة بهذا الاسم";
    IMPORT_NAME_BOTH_LANGUAGES = "To add it to the catalog, give its name in English and in Arabic",
        ar: "لإضافته إلى البيانات الأساسية، أدخل اسمه بالإنجليزية وبالعربية";
    IMPORT_PROPERTY_NUMBER_EXISTS = "A listing with this property number already exists",
        ar: "يوجد عقار بهذا الرقم مسبقًا";
    IMPORT_PROPERTY_NUMBER_REPEATED = "This property number is on an earlier row of the file",
        ar: "رقم العقار هذا مكرر في صف سابق من الملف";
    IMPORT_ROW_CHANGED = "This row no longer fits the catalog",
        ar: "لم يعد هذا الصف متوافقًا مع البيانات الأساسية";
    IMPORT_INTERRUPTED = "The import stopped before it finished",
        ar: "توقف الاستيراد قبل اكتماله";
    // An import's disk and its owner (issue 37; the words are written here).
    IMPORT_ROWS_TOO_LARGE = "The file's rows take more than 10 times the file's size: remove repeated or empty cells",
        ar: "تشغل صفوف الملف أكثر من 10 أضعاف حجمه: احذف الخلايا المكررة أو الفارغة";
    IMPORT_TOO_MANY_UNFINISHED = "You have 3 imports being written: wait for one to finish before uploading another",
        ar: "لديك 3 عمليات استيراد قيد الكتابة: انتظر حتى تنتهي إحداها قبل رفع ملف آخر";
    IMPORT_ROW_PASSES_NOW = "This row passes now: check the import again to write it",
        ar: "هذا الصف سليم الآن: افحص الاستيراد مرة أخرى لكتابته";
    /// The header of the rejected rows' added column.
    IMPORT_MESSAGES_HEADER = "Messages",
        ar: "الرسائل";
    // Bounded readers (issue 37).
    IMPORT_TOO_MANY_COLUMNS = "The file has more than 200 columns",
        ar: "يحتوي الملف على أكثر من 200 عمود";
    IMPORT_CELL_TOO_LONG = "A cell of the file holds more than 10,000 characters",
        ar: "تحتوي إحدى خلايا الملف على أكثر من 10,000 حرف";
    IMPORT_UNPACKED_TOO_LARGE = "The file unpacks to more than 20 times its size or more than 200 MB",
        ar: "يتجاوز حجم الملف بعد فك ضغطه 20 ضعف حجمه أو 200 ميغابايت";
    IMPORT_SHARED_TEXT_TOO_LARGE = "The file's shared texts take more than 64 MB",
        ar: "تتجاوز النصوص المشتركة في الملف 64 ميغابايت";
    IMPORT_XLS_TOO_LARGE = "This .xls file takes more than 64 MB to read: save it as .xlsx or .csv",
        ar: "قراءة ملف ‎.xls هذا تتطلب أكثر من 64 ميغابايت: احفظه بصيغة ‎.xlsx أو ‎.csv";

    // Restoring an earlier version from the history (issue 24; the words are written here).
    HISTORY_ENTRY_NOT_FOUND = "This change is not in the history",
        ar: "هذا التغيير غير موجود في السجل";
    RESTORE_DELETION = "This change deleted the record: it is not a version that can be restored",
        ar: "هذا التغيير حذف السجل، فليس نسخة يمكن استعادتها";
    RESTORE_MANY_RECORDS = "This change was made to many records at once: it is not a version of one record",
        ar: "هذا التغيير شمل سجلات كثيرة معًا، فليس نسخة من سجل واحد";
    RESTORE_RECORD_GONE = "The record of this version no longer exists",
        ar: "السجل الذي تعود إليه هذه النسخة لم يعد موجودًا";

    // Trash rights and inactive users (issue 37).
    AGENT_INACTIVE = "The agent must be an active user",
        ar: "يجب أن يكون الوكيل مستخدمًا نشطًا";

    // Listing quality (issue 39): the fixes that raise a listing's score, written here. The
    // numbers are those of `crate::properties::quality`; the photos need one message for
    // each count a listing can be asked for.
    QUALITY_TITLE_EN = "Make the English title 30 to 70 characters long",
        ar: "اجعل طول العنوان بالإنجليزية بين 30 و70 حرفًا";
    QUALITY_TITLE_AR = "Make the Arabic title 30 to 70 characters long",
        ar: "اجعل طول العنوان بالعربية بين 30 و70 حرفًا";
    QUALITY_DESCRIPTION_EN = "Make the English description at least 750 characters long",
        ar: "اجعل الوصف بالإنجليزية 750 حرفًا على الأقل";
    QUALITY_DESCRIPTION_AR = "Make the Arabic description at least 750 characters long",
        ar: "اجعل الوصف بالعربية 750 حرفًا على الأقل";
    QUALITY_LOCATION_EN = "Enter the location in English",
        ar: "أدخل الموقع بالإنجليزية";
    QUALITY_LOCATION_AR = "Enter the location in Arabic",
        ar: "أدخل الموقع بالعربية";
    QUALITY_MAP_PIN = "Mark the listing's location on the map",
        ar: "حدّد موقع العقار على الخريطة";
    QUALITY_PHOTOS_5 = "Add photos so the listing has at least 5",
        ar: "أضف صورًا ليصبح عدد صور العقار 5 على الأقل";
    QUALITY_PHOTOS_8 = "Add photos so the listing has at least 8",
        ar: "أضف صورًا ليصبح عدد صور العقار 8 على الأقل";
    QUALITY_PERMIT = "Add a valid permit for this listing",
        ar: "أضف تصريحًا ساريًا لهذا العقار";

    // Portals (issue 41; the words are written here).
    PORTAL_LOCATION_TOO_LONG = "A portal's location name is at most 100 characters",
        ar: "اسم الموقع في البوابة 100 حرف على الأكثر";
    PORTAL_SECRET_LENGTH = "The secret must be 16 to 200 characters long",
        ar: "يجب أن يكون طول المفتاح السري بين 16 و200 حرف";
    PHONE_INVALID = "Enter a phone number of 7 to 15 digits",
        ar: "أدخل رقم هاتف من 7 إلى 15 رقمًا";

    // Portal webhooks and feeds (issue 41)
    PORTAL_MAPPING_NOT_FOUND = "Portal mapping not found",
        ar: "ربط البوابة غير موجود";
    PORTAL_MAPPING_TAKEN = "This record has been mapped again meanwhile",
        ar: "رُبط هذا السجل من جديد في الأثناء";
    FEED_TOKEN_NOT_FOUND = "Feed address not found",
        ar: "عنوان الملف غير موجود";
    FEED_TOKEN_TAKEN = "This feed has a newer address: revoke it first",
        ar: "لهذا الملف عنوان أحدث: ألغِه أولًا";
    WEBHOOK_SIGNATURE_INVALID = "The request's signature does not match the portal's secret",
        ar: "توقيع الطلب لا يطابق المفتاح السري للبوابة";
}

/// `message` (as the rules spell it, in English) in `language`. A message this crate does
/// not spell (a parser's detail naming a field) is answered as it is.
pub fn in_language(message: &str, language: Language) -> Cow<'_, str> {
    match language {
        Language::En => Cow::Borrowed(message),
        Language::Ar => match arabic_of(message) {
            Some(arabic) => Cow::Borrowed(arabic),
            None => match Formatted::read(message) {
                Some(formatted) => Cow::Owned(formatted.arabic()),
                None => Cow::Borrowed(message),
            },
        },
    }
}

/// A catalog record that listings name, as a refusal to delete it names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Record {
    Category,
    PropertyType,
    Country,
    City,
    Region,
    PropertyFeature,
}

impl Record {
    const ALL: [Record; 6] = [
        Record::Category,
        Record::PropertyType,
        Record::Country,
        Record::City,
        Record::Region,
        Record::PropertyFeature,
    ];

    fn english(self) -> &'static str {
        match self {
            Record::Category => "category",
            Record::PropertyType => "property type",
            Record::Country => "country",
            Record::City => "city",
            Record::Region => "region",
            Record::PropertyFeature => "property feature",
        }
    }

    /// 'This category is used', with the gender of the Arabic noun.
    fn arabic_in_use(self) -> &'static str {
        match self {
            Record::Category => "هذا التصنيف مستخدم",
            Record::PropertyType => "نوع العقار هذا مستخدم",
            Record::Country => "هذه الدولة مستخدمة",
            Record::City => "هذه المدينة مستخدمة",
            Record::Region => "هذه المنطقة مستخدمة",
            Record::PropertyFeature => "هذه الميزة مستخدمة",
        }
    }
}

/// A hero page's name in Arabic, as the public site's menu calls it.
fn arabic_page(page: HeroPage) -> &'static str {
    match page {
        HeroPage::Index => "الرئيسية",
        HeroPage::Properties => "العقارات",
        HeroPage::Investors => "المستثمرون",
        HeroPage::Services => "الخدمات",
        HeroPage::About => "من نحن",
        HeroPage::Team => "فريقنا",
        HeroPage::Contact => "اتصل بنا",
    }
}

/// A counted Arabic noun: its forms for one, two, three to ten, eleven to ninety-nine
/// (by the last two digits) and the rest (100, 101, 102, ...), as Arabic agrees a noun
/// with its number.
struct Counted {
    one: &'static str,
    two: &'static str,
    few: &'static str,
    many: &'static str,
    other: &'static str,
}

impl Counted {
    fn of(&self, count: i64) -> String {
        let last_two = count.rem_euclid(100);
        match count {
            1 => self.one.to_owned(),
            2 => self.two.to_owned(),
            _ if (3..=10).contains(&last_two) => format!("{count} {}", self.few),
            _ if (11..=99).contains(&last_two) => format!("{count} {}", self.many),
            _ => format!("{count} {}", self.other),
        }
    }
}

const CHARACTERS: Counted =
    Counted {
        one: "حرف واحد", two: "حرفين", few: "أحرف", many: "حرفًا", other: "حرف"
    };
const PROPERTIES: Counted =
    Counted {
        one: "عقار واحد", two: "عقارين", few: "عقارات", many: "عقارًا", other: "عقار"
    };
const MINUTES: Counted =
    Counted {
        one: "دقيقة", two: "دقيقتين", few: "دقائق", many: "دقيقة", other: "دقيقة"
    };

/// A message with words filled in. Both spellings are written in [`Formatted::english`]
/// and [`Formatted::arabic`], whose matches leave out no kind; [`Formatted::read`] reads the
/// English back, so [`in_language`] can translate it after the rules answered it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Formatted {
    /// The minimum-length fallback: 'Minimum length is 8'.
    MinimumLength(usize),
    /// The refusal to delete a catalog record that listings still use, naming how many:
    /// 'This category is used by 3 properties'.
    UsedByProperties(Record, i64),
    /// The refusal of a second hero image for a page (site §5 makes the page unique
    /// without words): 'A hero image for the Home page already exists'.
    HeroPageTaken(HeroPage),
    /// The sign-in throttle's refusal, in whole minutes.
    TooManySignIns(i64),
    /// A country code already used by another country.
    CountryCodeTaken(String),
    /// A permit number another listing of the agency holds: 'Permit 7123456789 is already
    /// used by listing #12'.
    PermitInUse(String, i64),
}

const MINIMUM_LENGTH: &str = "Minimum length is ";
const SIGN_INS_BEFORE: &str = "Too many failed sign-in attempts. Try again in ";
const SIGN_INS_AFTER: &str = " minute(s)";
const HERO_BEFORE: &str = "A hero image for the ";
const HERO_AFTER: &str = " page already exists";
const COUNTRY_CODE_BEFORE: &str = "A country with code '";
const COUNTRY_CODE_AFTER: &str = "' already exists";
const PERMIT_BEFORE: &str = "Permit ";
const PERMIT_MIDDLE: &str = " is already used by listing #";

impl Formatted {
    pub fn english(&self) -> String {
        match self {
            Formatted::MinimumLength(characters) => format!("{MINIMUM_LENGTH}{characters}"),
            Formatted::UsedByProperties(record, count) => {
                let noun = if *count == 1 { "property" } else { "properties" };
                format!("This {} is used by {count} {noun}", record.english())
            }
            Formatted::HeroPageTaken(page) => format!("{HERO_BEFORE}{}{HERO_AFTER}", page.label()),
            Formatted::TooManySignIns(minutes) => format!("{SIGN_INS_BEFORE}{minutes}{SIGN_INS_AFTER}"),
            Formatted::CountryCodeTaken(code) => format!("{COUNTRY_CODE_BEFORE}{code}{COUNTRY_CODE_AFTER}"),
            Formatted::PermitInUse(number, id) => format!("{PERMIT_BEFORE}{number}{PERMIT_MIDDLE}{id}"),
        }
    }

    pub fn arabic(&self) -> String {
        match self {
            Formatted::MinimumLength(characters) => {
                let characters = i64::try_from(*characters).unwrap_or(i64::MAX);
                format!("يجب ألا يقل الطول عن {}", CHARACTERS.of(characters))
            }
            Formatted::UsedByProperties(record, count) => {
                format!("{} في {}", record.arabic_in_use(), PROPERTIES.of(*count))
            }
            Formatted::HeroPageTaken(page) => {
                format!("توجد صورة واجهة لصفحة «{}» بالفعل", arabic_page(*page))
            }
            Formatted::TooManySignIns(minutes) => {
                format!("محاولات دخول فاشلة كثيرة. حاول مرة أخرى بعد {}", MINUTES.of(*minutes))
            }
            Formatted::CountryCodeTaken(code) => format!("توجد دولة بالرمز '{code}' بالفعل"),
            Formatted::PermitInUse(number, id) => {
                format!("التصريح {number} مستخدم بالفعل في العقار رقم {id}")
            }
        }
    }

    pub fn in_language(&self, language: Language) -> String {
        match language {
            Language::En => self.english(),
            Language::Ar => self.arabic(),
        }
    }

    /// The message whose English is `english`, if it is one of these.
    pub fn read(english: &str) -> Option<Formatted> {
        if let Some(number) = english.strip_prefix(MINIMUM_LENGTH) {
            return number.parse().ok().map(Formatted::MinimumLength);
        }
        if let Some(rest) = english.strip_prefix(SIGN_INS_BEFORE) {
            return rest.strip_suffix(SIGN_INS_AFTER)?.parse().ok().map(Formatted::TooManySignIns);
        }
        if let Some(rest) = english.strip_prefix(HERO_BEFORE) {
            let label = rest.strip_suffix(HERO_AFTER)?;
            return HeroPage::ALL
                .iter()
                .find(|page| page.label() == label)
                .copied()
                .map(Formatted::HeroPageTaken);
        }
        if let Some((number, id)) =
            english.strip_prefix(PERMIT_BEFORE).and_then(|rest| rest.split_once(PERMIT_MIDDLE))
        {
            return id.parse().ok().map(|id| Formatted::PermitInUse(number.to_owned(), id));
        }
        if let Some(rest) = english.strip_prefix(COUNTRY_CODE_BEFORE) {
            return rest
                .strip_suffix(COUNTRY_CODE_AFTER)
                .map(|code| Formatted::CountryCodeTaken(code.to_owned()));
        }
        let rest = english.strip_prefix("This ")?;
        Record::ALL.iter().find_map(|record| {
            let count = rest.strip_prefix(record.english())?.strip_prefix(" is used by ")?;
            let (count, noun) = count.split_once(' ')?;
            let count: i64 = count.parse().ok()?;
            (noun == if count == 1 { "property" } else { "properties" })
                .then_some(Formatted::UsedByProperties(*record, count))
        })
    }
}

/// 'Minimum length is 8'.
pub fn minimum_length(characters: usize) -> String {
    Formatted::MinimumLength(characters).english()
}

/// 'This category is used by 3 properties'.
pub fn used_by_properties(record: Record, count: i64) -> String {
    Formatted::UsedByProperties(record, count).english()
}

/// 'A hero image for the Home page already exists'.
pub fn hero_page_taken(page: HeroPage) -> String {
    Formatted::HeroPageTaken(page).english()
}

/// 'Too many failed sign-in attempts. Try again in 2 minute(s)'.
pub fn too_many_sign_ins(minutes: i64) -> String {
    Formatted::TooManySignIns(minutes).english()
}

/// 'Permit 7123456789 is already used by listing #12'.
pub fn permit_in_use(number: &str, listing_id: i64) -> String {
    Formatted::PermitInUse(number.to_owned(), listing_id).english()
}

/// 'A country with code 'JO' already exists'.
pub fn country_code_taken(code: &str) -> String {
    Formatted::CountryCodeTaken(code.to_owned()).english()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Gives the table as the browser gives it: a build without the `arabic` feature
    /// (`cargo test -p rules --no-default-features`) answers from it alone.
    fn learn_the_table() {
        let table: std::collections::BTreeMap<&str, &str> = TABLE.iter().copied().collect();
        let json = serde_json::to_string(&table).expect("a map of texts is JSON");
        assert_eq!(learn_arabic(&json), Ok(()));
        assert!(learn_arabic("not JSON").is_err());
    }

    /// Every fixed message has an Arabic of its own: not empty, not the English, in Arabic
    /// script, and no two messages share an English or an Arabic.
    #[test]
    fn every_message_has_its_own_arabic() {
        learn_the_table();
        let mut english = std::collections::HashSet::new();
        let mut arabic = std::collections::HashSet::new();
        for (en, ar) in TABLE {
            assert!(!ar.trim().is_empty(), "{en}: no Arabic");
            assert_ne!(en, ar, "{en}: the Arabic is the English");
            assert!(ar.chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c)), "{en}: '{ar}' is not Arabic");
            assert!(english.insert(*en), "'{en}' is declared twice");
            assert!(arabic.insert(*ar), "'{ar}' translates two messages");
            assert_eq!(in_language(en, Language::Ar), *ar);
            assert_eq!(in_language(en, Language::En), *en);
        }
        assert!(TABLE.len() > 140, "{} messages", TABLE.len());
    }

    fn samples() -> Vec<Formatted> {
        let mut samples = Vec::new();
        for n in [1, 2, 3, 8, 10, 11, 99, 100, 101, 103, 111, 1000] {
            samples.push(Formatted::MinimumLength(usize::try_from(n).unwrap_or_default()));
            samples.push(Formatted::TooManySignIns(n));
            samples.extend(Record::ALL.iter().map(|record| Formatted::UsedByProperties(*record, n)));
        }
        samples.extend(HeroPage::ALL.iter().map(|page| Formatted::HeroPageTaken(*page)));
        samples.push(Formatted::CountryCodeTaken("JO".into()));
        samples.push(Formatted::PermitInUse("7123456789".into(), 12));
        samples
    }

    /// Each kind of formatted message reads back from its English and has an Arabic.
    #[test]
    fn formatted_messages_read_back_and_translate() {
        for sample in samples() {
            let english = sample.english();
            assert_eq!(Formatted::read(&english), Some(sample.clone()), "{english}");
            let arabic = in_language(&english, Language::Ar);
            assert_eq!(arabic, sample.arabic());
            assert_ne!(arabic, english);
            assert!(arabic.chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c)), "{arabic}");
        }
    }

    #[test]
    fn arabic_counts_agree_with_their_number() {
        assert_eq!(Formatted::MinimumLength(8).arabic(), "يجب ألا يقل الطول عن 8 أحرف");
        assert_eq!(Formatted::MinimumLength(12).arabic(), "يجب ألا يقل الطول عن 12 حرفًا");
        assert_eq!(Formatted::MinimumLength(1).arabic(), "يجب ألا يقل الطول عن حرف واحد");
        assert_eq!(used_by_properties(Record::Category, 3), "This category is used by 3 properties");
        assert_eq!(
            Formatted::UsedByProperties(Record::Category, 3).arabic(),
            "هذا التصنيف مستخدم في 3 عقارات"
        );
        assert_eq!(
            Formatted::UsedByProperties(Record::PropertyType, 2).arabic(),
            "نوع العقار هذا مستخدم في عقارين"
        );
        assert_eq!(Formatted::UsedByProperties(Record::City, 1).arabic(), "هذه المدينة مستخدمة في عقار واحد");
        assert_eq!(
            Formatted::UsedByProperties(Record::Region, 100).arabic(),
            "هذه المنطقة مستخدمة في 100 عقار"
        );
        assert_eq!(
            Formatted::TooManySignIns(15).arabic(),
            "محاولات دخول فاشلة كثيرة. حاول مرة أخرى بعد 15 دقيقة"
        );
        assert_eq!(
            Formatted::TooManySignIns(5).arabic(),
            "محاولات دخول فاشلة كثيرة. حاول مرة أخرى بعد 5 دقائق"
        );
    }

    #[test]
    fn a_message_not_of_this_crate_is_answered_as_it_is() {
        let detail = "invalid type: string \"first\", expected i32 at line 1 column 20";
        assert_eq!(in_language(detail, Language::Ar), detail);
        assert_eq!(
            in_language("This thing is used by 3 properties", Language::Ar),
            "This thing is used by 3 properties"
        );
    }
}
