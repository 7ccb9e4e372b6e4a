//! Rules engines and search for the card games of the analysis service.
//!
//! `cards` and `suited` are the vocabulary, `game` the one trait every game implements,
//! `api` the JSON face shared by all games, `analysis` the analyze route's methods, `games` the engines themselves, and `python`
//! (feature `python`) the binding that the HTTP service calls once per request.
#![recursion_limit = "256"]

pub mod analysis;
pub mod api;
pub mod bench;
pub mod cancel;
pub mod cards;
pub mod conformance;
pub mod game;
pub mod games;
pub mod heuristic;
pub mod hidden;
pub mod perft;
pub mod play;
pub mod playout;
pub mod problems;
pub mod recall;
pub mod rng;
pub mod search;
pub mod suited;
pub mod tiers;

#[cfg(feature = "python")]
mod python;

// Tests of the library through its routes, as the service calls it. They live in the library
// (not in `tests/`) so that `cargo test` builds one test binary and not the library, its
// binaries and a binary per test file besides.
#[cfg(test)]
mod api_error_tests;
#[cfg(test)]
mod canonical_tests;
#[cfg(test)]
mod recall_tests;

/// Changes whenever an answer of the engine may change, so caches never serve stale results,
/// and whenever the deal tables' binary form or keys do (`table3`: partition games key exact
/// entries by the partition; `table4`: Mü keys trick starts by shape; `table5`: the Marjapussi
/// family's shape key is built from ranks squeezed word-wise, so its keys changed; `table6`:
/// `mix` scrambles with murmur3's finaliser, so every game's keys changed; `maxn`: PIMC searches
/// Muschik's worlds by max^n; `counts`: Marjapussi views count deals exactly and draw worlds
/// by placements, so a seed's worlds changed; `worlds`: PIMC's world `i` no longer depends
/// on `seed ^ i` alone, so another seed draws other worlds; `bids`: `auto` answers a view's
/// bid of a Marjapussi-family auction without Kontra/Re by the play each bid leads to,
/// `play::bids`; `polls`: a Mustamaija view's history names the seat of each marriage poll
/// (`no_declaration by 2`) and replays, and its count is an upper bound while a marriage can
/// still make trump; `polls2`: a defence's poll ends at its first declaration or a seat asked
/// twice, so a view may learn another trump for a defence; a Mü view's bids and passes leave
/// its count exact, and its worlds are no longer checked by replay; `polls3`: a Mustamaija
/// view's marriage fit moves kept cards of the asked seat's hidden hand into the talon where
/// it has too few cards to give back, so views that were refused replay; `frames`: where
/// unnamed hidden cards moved (`??` passes, Mustamaija's hidden draws), drawn worlds are checked
/// by replaying the moves since the last such move, so other worlds are drawn; `royals`: a
/// Marjapussi-family king or queen whose marriage can still be declared is never merged with
/// an equivalent card, following as well as leading, so some Huutopussi values changed;
/// `fits4`: a Mustamaija view's poll fit gives a seat last the marriage suits that a later
/// poll showed it without, puts a marriage partly in the cards the seat draws, and moves a
/// marriage card deeper into the talon before into the defender's hand, and no fit (in any
/// game) gives back a card it places, so views that were refused replay and other guesses
/// are fitted; `place1`: where a Mustamaija view's history cannot be replayed with the fits
/// of each move, a search over the placements of the unseen cards (`hidden::fit::
/// search_placements`) finds a guessed start from which it replays with the rules, and no fit
/// changes a guess from which the rest of the history replays to the observer's turn, so
/// views that were refused replay and some accepted views keep other guesses; `refits`: where
/// that search finds none, the fits of each move are tried from drawn placements, so views
/// that were refused replay; `choices`: `bids` also values the choices before the play (the
/// Marjapussi family's exchanges, contract and discard, Mü's trumps and partner, Muschik's
/// exchange), its answer says `all_moves_listed`, and `auto` answers the Marjapussi family's
/// exchanges, contract and discard and Mü's trumps and partner by it; `takes`: a Mustamaija
/// view's defence fit at a hidden defender's `take` keeps in its hand a card that beats the
/// card taken (and so every lower open card), so views that were refused replay and some
/// guesses and what they teach change; `sitout`: `auto` answers a Muschik view's
/// participation by the play each choice leads to, `play::bids`; `slots`: the deal a checked
/// world implies renames each hidden card where it lies (`Game::swap_unseen`, which keeps
/// Muschik's stock slots), so the stock or talon cards the observer saw drawn are drawn again
/// and Muschik and Mustamaija views check worlds they drew unchecked; `readings`: a Mustamaija
/// view whose history ends where a hidden defender may have taken without a choice keeps its
/// guess's reading unless the defence over makes the view's seat decide, so such views of a
/// seat not to decide draw other, checked worlds; `witnesses`: a view's knowledge is learnt
/// with fits that put cards where the moves before showed they may be, where they can, and
/// Mustamaija's fits keep what earlier takes and polls showed, so guesses change and the
/// Mustamaija views whose worlds were drawn unchecked draw checked worlds; `cutkeys`: bridge's
/// cut-off table keys every move by what the partner holds too (its hand, or its cards of the
/// suit followed), so a search orders its moves otherwise and may name another of equal-valued
/// moves; `lastentry`: a partition-table probe first tries the entry that decided the
/// bucket's last probe, whose best move the search then tries first, with the same effect;
/// `suremarriage`: `marjapussi`'s low bound counts a marriage its leader is sure to declare,
/// so the table holds other entries and a principal variation may differ; `redeal`:
/// Muschik's participation valued by its play redeals each world's unseen cards until the
/// earlier seats' choices are the rule's, so its worlds and estimates change; `agree`: `bids`
/// values Muschik's exchange with the stock in worlds that agree with every seat's in or out
/// and every earlier exchange as the rule makes them); `playout`: the exact search's first
/// guess of a value the tables do not know is where the move ordering's own play leads, so
/// its null-window searches and the table they leave differ and a principal variation may;
/// `forcedpass`: the Marjapussi family's search passes at once in a declaration window where
/// every move passes, so the table holds other entries and a principal variation may differ;
/// `topprobe`: `marjapussi`'s root moves are pinned by other null-window searches, with the
/// same effect; `moot`: a declaration window of another side once the trump is set for good
/// is passed at once, with the same effect; `declareonly`: in the side's own such window its
/// one declaring move is played at once, with the same effect; `cuttag`: the cut-off table
/// tells keys apart by 42 of their bits, so two keys alike in those share a first move to
/// try, with the same effect; `leadback`: bridge's quick tricks count a lead back from the
/// partner to the leader's card next below the partner's top one, so the table holds other
/// entries and a principal variation may differ; `trickguess`: the first root move's first
/// guess weighs the rest of the trick by alpha-beta before the ordering's playout, with the
/// same effect; `firststep`: a root move's second null-window search is next to the bound its
/// first returned, with the same effect; `askedmarriage`: `marjapussi`'s low bound counts a
/// marriage the leader's partner holds whole, sure to be asked for, with the same effect;
/// `inturn`: bridge's quick tricks count, in no trump, the leader's cards won in turn with
/// the partner's cards falling under them, so the table holds other entries and a principal
/// variation may differ; `underlead`: in no trump, the leader's lowest card of a suit to the
/// partner's card above every opponent's, under a higher card of the leader's, then the
/// partner's quick tricks elsewhere and a lead back to a top card of the leader's, with the
/// same effect; `sweep`: the Marjapussi family's bounds count a leader's line of
/// quick points that takes every trick left as the last trick and every card point still
/// out for its side and nothing more for the others, with the same effect; `rootorder`:
/// `marjapussi`'s root moves are pinned best guesses first, with the same effect;
/// `rootorder3`: so are `huutopussi3`'s, with the same effect; `mufallen`: Mü's bounds count
/// the other side's cheapest cards falling on a side's top trumps, with the same effect;
/// `muuntaken`: those of every trump the other side's trumps cannot take, with the same
/// effect; `ruleplay`: PIMC draws a Muschik world again, up to 200 times, until every card
/// the other seats played is the rule-based player's on the hand the world gives them, so
/// its worlds, values and best moves change; `cutsets`: the cut-off table keeps two keys'
/// moves in each set of two slots, so the table holds other entries and a principal
/// variation may differ; `ownchoice`: `bids` on a Muschik exchange no longer asks its worlds
/// to have the exchanger's own participation the rule's, so its worlds and best moves change
/// where the seat joined against the rule; `wonbanked`:
/// `marjapussi`'s table entries of a card points' majority sure won bank its game points, so a
/// deal's carried table of an earlier version would be read wrong, though no answer changes;
/// `playedge`: `bids` ranks a Muschik seat's joining by its mean score plus 0.3, what PIMC's
/// play gains over the rule-based player's that the playouts play, so some best moves change).
pub const ENGINE_VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    "+rules1.table6.maxn.scores.counts.worlds.bids.polls3.frames.royals.fits4.place1.refits.choices.takes.sitout.slots.readings.witnesses.cutkeys.lastentry.suremarriage.redeal.agree.playout.forcedpass.topprobe.moot.declareonly.cuttag.leadback.trickguess.firststep.askedmarriage.inturn.underlead.sweep.rootorder.rootorder3.mufallen.muuntaken.ruleplay.cutsets.ownchoice.wonbanked.playedge"
);
