//! `arena`: duplicate matches between two players, and the ISMCTS rate.
//!
//! ```text
//! arena --game G [--variant V] --a P --b P [--deals N] [--iterations N | --ms N] [--seed S]
//! arena --speed --game G [--variant V] [--iterations N] [--deals N] [--seed S]
//! ```
//! Players: random, heuristic, ismcts, pimc, seeing (the exact search with every card in sight).
//! The first form prints A's mean score minus B's per deal with its 95% interval; the second the
//! ISMCTS iterations per second from the first decision of seeded deals, on one thread.

use solver::play::arena::{duplicate, Seating};
use solver::play::ismcts::Limit;
use solver::play::players::{self, limit_text};
use solver::play::{deal, Player, RandomPlayer};
use solver::search::Searchable;
use std::collections::HashMap;
use std::process::exit;
use std::time::{Duration, Instant};

/// What the arena needs of a game.
trait Playable: Seating + Searchable {}
impl<G: Seating + Searchable> Playable for G {}

struct Options {
    game: String,
    variant: String,
    a: String,
    b: String,
    deals: u32,
    limit: Limit,
    seed: u64,
    speed: bool,
}

fn usage(why: &str) -> ! {
    eprintln!("arena: {why}");
    eprintln!("usage: arena --game G [--variant V] --a PLAYER --b PLAYER [--deals N] [--iterations N | --ms N] [--seed S]");
    eprintln!(
        "       arena --speed --game G [--variant V] [--iterations N] [--deals N] [--seed S]"
    );
    eprintln!("players: random, heuristic, ismcts, pimc, seeing");
    exit(2)
}

fn parse() -> Options {
    let mut args = std::env::args().skip(1);
    let mut speed = false;
    let mut values = HashMap::new();
    while let Some(flag) = args.next() {
        if flag == "--speed" {
            speed = true;
            continue;
        }
        let Some(name) = flag.strip_prefix("--") else {
            usage(&format!("unexpected '{flag}'"))
        };
        let value = args
            .next()
            .unwrap_or_else(|| usage(&format!("{flag} needs a value")));
        values.insert(name.to_string(), value);
    }
    let number = |name: &str, default: u64| {
        values.get(name).map_or(default, |v| {
            v.parse()
                .unwrap_or_else(|_| usage(&format!("--{name} takes a number")))
        })
    };
    let text = |name: &str| values.get(name).cloned().unwrap_or_default();
    let limit = match values.get("ms") {
        Some(_) => Limit::Time(Duration::from_millis(number("ms", 0))),
        None => Limit::Iterations(number("iterations", 1_000)),
    };
    let game = text("game");
    Options {
        variant: values
            .get("variant")
            .cloned()
            .unwrap_or_else(|| game.clone()),
        game,
        a: text("a"),
        b: text("b"),
        deals: number("deals", 100) as u32,
        limit,
        seed: number("seed", 1),
        speed,
    }
}

fn player<G: Playable>(name: &str, limit: Limit) -> Box<dyn Player<G>> {
    match name {
        "random" => Box::new(RandomPlayer),
        "seeing" => Box::new(players::SeeingPlayer::new(limit)),
        _ => usage(&format!("no player '{name}'")),
    }
}

fn run<G: Playable>(options: &Options) {
    if options.speed {
        return speed::<G>(options);
    }
    let mut a = player::<G>(&options.a, options.limit);
    let mut b = player::<G>(&options.b, options.limit);
    let report = duplicate(
        &options.variant,
        &mut *a,
        &mut *b,
        options.deals,
        options.seed,
    )
    .unwrap_or_else(|p| usage(&format!("{p:?}")));
    println!(
        "{}/{}: {} vs {}, {} deals from seed {}: A - B = {:+.3} ± {:.3} per deal (95%), {:.1}s",
        options.game,
        options.variant,
        report.a,
        report.b,
        report.deals,
        options.seed,
        report.mean(),
        report.half_width(),
        report.elapsed.as_secs_f64()
    );
}

fn speed<G: Playable>(options: &Options) {
    let mut search = solver::play::ismcts::Ismcts::<G>::default();
    let mut iterations = 0;
    let mut elapsed = Duration::ZERO;
    for d in 0..u64::from(options.deals) {
        let seed = options.seed.wrapping_add(d);
        let state: G = deal(&options.variant, seed).unwrap_or_else(|p| usage(&format!("{p:?}")));
        let seat = state.to_move().unwrap_or(0);
        let started = Instant::now();
        let settings = solver::play::ismcts::Settings {
            bounds: state.payoff_bounds(),
            limit: options.limit,
        };
        let mut rng = solver::rng::Rng::seeded(seed);
        let analysis = search.search(
            &state,
            seat,
            &mut solver::play::determinize::TrueWorld,
            &mut solver::play::rollout::RandomRollout,
            settings,
            &mut rng,
        );
        elapsed += started.elapsed();
        iterations += analysis.iterations;
    }
    println!(
        "{}/{}: ISMCTS with random rollouts, {} deals, {} per search: {:.0} iterations/s",
        options.game,
        options.variant,
        options.deals,
        limit_text(options.limit),
        iterations as f64 / elapsed.as_secs_f64()
    );
}

fn main() {
    let options = parse();
    use solver::games::{bridge, marjapussi, mu, muschik, mustamaija};
    match options.game.as_str() {
        "marjapussi" => run::<marjapussi::Marjapussi>(&options),
        "mustamaija" => run::<mustamaija::Mustamaija>(&options),
        "muschik" => run::<muschik::Muschik>(&options),
        "mu" => run::<mu::Mu>(&options),
        "bridge" => run::<bridge::Bridge>(&options),
        other => usage(&format!("no game '{other}'")),
    }
}
