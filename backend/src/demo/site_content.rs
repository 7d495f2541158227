//! The demo's public-site content: a bilingual team of six with drawn portraits, four
//! services, four process steps, five testimonials and hero images for four pages.

use rocket::tokio::task::spawn_blocking;
use sqlx::{Any, Transaction};

use super::photos::{self, Building, Photo};
use crate::content::{self, hero_images::HeroImage, process_steps::ProcessStep, services::Service, Cell};
use crate::content::{team_members::TeamMember, testimonials::Testimonial};
use crate::error::{ApiError, ApiResult};
use crate::media::{self, image::Image, image::ImageKind};

/// Name and position in English and Arabic, years of experience, specializations.
type Member = (&'static str, &'static str, &'static str, &'static str, i32, &'static [&'static str]);

const TEAM: [Member; 6] = [
    (
        "Sara Haddad",
        "سارة حداد",
        "Managing Director",
        "المديرة العامة",
        18,
        &["Luxury villas", "Investment", "Negotiation", "Market analysis"],
    ),
    (
        "Omar Khalil",
        "عمر خليل",
        "Senior Sales Agent",
        "وكيل مبيعات أول",
        12,
        &["Apartments", "First-time buyers"],
    ),
    (
        "Lina Nasser",
        "لينا ناصر",
        "Leasing Manager",
        "مديرة التأجير",
        9,
        &["Rentals", "Property management", "Tenancy law"],
    ),
    (
        "Yousef Zoubi",
        "يوسف الزعبي",
        "Investment Advisor",
        "مستشار استثمار",
        11,
        &["Commercial", "Yield analysis"],
    ),
    ("Maya Saleh", "مايا صالح", "Marketing Lead", "مسؤولة التسويق", 7, &["Photography", "Listings"]),
    ("Karim Aziz", "كريم عزيز", "Legal Counsel", "مستشار قانوني", 15, &["Contracts", "Title deeds"]),
];

const SERVICES: [(&str, &str, &str, &str, &str); 4] = [
    (
        "Buying",
        "الشراء",
        "We find the home that fits your life and budget.",
        "نجد لك المنزل الذي يناسب حياتك وميزانيتك.",
        "home",
    ),
    (
        "Selling",
        "البيع",
        "We market your property and negotiate the best price.",
        "نسوّق عقارك ونفاوض على أفضل سعر.",
        "tag",
    ),
    (
        "Renting",
        "التأجير",
        "Homes and offices to rent, with tenants checked.",
        "منازل ومكاتب للإيجار مع التحقق من المستأجرين.",
        "key",
    ),
    (
        "Investment advice",
        "الاستشارات الاستثمارية",
        "Yield and market studies before you invest.",
        "دراسات العائد والسوق قبل أن تستثمر.",
        "trending-up",
    ),
];

const STEPS: [(&str, &str, &str, &str, &str); 4] = [
    (
        "Tell us what you need",
        "أخبرنا بما تحتاج",
        "A first meeting about your plans and budget.",
        "لقاء أول حول خططك وميزانيتك.",
        "message-circle",
    ),
    (
        "Visit the shortlist",
        "زر القائمة المختصرة",
        "We arrange viewings of the best matches.",
        "نرتب زيارات لأفضل الخيارات.",
        "map-pin",
    ),
    (
        "Agree the terms",
        "اتفق على الشروط",
        "We negotiate and check every document.",
        "نفاوض ونراجع كل وثيقة.",
        "file-text",
    ),
    (
        "Get your keys",
        "استلم مفاتيحك",
        "Signing, registration and handover.",
        "التوقيع والتسجيل والتسليم.",
        "key",
    ),
];

const TESTIMONIALS: [(&str, &str, &str, &str, &str, &str, i32); 5] = [
    (
        "Rana Al-Masri",
        "رنا المصري",
        "Architect",
        "Found our family home in three weeks.",
        "وجدنا منزل العائلة خلال ثلاثة أسابيع.",
        "Studio R",
        5,
    ),
    (
        "James Whitfield",
        "جيمس ويتفيلد",
        "Investor",
        "Clear advice and honest numbers.",
        "نصائح واضحة وأرقام صادقة.",
        "Whitfield Capital",
        5,
    ),
    (
        "Nour Al-Huda",
        "نور الهدى",
        "Doctor",
        "They handled every document for us.",
        "تولوا كل الأوراق عنا.",
        "",
        4,
    ),
    (
        "Khaled Otaibi",
        "خالد العتيبي",
        "Engineer",
        "Sold our flat above the asking price.",
        "بعنا شقتنا بأعلى من السعر المطلوب.",
        "",
        5,
    ),
    (
        "Sofia Petrova",
        "صوفيا بتروفا",
        "Teacher",
        "Friendly, quick and always reachable.",
        "ودودون وسريعون ومتاحون دائماً.",
        "",
        4,
    ),
];

