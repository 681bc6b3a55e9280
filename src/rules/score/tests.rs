//! Every ending read once: one result for ratings, tournaments, the PGN
//! and the mails.

use super::*;
use crate::games::Side::{Black, White};

/// Every ending read once: the same result for ratings, tournaments,
/// the PGN and the mails.
#[test]
fn every_ending_has_one_result_and_one_pgn_token() {
    let white_mates = Outcome::win(White, crate::games::EndReason::Checkmate);
    let cases = [
        (Some(Ending::Rules), true, Some(&white_mates), "1-0"),
        (Some(Ending::Resigned(White)), true, None, "0-1"),
        (Some(Ending::TimeForfeit(Black)), true, None, "1-0"),
        (Some(Ending::DrawAgreed), true, None, "1/2-1/2"),
        (Some(Ending::TimeForfeitDrawn(White)), true, None, "1/2-1/2"),
        (
            Some(Ending::Aborted(Abort::Declined(Black))),
            true,
            None,
            "*",
        ),
        (
            Some(Ending::Aborted(Abort::Resigned(White))),
            true,
            None,
            "*",
        ),
        (Some(Ending::Aborted(Abort::NoMove(White))), true, None, "*"),
        (Some(Ending::Aborted(Abort::Voided)), true, None, "*"),
        (Some(Ending::Aborted(Abort::Agreed)), true, None, "*"),
        (
            Some(Ending::Aborted(Abort::Ruled(Some(White)))),
            true,
            None,
            "*",
        ),
        (
            Some(Ending::Adjudicated(Score::BlackWins)),
            true,
            None,
            "0-1",
        ),
        (
            Some(Ending::Adjudicated(Score::Draw)),
            true,
            None,
            "1/2-1/2",
        ),
        (None, false, None, "*"),
        // Over before endings were stored: the rules still tell.
        (None, true, Some(&white_mates), "1-0"),
        (None, true, None, "*"),
    ];
    for (ending, over, outcome, pgn) in cases {
        assert_eq!(
            GameResult::of(ending, over, outcome).pgn(),
            pgn,
            "{ending:?}"
        );
    }
    let declined = Ending::Aborted(Abort::Declined(Black));
    assert_eq!(
        GameResult::of(Some(declined), true, None),
        GameResult::Aborted(Abort::Declined(Black))
    );
    assert_eq!(GameResult::of(None, false, None), GameResult::Running);
    assert_eq!(GameResult::of(None, true, None), GameResult::Unknown);
}

/// The host's every way of stopping a game, before and after each
/// player has moved: before, it is always aborted, and the one who
/// stopped it is the one who would not play.
#[test]
fn a_game_stopped_before_each_player_moved_is_aborted_whatever_stopped_it() {
    let out_of_time = |side, drawn| Stop::OutOfTime { side, drawn };
    let cases = [
        (
            Stop::Resign(Black),
            false,
            Ending::Aborted(Abort::Resigned(Black)),
        ),
        (Stop::Resign(Black), true, Ending::Resigned(Black)),
        (
            Stop::Decline(White),
            false,
            Ending::Aborted(Abort::Declined(White)),
        ),
        (
            out_of_time(White, false),
            false,
            Ending::Aborted(Abort::NoMove(White)),
        ),
        (
            out_of_time(Black, true),
            false,
            Ending::Aborted(Abort::NoMove(Black)),
        ),
        (out_of_time(Black, false), true, Ending::TimeForfeit(Black)),
        (
            out_of_time(Black, true),
            true,
            Ending::TimeForfeitDrawn(Black),
        ),
        (Stop::Void, false, Ending::Aborted(Abort::Voided)),
        (Stop::DrawAgreed, false, Ending::Aborted(Abort::Agreed)),
        (Stop::DrawAgreed, true, Ending::DrawAgreed),
        (
            Stop::Adjudicate(Score::WhiteWins),
            true,
            Ending::Adjudicated(Score::WhiteWins),
        ),
        (
            Stop::Adjudicate(Score::WhiteWins),
            false,
            Ending::Aborted(Abort::Ruled(Some(Black))),
        ),
        (
            Stop::Adjudicate(Score::Draw),
            false,
            Ending::Aborted(Abort::Ruled(None)),
        ),
    ];
    for (stop, begun, ending) in cases {
        assert_eq!(Ending::by_host(stop, begun), ending, "{stop:?} {begun}");
    }
}

