//! Rule options declared once. Each game declares its `Config` with `config!`: every field with
//! its type and default and, for an option, its name, values, rule section, description, and how
//! a value is read and written, then its default variant, rules spec, preset and settling; its
//! [`Declared`] impl and option table ([`Declared::OPTIONS`]) come from it. The
//! reader of a request's `variant` and `options` ([`resolve`]), the options' JSON
//! ([`options_json`]), the catalogue entry ([`catalogue_entry`], [`catalogue`], [`presets`])
//! and `docs/options.md` ([`markdown`]) all come from that table.

use super::named::Named;
use crate::problems::{field_path, kind, Problems};
use serde::Serialize;
use serde_json::{json, Map, Value};

/// The values an option takes, as the catalogue shows them.
pub enum Values {
    Flag,
    /// An integer in `lo..=hi`.
    Int(i64, i64),
    /// One of these integers.
    IntOf(&'static [i64]),
    /// One of these names.
    Names(&'static [&'static str]),
    /// Anything else: the JSON schema of its values.
    Schema(fn() -> Value),
}

impl Values {
    /// The catalogue's JSON schema of the values.
    fn schema(&self) -> Value {
        match self {
            Values::Flag => json!({ "type": "boolean" }),
            Values::Int(lo, hi) => json!({ "type": "integer", "minimum": lo, "maximum": hi }),
            Values::IntOf(values) => json!({ "type": "integer", "enum": values }),
            Values::Names(names) => json!({ "type": "string", "enum": names }),
            Values::Schema(schema) => schema(),
        }
    }

    /// The values in a few words, for the docs.
    fn text(&self) -> String {
        match self {
            Values::Flag => "true, false".to_string(),
            Values::Int(lo, hi) => format!("{lo}..={hi}"),
            Values::IntOf(values) => join(values.iter()),
            Values::Names(names) => join(names.iter()),
            Values::Schema(schema) => schema().to_string(),
        }
    }
}

fn join<T: std::fmt::Display>(items: impl Iterator<Item = T>) -> String {
    items.map(|i| i.to_string()).collect::<Vec<_>>().join(", ")
}

/// One rule option of the configuration `C`.
pub struct Opt<C> {
    pub name: &'static str,
    pub values: Values,
    /// The section of the game's rules ([`Declared::RULES`]) that states the rule.
    pub rule: &'static str,
    /// What the option decides, in one line.
    pub description: &'static str,
    /// A limit on where the option applies, if any.
    pub note: Option<&'static str>,
    /// Sets the option from a request's value; `Err` says what a valid value looks like.
    pub read: fn(&mut C, &Value) -> Result<(), String>,
    pub write: fn(&C) -> Value,
}

impl<C> Opt<C> {
    /// The option's catalogue entry: its values' schema, note, description and rule.
    fn entry(&self, rules: &str) -> Value {
        let mut entry = self.values.schema();
        if let Some(fields) = entry.as_object_mut() {
            if let Some(note) = self.note {
                fields.insert("note".into(), json!(note));
            }
            fields.insert("description".into(), json!(self.description));
            fields.insert("rule".into(), json!(format!("{rules} {}", self.rule)));
        }
        entry
    }
}

/// A game's configuration whose options are declared in one table.
pub trait Declared: Sized + 'static {
    type Variant: Named;
    /// The variant of a request that names none.
    const DEFAULT: Self::Variant;
    /// Where the options' rule sections are: the game's rules spec.
    const RULES: &'static str;
    /// Every option, in the order they are read (an option may set the default of a later one)
    /// and listed.
    const OPTIONS: &'static [Opt<Self>];

    fn preset(variant: Self::Variant) -> Self;

    /// After the options `given` are read: derived values, and the combinations that cannot be
    /// played, reported under `path` (the options object).
    fn settle(&mut self, _given: &Map<String, Value>, _path: &str, _problems: &mut Problems) {}
}

