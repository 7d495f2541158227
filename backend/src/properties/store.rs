//! SQL for properties, their images and their selected features.

use sqlx::AnyPool;

use super::body::PropertyBody;
use super::listing::ListRequest;
use super::{Property, PublicProperty};
use crate::error::{ApiError, ApiResult};
use crate::property_features::PropertyFeature;

fn pending() -> ApiError {
    ApiError::internal("properties store: being written")
}

pub async fn list(_db: &AnyPool, _query: &ListRequest) -> ApiResult<(Vec<Property>, Option<i64>)> {
    Err(pending())
}

pub async fn get(_db: &AnyPool, _id: i64) -> ApiResult<Property> {
    Err(pending())
}

pub async fn insert(_db: &AnyPool, _body: &PropertyBody) -> ApiResult<Property> {
    Err(pending())
}

pub async fn update(
    _db: &AnyPool,
    _id: i64,
    _expected: Option<i64>,
    _body: &PropertyBody,
) -> ApiResult<Property> {
    Err(pending())
}

pub async fn delete(_db: &AnyPool, _id: i64, _expected: Option<i64>) -> ApiResult<()> {
    Err(pending())
}

pub async fn features(_db: &AnyPool, _id: i64) -> ApiResult<Vec<PropertyFeature>> {
    Err(pending())
}

pub async fn replace_features(_db: &AnyPool, _id: i64, _ids: &[i64]) -> ApiResult<Vec<PropertyFeature>> {
    Err(pending())
}

pub async fn public_list(
    _db: &AnyPool,
    _query: &ListRequest,
) -> ApiResult<(Vec<PublicProperty>, Option<i64>)> {
    Err(pending())
}

pub async fn public_get(_db: &AnyPool, _id: i64) -> ApiResult<PublicProperty> {
    Err(pending())
}
