//! The public site's listings (contract "Public read API"; issue 8 part 5): active ones
//! only, without a session, paged and filtered like the panel's list, with their places'
//! names, images with scaled copies and selected active features, and ETag/304.

use rocket::http::{Header, Method, Status};
use serde_json::{json, Value};

use crate::properties::{catalog, create_property, created, full_form, quick_form};
use crate::properties_list::listed;

both_databases! {
    async fn only_active_listings_are_public_with_names_images_and_features(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let active = create_property(&app, full_form(&catalog, "Active Villa")).await;
        let mut pending = full_form(&catalog, "Pending Villa");
        pending["status"] = json!("pending");
        let pending = create_property(&app, pending).await;
        let mut sold = full_form(&catalog, "Sold Villa");
        sold["status"] = json!("sold");
        let sold = create_property(&app, sold).await;
        let pool = created(&app, "/api/property-features", json!({ "nameEn": "Pool", "nameAr": "مسبح", "icon": "fi fi-rr-swimmer", "category": "luxury", "displayOrder": 2 })).await;
        let gym = created(&app, "/api/property-features", json!({ "nameEn": "Gym", "nameAr": "نادي", "category": "amenities", "displayOrder": 1 })).await;
        let hidden = created(&app, "/api/property-features", json!({ "nameEn": "Sauna", "nameAr": "ساونا", "isActive": false })).await;
        let features = format!("/api/properties/{}/features", active["id"]);
        app.send(Method::Post, &features, json!({ "featureIds": [pool["id"], gym["id"], hidden["id"]] })).await;
        app.client.post("/api/logout").dispatch().await;

        let (status, list) = app.get("/api/public/properties").await;
        assert_eq!(status, Status::Ok, "no session needed");
        assert_eq!(list.as_array().map(Vec::len), Some(1), "pending and sold are hidden: {list}");
        let (status, one) = app.get(&format!("/api/public/properties/{}", active["id"])).await;
        assert_eq!(status, Status::Ok);
        assert_eq!(list[0], one);
        assert_eq!(one["id"], active["id"]);
        assert_eq!(one["titleEn"], "Active Villa");
        assert_eq!(one["price"], 250000.0);
        assert!(one.get("version").is_none(), "editing state is the panel's");
        assert_eq!(one["categoryName"], "Residential");
        assert_eq!(one["typeNameAr"], "فيلا");
        assert_eq!((one["countryName"].clone(), one["countryNameAr"].clone()), (json!("Jordan"), json!("الأردن")));
        assert_eq!((one["cityName"].clone(), one["cityNameAr"].clone()), (json!("Amman"), json!("عمّان")));
        assert_eq!((one["regionName"].clone(), one["regionNameAr"].clone()), (json!("Abdoun"), json!("عبدون")));
        assert_eq!(one["images"], json!([
            { "url": "/media/aaaa.png", "variants": {
                "160": "/media/aaaa.png?w=160", "320": "/media/aaaa.png?w=320",
                "640": "/media/aaaa.png?w=640", "1280": "/media/aaaa.png?w=1280" } },
            { "url": "https://images.unsplash.com/photo.jpg", "variants": null },
            { "url": "/media/bbbb.jpg", "variants": {
                "160": "/media/bbbb.jpg?w=160", "320": "/media/bbbb.jpg?w=320",
                "640": "/media/bbbb.jpg?w=640", "1280": "/media/bbbb.jpg?w=1280" } }
        ]));
        assert_eq!(one["features"], json!([
            { "id": gym["id"], "nameEn": "Gym", "nameAr": "نادي", "icon": "fi fi-rr-star", "category": "amenities" },
            { "id": pool["id"], "nameEn": "Pool", "nameAr": "مسبح", "icon": "fi fi-rr-swimmer", "category": "luxury" }
        ]), "active ones, in display order");

        for hidden in [&pending, &sold] {
            let (status, body) = app.get(&format!("/api/public/properties/{}", hidden["id"])).await;
            assert_eq!(status, Status::NotFound);
            assert_eq!(body["message"], "Property not found");
        }
        assert_eq!(app.get("/api/public/properties/999").await.0, Status::NotFound);
        assert_eq!(app.get("/api/properties").await.0, Status::Unauthorized, "the panel's list is not public");
    }

    async fn the_public_list_pages_and_filters_like_the_panels(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        for n in 1..=12 {
            let mut body = full_form(&catalog, &format!("Villa {n:02}"));
            body["isFeatured"] = json!(n % 4 == 0);
            create_property(&app, body).await;
        }
        let mut pending = full_form(&catalog, "Villa pending");
        pending["status"] = json!("pending");
        create_property(&app, pending).await;
        let (status, _) = app.send(Method::Post, "/api/properties?form=quick", quick_form(&catalog, "Quick flat")).await;
        assert_eq!(status, Status::Created);

        let (_, page, total) = listed(&app, "/api/public/properties?page=2&pageSize=5&sort=titleEn").await;
        assert_eq!(total, Some(12), "active ones only");
        let titles: Vec<&str> = page.as_array().expect("list").iter().filter_map(|p| p["titleEn"].as_str()).collect();
        assert_eq!(titles, ["Villa 06", "Villa 07", "Villa 08", "Villa 09", "Villa 10"]);
        let (_, featured, total) = listed(&app, "/api/public/properties?isFeatured=true&q=villa").await;
        assert_eq!(total, Some(3));
        assert!(featured.as_array().expect("list").iter().all(|p| p["isFeatured"] == true && p["images"][0]["variants"]["160"].is_string()));
        let (_, none, total) = listed(&app, "/api/public/properties?status=pending").await;
        assert_eq!((none, total), (json!([]), Some(0)), "a status filter cannot reach past active");
        let (_, all, total) = listed(&app, "/api/public/properties").await;
        assert_eq!((all.as_array().map(Vec::len), total), (Some(12), None));
        assert!(all.as_array().expect("list").iter().all(|p| p["images"].as_array().map(Vec::len) == Some(3)));
    }

    async fn public_listings_have_an_etag_and_304_while_unchanged(app) {
        app.login_admin().await;
        let catalog = catalog(&app).await;
        let property = create_property(&app, full_form(&catalog, "Villa")).await;
        for path in ["/api/public/properties".to_owned(), "/api/public/properties?page=1".to_owned(), format!("/api/public/properties/{}", property["id"])] {
            let response = app.client.get(path.clone()).dispatch().await;
            assert_eq!(response.status(), Status::Ok, "{path}");
            assert_eq!(response.headers().get_one("Cache-Control"), Some("public, max-age=10"), "{path}");
            let tag = response.headers().get_one("ETag").expect("ETag").to_owned();
            let again = app.client.get(path.clone()).header(Header::new("If-None-Match", tag.clone())).dispatch().await;
            assert_eq!(again.status(), Status::NotModified, "{path}");
            let mut edited = full_form(&catalog, &format!("Villa {tag}"));
            edited["price"] = json!(1);
            app.send(Method::Put, &format!("/api/properties/{}", property["id"]), edited).await;
            let changed = app.client.get(path.clone()).header(Header::new("If-None-Match", tag)).dispatch().await;
            assert_eq!(changed.status(), Status::Ok, "{path}: an edit changes the tag");
        }
        let response = app.client.get("/api/public/properties?page=1").dispatch().await;
        assert_eq!(response.headers().get_one("X-Total-Count"), Some("1"));
        let _: Value = crate::helpers::read(response).await.1;
    }
}