/// Resolves a request's `variant` (the game's default if absent) and `options`, found in the
/// object at `path`; every problem is reported with its path.
pub fn resolve<C: Declared>(
    variant: Option<&str>,
    options: Option<&Value>,
    path: &str,
    problems: &mut Problems,
) -> Option<C> {
    let variant = read_variant(variant, C::DEFAULT, path, problems)?;
    let options_path = field_path(path, "options");
    let empty = Map::new();
    let given = match options {
        None | Some(Value::Null) => &empty,
        Some(Value::Object(map)) => map,
        Some(other) => {
            let message = format!("expected an object, got {}", kind(other));
            problems.push(&options_path, message);
            return None;
        }
    };
    let before = problems.0.len();
    let mut config = C::preset(variant);
    for option in C::OPTIONS {
        if let Some(value) = given.get(option.name) {
            if let Err(expected) = (option.read)(&mut config, value) {
                let at = field_path(&options_path, option.name);
                problems.push(&at, format!("expected {expected}, got {value}"));
            }
        }
    }
    for key in given.keys() {
        if !C::OPTIONS.iter().any(|o| o.name == key) {
            let names = join(C::OPTIONS.iter().map(|o| o.name));
            let message = format!("unknown option; the options are: {names}");
            problems.push(&field_path(&options_path, key), message);
        }
    }
    config.settle(given, &options_path, problems);
    (problems.0.len() == before).then_some(config)
}

/// The variant named `name`, or `default` if none is named.
pub fn read_variant<V: Named>(
    name: Option<&str>,
    default: V,
    path: &str,
    problems: &mut Problems,
) -> Option<V> {
    let Some(name) = name else {
        return Some(default);
    };
    let variant = V::from_name(name);
    if variant.is_none() {
        let names = V::NAMES.join(", ");
        let message = format!("unknown variant '{name}'; the variants are: {names}");
        problems.push(&field_path(path, "variant"), message);
    }
    variant
}

/// Every option of `config` as JSON, in the table's order.
pub fn options_json<C: Declared>(config: &C) -> Value {
    let options = C::OPTIONS
        .iter()
        .map(|o| (o.name.to_string(), (o.write)(config)));
    Value::Object(options.collect())
}

/// The catalogue's `options`: each option's values, description and rule section.
pub fn catalogue<C: Declared>() -> Value {
    let entries = C::OPTIONS
        .iter()
        .map(|o| (o.name.to_string(), o.entry(C::RULES)));
    Value::Object(entries.collect())
}

/// The catalogue's `presets`: per variant, the value of every option.
pub fn presets<C: Declared>() -> Value {
    let variants = <C::Variant as Named>::NAMES.iter().map(|&name| {
        let variant = <C::Variant as Named>::from_name(name).expect("a listed variant");
        (name.to_string(), options_json(&C::preset(variant)))
    });
    Value::Object(variants.collect())
}

/// A game's catalogue entry: its `name` and `title`; its variants in the order of
/// `C::Variant`'s names, each with its player counts (by `players`) and its description; the
/// default variant; every player count; the options and presets; the `phases`; then the fields
/// of `about`.
pub fn catalogue_entry<C: Declared>(
    (name, title): (&str, &str),
    players: impl Fn(C::Variant) -> Vec<u8>,
    descriptions: &[&str],
    phases: &[&str],
    about: Value,
) -> Value {
    let names = <C::Variant as Named>::NAMES;
    assert_eq!(
        names.len(),
        descriptions.len(),
        "one description per variant"
    );
    let variants: Vec<Variant> = names
        .iter()
        .zip(descriptions)
        .map(|(&name, &description)| {
            let players = players(<C::Variant as Named>::from_name(name).expect("a variant"));
            Variant {
                name,
                players,
                description,
            }
        })
        .collect();
    let mut every: Vec<u8> = variants.iter().flat_map(|v| v.players.clone()).collect();
    every.sort_unstable();
    every.dedup();
    let entry = Entry {
        name,
        title,
        variants,
        default_variant: C::DEFAULT.name(),
        players: every,
        options: catalogue::<C>(),
        presets: presets::<C>(),
        phases,
        about,
    };
    serde_json::to_value(entry).expect("a catalogue entry serialises")
}

