//! The dashboard's figures (core-panel.md §3 Stats, §7): how many properties, how many of
//! them active, and the contact requests awaiting an answer (none until they exist); the
//! rented and archived, the permits (issue 39) and the share of good listings.

use rocket::http::{Method, Status};
use serde_json::{json, Value};

use crate::properties::{catalog, create_property, full_form, quick_form};

both_databases! {
    async fn stats_count_properties_and_active_listings(app) {
        app.login_admin().await;
        assert_eq!(
            app.get("/api/stats").await,
            (Status::Ok, json!({ "totalProperties": 0, "activeListings": 0, "pendingRequests": 0, "pendingListings": 0, "soldListings": 0, "rentedListings": 0, "archivedListings": 0, "permitsExpiring": 0, "heldBackByPermit": 0, "qualityShare": null, "portals": [{ "portal": "propertyFinder", "chosen": 0, "ready": 0, "blocked": 0 }, { "portal": "bayut", "chosen": 0, "ready": 0, "blocked": 0 }, { "portal": "dubizzle", "chosen": 0, "ready": 0, "blocked": 0 }] }))
        );
        let catalog = catalog(&app).await;
        create_property(&app, full_form(&catalog, "One")).await;
        let two = create_property(&app, full_form(&catalog, "Two")).await;
        let mut sold = full_form(&catalog, "Three");
        sold["status"] = json!("sold");
        create_property(&app, sold).await;
        let (status, _) = app.send(Method::Post, "/api/properties?form=quick", quick_form(&catalog, "Four")).await;
        assert_eq!(status, Status::Created);
        assert_eq!(
            app.get("/api/stats").await.1,
            json!({ "totalProperties": 4, "activeListings": 2, "pendingRequests": 0, "pendingListings": 1, "soldListings": 1, "rentedListings": 0, "archivedListings": 0, "permitsExpiring": 0, "heldBackByPermit": 0, "qualityShare": 0.0, "portals": [{ "portal": "propertyFinder", "chosen": 0, "ready": 0, "blocked": 0 }, { "portal": "bayut", "chosen": 0, "ready": 0, "blocked": 0 }, { "portal": "dubizzle", "chosen": 0, "ready": 0, "blocked": 0 }] })
        );
        let mut pending = full_form(&catalog, "Two");
        pending["status"] = json!("pending");
        app.send(Method::Put, &format!("/api/properties/{}", two["id"]), pending).await;
        assert_eq!(app.get("/api/stats").await.1["activeListings"], 1);
        app.send(Method::Delete, &format!("/api/properties/{}", two["id"]), Value::Null).await;
        assert_eq!(app.get("/api/stats").await.1["totalProperties"], 3);
    }

    async fn stats_need_a_session(app) {
        let (status, body) = app.get("/api/stats").await;
        assert_eq!(status, Status::Unauthorized);
        assert!(body["message"].is_string());
    }
}
