//! The OpenAPI description of every route, built from the same Rust types the handlers
//! parse and answer. Each area lists its operations beside its routes; a test checks that
//! the two lists agree.

use rocket::http::Method;
use schemars::generate::SchemaSettings;
use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde_json::{json, Map, Value};

/// Who may call an operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    Public,
    Session,
    Admin,
}

type SchemaOf = fn(&mut SchemaGenerator) -> Schema;

fn schema_of<T: JsonSchema>(generator: &mut SchemaGenerator) -> Schema {
    generator.subschema_for::<T>()
}

#[derive(Clone)]
pub struct Operation {
    pub method: Method,
    /// The path in OpenAPI form: `/api/categories/{id}`.
    pub path: &'static str,
    pub summary: &'static str,
    pub access: Access,
    pub request: Option<SchemaOf>,
    pub request_media: &'static str,
    pub response: Option<SchemaOf>,
    pub response_media: &'static str,
    pub success: u16,
    /// Optional integer query parameters, such as `countryId`.
    pub query: Vec<&'static str>,
}

impl Operation {
    fn new(method: Method, path: &'static str, summary: &'static str) -> Self {
        let success = if method == Method::Post { 201 } else { 200 };
        Operation {
            method,
            path,
            summary,
            access: Access::Session,
            request: None,
            request_media: "application/json",
            response: None,
            response_media: "application/json",
            success,
            query: Vec::new(),
        }
    }

    pub fn get(path: &'static str, summary: &'static str) -> Self {
        Self::new(Method::Get, path, summary)
    }

    pub fn post(path: &'static str, summary: &'static str) -> Self {
        Self::new(Method::Post, path, summary)
    }

    pub fn put(path: &'static str, summary: &'static str) -> Self {
        Self::new(Method::Put, path, summary)
    }

    pub fn delete(path: &'static str, summary: &'static str) -> Self {
        Self::new(Method::Delete, path, summary).status(204)
    }

    pub fn public(mut self) -> Self {
        self.access = Access::Public;
        self
    }

    pub fn admin(mut self) -> Self {
        self.access = Access::Admin;
        self
    }

    pub fn takes<T: JsonSchema>(mut self) -> Self {
        self.request = Some(schema_of::<T>);
        self
    }

    /// A request body that is not JSON (multipart uploads).
    pub fn takes_media(mut self, media: &'static str, schema: SchemaOf) -> Self {
        self.request = Some(schema);
        self.request_media = media;
        self
    }

    pub fn responds<T: JsonSchema>(mut self) -> Self {
        self.response = Some(schema_of::<T>);
        self
    }

    /// A response body that is not JSON (files, pages).
    pub fn responds_media(mut self, media: &'static str) -> Self {
        self.response_media = media;
        self
    }

    /// An optional integer query parameter that narrows a list.
    pub fn query(mut self, name: &'static str) -> Self {
        self.query.push(name);
        self
    }

    pub fn status(mut self, status: u16) -> Self {
        self.success = status;
        self
    }
}

pub fn document(operations: &[Operation]) -> Value {
    let mut generator = SchemaSettings::openapi3().into_generator();
    let error = generator.subschema_for::<crate::error::ErrorBody<'static>>().to_value();
    let mut paths = Map::new();
    for op in operations {
        let mut responses = Map::new();
        let success = match (op.response, op.success) {
            (_, 204) => json!({ "description": "Done; no content" }),
            (Some(schema), _) => json!({
                "description": "Success",
                "content": { op.response_media: { "schema": schema(&mut generator).to_value() } }
            }),
            (None, _) => json!({ "description": "Success", "content": { op.response_media: {} } }),
        };
        responses.insert(op.success.to_string(), success);
        responses.insert(
            "default".into(),
            json!({
                "description": "Error: the contract's JSON body",
                "content": { "application/json": { "schema": error.clone() } }
            }),
        );
        let mut operation = json!({
            "summary": op.summary,
            "responses": responses,
            "security": match op.access { Access::Public => json!([]), _ => json!([{ "session": [] }]) },
        });
        if op.access == Access::Admin {
            operation["description"] = json!("Only for users with role 'admin'.");
        }
        if let Some(schema) = op.request {
            operation["requestBody"] = json!({
                "required": true,
                "content": { op.request_media: { "schema": schema(&mut generator).to_value() } }
            });
        }
        let path_parameters = op
            .path
            .split('/')
            .filter_map(|segment| segment.strip_prefix('{').and_then(|s| s.strip_suffix('}')))
            .map(|name| json!({ "name": name, "in": "path", "required": true, "schema": { "type": "string" } }));
        let query_parameters = op.query.iter().map(|name| {
            json!({ "name": name, "in": "query", "required": false, "schema": { "type": "integer", "format": "int64" } })
        });
        let parameters: Vec<Value> = path_parameters.chain(query_parameters).collect();
        if !parameters.is_empty() {
            operation["parameters"] = Value::Array(parameters);
        }
        let item = paths.entry(op.path.to_owned()).or_insert_with(|| json!({}));
        item[op.method.as_str().to_lowercase()] = operation;
    }
    let schemas: Map<String, Value> = generator.take_definitions(true).into_iter().collect();
    json!({
        "openapi": "3.0.3",
        "info": { "title": "Aqar", "version": env!("CARGO_PKG_VERSION") },
        "paths": paths,
        "components": {
            "schemas": schemas,
            "securitySchemes": {
                "session": { "type": "apiKey", "in": "cookie", "name": crate::auth::session::COOKIE }
            }
        }
    })
}
