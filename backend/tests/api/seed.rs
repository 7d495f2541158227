//! `aqar seed --properties N` (issue 8, item 6): the real command, run on the database of
//! a fresh app, adds N realistic bilingual listings (after the demo catalog, when the
//! database has none) whose search text is the rules' fold of the searched fields.

use std::process::{Command, Output};

use sqlx::Row;

use rocket::http::{RawStr, Status};

use crate::helpers::{Backend, TestApp};
use crate::properties_list::listed;

async fn seed(app: &TestApp, args: &[&str]) -> Output {
    let url = app.database_url().to_owned();
    let args: Vec<String> = args.iter().map(|a| (*a).to_owned()).collect();
    rocket::tokio::task::spawn_blocking(move || {
        Command::new(env!("CARGO_BIN_EXE_aqar"))
            .arg("seed")
            .args(args)
            .env("DATABASE_URL", url)
            .env("ROCKET_LOG_LEVEL", "off")
            .output()
            .expect("aqar runs")
    })
    .await
    .expect("joined")
}

fn is_arabic(text: &str) -> bool {
    text.chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c))
}

async fn count(app: &TestApp, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(app.pool()).await.expect("count")
}

both_databases! {
    // 1,250 rows: two full statements of 500 rows (the second reuses the first's prepared
    // statement, NULLs where the first had numbers) and a shorter one.
    async fn seeding_adds_realistic_bilingual_listings_with_their_search_text(app) {
        let output = seed(&app, &["--properties", "1250"]).await;
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(output.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&output.stderr));
        assert!(stdout.contains("added the demo catalog"), "{stdout}");
        assert!(stdout.contains("added 1250 properties"), "{stdout}");
        assert_eq!(count(&app, "SELECT COUNT(*) FROM categories").await, 5, "the demo catalog");

        let rows = sqlx::query(
            "SELECT property_number, title_en, title_ar, description_en, description_ar, location_en, \
             location_ar, search_text, price, currency, status, display_type, created_at FROM properties ORDER BY id",
        )
        .fetch_all(app.pool())
        .await
        .expect("rows");
        assert_eq!(rows.len(), 1250);
        let text = |row: &sqlx::any::AnyRow, column: &str| -> String { row.get(column) };
        for row in &rows {
            let (title_en, title_ar) = (text(row, "title_en"), text(row, "title_ar"));
            let (location_en, location_ar) = (text(row, "location_en"), text(row, "location_ar"));
            let number = text(row, "property_number");
            assert!(title_en.contains(" in ") && !is_arabic(&title_en), "{title_en}");
            assert!(title_ar.contains(" في ") && is_arabic(&title_ar), "{title_ar}");
            assert!(!text(row, "description_en").is_empty() && is_arabic(&text(row, "description_ar")));
            // Region, City, Country (or City, Country) in each language.
            assert!((2..=3).contains(&location_en.split(", ").count()), "{location_en}");
            assert!((2..=3).contains(&location_ar.split("، ").count()), "{location_ar}");
            assert_eq!(
                text(row, "search_text"),
                rules::fold::search_text(&title_en, &title_ar, Some(&number), &location_en, &location_ar),
            );
            let price: i64 = row.get("price");
            assert!(price > 0 && price % 1000 == 0, "whole currency units, in thousandths: {price}");
            assert!(["JOD", "AED", "SAR", "USD"].contains(&text(row, "currency").as_str()));
        }
        let statuses = |status: &'static str| rows.iter().filter(move |r| text(r, "status") == status).count();
        assert!(statuses("active") > 750, "mostly active");
        assert!(statuses("pending") > 0 && statuses("sold") > 0);
        assert!(rows.iter().any(|r| text(r, "display_type") == "investment"));
        let created: Vec<String> = rows.iter().map(|r| text(r, "created_at")).collect();
        assert!(created.windows(2).all(|w| w[0] <= w[1]), "oldest first, so ids follow creation");

        // The API lists and searches them: an Arabic word, folded, over both languages.
        app.login_admin().await;
        let villas = count(&app, "SELECT COUNT(*) FROM properties WHERE search_text LIKE '%فيلا%'").await;
        assert!(villas > 0);
        let path = format!("/api/properties?q={}&pageSize=5&sort=-price", RawStr::new("فيلا").percent_encode());
        let (status, page, total) = listed(&app, &path).await;
        assert_eq!((status, total), (Status::Ok, Some(villas)));
        assert_eq!(page.as_array().map(Vec::len), Some(5));
        let (_, stats) = app.get("/api/stats").await;
        assert_eq!(stats["totalProperties"], 1250);
        assert_eq!(stats["activeListings"], statuses("active") as i64);

        // A second run adds to what is there and keeps numbering; the catalog is not repeated.
        let output = seed(&app, &["--properties=50"]).await;
        assert!(output.status.success());
        assert!(!String::from_utf8_lossy(&output.stdout).contains("demo catalog"));
        assert_eq!(count(&app, "SELECT COUNT(*) FROM properties").await, 1300);
        assert_eq!(count(&app, "SELECT COUNT(DISTINCT property_number) FROM properties").await, 1300);
        assert_eq!(count(&app, "SELECT COUNT(*) FROM categories").await, 5);
        assert_eq!(count(&app, "SELECT COUNT(*) FROM countries").await, 3);
    }

    async fn a_wrong_command_line_is_refused_with_the_usage(app) {
        for args in [&[][..], &["--properties", "lots"][..], &["--messages", "10"][..]] {
            let output = seed(&app, args).await;
            assert_eq!(output.status.code(), Some(2), "{args:?}");
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert!(stderr.contains("usage: aqar seed [--properties N] [--contact-requests N]"), "{stderr}");
        }
        assert_eq!(count(&app, "SELECT COUNT(*) FROM properties").await, 0);
    }

    async fn a_bulk_load_sets_the_indexes_aside_and_makes_them_again(app) {
        let schema = |backend: Backend| match backend {
            Backend::Sqlite => "SELECT type || ' ' || name || ': ' || sql FROM sqlite_master \
                                WHERE sql IS NOT NULL AND type IN ('index', 'trigger') ORDER BY 1",
            Backend::Postgres => "SELECT indexdef::text FROM pg_indexes WHERE schemaname = current_schema() ORDER BY 1",
        };
        let objects = || async {
            sqlx::query_scalar::<_, String>(schema(app.backend)).fetch_all(app.pool()).await.expect("schema")
        };
        let before = objects().await;
        assert!(before.iter().any(|o| o.contains("properties_status_created_at")), "{before:?}");
        let mut conn = app.pool().acquire().await.expect("connection");
        let seeded = aqar::fixtures::seed::seed_with(&mut conn, 600, 3, aqar::fixtures::seed::Load::Bulk).await.expect("seeded");
        assert!(seeded.catalog_created && seeded.properties == 600);
        drop(conn);
        assert_eq!(objects().await, before, "every index and trigger is back as it was");
        assert_eq!(count(&app, "SELECT COUNT(*) FROM properties").await, 600);

        // The search engine finds the rows written while the triggers were set aside (the
        // load gave the database a new origin: the server rebuilds), and the writes after.
        app.login_admin().await;
        let total = |response: rocket::local::asynchronous::LocalResponse<'_>| {
            response.headers().get_one("X-Total-Count").map(str::to_owned)
        };
        let found = total(app.client.get("/api/properties?q=aq&page=1").dispatch().await);
        assert_eq!(found.as_deref(), Some("600"));
        let mut conn = app.pool().acquire().await.expect("connection");
        aqar::fixtures::seed::seed_with(&mut conn, 20, 4, aqar::fixtures::seed::Load::Incremental).await.expect("seeded");
        drop(conn);
        let found = total(app.client.get("/api/properties?q=aq&page=1").dispatch().await);
        assert_eq!(found.as_deref(), Some("620"));
    }
}