/// An aborted game is never scored for ratings, and in an event by
/// the event's rule: lost by the one who would not play, or void.
#[test]
fn an_aborted_game_counts_in_an_event_by_its_rule_and_never_for_ratings() {
    let no_move = GameResult::Aborted(Abort::NoMove(White));
    assert_eq!(no_move.score(), None);
    assert_eq!(
        no_move.in_event(AbortRule::RefuserLoses),
        Some(EventScore::Forfeit { loser: White })
    );
    assert_eq!(no_move.in_event(AbortRule::Void), Some(EventScore::Void));
    let voided = GameResult::Aborted(Abort::Voided);
    assert_eq!(
        voided.in_event(AbortRule::RefuserLoses),
        Some(EventScore::Void)
    );
    let forfeit = EventScore::Forfeit { loser: White };
    assert_eq!(forfeit.winner(), Some(Black));
    assert_eq!(
        (forfeit.half_points(White), forfeit.half_points(Black)),
        (0, 2)
    );
    assert_eq!(EventScore::Void.half_points(Black), 0);
    let played = GameResult::Played(Score::Draw);
    assert_eq!(
        played.in_event(AbortRule::Void),
        Some(EventScore::Played(Score::Draw))
    );
    assert_eq!(GameResult::Running.in_event(AbortRule::Void), None);
    for score in [
        EventScore::Played(Score::WhiteWins),
        EventScore::Played(Score::Draw),
        EventScore::Played(Score::BlackWins),
        EventScore::Forfeit { loser: White },
        EventScore::Forfeit { loser: Black },
        EventScore::Void,
    ] {
        assert_eq!(EventScore::from_stored(score.stored()), Some(score));
    }
    assert_eq!(AbortRule::from_name("void"), Some(AbortRule::Void));
    assert_eq!(AbortRule::from_name("loss"), Some(AbortRule::RefuserLoses));
    assert_eq!(AbortRule::from_name("draw"), None);
    // A director's ruling before each player moved: lost in the
    // event by the side it went against; a drawn one for nobody.
    let ruled = GameResult::Aborted(Abort::Ruled(Some(Black)));
    assert_eq!(ruled.score(), None);
    assert_eq!(
        ruled.in_event(AbortRule::RefuserLoses),
        Some(EventScore::Forfeit { loser: Black })
    );
    let drawn = GameResult::Aborted(Abort::Ruled(None));
    assert_eq!(
        drawn.in_event(AbortRule::RefuserLoses),
        Some(EventScore::Void)
    );
    // After, an adjudication is a result played: rated.
    let adjudicated = GameResult::of(Some(Ending::Adjudicated(Score::Draw)), true, None);
    assert_eq!(adjudicated.score(), Some(Score::Draw));
}

#[test]
fn a_board_nobody_moved_is_a_double_forfeit_in_an_event_never_a_win_by_colour() {
    let unplayed = GameResult::of(Some(Ending::by_host(Stop::Unplayed, false)), true, None);
    assert_eq!(unplayed, GameResult::Aborted(Abort::Unplayed));
    assert_eq!(unplayed.pgn(), "*");
    let counted = unplayed.in_event(AbortRule::RefuserLoses).unwrap();
    assert_eq!(counted, EventScore::DoubleForfeit);
    assert_eq!(counted.winner(), None);
    for side in [White, Black] {
        assert_eq!(counted.half_points(side), 0);
        assert!(counted.lost_by(side));
    }
    assert!(counted.counts());
    assert_eq!(EventScore::from_stored(counted.stored()), Some(counted));
    // Where the event counts aborted games for nobody, it is void.
    assert_eq!(unplayed.in_event(AbortRule::Void), Some(EventScore::Void));
    // One side's first move missing after the other moved is still his loss.
    let no_answer = GameResult::Aborted(Abort::NoMove(Black));
    assert_eq!(
        no_answer.in_event(AbortRule::RefuserLoses),
        Some(EventScore::Forfeit { loser: Black })
    );
}
