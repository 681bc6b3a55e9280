//! Who gets a notice's mails: the players of a board from their seats,
//! its observers, an account's addresses, or the sender; and in which
//! language.

use super::thread::Thread;
use super::{Post, PostError};
use crate::games::Side;
use crate::host::model::notice::{AccountEvent, AccountNews, BoardNews, Event};
use crate::host::model::replays::LiveGame;
use crate::host::outbound::render::Reader;
use crate::mail::inbound::InboundMail;
use crate::store::{self, GameStatus, Player, TokenScope};

impl<'a> Post<'a> {
    /// Whether the player takes a daily digest instead of this board
    /// mail: a move on a running board (a new board and the end still
    /// come at once).
    pub(super) fn in_digest(&self, player: &Player, news: &BoardNews) -> Result<bool, PostError> {
        // Conditional moves dropped are news for their owner at once.
        let dropped_his = news.events.iter().any(
            |event| matches!(event, Event::QueueDropped { userid, .. } if *userid == player.userid),
        );
        let routine =
            news.live.record.status == GameStatus::Active && !news.new_game && !dropped_his;
        Ok(routine && store::digest_due(self.conn, &player.userid)?.is_some())
    }

    /// The board's news for those who follow it (those who want only
    /// results, once it is over), never for its own players.
    pub(super) fn observers(&mut self, news: &BoardNews) -> Result<(), PostError> {
        let live = &news.live;
        let over = live.record.status != GameStatus::Active;
        for (userid, results_only) in
            store::observers(self.conn, &live.record.kind, live.record.id)?
        {
            if (results_only && !over) || live.record.side_of(&userid).is_some() {
                continue;
            }
            let Some(observer) = store::find_player(self.conn, &userid)? else {
                continue;
            };
            let language = self.renderer.language_for(observer.language.as_deref());
            let mut letter = self
                .renderer
                .board(news, Reader::Observer, &self.host, &language)?;
            letter.attachment = self.pgn_when_over(live);
            for address in &observer.addresses {
                let thread = Thread::Observer {
                    userid: observer.userid.clone(),
                    game_id: live.record.id,
                };
                self.queue(address, &letter, thread)?;
            }
        }
        Ok(())
    }

    /// A mail about an account to each address it names, in the owner's
    /// language.
    pub(super) fn account(&mut self, news: &AccountNews) -> Result<(), PostError> {
        let owner = store::find_player(self.conn, &news.userid)?;
        let language = self.language_of(owner.as_ref());
        let letter = self.renderer.account(news, &self.host, &language)?;
        for address in &news.to {
            let scope = match &news.event {
                AccountEvent::ConfirmAddress { address, .. } => {
                    TokenScope::Confirm(address.clone())
                }
                AccountEvent::AddressesChanged { before, .. } => TokenScope::Undo(before.clone()),
                AccountEvent::Guessed { .. }
                | AccountEvent::OpponentAway { .. }
                | AccountEvent::VacationOver { .. }
                | AccountEvent::SeekExpired { .. }
                | AccountEvent::WeakPassword { .. }
                | AccountEvent::PasswordReset { .. } => TokenScope::Account,
            };
            let thread = Thread::Account {
                userid: news.userid.clone(),
                scope,
                event: false,
            };
            self.queue(address, &letter, thread)?;
        }
        Ok(())
    }

    /// The players of a board by seat (a deleted account cannot sit in a
    /// running game, so there may be nobody to send to).
    pub(super) fn players(&self, live: &LiveGame) -> Result<Vec<(Side, Player)>, PostError> {
        let mut players = Vec::new();
        for side in Side::BOTH {
            if let Some(player) = store::find_player(self.conn, live.record.player(side))? {
                players.push((side, player));
            }
        }
        Ok(players)
    }

    /// The mail an answer answers; the timers make no answers, so one
    /// without a mail is a bug, logged and not sent.
    pub(super) fn answering(&self) -> Option<&'a InboundMail> {
        if self.mail.is_none() {
            tracing::error!("an answer was made with no mail to answer; it is not sent");
        }
        self.mail
    }

    /// The player who sent the inbound mail, when it is a known address.
    pub(super) fn sender(&self, mail: &InboundMail) -> Result<Option<Player>, PostError> {
        Ok(store::find_player_by_address(self.conn, &mail.from)?
            .into_iter()
            .next())
    }

    pub(super) fn language_of(&self, player: Option<&Player>) -> String {
        self.renderer
            .language_for(player.and_then(|player| player.language.as_deref()))
    }
}
