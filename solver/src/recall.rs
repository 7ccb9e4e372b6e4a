//! What a thread has read from requests before: resolved rules and checked positions.
//!
//! A client sends the same rule options with every position (positions write every option's
//! value), and the same position to several routes (its legal moves, an analysis, a move). Both
//! are pure functions of their JSON, so a thread keeps the last few it read without a problem,
//! each with the JSON it was read from, and answers a request carrying the same JSON without
//! resolving or replaying again. A body's position is looked up by its text, byte for byte,
//! before it is parsed ([`read_body`]): a hit costs a hash and a comparison of the text, and the
//! kept parse of that text is lent to the request until its answer is made ([`answering`]).
//! Rules are looked up by their parsed JSON (compared in full, objects' keys in order). Nothing
//! read with a problem is kept.

use crate::api::{parse_body, ApiError, Position, Rules};
use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
use serde_json::value::RawValue;
use serde_json::{Map, Value};
use std::any::Any;
use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::hash::{Hash, Hasher};

/// How many positions, and how many sets of rules, a thread keeps.
const KEPT: usize = 16;

/// One thing read: the game, the JSON it was read from (with its hash; a position also with
/// its text) and what it gave.
struct Entry {
    game: &'static str,
    id: u64,
    hash: u64,
    text: Vec<u8>,
    json: Value,
    read: Box<dyn Any>,
}

impl Entry {
    fn new(game: &'static str, hash: u64, text: Vec<u8>, json: Value, read: Box<dyn Any>) -> Self {
        let id = NEXT_ID.with(|next| next.replace(next.get() + 1));
        Entry {
            game,
            id,
            hash,
            text,
            json,
            read,
        }
    }
}

/// The last [`KEPT`] things of one kind read on this thread, the newest first.
#[derive(Default)]
struct Kept(VecDeque<Entry>);

impl Kept {
    /// What was read for `game` by the entry for which `same` holds.
    fn find<T: Clone + 'static>(&self, game: &str, same: impl Fn(&Entry) -> bool) -> Option<T> {
        let entry = self.0.iter().find(|e| e.game == game && same(e))?;
        entry.read.downcast_ref::<T>().cloned()
    }

    fn keep(&mut self, entry: Entry) {
        if self.0.len() >= KEPT {
            self.0.pop_back();
        }
        self.0.push_front(entry);
    }
}

/// The position of the body this thread is answering: where it lies in the body while the
/// answer is made, and whether it was kept before or is new.
struct Reading {
    at: *const Value,
    seen: Seen,
}

enum Seen {
    /// Kept before: the entry that lent its JSON to the body.
    Kept { id: u64 },
    /// New: its text, and what was read from it once read without a problem.
    New {
        hash: u64,
        text: Vec<u8>,
        read: Option<(&'static str, Box<dyn Any>)>,
    },
}

thread_local! {
    static POSITIONS: RefCell<Kept> = RefCell::default();
    static CONFIGS: RefCell<Kept> = RefCell::default();
    static READING: RefCell<Option<Reading>> = const { RefCell::new(None) };
    static NEXT_ID: Cell<u64> = const { Cell::new(0) };
}

/// The body of a request to `game`, parsed; its `position`, when this thread keeps one of the
/// same text, lent by the kept entry instead of parsed again. A body that is not an object of
/// distinct keys is parsed whole, and its position neither looked up nor kept.
pub fn read_body(game: &str, body: &[u8]) -> Result<Value, ApiError> {
    READING.with(|reading| reading.borrow_mut().take());
    let Ok(Members(members)) = serde_json::from_slice::<Members>(body) else {
        return parse_body(body);
    };
    let mut map = Map::with_capacity(members.len());
    for (key, raw) in members {
        let value = match key.as_str() {
            "position" => position_json(game, raw),
            _ => parse_body(raw.get().as_bytes())?,
        };
        if map.insert(key, value).is_some() {
            give_back(map.remove("position"));
            return parse_body(body);
        }
    }
    Ok(Value::Object(map))
}

/// The JSON of the position of text `raw`: lent by the entry kept with that text, or parsed.
fn position_json(game: &str, raw: &RawValue) -> Value {
    let text = raw.get().as_bytes();
    let hash = hash_of_text(text);
    let lent = POSITIONS.with(|kept| {
        let mut kept = kept.borrow_mut();
        let entry = kept
            .0
            .iter_mut()
            .find(|e| e.game == game && e.hash == hash && e.text == text && !e.json.is_null())?;
        Some((entry.id, entry.json.take()))
    });
    let (seen, json) = match lent {
        Some((id, json)) => (Seen::Kept { id }, json),
        None => {
            let json = serde_json::from_str(raw.get()).unwrap_or(Value::Null);
            let text = text.to_vec();
            (
                Seen::New {
                    hash,
                    text,
                    read: None,
                },
                json,
            )
        }
    };
    let at = std::ptr::null();
    READING.with(|reading| *reading.borrow_mut() = Some(Reading { at, seen }));
    json
}

/// A body's members in order, each as its JSON text.
struct Members<'a>(Vec<(String, &'a RawValue)>);

impl<'de> Deserialize<'de> for Members<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(MembersVisitor)
    }
}

struct MembersVisitor;

impl<'de> Visitor<'de> for MembersVisitor {
    type Value = Members<'de>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a JSON object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut members = Vec::new();
        while let Some(member) = map.next_entry::<String, &'de RawValue>()? {
            members.push(member);
        }
        Ok(Members(members))
    }
}

