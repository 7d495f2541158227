//! The OpenAPI description of every route. Each operation is declared once, as an
//! [`Endpoint`]: the Rocket route and its documentation together. The server mounts those
//! routes and builds this document from the very same list, so a route cannot be mounted
//! undocumented, and the method and path of the documentation are the route's own.

pub mod api_docs;
mod document;

pub use document::{document, type_schema};

use std::any::TypeId;

use rocket::http::Method;
use rocket::route::StaticInfo;
use rocket::sentinel::Sentry;
use rocket::Route;
use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde_json::{json, Value};

use crate::platform::auth::{AdminUser, CurrentUser};

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

/// A query parameter: its name and the JSON Schema of its value.
#[derive(Clone)]
struct Query {
    name: &'static str,
    schema: Value,
}

/// What the document says of one operation beyond its method and path.
#[derive(Clone)]
pub struct Doc {
    summary: &'static str,
    /// Read from the handler's guards when the endpoint is declared, never stated.
    access: Access,
    request: Option<(SchemaOf, &'static str)>,
    response: Option<(SchemaOf, &'static str)>,
    /// Other media the success may come in (the client chooses by a parameter).
    other_media: Vec<(SchemaOf, &'static str)>,
    success: Option<u16>,
    query: Vec<Query>,
    /// Failure statuses this operation answers beyond those its shape implies.
    failures: Vec<u16>,
    /// Takes `If-Match` and answers 412 when it is stale.
    versioned: bool,
    /// Response headers sent with success, by name and description.
    headers: Vec<(&'static str, &'static str)>,
    /// A public read answered with ETag, 304 and Cache-Control (see `public`).
    cached: bool,
    /// Other successful answers with the success's content, by status and description.
    alternatives: Vec<(u16, &'static str)>,
    /// Other successful answers with content of their own, by status and description.
    other_answers: Vec<(u16, &'static str, SchemaOf)>,
}

impl Doc {
    pub fn new(summary: &'static str) -> Self {
        Doc {
            summary,
            access: Access::Public,
            request: None,
            response: None,
            other_media: Vec::new(),
            success: None,
            query: Vec::new(),
            failures: Vec::new(),
            versioned: false,
            headers: Vec::new(),
            cached: false,
            alternatives: Vec::new(),
            other_answers: Vec::new(),
        }
    }

    pub fn takes<T: JsonSchema>(mut self) -> Self {
        self.request = Some((schema_of::<T>, "application/json"));
        self
    }

    /// A request body that is not JSON (multipart uploads).
    pub fn takes_media(mut self, media: &'static str, schema: SchemaOf) -> Self {
        self.request = Some((schema, media));
        self
    }

    pub fn responds<T: JsonSchema>(mut self) -> Self {
        self.response = Some((schema_of::<T>, "application/json"));
        self
    }

    /// A response body that is not JSON (files, pages).
    pub fn responds_media(mut self, media: &'static str, schema: SchemaOf) -> Self {
        self.response = Some((schema, media));
        self
    }

    /// Another media the success may come in, beside [`Doc::responds_media`]'s.
    pub fn responds_media_too(mut self, media: &'static str, schema: SchemaOf) -> Self {
        self.other_media.push((schema, media));
        self
    }

    /// An optional integer query parameter that narrows a list.
    pub fn query_id(self, name: &'static str) -> Self {
        self.query(name, json!({ "type": "integer", "format": "int64", "minimum": 1 }))
    }

    /// An optional query parameter with the schema of its value.
    pub fn query(mut self, name: &'static str, schema: Value) -> Self {
        self.query.push(Query { name, schema });
        self
    }

    pub fn status(mut self, status: u16) -> Self {
        self.success = Some(status);
        self
    }

    /// Failure statuses the operation answers beyond those its shape implies (409, 429...).
    pub fn fails(mut self, statuses: &[u16]) -> Self {
        self.failures.extend_from_slice(statuses);
        self
    }

    /// The write checks `If-Match` against the record's version (412 when stale).
    pub fn versioned(mut self) -> Self {
        self.versioned = true;
        self
    }

    /// Another successful answer with the same content (206 for a byte range).
    pub fn also(mut self, status: u16, description: &'static str) -> Self {
        self.alternatives.push((status, description));
        self
    }

    /// Another successful answer whose content is a `T` (a sign-in that asks for more).
    pub fn answers<T: JsonSchema>(mut self, status: u16, description: &'static str) -> Self {
        self.other_answers.push((status, description, schema_of::<T>));
        self
    }

    /// A public read (its handler takes no session guard): the answer carries `ETag` and `Cache-Control`; a
    /// matching `If-None-Match` answers 304 with no body.
    pub fn public_read(mut self) -> Self {
        self.cached = true;
        self.header("ETag", "The tag of this answer; send it back as If-None-Match")
            .header("Cache-Control", "How long the answer may be reused")
    }

    /// A delete that moves its records to the trash, answering the batch to undo it by.
    pub fn trashes(self) -> Self {
        self.header(
            crate::platform::trash::BATCH_HEADER,
            "The batch the delete moved its records to the trash in: POST /api/trash/batches/{batch}/restore undoes it",
        )
    }

    pub fn header(mut self, name: &'static str, description: &'static str) -> Self {
        self.headers.push((name, description));
        self
    }
}

/// One operation: the route Rocket mounts and what the document says of it.
pub struct Endpoint {
    pub route: Route,
    pub doc: Doc,
}

impl Endpoint {
    /// `info` is what Rocket's route attribute generated for one handler (see `endpoint!`).
    /// Who may call it is read from the handler's own guards, so the document cannot say
    /// otherwise: an `AdminUser` parameter makes it admin-only, a `CurrentUser` one needs a
    /// session, and a handler with neither is public.
    pub fn new(info: StaticInfo, doc: Doc) -> Self {
        let access = access_of(&info.sentinels);
        Endpoint { route: Route::from(info), doc: Doc { access, ..doc } }
    }
}

/// The access a handler's guards ask for. Rocket lists every type a handler takes among its
/// route's sentinels; only the handler's own parameters (no parent type) are guards here.
fn access_of(sentinels: &[Sentry]) -> Access {
    let takes = |guard: TypeId| sentinels.iter().any(|s| s.parent.is_none() && s.type_id == guard);
    if takes(TypeId::of::<AdminUser>()) {
        Access::Admin
    } else if takes(TypeId::of::<CurrentUser>()) {
        Access::Session
    } else {
        Access::Public
    }
}

/// Declares an endpoint: `endpoint!(handler, Doc::new("...")...)`, in the module of the
/// handler. It reads what Rocket's route attribute generated for the handler (`into_info`,
/// private to that module), which names its guards; Rocket is vendored at 0.5.2, whose
/// generated code this relies on.
#[macro_export]
macro_rules! endpoint {
    ($handler:ident, $doc:expr) => {
        $crate::platform::openapi::Endpoint::new($handler {}.into_info(), $doc)
    };
}

/// Endpoints mounted under one base path.
pub struct Mount {
    pub base: &'static str,
    pub endpoints: Vec<Endpoint>,
}

impl Mount {
    pub fn new(base: &'static str, endpoints: Vec<Endpoint>) -> Self {
        Mount { base, endpoints }
    }

    pub fn routes(&self) -> Vec<Route> {
        self.endpoints.iter().map(|e| e.route.clone()).collect()
    }
}

/// An operation as the document lists it: the method and OpenAPI path of its route.
pub struct Operation<'a> {
    pub method: Method,
    pub path: String,
    pub doc: &'a Doc,
}

/// The OpenAPI form of a mounted route's path: `/api/categories/{id}`.
pub fn openapi_path(base: &str, route: &Route) -> String {
    let path = route.uri.unmounted_origin.path().to_string();
    let joined = match (base.trim_end_matches('/'), path.as_str()) {
        ("", path) => path.to_owned(),
        (base, "/") => base.to_owned(),
        (base, path) => format!("{base}{path}"),
    };
    joined.replace("..>", ">").replace('<', "{").replace('>', "}")
}

pub fn operations(mounts: &[Mount]) -> Vec<Operation<'_>> {
    mounts
        .iter()
        .flat_map(|mount| {
            mount.endpoints.iter().map(|endpoint| Operation {
                method: endpoint.route.method,
                path: openapi_path(mount.base, &endpoint.route),
                doc: &endpoint.doc,
            })
        })
        .collect()
}
