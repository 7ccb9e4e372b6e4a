//! `arena`: duplicate matches between two players, and the ISMCTS rate.
//!
//! ```text
//! arena --game G [--variant V] --a P --b P [--deals N] [--iterations N | --ms N] [--worlds N] [--seed S] [--only PHASE] [--differences FILE]
//! arena --speed --game G [--variant V] [--iterations N] [--deals N] [--seed S]
//! arena --serve --game G [--variant V] --a P [--iterations N | --ms N]
//! ```
//! Players: random, heuristic, ismcts (random rollouts), ismcts-h (heuristic rollouts), pimc
//! (each world searched as the game's default), pimc-exact (each world by the exact search:
//! paranoid where each seat scores for itself), pimc-maxn (each world by max^n), seeing (the
//! exact search with every card in sight), bids and bids-pimc (bids valued by the play they lead
//! to, `play::bids`: `--iterations` playouts per bidding decision within 1 s, or 20,000 within
//! `--ms`; the heuristic, or pimc, in every other decision), choices and choices-pimc (the same
//! for every decision before the play that the game values so: bids, exchanges, discards,
//! contracts, trumps, partners), choices-only (those but the bids; the heuristic bids), auto
//! (the decisions the analysis's `auto` values so, pimc in every other).
//! `--worlds N`: the worlds PIMC solves per move (default 20; the service's view analysis
//! draws 200).
//! `--only PHASE` (a phase as positions name it: `participation`, `exchange`, `play`...) has A
//! play as itself in that phase only and as the heuristic in every other, so a match measures
//! what A's advice in one phase gains. `--differences FILE` writes each deal's A − B, one line
//! per deal, so two matches on the same deals and seed can be compared deal by deal.
//! The first form prints A's mean score minus B's per deal with its 95% interval; the second the
//! ISMCTS iterations per second from the first decision of seeded deals, on one thread; the
//! third answers, per line of standard input `DEAL<TAB>MOVES<TAB>SEED` (the deal as the JSON
//! `deal` field of a position, the moves space-separated in move notation), player A's move for
//! the seat to act, one line each (for benchmarks driven from another program).

use solver::api::Rules;
use solver::game::Seat;
use solver::games::readers::Source;
use solver::heuristic::Heuristic;
use solver::hidden::pimc::WorldSearch;
use solver::hidden::Observable;
use solver::play::arena::duplicate;
use solver::play::determinize::ViewSampler;
use solver::play::ismcts::Limit;
use solver::play::ismcts::{Ismcts, Settings};
use solver::play::players::{self, limit_text, Valuing};
use solver::play::rollout::{HeuristicRollout, RandomRollout};
use solver::play::{deal, Player, RandomPlayer};
use solver::rng::Rng;
use solver::search::Searchable;
use std::collections::HashMap;
use std::process::exit;
use std::time::{Duration, Instant};

/// What the arena needs of a game.
trait Playable: Rules + Searchable + Observable + Heuristic {}
impl<G: Rules + Searchable + Observable + Heuristic> Playable for G {}

struct Options {
    game: String,
    variant: String,
    a: String,
    b: String,
    deals: u32,
    limit: Limit,
    /// The worlds PIMC solves per move.
    worlds: usize,
    seed: u64,
    speed: bool,
    serve: bool,
    only: Option<String>,
    differences: Option<String>,
}

fn usage(why: &str) -> ! {
    eprintln!("arena: {why}");
    eprintln!("usage: arena --game G [--variant V] --a PLAYER --b PLAYER [--deals N] [--iterations N | --ms N] [--worlds N] [--seed S] [--only PHASE] [--differences FILE]");
    eprintln!(
        "       arena --speed --game G [--variant V] [--iterations N] [--deals N] [--seed S]"
    );
    eprintln!("players: random, heuristic, ismcts (random rollouts), ismcts-h (heuristic rollouts), pimc, pimc-exact, pimc-maxn, seeing, bids, bids-pimc, choices, choices-pimc, choices-only, auto");
    exit(2)
}