/// A game's entry in the catalogue: its variants, options, presets and phases, then what the
/// game says of itself (`about`: its cards, moves, analysis and score).
#[derive(Serialize)]
struct Entry<'a> {
    name: &'a str,
    title: &'a str,
    variants: Vec<Variant<'a>>,
    default_variant: &'static str,
    players: Vec<u8>,
    options: Value,
    presets: Value,
    phases: &'a [&'a str],
    #[serde(flatten)]
    about: Value,
}

/// A variant in a catalogue entry: its name, player counts and what it is.
#[derive(Serialize)]
struct Variant<'a> {
    name: &'a str,
    players: Vec<u8>,
    description: &'a str,
}

/// The options of game `game` as a Markdown section for `docs/options.md`, with each option's
/// value in the default variant.
pub fn markdown<C: Declared>(game: &str) -> String {
    let default = options_json(&C::preset(C::DEFAULT));
    let variant = C::DEFAULT.name();
    let mut text = format!("## {game}\n\nRules: {}\n\n", C::RULES);
    text += &format!("| option | values | default ({variant}) | rule | description |\n");
    text += "|---|---|---|---|---|\n";
    let rules = C::RULES.strip_prefix("docs/");
    for o in C::OPTIONS {
        let note = o.note.map_or(String::new(), |n| format!(" ({n})"));
        let rule = rules.map_or(o.rule.to_string(), |doc| format!("[{}]({doc})", o.rule));
        text += &format!(
            "| `{}` | {} | `{}` | {} | {}{note} |\n",
            o.name,
            o.values.text().replace('|', "\\|"),
            default[o.name],
            rule,
            o.description.replace('|', "\\|"),
        );
    }
    text
}

/// A boolean option's value.
pub fn flag(value: &Value) -> Result<bool, String> {
    value.as_bool().ok_or_else(|| "true or false".to_string())
}

/// An integer option's value, in `lo..=hi`.
pub fn int(value: &Value, lo: i64, hi: i64) -> Result<i64, String> {
    let n = value.as_i64().filter(|n| (lo..=hi).contains(n));
    n.ok_or_else(|| format!("an integer {lo}..={hi}"))
}

/// An integer option's value, one of `allowed`.
pub fn int_of(value: &Value, allowed: &[i64]) -> Result<i64, String> {
    let n = value.as_i64().filter(|n| allowed.contains(n));
    n.ok_or_else(|| format!("one of {}", join(allowed.iter())))
}

/// An option's value that may be null (`None`), else read by `read`.
pub fn or_null<T, E>(
    value: &Value,
    read: impl FnOnce(&Value) -> Result<T, E>,
) -> Result<Option<T>, E> {
    match value {
        Value::Null => Ok(None),
        v => read(v).map(Some),
    }
}

/// A named option's value.
pub fn named<T: Named>(value: &Value) -> Result<T, String> {
    let found = value.as_str().and_then(T::from_name);
    found.ok_or_else(|| format!("one of {}", T::NAMES.join(", ")))
}

/// Sets the options `names` of `config` to their values in `from`, except those `given`.
pub fn take_from<C: Declared>(
    config: &mut C,
    from: &C,
    names: &[&str],
    given: &Map<String, Value>,
) {
    let taken = C::OPTIONS
        .iter()
        .filter(|o| names.contains(&o.name) && !given.contains_key(o.name));
    for option in taken {
        let value = (option.write)(from);
        (option.read)(config, &value).expect("an option's own value reads back");
    }
}