/// The position kept for `json`, when `json` is the position of the body being answered and
/// this thread read its text before.
pub(crate) fn position<G: Rules>(json: &Value) -> Option<Position<G>> {
    let id = READING.with(|reading| match &*reading.borrow() {
        Some(Reading {
            at,
            seen: Seen::Kept { id },
        }) if std::ptr::eq(*at, json) => Some(*id),
        _ => None,
    })?;
    POSITIONS.with(|kept| kept.borrow().find(G::NAME, |e| e.id == id))
}

/// Marks `position`, read without a problem from `json`, to be kept with its text once the
/// request's body is done with ([`answering`]), when `json` is that body's new position.
pub(crate) fn pend_position<G: Rules>(json: &Value, position: &Position<G>) {
    READING.with(|reading| {
        if let Some(Reading {
            at,
            seen: Seen::New { read, .. },
        }) = &mut *reading.borrow_mut()
        {
            if std::ptr::eq(*at, json) {
                *read = Some((G::NAME, Box::new(position.clone())));
            }
        }
    });
}

/// `answer` of a request's `body` (from [`read_body`]); then the body's position goes back to
/// the entry that lent it, or is kept with what was read from it: its JSON is taken out of
/// `body`, which the caller drops next.
pub fn answering<T>(mut body: Value, answer: impl FnOnce(&Value) -> T) -> T {
    let at = body
        .get("position")
        .map_or(std::ptr::null(), std::ptr::from_ref);
    READING.with(|reading| {
        if let Some(reading) = &mut *reading.borrow_mut() {
            reading.at = at;
        }
    });
    let answered = answer(&body);
    give_back(body.get_mut("position").map(Value::take));
    answered
}

/// Gives the JSON of the position just answered back to the entry that lent it, or keeps it
/// with what was read from it.
fn give_back(json: Option<Value>) {
    let reading = READING.with(|reading| reading.borrow_mut().take());
    let (Some(reading), Some(json)) = (reading, json) else {
        return;
    };
    POSITIONS.with(|kept| {
        let mut kept = kept.borrow_mut();
        match reading.seen {
            Seen::Kept { id } => {
                if let Some(entry) = kept.0.iter_mut().find(|e| e.id == id) {
                    entry.json = json;
                }
            }
            Seen::New {
                hash,
                text,
                read: Some((game, read)),
            } => {
                kept.keep(Entry::new(game, hash, text, json, read));
            }
            Seen::New { read: None, .. } => {}
        }
    });
}

/// The rules resolved before from this variant and these options, if this thread keeps them.
pub(crate) fn config<G: Rules>(
    variant: Option<&str>,
    options: Option<&Value>,
) -> Option<G::Config> {
    let hash = config_hash(variant, options);
    let same = |kept: &Value| {
        kept[0].as_str() == variant && same_in_order(&kept[1], options.unwrap_or(&Value::Null))
    };
    CONFIGS.with(|kept| {
        kept.borrow()
            .find(G::NAME, |e| e.hash == hash && same(&e.json))
    })
}

/// Keeps `config`, resolved without a problem from `variant` and `options`.
pub(crate) fn keep_config<G: Rules>(
    variant: Option<&str>,
    options: Option<&Value>,
    config: &G::Config,
) {
    let json = Value::Array(vec![
        variant.map_or(Value::Null, |v| Value::String(v.to_string())),
        options.cloned().unwrap_or(Value::Null),
    ]);
    let hash = config_hash(variant, options);
    let entry = Entry::new(G::NAME, hash, Vec::new(), json, Box::new(config.clone()));
    CONFIGS.with(|kept| kept.borrow_mut().keep(entry));
}

fn config_hash(variant: Option<&str>, options: Option<&Value>) -> u64 {
    let mut hasher = Quick::default();
    variant.hash(&mut hasher);
    feed(options.unwrap_or(&Value::Null), &mut hasher);
    hasher.finish()
}

/// A hash of a position's JSON text: what tells kept entries apart before they are compared.
fn hash_of_text(text: &[u8]) -> u64 {
    let mut hasher = Quick::default();
    hasher.write(text);
    hasher.finish()
}

fn feed(json: &Value, hasher: &mut Quick) {
    match json {
        Value::Null => 0u8.hash(hasher),
        Value::Bool(b) => b.hash(hasher),
        Value::Number(n) => n.as_f64().map(f64::to_bits).hash(hasher),
        Value::String(s) => s.hash(hasher),
        Value::Array(items) => {
            items.len().hash(hasher);
            items.iter().for_each(|item| feed(item, hasher));
        }
        Value::Object(map) => {
            map.len().hash(hasher);
            for (key, value) in map {
                key.hash(hasher);
                feed(value, hasher);
            }
        }
    }
}

/// A fast hasher of a word at a time (FxHash's step): entries are compared in full after it, so
/// it only has to tell most JSON apart, cheaply.
#[derive(Default)]
struct Quick(u64);

impl Hasher for Quick {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            self.word(u64::from_le_bytes(chunk.try_into().unwrap_or_default()));
        }
        let rest = chunks.remainder();
        let mut last = [0u8; 8];
        last[..rest.len()].copy_from_slice(rest);
        self.word(u64::from_le_bytes(last) ^ rest.len() as u64);
    }

    fn write_u64(&mut self, word: u64) {
        self.word(word);
    }

    fn write_usize(&mut self, word: usize) {
        self.word(word as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

impl Quick {
    fn word(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

/// `a == b`, and every object's keys in the same order in both: what the JSON text of a request
/// written again by the same client gives.
fn same_in_order(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Object(a), Value::Object(b)) => {
            a.len() == b.len()
                && a.iter()
                    .zip(b)
                    .all(|((ka, va), (kb, vb))| ka == kb && same_in_order(va, vb))
        }
        (Value::Array(a), Value::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(a, b)| same_in_order(a, b))
        }
        _ => a == b,
    }
}
