//! The OpenAPI document and the frontend's type schema, written from the mounted endpoints:
//! each operation's statuses follow from its shape (who may call it, its path, body and
//! versioning), so the document cannot promise what the route does not do.

use rocket::http::Method;
use schemars::generate::SchemaSettings;
use schemars::{Schema, SchemaGenerator};
use serde_json::{json, Map, Value};

use super::{operations, Access, Mount, Operation};

fn is_unsafe(method: Method) -> bool {
    !matches!(method, Method::Get | Method::Head | Method::Options)
}

/// Every status an operation answers: its success and the failures its shape implies.
fn failures(op: &Operation<'_>) -> Vec<(u16, &'static str)> {
    let doc = op.doc;
    let mut statuses: Vec<(u16, &'static str)> = Vec::new();
    let mut add = |status: u16, why: &'static str| {
        if !statuses.iter().any(|(s, _)| *s == status) {
            statuses.push((status, why));
        }
    };
    if doc.access != Access::Public {
        add(401, "No valid session");
    }
    if doc.access == Access::Admin {
        add(403, "Signed in, but not an administrator");
    }
    if is_unsafe(op.method) {
        add(403, "Sent from a foreign Origin");
    }
    let has_path_id = op.path.contains("{id}");
    if has_path_id || !doc.query.is_empty() || doc.versioned {
        // Also a malformed If-Match on a versioned write.
        add(400, "A path, query or header value of the wrong type");
    }
    if let Some((_, media)) = doc.request {
        add(400, "Malformed body");
        // Every body is watched (`http::body`), whichever reader takes it.
        add(408, "The request body stopped arriving");
        add(429, "Too many requests or attempts from this address; see Retry-After");
        add(413, "Body too large");
        add(415, "Unsupported media type");
        add(422, if media == "application/json" { "Validation failed" } else { "Not an accepted file" });
    }
    if has_path_id {
        add(404, "No record with this id");
    }
    if doc.versioned {
        add(
            412,
            "Edited meanwhile: the version sent as `If-Match: \"N\"` is stale; nothing changed, and \
             `current` is the record as it is now. Without If-Match the write goes through.",
        );
    }
    for status in &doc.failures {
        add(*status, failure_reason(*status));
    }
    statuses.sort_unstable();
    statuses
}

fn failure_reason(status: u16) -> &'static str {
    match status {
        400 => "Malformed request",
        403 => "Not allowed",
        404 => "Not found",
        408 => "The request body stopped arriving",
        409 => "Conflict: a duplicate value, or the record is still referenced",
        413 => "Too large",
        422 => "Validation failed",
        429 => "Too many attempts; see Retry-After",
        503 => "The database does not answer",
        _ => "Error",
    }
}

fn path_parameter(name: &str) -> Value {
    let schema = if name == "id" {
        json!({ "type": "integer", "format": "int64" })
    } else {
        json!({ "type": "string" })
    };
    json!({ "name": name, "in": "path", "required": true, "schema": schema })
}

fn operation_json(op: &Operation<'_>, generator: &mut SchemaGenerator, error: &Value) -> Value {
    let doc = op.doc;
    let success = doc.success.unwrap_or(if op.method == Method::Post { 201 } else { 200 });
    let mut responses = Map::new();
    let mut ok = match doc.response {
        _ if success == 204 || success == 304 => json!({ "description": "Done; no content" }),
        Some((schema, media)) => json!({
            "description": "Success",
            "content": { media: { "schema": schema(generator).to_value() } }
        }),
        None => json!({ "description": "Success" }),
    };
    for (schema, media) in &doc.other_media {
        ok["content"][*media] = json!({ "schema": schema(generator).to_value() });
    }
    if !doc.headers.is_empty() {
        let headers: Map<String, Value> = doc
            .headers
            .iter()
            .map(|(name, description)| {
                ((*name).to_owned(), json!({ "description": description, "schema": { "type": "string" } }))
            })
            .collect();
        ok["headers"] = Value::Object(headers);
    }
    for (status, description) in &doc.alternatives {
        let mut alternative = ok.clone();
        alternative["description"] = json!(description);
        responses.insert(status.to_string(), alternative);
    }
    responses.insert(success.to_string(), ok);
    for (status, description, schema) in &doc.other_answers {
        let content = json!({ "application/json": { "schema": schema(generator).to_value() } });
        responses.insert(status.to_string(), json!({ "description": description, "content": content }));
    }
    if doc.cached {
        responses.insert(
            "304".into(),
            json!({ "description": "Not modified: If-None-Match named the current ETag; no body" }),
        );
    }
    for (status, why) in failures(op) {
        responses.insert(
            status.to_string(),
            json!({ "description": why, "content": { "application/json": { "schema": error.clone() } } }),
        );
    }
    let mut operation = json!({
        "summary": doc.summary,
        "operationId": format!("{}{}", op.method.as_str().to_lowercase(), op.path.replace(['/', '{', '}', '.', '-'], "_")),
        "responses": responses,
        "security": match doc.access { Access::Public => json!([]), _ => json!([{ "session": [] }]) },
    });
    if doc.access == Access::Admin {
        operation["description"] = json!("Only for users with role 'admin'.");
        operation["x-required-role"] = json!("admin");
    }
    if let Some((schema, media)) = doc.request {
        operation["requestBody"] = json!({
            "required": true,
            "content": { media: { "schema": schema(generator).to_value() } }
        });
    }
    let path_parameters = op
        .path
        .split('/')
        .filter_map(|segment| segment.strip_prefix('{').and_then(|s| s.strip_suffix('}')))
        .map(path_parameter);
    let query_parameters = doc
        .query
        .iter()
        .map(|q| json!({ "name": q.name, "in": "query", "required": false, "schema": q.schema }));
    let parameters: Vec<Value> = path_parameters.chain(query_parameters).collect();
    if !parameters.is_empty() {
        operation["parameters"] = Value::Array(parameters);
    }
    operation
}