const HEROES: [(&str, &str, &str, &str, &str); 4] = [
    (
        "index",
        "Find your place",
        "اعثر على مكانك",
        "Homes and investments across the region",
        "منازل واستثمارات في أنحاء المنطقة",
    ),
    ("properties", "Our properties", "عقاراتنا", "Villas, apartments and land", "فلل وشقق وأراضٍ"),
    ("about", "About us", "من نحن", "A decade of trusted advice", "عقد من المشورة الموثوقة"),
    ("team", "Meet the team", "تعرّف على الفريق", "The people behind every deal", "الأشخاص وراء كل صفقة"),
];

fn text(value: &str) -> Cell {
    Cell::Text((!value.is_empty()).then(|| value.to_owned()))
}

pub async fn seed(tx: &mut Transaction<'static, Any>) -> ApiResult<()> {
    let mut drawn: Vec<Photo> = (0..6).map(|seed| Photo::Portrait { seed: 700 + seed }).collect();
    drawn.extend((0..4).map(|seed| Photo::Outside {
        building: Building::of_type("Villa"),
        by_the_sea: seed % 2 == 0,
        seed: 800 + seed,
    }));
    let images = spawn_blocking(move || photos::draw_all(&drawn)).await.map_err(ApiError::internal)?;
    let mut references = Vec::new();
    for bytes in images {
        references.push(media::store::save(&mut **tx, &Image { kind: ImageKind::Jpeg, bytes }).await?);
    }
    for (order, ((name_en, name_ar, position_en, position_ar, experience, specializations), photo)) in
        (0..).zip(TEAM.iter().zip(&references))
    {
        let specializations = serde_json::to_string(specializations).map_err(ApiError::internal)?;
        let email = format!("{}@aqar.example", name_en.to_lowercase().replace(' ', "."));
        let _: TeamMember = content::insert(
            &mut **tx,
            vec![
                text(name_en),
                text(name_ar),
                text(position_en),
                text(position_ar),
                text(&format!("{name_en} has {experience} years in real estate.")),
                text(&format!("لدى {name_ar} خبرة {experience} سنة في العقارات.")),
                Cell::Text(Some(photo.clone())),
                Cell::Int(*experience),
                Cell::Text(Some(email)),
                text("+962 6 555 0100"),
                text("+962795550100"),
                text(""),
                text(""),
                Cell::Int(order),
                Cell::Bool(true),
                Cell::Text(Some(specializations)),
            ],
        )
        .await?;
    }
    for (order, (title_en, title_ar, description_en, description_ar, icon)) in (0..).zip(SERVICES) {
        let cells = vec![
            text(title_en),
            text(title_ar),
            text(description_en),
            text(description_ar),
            text(icon),
            Cell::Int(order),
            Cell::Bool(true),
        ];
        let _: Service = content::insert(&mut **tx, cells).await?;
    }
    for (order, (title_en, title_ar, description_en, description_ar, icon)) in (0..).zip(STEPS) {
        let cells = vec![
            text(title_en),
            text(title_ar),
            text(description_en),
            text(description_ar),
            text(icon),
            Cell::Int(order),
            Cell::Bool(true),
            Cell::Int(order + 1),
        ];
        let _: ProcessStep = content::insert(&mut **tx, cells).await?;
    }
    for (order, (name_en, name_ar, position, said_en, said_ar, company, rating)) in (0..).zip(TESTIMONIALS) {
        let cells = vec![
            text(name_en),
            text(name_ar),
            text(position),
            text(company),
            text(said_en),
            text(said_ar),
            Cell::Int(rating),
            text(""),
            Cell::Int(order),
            Cell::Bool(true),
        ];
        let _: Testimonial = content::insert(&mut **tx, cells).await?;
    }
    for ((page, title_en, title_ar, subtitle_en, subtitle_ar), image) in HEROES.iter().zip(&references[6..]) {
        let cells = vec![
            text(page),
            text(title_en),
            text(title_ar),
            text(subtitle_en),
            text(subtitle_ar),
            text(""),
            Cell::Text(Some(image.clone())),
            Cell::Bool(true),
        ];
        let _: HeroImage = content::insert(&mut **tx, cells).await?;
    }
    Ok(())
}
