//! Reading one value of the `aqar` section strictly, as the text, flag or number it must
//! be; a value that cannot be used is refused naming its variable.

use rocket::figment::value::Value;
use rocket::figment::Figment;

use super::ConfigError;

pub fn find(figment: &Figment, key: &str) -> Result<Option<Value>, ConfigError> {
    match figment.find_value(&format!("aqar.{key}")) {
        Ok(value) => Ok(Some(value)),
        Err(error) if error.missing() => Ok(None),
        Err(error) => Err(ConfigError(error.to_string())),
    }
}

fn shown(value: &Value) -> String {
    match value {
        Value::String(_, text) => format!("'{text}'"),
        Value::Bool(_, b) => b.to_string(),
        Value::Num(_, n) => n.to_i128().map_or_else(|| format!("{:?}", n.to_f64()), |n| n.to_string()),
        other => other.to_actual().to_string(),
    }
}

pub fn text(variable: &str, value: Value) -> Result<String, ConfigError> {
    match value {
        Value::String(_, text) => Ok(text),
        other => Err(ConfigError::of(variable, format!("must be text, not {}", shown(&other)))),
    }
}

pub fn flag(variable: &str, value: Value) -> Result<bool, ConfigError> {
    let read = match &value {
        Value::Bool(_, b) => Some(*b),
        Value::String(_, text) => match text.trim().to_ascii_lowercase().as_str() {
            "1" | "true" | "yes" | "on" => Some(true),
            "0" | "false" | "no" | "off" => Some(false),
            _ => None,
        },
        Value::Num(_, n) => match n.to_i128() {
            Some(1) => Some(true),
            Some(0) => Some(false),
            _ => None,
        },
        _ => None,
    };
    read.ok_or_else(|| ConfigError::of(variable, format!("{} is not 1 or 0", shown(&value))))
}

pub fn whole(variable: &str, value: Value, max: i64) -> Result<i64, ConfigError> {
    let read = match &value {
        Value::String(_, text) => text.trim().parse::<i64>().ok(),
        Value::Num(_, n) => n.to_i128().and_then(|n| i64::try_from(n).ok()),
        _ => None,
    };
    match read {
        Some(n) if (1..=max).contains(&n) => Ok(n),
        _ => {
            Err(ConfigError::of(variable, format!("{} is not a whole number from 1 to {max}", shown(&value))))
        }
    }
}