/// The OpenAPI document of the mounted endpoints.
pub fn document(mounts: &[Mount]) -> Value {
    let mut generator = SchemaSettings::openapi3().with_transform(forbid_nul).into_generator();
    let error = generator.subschema_for::<crate::platform::http::error::ErrorBody<'static>>().to_value();
    let mut paths = Map::new();
    for op in operations(mounts) {
        let operation = operation_json(&op, &mut generator, &error);
        let item = paths.entry(op.path.clone()).or_insert_with(|| json!({}));
        item[op.method.as_str().to_lowercase()] = operation;
    }
    let schemas: Map<String, Value> = generator.take_definitions(true).into_iter().collect();
    json!({
        "openapi": "3.0.3",
        "info": {
            "title": "Aqar",
            "version": env!("CARGO_PKG_VERSION"),
            "description": "The API of the Aqar panel. Every non-2xx answer is {\"message\", \"errors\"?}."
        },
        "paths": paths,
        "components": {
            "schemas": schemas,
            "securitySchemes": {
                "session": { "type": "apiKey", "in": "cookie", "name": crate::platform::auth::session::COOKIE }
            }
        }
    })
}

/// No text the API takes or answers holds U+0000 (the payload guard refuses it): every
/// string schema but binary ones says so, beside any pattern of its own.
fn forbid_nul(schema: &mut Schema) {
    const NO_NUL: &str = r"^[^\x00]*$";
    schemars::transform::transform_subschemas(&mut forbid_nul, schema);
    let Some(object) = schema.as_object_mut() else { return };
    let is_string = match object.get("type") {
        Some(Value::String(t)) => t == "string",
        Some(Value::Array(types)) => types.iter().any(|t| t == "string"),
        _ => false,
    };
    if !is_string || object.get("format").is_some_and(|f| f == "binary") || object.contains_key("enum") {
        return;
    }
    if let Some(own) = object.insert("pattern".into(), json!(NO_NUL)) {
        object.insert("allOf".into(), json!([{ "pattern": own }]));
    }
}

/// One JSON Schema naming every payload of the rules and every request and answer type of
/// the endpoints under `definitions`: the source of the frontend's generated types.
pub fn type_schema(mounts: &[Mount]) -> Value {
    let mut document = rules::schema::document();
    let mut generator = rules::schema::generator();
    generator.subschema_for::<crate::platform::http::error::ErrorBody<'static>>();
    for endpoint in mounts.iter().flat_map(|m| &m.endpoints) {
        for (schema, media) in [endpoint.doc.request, endpoint.doc.response].into_iter().flatten() {
            if media == "application/json" {
                schema(&mut generator);
            }
        }
        for (_, _, schema) in &endpoint.doc.other_answers {
            schema(&mut generator);
        }
    }
    let definitions = document["definitions"].as_object_mut().map(std::mem::take).unwrap_or_default();
    let mut merged: std::collections::BTreeMap<String, Value> = definitions.into_iter().collect();
    for (name, schema) in generator.take_definitions(true) {
        merged.entry(name).or_insert(schema);
    }
    document["definitions"] = json!(merged);
    document["title"] = json!("AqarTypes");
    document
}