/// Declares one option of the configuration whose field `$field` (of type `$t`) has the
/// option's name, as [`config!`] writes it: `flag`, `int(lo, hi)`, `int_of[a, b]`, `named`
/// (the field's type has names) or `with(values, read, write)` (the [`Values`], a reader of
/// the request's value into the field's, `Err` saying what a valid value looks like, and the
/// writer of the field's value; then `as "name"` where the option is named otherwise), then
/// its rule section and description, and optionally `note "..."`; or `custom` and the whole
/// [`Opt`].
macro_rules! option {
    (@opt $name:expr, $values:expr, $read:expr, $write:expr, $rule:literal, $description:literal, $($note:literal)?) => {
        $crate::games::options::Opt {
            name: $name,
            values: $values,
            rule: $rule,
            description: $description,
            note: option!(@note $($note)?),
            read: $read,
            write: $write,
        }
    };
    (@note) => { None };
    (@note $note:literal) => { Some($note) };
    (@name $field:ident) => { stringify!($field) };
    (@name $field:ident $name:literal) => { $name };
    ($field:ident: $t:ty => flag, $rule:literal, $description:literal $(, note $note:literal)?) => {
        option!(@opt stringify!($field), $crate::games::options::Values::Flag,
            |c, v| { c.$field = $crate::games::options::flag(v)?; Ok(()) },
            |c| serde_json::json!(c.$field), $rule, $description, $($note)?)
    };
    ($field:ident: $t:ty => int($lo:expr, $hi:expr), $rule:literal, $description:literal $(, note $note:literal)?) => {
        option!(@opt stringify!($field), $crate::games::options::Values::Int($lo, $hi),
            |c, v| { c.$field = $crate::games::options::int(v, $lo, $hi)? as _; Ok(()) },
            |c| serde_json::json!(c.$field), $rule, $description, $($note)?)
    };
    ($field:ident: $t:ty => int_of[$($n:literal),+], $rule:literal, $description:literal $(, note $note:literal)?) => {
        option!(@opt stringify!($field), $crate::games::options::Values::IntOf(&[$($n),+]),
            |c, v| { c.$field = $crate::games::options::int_of(v, &[$($n),+])? as _; Ok(()) },
            |c| serde_json::json!(c.$field), $rule, $description, $($note)?)
    };
    ($field:ident: $t:ty => named, $rule:literal, $description:literal $(, note $note:literal)?) => {
        option!(@opt stringify!($field), $crate::games::options::Values::Names(<$t>::NAMES),
            |c, v| { c.$field = $crate::games::options::named::<$t>(v)?; Ok(()) },
            |c| serde_json::json!(c.$field.name()), $rule, $description, $($note)?)
    };
    ($field:ident: $t:ty => with($values:expr, $read:expr, $write:expr) $(as $name:literal)?, $rule:literal, $description:literal $(, note $note:literal)?) => {
        option!(@opt option!(@name $field $($name)?), $values,
            |c, v| {
                let read: fn(&serde_json::Value) -> Result<$t, _> = $read;
                c.$field = read(v)?;
                Ok(())
            },
            |c| {
                let write: fn(&$t) -> serde_json::Value = $write;
                write(&c.$field)
            }, $rule, $description, $($note)?)
    };
    ($field:ident: $t:ty => custom $opt:expr) => { $opt };
}

