//! Reading `null` as "not chosen" for fields that have no natural absence, and as "cleared"
//! for fields where an absent key means "keep".

use serde::{Deserialize, Deserializer};

/// Deserialises `null` as the type's default. A select that has nothing chosen yet sends
/// `null` for its id; reading it as 0 lets the "at least 1" rule answer with the field's
/// message instead of the whole payload being refused as malformed.
pub(crate) fn null_as_default<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Default + Deserialize<'de>,
{
    Ok(Option::<T>::deserialize(deserializer)?.unwrap_or_default())
}

/// Deserialises a present field as `Some`, `null` included: `Some(None)`. Serde reads `null`
/// and an absent key both as `None` for an `Option`, so a change whose absent key keeps the
/// value could not otherwise be told to clear it. Absence comes from the field's default.
pub(crate) fn null_as_clear<'de, D, T>(deserializer: D) -> Result<Option<Option<T>>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(deserializer).map(Some)
}
