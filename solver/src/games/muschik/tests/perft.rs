//! Move-path counts from fixed seeded deals, pinned.

use super::super::Muschik;
use super::open_with;
use crate::api::Rules;
use crate::perft::perft;
use crate::problems::{Fields, Problems};
use serde_json::json;

fn seeded(variant: &str, seed: u64) -> Muschik {
    let mut problems = Problems::default();
    let cfg = <Muschik as Rules>::config(Some(variant), None, "", &mut problems).expect("a preset");
    let empty = json!({});
    let mut fields = Fields::of(&empty, "", &mut problems);
    Muschik::deal(&cfg, seed, &mut fields, &mut problems).expect("a deal")
}

/// Participation (2, 4, 8, then the forced entry: 15 and 26 = 32 - 1 - 5), then exchanges
/// of up to five cards; and the whole trick-play tree once everybody is in and stands pat.
#[test]
fn perft_pins_from_seeded_deals() {
    let pins: [(&str, u8, [u64; 7], u64); 4] = [
        ("muschik", 4, [2, 4, 8, 15, 26, 832, 22048], 1_791_360),
        ("muschik4", 2, [2, 4, 7, 11, 352, 10648, 116_744], 4320),
        ("muschik3", 0, [2, 3, 4, 128, 4052, 36341, 152_989], 26464),
        ("muschik2", 0, [1, 1, 32, 643, 3828, 18400, 29132], 1596),
    ];
    for (variant, dealer, counts, play_tree) in pins {
        let deal = seeded(variant, 7);
        assert_eq!(deal.dealer, dealer, "{variant}");
        for (depth, &expected) in counts.iter().enumerate() {
            assert_eq!(
                perft(&deal, depth as u32 + 1),
                expected,
                "{variant} depth {}",
                depth + 1
            );
        }
        let mut play = deal.clone();
        open_with(&mut play, &vec!["in"; deal.cfg.seats()]);
        assert_eq!(
            perft(&play, 30),
            play_tree,
            "{variant}: every line of trick play"
        );
    }
}