fn parse() -> Options {
    let mut args = std::env::args().skip(1);
    let (mut speed, mut serve) = (false, false);
    let mut values = HashMap::new();
    while let Some(flag) = args.next() {
        if flag == "--speed" || flag == "--serve" {
            speed |= flag == "--speed";
            serve |= flag == "--serve";
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
        worlds: number("worlds", PIMC_WORLDS as u64) as usize,
        seed: number("seed", 1),
        speed,
        serve,
        only: values.get("only").cloned(),
        differences: values.get("differences").cloned(),
    }
}

/// The worlds PIMC solves per move unless `--worlds` says (the service's view analysis
/// draws 200).
const PIMC_WORLDS: usize = 20;

fn player<G: Playable>(name: &str, limit: Limit, worlds: usize) -> Box<dyn Player<G>> {
    match name {
        "random" => Box::new(RandomPlayer),
        "heuristic" => heuristic(),
        "ismcts" => Box::new(players::IsmctsPlayer::new(RandomRollout, limit)),
        "ismcts-h" => Box::new(players::IsmctsPlayer::new(HeuristicRollout, limit)),
        "pimc" => Box::new(players::PimcPlayer::new(worlds, limit, None)),
        "pimc-exact" => Box::new(players::PimcPlayer::new(
            worlds,
            limit,
            Some(WorldSearch::Exact),
        )),
        "pimc-maxn" => Box::new(players::PimcPlayer::new(
            worlds,
            limit,
            Some(WorldSearch::Maxn),
        )),
        "seeing" => Box::new(players::SeeingPlayer::new(limit)),
        "bids" => Box::new(bid_player(limit, Valuing::Bids, heuristic())),
        "bids-pimc" => Box::new(bid_player(
            limit,
            Valuing::Bids,
            player("pimc", limit, worlds),
        )),
        "choices" => Box::new(bid_player(limit, Valuing::Choices, heuristic())),
        "choices-pimc" => Box::new(bid_player(
            limit,
            Valuing::Choices,
            player("pimc", limit, worlds),
        )),
        "choices-only" => Box::new(bid_player(limit, Valuing::ChoicesOnly, heuristic())),
        "auto" => Box::new(bid_player(
            limit,
            Valuing::Auto,
            player("pimc", limit, worlds),
        )),
        _ => usage(&format!("no player '{name}'")),
    }
}

fn heuristic<G: Playable>() -> Box<dyn Player<G>> {
    Box::new(players::HeuristicPlayer)
}

/// `player` in the phase named `phase`, the heuristic in every other.
struct OnlyIn<G: Playable> {
    phase: String,
    player: Box<dyn Player<G>>,
}

impl<G: Playable> Player<G> for OnlyIn<G> {
    fn name(&self) -> String {
        format!("{} in {} only", self.player.name(), self.phase)
    }

    fn choose(
        &mut self,
        start: &G,
        history: &[G::Move],
        state: &G,
        seat: Seat,
        rng: &mut Rng,
    ) -> G::Move {
        if state.phase() == self.phase {
            self.player.choose(start, history, state, seat, rng)
        } else {
            state.heuristic_move(rng)
        }
    }
}

/// The playouts per valued decision when the limit is a time.
const BID_PLAYOUTS: u64 = 20_000;

/// The time per valued decision when the limit is a number of playouts.
const BID_TIME: Duration = Duration::from_secs(1);

/// The decisions `valuing` names valued by playouts (`--iterations` of them, or
/// [`BID_PLAYOUTS`] within `--ms`), `rest` elsewhere.
fn bid_player<G: Playable>(
    limit: Limit,
    valuing: Valuing,
    rest: Box<dyn Player<G>>,
) -> players::BidPlayer<G> {
    let (playouts, time) = match limit {
        Limit::Iterations(n) => (n, BID_TIME),
        Limit::Time(t) => (BID_PLAYOUTS, t),
        Limit::IterationsWithin(n, t) => (n, t),
    };
    players::BidPlayer::new(playouts, time, valuing, rest)
}

fn run<G: Playable>(options: &Options) {
    if options.speed {
        return speed::<G>(options);
    }
    if options.serve {
        return serve::<G>(options);
    }
    let mut a = player::<G>(&options.a, options.limit, options.worlds);
    if let Some(phase) = &options.only {
        a = Box::new(OnlyIn {
            phase: phase.clone(),
            player: a,
        });
    }
    let mut b = player::<G>(&options.b, options.limit, options.worlds);
    let report = duplicate(
        &options.variant,
        &mut *a,
        &mut *b,
        options.deals,
        options.seed,
    )
    .unwrap_or_else(|p| usage(&format!("{p:?}")));
    if let Some(path) = &options.differences {
        let lines: String = report
            .differences
            .iter()
            .map(|d| format!("{d}\n"))
            .collect();
        std::fs::write(path, lines).unwrap_or_else(|e| usage(&format!("{path}: {e}")));
    }
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

/// ISMCTS iterations per second from the first decision of seeded deals, with the sampler's
/// worlds, beside the rate of whole random hands of the same deals in the same process.
fn speed<G: Playable>(options: &Options) {
    let mut search = Ismcts::<G>::default();
    let (mut iterations, mut searching) = (0, Duration::ZERO);
    let (mut hands, mut playing) = (0u64, Duration::ZERO);
    let mut moves = Vec::new();
    for d in 0..u64::from(options.deals) {
        let seed = options.seed.wrapping_add(d);
        let state: G = deal(&options.variant, seed).unwrap_or_else(|p| usage(&format!("{p:?}")));
        let seat = state.to_move().unwrap_or(0);
        let mut rng = Rng::seeded(seed);
        let started = Instant::now();
        let mut worlds = ViewSampler::of_view(&state, &[], &state, seat);
        let settings = Settings {
            bounds: state.payoff_bounds(),
            limit: options.limit,
        };
        let analysis = search.search(
            &state,
            seat,
            &mut worlds,
            &mut RandomRollout,
            settings,
            &mut rng,
        );
        searching += started.elapsed();
        iterations += analysis.iterations;
        let started = Instant::now();
        while started.elapsed() < searching / (d as u32 + 1) / 4 {
            let mut hand = state.clone();
            solver::playout::random_playout(&mut hand, &mut rng, &mut moves, 100_000);
            hands += 1;
        }
        playing += started.elapsed();
    }
    let rate = iterations as f64 / searching.as_secs_f64();
    let hand_rate = hands as f64 / playing.as_secs_f64();
    println!(
        "{}/{}: ISMCTS with random rollouts, {} deals, {} per search: {:.0} iterations/s; random hands {:.0}/s; ratio {:.2}",
        options.game,
        options.variant,
        options.deals,
        limit_text(options.limit),
        rate,
        hand_rate,
        rate / hand_rate
    );
}

/// Answers A's move for each position read from standard input.
fn serve<G: Playable>(options: &Options) {
    use std::io::{BufRead, Write};
    let mut a = player::<G>(&options.a, options.limit, options.worlds);
    let mut problems = solver::problems::Problems::default();
    let config = G::config(Some(&options.variant), None, "", &mut problems)
        .unwrap_or_else(|| usage(&format!("{problems:?}")));
    let mut out = std::io::stdout().lock();
    for line in std::io::stdin().lock().lines() {
        let line = line.unwrap_or_else(|e| usage(&e.to_string()));
        let fields: Vec<&str> = line.split('\t').collect();
        let [deal_text, moves_text, seed_text] = fields[..] else {
            usage("a position line is DEAL<TAB>MOVES<TAB>SEED")
        };
        let deal_value: serde_json::Value =
            serde_json::from_str(deal_text).unwrap_or_else(|e| usage(&e.to_string()));
        let start = G::from_deal(
            &config,
            Source {
                value: &deal_value,
                path: "deal",
                observer: None,
            },
            &mut problems,
        )
        .unwrap_or_else(|| usage(&format!("{problems:?}")));
        let mut state = start.clone();
        let mut history = Vec::new();
        for text in moves_text.split_whitespace() {
            let mv = state.parse_move(text).unwrap_or_else(|e| usage(&e));
            state
                .play(mv)
                .unwrap_or_else(|_| usage(&format!("'{text}' is not legal here")));
            history.push(mv);
        }
        let to_move = state.to_move().unwrap_or_else(|| usage("the hand is over"));
        let seed = seed_text
            .parse()
            .unwrap_or_else(|_| usage("the seed is a number"));
        let seat = state.decider(to_move);
        let mv = a.choose(&start, &history, &state, seat, &mut Rng::seeded(seed));
        writeln!(out, "{}", state.move_text(mv))
            .and_then(|()| out.flush())
            .unwrap_or_else(|e| usage(&e.to_string()));
    }
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
