//! What the host knows about itself (`HostSettings`, the robots' among
//! them), what became of one inbound mail (`Receipt`), and a failure of
//! the host itself (`HostError`): below every entry point that reads or
//! returns them.

use super::accounts::{guard, password};
use super::clocks;
use super::competition;
use super::model;
use super::outbound::pictures;
use super::outbound::post::PostError;
use super::outbound::render::{HostFacts, TemplateError};
use super::outbound::templates;
use super::request;
use crate::identity::HostIdentity;
use crate::mail::inbound::screen::InboundLimits;
use crate::mail::outbound::OutboundError;
use crate::mail::threading::TokenError;
use crate::store::StoreError;
use std::time::Duration;

/// What the host needs to know about itself.
#[derive(Clone, Debug)]
pub struct HostSettings {
    /// The address players mail commands to; From on every mail sent.
    pub address: String,
    /// The display name on mails sent.
    pub name: String,
    /// The language of mails to players who chose none.
    pub language: String,
    /// No address gets more mails than this in an hour.
    pub max_mails_per_hour: u32,
    /// What one inbound mail may be.
    pub limits: InboundLimits,
    /// How accounts are kept safe.
    pub accounts: guard::AccountPolicy,
    /// Default time controls and the vacation allowance.
    pub clocks: clocks::ClockSettings,
    /// Ratings, ladders and tournaments.
    pub competition: competition::CompetitionSettings,
    /// Which board pictures mails may carry.
    pub boards: pictures::BoardPictures,
    /// How long seeks stand, and how many a player may have open.
    pub seeks: request::SeekSettings,
    /// How many messages a player may send other players in an hour.
    pub messages: request::MessageSettings,
    /// The robot opponents.
    pub robots: RobotSettings,
    /// What one sender can make the host send to others.
    pub flood: model::limits::Limits,
    /// Where the web view is reached from outside (`[web] public_url`),
    /// for the link in board mails; none: no link.
    pub public_url: Option<String>,
}

impl HostSettings {
    /// Who the host is, on its mails and exports.
    pub fn identity(&self) -> HostIdentity {
        HostIdentity {
            name: self.name.clone(),
            address: self.address.clone(),
        }
    }

    /// What every mail's text may say of the host, at `now`.
    pub fn facts(&self, now: i64) -> HostFacts {
        HostFacts {
            identity: self.identity(),
            max_addresses: self.accounts.max_addresses,
            confirms_signups: self.accounts.confirm_signup_address,
            now,
            web: self.public_url.clone(),
        }
    }
}

impl Default for HostSettings {
    fn default() -> Self {
        HostSettings {
            address: "pbem@localhost".into(),
            name: "PBeM host".into(),
            language: templates::FALLBACK_LANGUAGE.into(),
            max_mails_per_hour: 60,
            limits: InboundLimits::default(),
            accounts: guard::AccountPolicy::default(),
            clocks: clocks::ClockSettings::default(),
            competition: competition::CompetitionSettings::default(),
            boards: pictures::BoardPictures::default(),
            seeks: request::SeekSettings::default(),
            messages: request::MessageSettings::default(),
            robots: RobotSettings::default(),
            flood: model::limits::Limits::default(),
            public_url: None,
        }
    }
}

/// How the robot opponents play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RobotSettings {
    /// Whether the robots play (their accounts exist either way once made).
    pub enabled: bool,
    /// The longest a robot thinks about one move.
    pub think: Duration,
    /// The time all robot moves of one look may take together; the
    /// rest wait for the next look.
    pub budget: Duration,
}

impl Default for RobotSettings {
    fn default() -> Self {
        RobotSettings {
            enabled: true,
            think: Duration::from_secs(10),
            budget: Duration::from_secs(30),
        }
    }
}

/// What became of one inbound mail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Receipt {
    /// Its commands were carried out (or refused with an error mail).
    Handled {
        commands: usize,
        mails_queued: usize,
    },
    /// Its Message-ID was handled before; nothing was done.
    Duplicate,
    /// It must not be answered (auto-reply, bounce, list mail, unreadable).
    Ignored(String),
}

/// A failure of the host itself, not of the sender's command.
#[derive(Debug, thiserror::Error)]
pub enum HostError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Token(#[from] TokenError),
    #[error(transparent)]
    Hash(#[from] password::HashError),
    #[error(transparent)]
    Template(#[from] TemplateError),
    #[error(transparent)]
    Outbound(#[from] OutboundError),
}

impl From<PostError> for HostError {
    fn from(err: PostError) -> HostError {
        match err {
            PostError::Store(err) => HostError::Store(err),
            PostError::Token(err) => HostError::Token(err),
            PostError::Template(err) => HostError::Template(err),
            PostError::Outbound(err) => HostError::Outbound(err),
        }
    }
}

impl HostError {
    /// Whether the same mail may succeed later (a busy database, no
    /// randomness yet), so an MTA should retry it.
    pub fn is_temporary(&self) -> bool {
        match self {
            HostError::Store(err) => err.is_temporary(),
            HostError::Token(_) | HostError::Hash(_) => true,
            HostError::Outbound(OutboundError::Store(err)) => err.is_temporary(),
            HostError::Template(_) | HostError::Outbound(OutboundError::Build { .. }) => false,
        }
    }
}
