//! A statement's placeholders in the connection's dialect, written in the order their values
//! are bound: `$1`, `$2`, … on PostgreSQL and nameless `?` on SQLite.
//!
//! sqlx places each SQLite value by asking SQLite the name of its parameter, and SQLite finds
//! the name of a `$N` by walking the list of every name in the statement: binding n values
//! named `$N` takes time in n². At 1,000 values a statement that walk was a quarter of an
//! import's time. A nameless `?` has no name to walk. sqlx numbers the `?` by their order,
//! apart from any `$N`, so a statement uses one kind throughout: every placeholder of a
//! statement built with [`Marks`] comes from it.

use sqlx::{AnyConnection, AnyPool};

use super::Dialect;

pub struct Marks {
    numbered: bool,
    written: usize,
}

impl Marks {
    pub fn new(dialect: Dialect) -> Marks {
        Marks { numbered: dialect == Dialect::Postgres, written: 0 }
    }

    pub fn of(conn: &AnyConnection) -> Marks {
        Marks::new(Dialect::of_connection(conn))
    }

    pub fn of_pool(pool: &AnyPool) -> Marks {
        Marks::new(Dialect::of_pool(pool))
    }

    /// The next placeholder.
    pub fn mark(&mut self) -> String {
        self.written += 1;
        if self.numbered {
            format!("${}", self.written)
        } else {
            "?".to_owned()
        }
    }

    /// `count` placeholders, separated by commas.
    pub fn list(&mut self, count: usize) -> String {
        (0..count).map(|_| self.mark()).collect::<Vec<_>>().join(", ")
    }

    /// `IN (…)` of `count` placeholders.
    pub fn in_list(&mut self, count: usize) -> String {
        format!("IN ({})", self.list(count))
    }

    /// `(…), (…)`: `rows` rows of `width` placeholders each, for a multi-row VALUES.
    pub fn rows(&mut self, rows: usize, width: usize) -> String {
        (0..rows).map(|_| format!("({})", self.list(width))).collect::<Vec<_>>().join(", ")
    }
}

impl Dialect {
    pub fn of_connection(conn: &AnyConnection) -> Dialect {
        if conn.backend_name() == <sqlx::Postgres as sqlx::Database>::NAME {
            Dialect::Postgres
        } else {
            Dialect::Sqlite
        }
    }

    pub fn of_pool(pool: &AnyPool) -> Dialect {
        Dialect::of_url(pool.connect_options().database_url.as_str()).unwrap_or(Dialect::Sqlite)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn postgres_numbers_every_mark_and_sqlite_names_none() {
        let mut marks = Marks::new(Dialect::Postgres);
        assert_eq!(marks.mark(), "$1");
        assert_eq!(marks.rows(2, 2), "($2, $3), ($4, $5)");
        assert_eq!(marks.in_list(2), "IN ($6, $7)");
        let mut marks = Marks::new(Dialect::Sqlite);
        assert_eq!(marks.mark(), "?");
        assert_eq!(marks.rows(2, 2), "(?, ?), (?, ?)");
        assert_eq!(marks.in_list(2), "IN (?, ?)");
    }
}
