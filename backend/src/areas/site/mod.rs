//! The public site's content as the panel edits it (site-content.md): the team, services,
//! process steps, testimonials and hero images (ordered lists sharing `ordered`), the About
//! page, company values and the company settings.

pub mod about;
pub mod company_values;
pub mod hero_images;
pub mod ordered;
pub mod process_steps;
pub mod services;
pub mod settings;
pub mod team;
pub mod testimonials;
