//! The site's pages other than the listings': home, team, about, services, contact, the
//! thank-you page and the 404 page.

use rocket::http::Status;
use rules::language::Language;
use serde::Serialize;

use super::cache::Page;
use super::cards;
use super::form::FormState;
use super::visit::{Framing, Lang, Visit};
use crate::areas::site::about::{store as about, AboutSection};
use crate::areas::site::company_values::{store as values, CompanyValue};
use crate::areas::site::ordered;
use crate::areas::site::process_steps::ProcessStep;
use crate::areas::site::services::Service;
use crate::areas::site::settings::CompanySettings;
use crate::areas::site::team::TeamMember;
use crate::areas::site::testimonials::Testimonial;
use crate::platform::http::error::ApiResult;

/// One of the four statistics of the home page.
#[derive(Debug, Serialize)]
struct Statistic {
    value: String,
    label: String,
}

fn statistics(settings: &CompanySettings, lang: Lang) -> Vec<Statistic> {
    let w = super::words::of(lang.0);
    let s = settings;
    let rows = [
        (
            &s.stat_properties,
            rules::settings::STAT_PROPERTIES_DEFAULT,
            [&s.stat_properties_label_en, &s.stat_properties_label_ar, &s.stat_properties_label],
            w.stat_properties,
        ),
        (
            &s.stat_continents,
            rules::settings::STAT_CONTINENTS_DEFAULT,
            [&s.stat_continents_label_en, &s.stat_continents_label_ar, &s.stat_continents_label],
            w.stat_continents,
        ),
        (
            &s.stat_clients,
            rules::settings::STAT_CLIENTS_DEFAULT,
            [&s.stat_clients_label_en, &s.stat_clients_label_ar, &s.stat_clients_label],
            w.stat_clients,
        ),
        (
            &s.stat_experience,
            rules::settings::STAT_EXPERIENCE_DEFAULT,
            [&s.stat_experience_label_en, &s.stat_experience_label_ar, &s.stat_experience_label],
            w.stat_experience,
        ),
    ];
    rows.into_iter()
        .map(|(value, default, [en, ar, legacy], fallback)| {
            let own = if lang.0 == Language::Ar { ar } else { en };
            let label = [own, legacy]
                .into_iter()
                .find_map(|label| label.as_deref().filter(|label| !label.trim().is_empty()))
                .unwrap_or(fallback);
            let value = value.as_deref().filter(|value| !value.trim().is_empty()).unwrap_or(default);
            Statistic { value: value.to_owned(), label: label.to_owned() }
        })
        .collect()
}

/// The frame of a page with its hero, titled `title`.
async fn framed(
    visit: &Visit<'_>,
    lang: Lang,
    settings: &CompanySettings,
    section: &'static str,
    path: &str,
    title: &str,
) -> ApiResult<super::visit::Frame> {
    let description = settings.company_description.clone().unwrap_or_default();
    let frame = Framing {
        section,
        hero_page: Some(if section == "home" { "index" } else { section }),
        path,
        title: title.to_owned(),
        description,
        image: None,
        json_ld: Vec::new(),
        indexed: true,
    };
    let mut frame = visit.frame(lang, settings, frame).await?;
    if let Some(image) = frame.hero.as_ref().and_then(|hero| hero.image.as_ref()) {
        frame.head.image = Some(super::seo::absolute(&visit.origin, &image.src));
    }
    if frame.head.description.is_empty() {
        frame.head.description = format!("{} · {}", title, frame.company.name);
    }
    Ok(frame)
}

pub async fn home(visit: &Visit<'_>, lang: Lang) -> ApiResult<Page> {
    let w = super::words::of(lang.0);
    let settings = visit.settings().await?;
    let mut frame = framed(visit, lang, &settings, "home", "/", w.home).await?;
    frame.head.title = frame.company.name.clone();
    let featured = cards::featured(visit, lang).await?;
    let services: Vec<Service> = ordered::list(visit.db, true).await?;
    let testimonials: Vec<Testimonial> = ordered::list(visit.db, true).await?;
    let body = visit.theme().render(
        "home.html",
        minijinja::context! {
            site => frame, featured, services, testimonials, statistics => statistics(&settings, lang),
        },
    )?;
    Ok(Page::html(Status::Ok, body))
}

pub async fn team(visit: &Visit<'_>, lang: Lang) -> ApiResult<Page> {
    let settings = visit.settings().await?;
    let frame = framed(visit, lang, &settings, "team", "/team", super::words::of(lang.0).our_team).await?;
    let members: Vec<TeamMember> = ordered::list(visit.db, true).await?;
    let body = visit.theme().render("team.html", minijinja::context! { site => frame, members })?;
    Ok(Page::html(Status::Ok, body))
}

pub async fn about(visit: &Visit<'_>, lang: Lang) -> ApiResult<Page> {
    let settings = visit.settings().await?;
    let frame = framed(visit, lang, &settings, "about", "/about", super::words::of(lang.0).about).await?;
    let sections: Vec<AboutSection> = about::list(visit.db, true).await?;
    let values_section = values::settings(visit.db).await?;
    let company_values: Vec<CompanyValue> =
        if values_section.is_active { values::list(visit.db, true).await? } else { Vec::new() };
    let body = visit.theme().render(
        "about.html",
        minijinja::context! { site => frame, sections, values_section, company_values },
    )?;
    Ok(Page::html(Status::Ok, body))
}

pub async fn services(visit: &Visit<'_>, lang: Lang) -> ApiResult<Page> {
    let settings = visit.settings().await?;
    let frame =
        framed(visit, lang, &settings, "services", "/services", super::words::of(lang.0).our_services)
            .await?;
    let services: Vec<Service> = ordered::list(visit.db, true).await?;
    let steps: Vec<ProcessStep> = ordered::list(visit.db, true).await?;
    let body =
        visit.theme().render("services.html", minijinja::context! { site => frame, services, steps })?;
    Ok(Page::html(Status::Ok, body))
}

/// The contact page, its form empty or as refused.
pub async fn contact(visit: &Visit<'_>, lang: Lang, form: FormState) -> ApiResult<Page> {
    let settings = visit.settings().await?;
    let frame =
        framed(visit, lang, &settings, "contact", "/contact", super::words::of(lang.0).get_in_touch).await?;
    let status = if form.errors.is_empty() && form.problem.is_none() { Status::Ok } else { form.status };
    let body = visit.theme().render("contact.html", minijinja::context! { site => frame, form })?;
    Ok(Page::html(status, body))
}

pub async fn thanks(visit: &Visit<'_>, lang: Lang) -> ApiResult<Page> {
    let w = super::words::of(lang.0);
    let settings = visit.settings().await?;
    let mut frame = framed(visit, lang, &settings, "contact", "/thanks", w.thanks_title).await?;
    frame.hero = None;
    frame.head.indexed = false;
    let body = visit.theme().render("thanks.html", minijinja::context! { site => frame })?;
    Ok(Page::html(Status::Ok, body))
}

pub async fn not_found(visit: &Visit<'_>, lang: Lang) -> ApiResult<Page> {
    let w = super::words::of(lang.0);
    let settings = visit.settings().await?;
    let mut frame = framed(visit, lang, &settings, "", "/", w.not_found_title).await?;
    frame.hero = None;
    frame.head.indexed = false;
    let body = visit.theme().render("not_found.html", minijinja::context! { site => frame })?;
    Ok(Page::html(Status::NotFound, body))
}
