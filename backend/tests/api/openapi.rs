//! The OpenAPI document describes every route, and every non-public one needs a session.

use std::collections::BTreeSet;

use rocket::http::{Method, Status};
use serde_json::json;

use crate::helpers::{Backend, TestApp};

fn documented() -> BTreeSet<(String, String)> {
    aqar::operations().iter().map(|op| (op.method.as_str().to_owned(), op.path.to_owned())).collect()
}

#[rocket::async_test]
async fn every_mounted_route_is_documented_and_nothing_else() {
    let app = TestApp::spawn(Backend::Sqlite).await.expect("app");
    let mounted: BTreeSet<(String, String)> = app
        .client
        .rocket()
        .routes()
        .filter(|route| !aqar::undocumented(route))
        .map(|route| {
            let path = route.uri.path().to_string().replace('<', "{").replace('>', "}").replace("..}", "}");
            (route.method.as_str().to_owned(), path)
        })
        .collect();
    assert_eq!(mounted, documented());
}

both_databases! {
    async fn every_non_public_operation_answers_401_without_a_session(app) {
        app.login_admin().await;
        let (status, document) = app.get("/api/openapi.json").await;
        assert_eq!(status, Status::Ok);
        let paths = document["paths"].as_object().expect("paths").clone();
        assert_eq!(paths["/api/cities"]["get"]["parameters"][0]["name"], "countryId");
        assert_eq!(paths["/api/regions"]["get"]["parameters"][0]["name"], "cityId");
        app.client.post("/api/logout").dispatch().await;
        let mut checked = 0;
        for (path, item) in &paths {
            for (method, operation) in item.as_object().expect("operations") {
                let public = operation["security"].as_array().is_some_and(|s| s.is_empty());
                if public {
                    continue;
                }
                let method: Method = method.to_uppercase().parse().expect("method");
                let concrete = path.replace("{id}", "1").replace("{file}", "x.png");
                let (status, body) = app.send(method, &concrete, json!({})).await;
                assert_eq!(status, Status::Unauthorized, "{method} {path} must need a session");
                assert!(body["message"].is_string(), "{method} {path} answers the JSON error body");
                checked += 1;
            }
        }
        assert!(checked >= 3, "only {checked} operations checked");
    }
}
