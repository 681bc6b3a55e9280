//! A challenge ladder as a ranked list: who stands where, whom a player
//! may challenge, and how a result, an arrival, a departure or a long
//! absence moves people. Rank 1 is the top.

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Ladder {
    /// Userids from the top down.
    pub(crate) ranks: Vec<String>,
}

/// A player whose rank changed: `None` when he is not on the ladder
/// (before joining or after leaving).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Moved {
    pub(crate) userid: String,
    pub(crate) before: Option<usize>,
    pub(crate) after: Option<usize>,
}

impl Ladder {
    /// A player's rank (1 at the top), case-insensitively.
    pub(crate) fn rank_of(&self, userid: &str) -> Option<usize> {
        self.ranks
            .iter()
            .position(|entry| entry.eq_ignore_ascii_case(userid))
            .map(|index| index + 1)
    }

    /// A newcomer joins at the bottom; his rank.
    pub(crate) fn join(&mut self, userid: &str) -> usize {
        if let Some(rank) = self.rank_of(userid) {
            return rank;
        }
        self.ranks.push(userid.to_string());
        self.ranks.len()
    }

    /// A player leaves; everyone below him moves up one.
    pub(crate) fn leave(&mut self, userid: &str) -> bool {
        match self.rank_of(userid) {
            Some(rank) => {
                self.ranks.remove(rank - 1);
                true
            }
            None => false,
        }
    }

    /// The ranks a player at `rank` may challenge: at most `places`
    /// above him.
    pub(crate) fn reach(rank: usize, places: usize) -> std::ops::RangeInclusive<usize> {
        rank.saturating_sub(places).max(1)..=rank.saturating_sub(1)
    }

    /// The result of a ladder game: a winner who stood below the loser
    /// takes the loser's place and everyone between moves down one; a
    /// winner above changes nothing. Whether anything moved.
    pub(crate) fn won(&mut self, winner: &str, loser: &str) -> bool {
        let (Some(winner_rank), Some(loser_rank)) = (self.rank_of(winner), self.rank_of(loser))
        else {
            return false;
        };
        if winner_rank < loser_rank {
            return false;
        }
        let entry = self.ranks.remove(winner_rank - 1);
        self.ranks.insert(loser_rank - 1, entry);
        true
    }

    /// A player who has not played for too long drops one place: he
    /// changes places with the nearest player below him who is `active`,
    /// so that nobody inactive is lifted by his drop (those between stay
    /// where they stand). Whether anything moved: nothing does when
    /// nobody below him is active.
    pub(crate) fn drop_one(&mut self, userid: &str, active: impl Fn(&str) -> bool) -> bool {
        let Some(rank) = self.rank_of(userid) else {
            return false;
        };
        let below = self.ranks[rank..].iter().position(|other| active(other));
        match below {
            Some(offset) => {
                self.ranks.swap(rank - 1, rank + offset);
                true
            }
            None => false,
        }
    }

    /// Who stands somewhere else in `self` than in `before`.
    pub(crate) fn moved_since(&self, before: &Ladder) -> Vec<Moved> {
        let mut moved = Vec::new();
        for userid in before.ranks.iter().chain(&self.ranks) {
            if moved
                .iter()
                .any(|m: &Moved| m.userid.eq_ignore_ascii_case(userid))
            {
                continue;
            }
            let (was, is) = (before.rank_of(userid), self.rank_of(userid));
            if was != is {
                moved.push(Moved {
                    userid: userid.clone(),
                    before: was,
                    after: is,
                });
            }
        }
        moved
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ladder(names: &[&str]) -> Ladder {
        Ladder {
            ranks: names.iter().map(|name| name.to_string()).collect(),
        }
    }

    #[test]
    fn the_lower_winner_takes_the_losers_place_and_those_between_move_down() {
        let mut rungs = ladder(&["anna", "ben", "cleo", "dan"]);
        let before = rungs.clone();
        assert!(rungs.won("dan", "ben"));
        assert_eq!(rungs, ladder(&["anna", "dan", "ben", "cleo"]));
        let moved = rungs.moved_since(&before);
        let names: Vec<_> = moved.iter().map(|m| m.userid.as_str()).collect();
        assert_eq!(names, ["ben", "cleo", "dan"]);
        assert_eq!((moved[2].before, moved[2].after), (Some(4), Some(2)));
    }

    #[test]
    fn a_win_by_the_higher_player_changes_nothing() {
        let mut rungs = ladder(&["anna", "ben", "cleo"]);
        assert!(!rungs.won("ben", "cleo"));
        assert_eq!(rungs, ladder(&["anna", "ben", "cleo"]));
    }

    #[test]
    fn newcomers_join_at_the_bottom_and_those_below_a_leaver_move_up() {
        let mut rungs = ladder(&["anna", "ben"]);
        assert_eq!(rungs.join("cleo"), 3);
        assert_eq!(rungs.join("ANNA"), 1);
        assert!(rungs.leave("anna"));
        assert_eq!(rungs, ladder(&["ben", "cleo"]));
        assert!(!rungs.leave("zed"));
    }

    #[test]
    fn an_absent_player_drops_one_place_but_not_below_the_bottom() {
        let everyone = |_: &str| true;
        let mut rungs = ladder(&["anna", "ben", "cleo"]);
        assert!(rungs.drop_one("anna", everyone));
        assert_eq!(rungs, ladder(&["ben", "anna", "cleo"]));
        assert!(!rungs.drop_one("cleo", everyone));
    }

    #[test]
    fn an_absent_player_changes_places_with_the_next_active_one_and_lifts_nobody_inactive() {
        let active = |userid: &str| ["dan", "eve"].contains(&userid);
        let mut rungs = ladder(&["anna", "ben", "cleo", "dan", "eve"]);
        // ben and cleo are absent too: anna goes below dan, who takes
        // her place, and ben and cleo stay where they stand.
        assert!(rungs.drop_one("anna", active));
        assert_eq!(rungs, ladder(&["dan", "ben", "cleo", "anna", "eve"]));
        // With nobody active below, an absent player stays.
        let mut rungs = ladder(&["anna", "ben", "cleo"]);
        assert!(!rungs.drop_one("anna", |userid| userid == "zed"));
        assert_eq!(rungs, ladder(&["anna", "ben", "cleo"]));
    }

    #[test]
    fn reach_is_up_to_n_places_above_and_never_past_the_top() {
        assert_eq!(Ladder::reach(5, 3), 2..=4);
        assert_eq!(Ladder::reach(2, 3), 1..=1);
        assert!(Ladder::reach(1, 3).is_empty());
    }
}
