//! What a thread has read from requests before: resolved rules and checked positions.
//!
//! A client sends the same rule options with every position (positions write every option's
//! value), and the same position to several routes (its legal moves, an analysis, a move). Both
//! are pure functions of their JSON, so a thread keeps the last few it read without a problem,
//! each with the JSON it was read from, and answers a request whose JSON is the same (compared
//! in full, objects' keys in order) without resolving or replaying again. A miss costs a hash
//! of the JSON and is read as before; nothing read with a problem is kept. A position's JSON is
//! kept by taking it out of the request's body once the answer is made ([`answering`]), never
//! copied.

use crate::api::{Position, Rules};
use serde_json::Value;
use std::any::Any;
use std::cell::RefCell;
use std::collections::VecDeque;
use std::hash::{Hash, Hasher};

/// How many positions, and how many sets of rules, a thread keeps.
const KEPT: usize = 16;

/// One thing read: the game, the JSON it was read from (with its hash) and what it gave.
struct Entry {
    game: &'static str,
    hash: u64,
    json: Value,
    read: Box<dyn Any>,
}

/// The last [`KEPT`] things of one kind read on this thread, the newest first.
#[derive(Default)]
struct Kept(VecDeque<Entry>);

impl Kept {
    /// What was read from the JSON of `hash` for which `same` holds.
    fn find<T: Clone + 'static>(
        &self,
        game: &str,
        hash: u64,
        same: impl Fn(&Value) -> bool,
    ) -> Option<T> {
        let entry = self
            .0
            .iter()
            .find(|e| e.game == game && e.hash == hash && same(&e.json))?;
        entry.read.downcast_ref::<T>().cloned()
    }

    fn keep(&mut self, entry: Entry) {
        if self.0.len() >= KEPT {
            self.0.pop_back();
        }
        self.0.push_front(entry);
    }
}

/// The position last read on this thread and not kept yet: where its JSON lies (inside the
/// request's body, until [`answering`] is done with it), and the entry without that JSON.
struct Pending {
    at: *const Value,
    entry: Entry,
}

thread_local! {
    static POSITIONS: RefCell<Kept> = RefCell::default();
    static CONFIGS: RefCell<Kept> = RefCell::default();
    static PENDING: RefCell<Option<Pending>> = const { RefCell::new(None) };
}

/// The position read before from JSON the same as `json` (whose [`hash_of`] is `hash`), if this
/// thread keeps it.
pub(crate) fn position<G: Rules>(json: &Value, hash: u64) -> Option<Position<G>> {
    let same = |kept: &Value| same_in_order(kept, json);
    POSITIONS.with(|kept| kept.borrow().find(G::NAME, hash, same))
}

/// Marks `position`, read without a problem from `json` (of hash `hash`), to be kept when the
/// request's body is done with ([`answering`]).
pub(crate) fn pend_position<G: Rules>(json: &Value, hash: u64, position: &Position<G>) {
    let entry = Entry {
        game: G::NAME,
        hash,
        json: Value::Null,
        read: Box::new(position.clone()),
    };
    let at = std::ptr::from_ref(json);
    PENDING.with(|pending| *pending.borrow_mut() = Some(Pending { at, entry }));
}

/// `answer` of a request's `body`, then keeps the position last read from the body's
/// `position` during it, taking that JSON out of `body` (which the caller drops next).
pub fn answering<T>(mut body: Value, answer: impl FnOnce(&Value) -> T) -> T {
    PENDING.with(|pending| pending.borrow_mut().take());
    let answered = answer(&body);
    settle(&mut body);
    answered
}

fn settle(body: &mut Value) {
    let Some(Pending { at, mut entry }) = PENDING.with(|pending| pending.borrow_mut().take())
    else {
        return;
    };
    match body.get_mut("position") {
        Some(json) if std::ptr::eq(std::ptr::from_ref(json), at) => {
            entry.json = json.take();
            POSITIONS.with(|kept| kept.borrow_mut().keep(entry));
        }
        _ => {}
    }
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
    CONFIGS.with(|kept| kept.borrow().find(G::NAME, hash, same))
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
    let entry = Entry {
        game: G::NAME,
        hash: config_hash(variant, options),
        json,
        read: Box::new(config.clone()),
    };
    CONFIGS.with(|kept| kept.borrow_mut().keep(entry));
}

fn config_hash(variant: Option<&str>, options: Option<&Value>) -> u64 {
    let mut hasher = Quick::default();
    variant.hash(&mut hasher);
    feed(options.unwrap_or(&Value::Null), &mut hasher);
    hasher.finish()
}

/// A hash of `json`'s shape and scalars: what tells kept entries apart before they are compared.
pub(crate) fn hash_of(json: &Value) -> u64 {
    let mut hasher = Quick::default();
    feed(json, &mut hasher);
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
