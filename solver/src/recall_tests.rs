//! Positions and rules a thread read before (`crate::recall`) give the answers a fresh read
//! gives: every route, every game, seeded positions in each of their forms, views, and requests
//! that differ from a kept one only in a detail.

use crate::games::{handle, Route, GAMES};
use serde_json::{json, Value};

/// The answer, or the error, as text.
fn answer(game: &str, route: Route, body: &Value) -> String {
    text_answer(game, route, &body.to_string())
}

/// The answer of a thread that has read nothing before.
fn fresh(game: &'static str, route: Route, body: &Value) -> String {
    let body = body.clone();
    std::thread::spawn(move || answer(game, route, &body))
        .join()
        .expect("no panic")
}

/// Asks twice on this thread (the second read is the kept one) and once on a fresh thread.
fn agrees(game: &'static str, route: Route, body: &Value) {
    let first = answer(game, route, body);
    let again = answer(game, route, body);
    assert_eq!(first, again, "{game} {route:?} {body}");
    assert_eq!(first, fresh(game, route, body), "{game} {route:?} {body}");
}

/// The forms of `position`: as written, without its snapshot, and its snapshot alone.
fn forms(position: &Value) -> Vec<Value> {
    let mut replayed = position.clone();
    replayed["state"] = Value::Null;
    let mut snapshot = position.clone();
    snapshot["deal"] = Value::Null;
    snapshot["moves"] = Value::Null;
    vec![position.clone(), replayed, snapshot]
}

fn check_position(game: &'static str, position: &Value, previous: &Value, step: usize) {
    for form in forms(position) {
        agrees(game, Route::LegalMoves, &json!({ "position": form }));
        agrees(game, Route::Canonical, &json!({ "position": form }));
    }
    let seat = step % 3;
    agrees(
        game,
        Route::View,
        &json!({ "position": position, "seat": seat }),
    );
    let view = handle(
        game,
        Route::View,
        json!({ "position": position, "seat": seat })
            .to_string()
            .as_bytes(),
    );
    if let Ok(view) = view {
        agrees(
            game,
            Route::LegalMoves,
            &json!({ "position": view["position"] }),
        );
    }
    let mut stale = position.clone();
    stale["state"] = previous["state"].clone();
    agrees(game, Route::LegalMoves, &json!({ "position": stale }));
}

#[test]
fn kept_reads_answer_as_fresh_ones() {
    for game in GAMES {
        for seed in 0..2u64 {
            let mut position = handle(
                game,
                Route::Deal,
                json!({ "seed": seed }).to_string().as_bytes(),
            )
            .expect("a deal")["position"]
                .clone();
            let mut previous = position.clone();
            for step in 0..60 {
                check_position(game, &position, &previous, step);
                let legal: Value = serde_json::from_str(&answer(
                    game,
                    Route::LegalMoves,
                    &json!({ "position": position }),
                ))
                .expect("legal moves");
                let Some(moves) = legal["moves"].as_array().filter(|m| !m.is_empty()) else {
                    break;
                };
                let chosen = moves[(seed as usize + step * 7) % moves.len()].clone();
                let body = json!({ "position": position, "move": chosen });
                agrees(game, Route::Play, &body);
                previous = position;
                position = handle(game, Route::Play, body.to_string().as_bytes()).expect("played")
                    ["position"]
                    .clone();
            }
        }
    }
}

/// The same text as a kept position, sent where it means something else: to another game, twice
/// in one body, after the route's other fields, or beside a member that is not JSON.
#[test]
fn a_kept_text_is_read_again_where_it_means_something_else() {
    let position =
        handle("marjapussi", Route::Deal, br#"{"seed": 3}"#).expect("a deal")["position"].clone();
    let text = position.to_string();
    let bodies = [
        format!(r#"{{"position": {text}}}"#),
        format!(r#"{{"position": {text}, "position": {text}}}"#),
        format!(r#"{{"position": {text}, "position": 7}}"#),
        format!(r#"{{"move": "bid 50", "position": {text}}}"#),
        format!(r#"{{"position": {text}, "move": }}"#),
        format!(r#"[{text}]"#),
    ];
    for game in ["marjapussi", "mu", "bridge"] {
        for route in [Route::LegalMoves, Route::Play] {
            for body in &bodies {
                let first = text_answer(game, route, body);
                assert_eq!(
                    first,
                    text_answer(game, route, body),
                    "{game} {route:?} {body}"
                );
                let again = body.clone();
                let fresh = std::thread::spawn(move || text_answer(game, route, &again))
                    .join()
                    .expect("no panic");
                assert_eq!(first, fresh, "{game} {route:?} {body}");
            }
        }
    }
}

/// The answer to the body `text`, or the error, as text.
fn text_answer(game: &str, route: Route, text: &str) -> String {
    match handle(game, route, text.as_bytes()) {
        Ok(value) => value.to_string(),
        Err(error) => format!("{error:?}"),
    }
}