/// Declares a game's configuration once: each field with its type, its default (an expression
/// that may use the variant, named after `for`) and, for an option, after `=>` in parentheses
/// what [`option!`] takes after the type; then its [`Declared`] facts: the default variant, the
/// rules spec, and optionally the function that makes a variant's preset (else every field at
/// its default) and the one that settles the options read ([`Declared::settle`]). Makes the
/// struct (every field `pub`), `defaults(variant)` and the `Declared` impl, its options in
/// field order.
macro_rules! config {
    (
        $(#[$meta:meta])*
        pub struct $name:ident for $var:ident: $vty:ty {
            $( $(#[$fmeta:meta])* $field:ident: $ty:ty = $default:expr $(=> ($($spec:tt)*))?; )*
        }
        impl Declared {
            default: $variant:expr,
            rules: $rules:literal,
            $(preset: $preset:path,)?
            $(settle: $settle:path,)?
        }
    ) => {
        $(#[$meta])*
        pub struct $name {
            $( $(#[$fmeta])* pub $field: $ty, )*
        }

        impl $name {
            /// Every field at its default for the variant, before its preset changes any.
            fn defaults($var: $vty) -> $name {
                $name { $( $field: $default, )* }
            }
        }

        impl $crate::games::options::Declared for $name {
            type Variant = $vty;
            const DEFAULT: $vty = $variant;
            const RULES: &'static str = $rules;
            const OPTIONS: &'static [$crate::games::options::Opt<$name>] =
                &[ $( $( option!($field: $ty => $($spec)*), )? )* ];

            fn preset(variant: $vty) -> $name {
                config!(@preset $name, variant $(, $preset)?)
            }

            $(
                fn settle(
                    &mut self,
                    given: &serde_json::Map<String, serde_json::Value>,
                    path: &str,
                    problems: &mut $crate::problems::Problems,
                ) {
                    $settle(self, given, path, problems)
                }
            )?
        }
    };
    (@preset $name:ident, $variant:ident) => { $name::defaults($variant) };
    (@preset $name:ident, $variant:ident, $preset:path) => { $preset($variant) };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{bridge, marjapussi, mu, muschik, mustamaija};
    use std::fmt::Debug;

    /// Checks one game's table: every preset's options read back into the preset, every option
    /// refuses a wrong value at its own path, and every rule section is in the game's rules.
    fn check_table<C: Declared + PartialEq + Debug>() {
        for &name in <C::Variant as Named>::NAMES {
            let preset = C::preset(<C::Variant as Named>::from_name(name).expect("a variant"));
            let mut problems = Problems::default();
            let given = options_json(&preset);
            let read = resolve::<C>(Some(name), Some(&given), "position", &mut problems);
            assert_eq!(read.as_ref(), Some(&preset), "{name}: {problems:?}");
        }
        for option in C::OPTIONS {
            let mut problems = Problems::default();
            let given = json!({ option.name: { "wrong": true } });
            assert!(resolve::<C>(None, Some(&given), "", &mut problems).is_none());
            let at = format!("options.{}", option.name);
            assert!(
                problems
                    .0
                    .iter()
                    .any(|p| p.path == at && p.message.starts_with("expected ")),
                "{at}: {problems:?}"
            );
            assert!(!option.description.is_empty(), "{at} has no description");
        }
        let Some(path) = C::RULES.strip_prefix("docs/") else {
            return;
        };
        let spec =
            std::fs::read_to_string(format!("{}/../docs/{path}", env!("CARGO_MANIFEST_DIR")))
                .expect("the rules spec");
        for option in C::OPTIONS {
            let s = option.rule;
            let found = [format!("| {s} |"), format!("### {s} "), format!("## {s}. ")]
                .iter()
                .any(|mark| spec.contains(mark.as_str()));
            assert!(found, "{}: no section {s} in {}", option.name, C::RULES);
        }
    }

    #[test]
    fn every_table_reads_back_refuses_and_cites_its_rules() {
        check_table::<marjapussi::config::Config>();
        check_table::<mustamaija::config::Config>();
        check_table::<muschik::config::Config>();
        check_table::<mu::config::Config>();
        check_table::<bridge::config::Config>();
    }

    #[test]
    fn unknown_options_and_variants_are_named_with_the_known_ones() {
        let mut problems = Problems::default();
        let given = json!({ "foo": 1 });
        let read =
            resolve::<mu::config::Config>(Some("mu7"), Some(&given), "position", &mut problems);
        assert!(read.is_none());
        assert_eq!(problems.0[0].path, "position.variant");
        assert!(problems.0[0].message.ends_with("mu3, mu4, mu5, mu6"));
        problems = Problems::default();
        assert!(resolve::<mu::config::Config>(None, Some(&given), "", &mut problems).is_none());
        assert_eq!(problems.0[0].path, "options.foo");
        assert!(problems.0[0]
            .message
            .contains("the options are: first_dealer, three_player"));
    }

    #[test]
    fn the_catalogue_entry_has_values_description_and_rule() {
        let entry = &catalogue::<mu::config::Config>()["target_score"];
        assert_eq!(
            entry,
            &json!({
                "type": "integer", "minimum": 1, "maximum": 1_000_000,
                "description": "the score that ends a match under end_rule target",
                "rule": "docs/rules/mu.md 7.17",
            })
        );
    }

    /// `docs/options.md` is generated; `UPDATE_DOCS=1` rewrites it.
    #[test]
    fn the_options_doc_is_current() {
        let path = format!("{}/../docs/options.md", env!("CARGO_MANIFEST_DIR"));
        let text = crate::games::options_markdown();
        if std::env::var_os("UPDATE_DOCS").is_some() {
            std::fs::write(&path, &text).expect("docs/options.md written");
        }
        let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            on_disk == text,
            "docs/options.md is stale: run UPDATE_DOCS=1 cargo test --release the_options_doc"
        );
    }
}
