//! Everything wrong with a request, each reason with the JSON path where it lies.
//!
//! Parsers keep going after a problem and collect every one, so a caller fixes a request once.
//! Paths read from the request body's root, as `position.deal.hands[2][4]`.

use crate::games::named::Named;
use serde::Serialize;
use serde_json::{Map, Value};

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Problem {
    pub path: String,
    pub message: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Problems(pub Vec<Problem>);

impl Problems {
    pub fn push(&mut self, path: &str, message: impl Into<String>) {
        self.0.push(Problem {
            path: path.to_string(),
            message: message.into(),
        });
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// `Ok(value)` if nothing went wrong, else every problem collected.
    pub fn result<T>(self, value: T) -> Result<T, Problems> {
        if self.0.is_empty() {
            Ok(value)
        } else {
            Err(self)
        }
    }

    pub fn single(path: &str, message: impl Into<String>) -> Problems {
        let mut problems = Problems::default();
        problems.push(path, message);
        problems
    }

    pub fn extend(&mut self, other: Problems) {
        self.0.extend(other.0);
    }

    /// Pushes `message` at `path` where `broken`.
    pub fn check(&mut self, broken: bool, path: &str, message: impl Into<String>) {
        if broken {
            self.push(path, message);
        }
    }

    /// Adds `reasons`, each at its field (as `table.attack` or `hands[2]`) under `parent`, or
    /// at `parent` itself where it names none: the rules say why a position cannot occur, a
    /// reader where the position lies.
    pub fn extend_under(&mut self, parent: &str, reasons: Problems) {
        for Problem { path, message } in reasons.0 {
            let at = if path.is_empty() {
                parent.to_string()
            } else {
                field_path(parent, &path)
            };
            self.push(&at, message);
        }
    }
}

/// `parent.key`, or `key` at the root.
pub fn field_path(parent: &str, key: &str) -> String {
    if parent.is_empty() {
        key.to_string()
    } else {
        format!("{parent}.{key}")
    }
}

pub fn index_path(parent: &str, index: usize) -> String {
    format!("{parent}[{index}]")
}

/// Reads the fields of one JSON object, noting wrong types, and at the end unknown keys.
pub struct Fields<'a> {
    map: Option<&'a Map<String, Value>>,
    path: String,
    known: Vec<&'static str>,
}

impl<'a> Fields<'a> {
    /// Reads `value` as an object at `path`; a non-object is reported and yields no fields.
    pub fn of(value: &'a Value, path: &str, problems: &mut Problems) -> Fields<'a> {
        let map = value.as_object();
        if map.is_none() {
            problems.push(path, format!("expected an object, got {}", kind(value)));
        }
        Fields {
            map,
            path: path.to_string(),
            known: Vec::new(),
        }
    }

    pub fn path(&self, key: &str) -> String {
        field_path(&self.path, key)
    }

    /// The raw value of `key`, if present and not null.
    pub fn get(&mut self, key: &'static str) -> Option<&'a Value> {
        self.known.push(key);
        self.map?.get(key).filter(|v| !v.is_null())
    }

    pub fn has(&self, key: &str) -> bool {
        self.map
            .is_some_and(|m| m.get(key).is_some_and(|v| !v.is_null()))
    }

    pub fn integer(&mut self, key: &'static str, problems: &mut Problems) -> Option<i64> {
        let v = self.get(key)?;
        let n = v.as_i64();
        if n.is_none() {
            problems.push(
                &self.path(key),
                format!("expected an integer, got {}", kind(v)),
            );
        }
        n
    }

    /// An integer in `lo..=hi`.
    pub fn bounded(
        &mut self,
        key: &'static str,
        lo: i64,
        hi: i64,
        problems: &mut Problems,
    ) -> Option<i64> {
        let n = self.integer(key, problems)?;
        if (lo..=hi).contains(&n) {
            Some(n)
        } else {
            problems.push(&self.path(key), format!("{n} is out of range {lo}..={hi}"));
            None
        }
    }

    /// A count: an integer in `0..=hi`; 0 where absent or refused.
    pub fn count(&mut self, key: &'static str, hi: i64, problems: &mut Problems) -> i64 {
        self.bounded(key, 0, hi, problems).unwrap_or(0)
    }

    /// A seat of `n`: an integer in `0..n`.
    pub fn seat(&mut self, key: &'static str, n: usize, problems: &mut Problems) -> Option<u8> {
        self.bounded(key, 0, n as i64 - 1, problems)
            .map(|s| s as u8)
    }

    pub fn string(&mut self, key: &'static str, problems: &mut Problems) -> Option<&'a str> {
        let v = self.get(key)?;
        let s = v.as_str();
        if s.is_none() {
            problems.push(
                &self.path(key),
                format!("expected a string, got {}", kind(v)),
            );
        }
        s
    }

    pub fn boolean(&mut self, key: &'static str, problems: &mut Problems) -> Option<bool> {
        let v = self.get(key)?;
        let b = v.as_bool();
        if b.is_none() {
            problems.push(
                &self.path(key),
                format!("expected true or false, got {}", kind(v)),
            );
        }
        b
    }

    pub fn array(&mut self, key: &'static str, problems: &mut Problems) -> Option<&'a Vec<Value>> {
        let v = self.get(key)?;
        let a = v.as_array();
        if a.is_none() {
            problems.push(
                &self.path(key),
                format!("expected an array, got {}", kind(v)),
            );
        }
        a
    }

    /// The integers of the array `key`, each in `lo..=hi` (the others reported and left out).
    pub fn integers(
        &mut self,
        key: &'static str,
        lo: i64,
        hi: i64,
        problems: &mut Problems,
    ) -> Option<Vec<i64>> {
        let at = self.path(key);
        let list = self.array(key, problems)?;
        Some(integers(list, &at, lo, hi, problems))
    }

    /// [`Fields::integers`] with one per seat of `n` (its entries called `what`), at most `n`
    /// kept.
    pub fn seat_integers(
        &mut self,
        key: &'static str,
        (n, what): (usize, &str),
        lo: i64,
        hi: i64,
        problems: &mut Problems,
    ) -> Option<Vec<i64>> {
        let at = self.path(key);
        let list = self.array(key, problems)?;
        one_per_seat(list, n, what, &at, problems);
        let mut values = integers(list, &at, lo, hi, problems);
        values.truncate(n);
        Some(values)
    }

    /// The array `key` with one entry per seat of `n` (its entries called `what`): empty where
    /// absent or not an array; `None` where of another length, reported once, so that none of
    /// it is read.
    pub fn seat_list(
        &mut self,
        key: &'static str,
        (n, what): (usize, &str),
        problems: &mut Problems,
    ) -> Option<&'a [Value]> {
        let at = self.path(key);
        let Some(list) = self.array(key, problems) else {
            return Some(&[]);
        };
        one_per_seat(list, n, what, &at, problems).then_some(list)
    }

    /// Each seat's entry of the array `key`: the index of its name in `names`, or `None` where
    /// null (anything else reported). A list of another length than `n` is reported and its
    /// first `n` read; `None` where absent.
    pub fn seat_names(
        &mut self,
        key: &'static str,
        n: usize,
        names: &[&str],
        problems: &mut Problems,
    ) -> Option<Vec<Option<usize>>> {
        let at = self.path(key);
        let list = self.array(key, problems)?;
        one_per_seat(list, n, "entries", &at, problems);
        let read = list.iter().take(n).enumerate().map(|(seat, item)| {
            let index = item
                .as_str()
                .and_then(|t| names.iter().position(|&name| name == t));
            if index.is_none() && !item.is_null() {
                let quoted: Vec<String> = names.iter().map(|name| format!("\"{name}\"")).collect();
                let (quoted, got) = (quoted.join(", "), kind(item));
                let message = format!("expected {quoted} or null, got {got}");
                problems.push(&index_path(&at, seat), message);
            }
            index
        });
        Some(read.collect())
    }

    /// The object `key`, if present, read by `read` (its unknown fields reported after).
    pub fn object<T>(
        &mut self,
        key: &'static str,
        problems: &mut Problems,
        read: impl FnOnce(&mut Fields<'a>, &mut Problems) -> T,
    ) -> Option<T> {
        let value = self.get(key)?;
        let mut fields = Fields::of(value, &self.path(key), problems);
        let read = read(&mut fields, problems);
        fields.finish(problems);
        Some(read)
    }

    /// Reports each of `keys` that is absent or null as missing.
    pub fn require(&self, keys: &[&str], problems: &mut Problems) {
        for key in keys.iter().filter(|&&key| !self.has(key)) {
            problems.push(&self.path(key), "missing");
        }
    }

    /// The string `key` as one of `names`, read by `from_name`; an unknown name is reported
    /// with the known ones, calling them `what`s (as `phase`).
    pub fn name_of<T>(
        &mut self,
        key: &'static str,
        what: &str,
        from_name: impl Fn(&str) -> Option<T>,
        names: &[&str],
        problems: &mut Problems,
    ) -> Option<T> {
        let text = self.string(key, problems)?;
        let found = from_name(text);
        if found.is_none() {
            let message = format!(
                "unknown {what} '{text}'; the {what}s are: {}",
                names.join(", ")
            );
            problems.push(&self.path(key), message);
        }
        found
    }

    /// The string `key` as a value of the named enum `T`, as [`Fields::name_of`] reads it.
    pub fn named<T: Named>(
        &mut self,
        key: &'static str,
        what: &str,
        problems: &mut Problems,
    ) -> Option<T> {
        self.name_of(key, what, T::from_name, T::NAMES, problems)
    }

    /// Reports every key that no getter asked for.
    pub fn finish(self, problems: &mut Problems) {
        if let Some(map) = self.map {
            for key in map.keys() {
                if !self.known.contains(&key.as_str()) {
                    problems.push(
                        &field_path(&self.path, key),
                        format!("unknown field; expected one of: {}", self.known.join(", ")),
                    );
                }
            }
        }
    }
}

/// Whether `list` (at `path`) has one entry per seat of `n`; if not, reports it, calling its
/// entries `what`.
pub fn one_per_seat<T>(
    list: &[T],
    n: usize,
    what: &str,
    path: &str,
    problems: &mut Problems,
) -> bool {
    let fits = list.len() == n;
    if !fits {
        let message = format!("expected {n} {what}, one per seat, got {}", list.len());
        problems.push(path, message);
    }
    fits
}

/// A word for the JSON type of `value`, for messages.
pub fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// The integers of a JSON array, each checked against `lo..=hi`.
pub fn integers(
    items: &[Value],
    path: &str,
    lo: i64,
    hi: i64,
    problems: &mut Problems,
) -> Vec<i64> {
    let mut out = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        match item.as_i64() {
            Some(n) if (lo..=hi).contains(&n) => out.push(n),
            Some(n) => problems.push(
                &index_path(path, i),
                format!("{n} is out of range {lo}..={hi}"),
            ),
            None => problems.push(
                &index_path(path, i),
                format!("expected an integer, got {}", kind(item)),
            ),
        }
    }
    out
}
