//! `cargo run --release --bin bench -- [hands] [repeats] [seed]`: random-playout rates per
//! game and variant, measured inside Rust (legal-move generation plus play, and whole hands).

use solver::api::Rules;
use solver::games::bridge::Bridge;
use solver::games::marjapussi::config::Variant as MarjapussiVariant;
use solver::games::marjapussi::Marjapussi;
use solver::games::mu::config::Variant as MuVariant;
use solver::games::mu::Mu;
use solver::games::muschik::config::Variant as MuschikVariant;
use solver::games::muschik::Muschik;
use solver::games::mustamaija::config::Variant as MustamaijaVariant;
use solver::games::mustamaija::Mustamaija;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let hands = args.first().copied().unwrap_or(2000) as u32;
    let repeats = args.get(1).copied().unwrap_or(9) as u32;
    let seed = args.get(2).copied().unwrap_or(1);
    println!(
        "{:<24} {:>12} {:>12} {:>14} {:>14}",
        "game/variant", "hands/s", "moves/s", "move ns p50", "move ns p99"
    );
    for variant in MarjapussiVariant::NAMES {
        report::<Marjapussi>(variant, hands, repeats, seed);
    }
    for variant in MustamaijaVariant::NAMES {
        report::<Mustamaija>(variant, hands, repeats, seed);
    }
    for variant in MuschikVariant::NAMES {
        report::<Muschik>(variant, hands, repeats, seed);
    }
    for variant in MuVariant::NAMES {
        report::<Mu>(variant, hands, repeats, seed);
    }
    report::<Bridge>(solver::games::bridge::config::VARIANT, hands, repeats, seed);
}

fn report<G: Rules>(variant: &str, hands: u32, repeats: u32, seed: u64) {
    match solver::bench::random_hands::<G>(variant, hands, repeats, seed) {
        Ok(r) => println!(
            "{:<24} {:>12.0} {:>12.0} {:>14.1} {:>14.1}",
            format!("{}/{variant}", G::NAME),
            r["hands_per_s"].as_f64().unwrap_or(0.0),
            r["moves_per_s"].as_f64().unwrap_or(0.0),
            r["move_ns"]["median"].as_f64().unwrap_or(0.0),
            r["move_ns"]["p99"].as_f64().unwrap_or(0.0),
        ),
        Err(p) => eprintln!("{variant}: {:?}", p.0),
    }
}
