//! Sample ladders, their changes and their refusals for the render
//! tests: every kind, with the variations the templates word differently.

use crate::games::GameKind;
use crate::host::model::notice::{LadderChange, LadderInfo};
use crate::host::model::refusal::{LadderRefusal, Refusal};
use crate::rules::ladder_rules::{Admission, Inactivity, LadderRuleError, LadderRules};
use crate::store::Entrant;

/// The default ladder, as the config runs it.
pub(super) fn default_ladder_info() -> LadderInfo {
    LadderInfo {
        kind: GameKind::Chess,
        name: String::new(),
        director: None,
        rules: LadderRules::default(),
        comment: String::new(),
        cancelled: false,
        players: 3,
        waiting: Vec::new(),
    }
}

/// A named ladder with every rule away from the default, a note, and
/// players waiting.
pub(super) fn named_ladder_info() -> LadderInfo {
    LadderInfo {
        name: "Club".into(),
        director: Some("anna".into()),
        rules: LadderRules {
            reach: 1,
            inactive_after: None,
            inactivity: Inactivity::Remove,
            admission: Admission::Approval,
            max_open: 2,
            aborted: crate::rules::score::AbortRule::Void,
            switches: vec!["--time=7d".into()],
        },
        comment: "Thursday club members only.".into(),
        cancelled: true,
        waiting: vec![
            ("dan".into(), Entrant::Applied),
            ("eve".into(), Entrant::Invited),
        ],
        ..default_ladder_info()
    }
}

/// Every kind of ladder change, once.
pub(super) fn ladder_changes() -> Vec<LadderChange> {
    let by = || "anna".to_string();
    let ben = || "ben".to_string();
    vec![
        LadderChange::Created { userid: by() },
        LadderChange::Applied { userid: ben() },
        LadderChange::Admitted {
            by: by(),
            userid: ben(),
            rank: 4,
        },
        LadderChange::Invited {
            by: by(),
            userid: ben(),
        },
        LadderChange::RulesChanged {
            by: by(),
            words: vec!["-reach:2".into(), "-open:2".into()],
            rules: vec![
                "-reach:2".into(),
                "-inactive:30".into(),
                "-inactivity:drop".into(),
                "-admission:open".into(),
                "-open:2".into(),
                "-aborted:loss".into(),
                "-unrated".into(),
            ],
        },
        LadderChange::HandedOver {
            by: by(),
            to: ben(),
        },
        LadderChange::Suspended {
            by: by(),
            userid: ben(),
        },
        LadderChange::Reinstated {
            by: by(),
            userid: ben(),
        },
        LadderChange::Cancelled { by: by() },
        LadderChange::Removed {
            by: by(),
            userid: ben(),
            boards: vec![104, 107],
        },
        LadderChange::Removed {
            by: by(),
            userid: ben(),
            boards: Vec::new(),
        },
        LadderChange::Announcement {
            by: by(),
            text: "Round two starts Monday.".into(),
        },
    ]
}

/// Every kind of ladder refusal, with its variations.
pub(super) fn ladder_refusals() -> Vec<Refusal> {
    let game = GameKind::Chess;
    let name = || "spring".to_string();
    vec![
        Refusal::Ladder(LadderRefusal::NoSuchLadder {
            name: name(),
            game,
            known: vec!["Club".into()],
        }),
        Refusal::Ladder(LadderRefusal::NoSuchLadder {
            name: name(),
            game,
            known: Vec::new(),
        }),
        Refusal::Ladder(LadderRefusal::LadderExists { name: name(), game }),
        Refusal::Ladder(LadderRefusal::DirectsTooMany { most: 5, game }),
        Refusal::Ladder(LadderRefusal::ReservedLadderName {
            name: "log".into(),
            game,
        }),
        Refusal::Ladder(LadderRefusal::BadLadderRule {
            reason: LadderRuleError::Reach {
                given: "0".into(),
                max: 50,
            },
            game,
        }),
        Refusal::Ladder(LadderRefusal::BadLadderRule {
            reason: LadderRuleError::Inactive {
                given: "400".into(),
                max: 365,
            },
            game,
        }),
        Refusal::Ladder(LadderRefusal::BadLadderRule {
            reason: LadderRuleError::Open {
                given: "11".into(),
                max: 10,
            },
            game,
        }),
        Refusal::Ladder(LadderRefusal::BadLadderRule {
            reason: LadderRuleError::Choice {
                rule: "admission".into(),
                given: "friends".into(),
                allowed: vec!["open".into(), "approval".into(), "invitation".into()],
            },
            game,
        }),
        Refusal::Ladder(LadderRefusal::LadderSuspended {
            userid: "bob".into(),
            ladder: "Club".into(),
            game,
        }),
        Refusal::Ladder(LadderRefusal::LadderSuspended {
            userid: "bob".into(),
            ladder: String::new(),
            game,
        }),
        Refusal::Ladder(LadderRefusal::LadderCancelled {
            ladder: "Club".into(),
            game,
        }),
        Refusal::Ladder(LadderRefusal::NotLadderDirector {
            ladder: "Club".into(),
            director: Some("anna".into()),
            action: "rules".into(),
            game,
        }),
        Refusal::Ladder(LadderRefusal::NotLadderDirector {
            ladder: String::new(),
            director: None,
            action: "handover".into(),
            game,
        }),
        Refusal::Ladder(LadderRefusal::NotInvited {
            ladder: "Club".into(),
            director: "anna".into(),
            game,
        }),
        Refusal::Ladder(LadderRefusal::LadderPairPlaying {
            userid: "ben".into(),
            board: 104,
            ladder: "Club".into(),
            game,
        }),
        Refusal::Ladder(LadderRefusal::LadderPlayerAway {
            userid: "ben".into(),
            until: "2027-04-01 09:00 UTC".into(),
            ladder: String::new(),
            game,
        }),
        Refusal::Ladder(LadderRefusal::LadderSwitchesSet {
            ladder: "Club".into(),
            switches: vec!["--time=7d".into()],
            game,
        }),
        Refusal::Ladder(LadderRefusal::NotWaiting {
            userid: "bob".into(),
            ladder: "Club".into(),
            game,
        }),
    ]
}
