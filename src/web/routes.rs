//! Which page a request asks for, and the replies every page shares:
//! the HTML page from its template, the problem pages (400, 404, 405).

use super::query::{encode, Target};
use super::{Page, PageError, Reply, Site, HTML};
use crate::games::GameKind;
use minijinja::{context, Value};

impl Site {
    /// The reply to one request. Only GET and HEAD are answered (HEAD as
    /// GET: the server leaves the body out); anything the address names
    /// that does not exist is a 404, a malformed address a 400.
    pub fn respond(&self, method: &str, target: &str) -> Reply {
        if method != "GET" && method != "HEAD" {
            let mut reply = self.problem(405, "This site is read-only: it answers GET and HEAD.");
            reply.allow = true;
            return reply;
        }
        match Target::parse(target).and_then(|target| self.route(&target)) {
            Ok(reply) => reply,
            Err(PageError::BadRequest(why)) => self.problem(400, &why),
            Err(PageError::NotFound) => self.problem(404, "There is no such page here."),
            Err(PageError::Store(why)) => {
                tracing::warn!("web view: {target}: {why}");
                self.problem(
                    500,
                    "The page could not be made; the operator's log says why.",
                )
            }
        }
    }

    fn route(&self, target: &Target) -> Page {
        let words: Vec<&str> = target.path.iter().map(String::as_str).collect();
        match words.as_slice() {
            [] => self.front(target),
            ["archive"] => self.archive(target),
            ["archive.pgn"] => self.archive_pgn(target),
            ["board", id] => match split_suffix(id) {
                (id, Some("pgn")) => self.board_pgn(target, board_id(id)?),
                (id, Some("atom")) => self.board_feed(target, board_id(id)?),
                (id, None) => self.board(target, board_id(id)?),
                _ => Err(PageError::NotFound),
            },
            ["player", userid] => match split_suffix(userid) {
                (userid, Some("atom")) => self.player_feed(target, userid),
                _ => self.player(target, userid),
            },
            ["player", userid, "status.txt"] => self.status(target, userid),
            ["standings", game] => self.standings(target, game_named(game)?),
            ["ladders"] => self.ladders(target),
            ["ladder", game] => match split_suffix(game) {
                (game, Some("atom")) => self.ladder_feed(target, game_named(game)?, ""),
                (game, None) => self.ladder(target, game_named(game)?, ""),
                _ => Err(PageError::NotFound),
            },
            // A named ladder; the empty name would be the default one's.
            ["ladder", game, name] if !name.is_empty() => match split_suffix(name) {
                (name, Some("atom")) => self.ladder_feed(target, game_named(game)?, name),
                (name, None) => self.ladder(target, game_named(game)?, name),
                _ => Err(PageError::NotFound),
            },
            ["league", game, name] => self.league(target, game_named(game)?, name),
            ["tournaments"] => self.tournaments(target),
            ["tournament", id] => match split_suffix(id) {
                (id, Some("atom")) => self.tournament_feed(target, board_id(id)?),
                (id, None) => self.tournament(target, board_id(id)?),
                _ => Err(PageError::NotFound),
            },
            _ => Err(PageError::NotFound),
        }
    }

    /// A page from its template, with what every page gets: the host's
    /// name and the games.
    pub(super) fn html(&self, name: &str, ctx: Value) -> Page {
        let body = self.render(name, ctx)?;
        Ok(Reply {
            status: 200,
            content_type: HTML,
            body: body.into_bytes(),
            allow: false,
        })
    }

    pub(super) fn render(&self, name: &str, ctx: Value) -> Result<String, PageError> {
        let host = &self.config.host;
        let common = context! {
            site => context! { name => &host.name, address => &host.address },
            games => GameKind::ALL,
            root => site_root(host.public_url.as_deref()),
        };
        let template = self.pages.get_template(&format!("web/{name}"))?;
        Ok(template.render(context! { ..common, ..ctx })?)
    }

    fn problem(&self, status: u16, why: &str) -> Reply {
        let ctx = context! { status => status, why => why };
        let (content_type, body) = match self.render("problem.html", ctx) {
            Ok(page) => (HTML, page),
            Err(_) => (super::TEXT, format!("{status}: {why}\n")),
        };
        Reply {
            status,
            content_type,
            body: body.into_bytes(),
            allow: false,
        }
    }
}

/// `101.pgn` as `101` and `pgn`.
fn split_suffix(word: &str) -> (&str, Option<&str>) {
    match word.rsplit_once('.') {
        Some((stem, suffix)) if ["pgn", "atom"].contains(&suffix) => (stem, Some(suffix)),
        _ => (word, None),
    }
}

/// A board's or a tournament's number; anything else names nothing.
fn board_id(text: &str) -> Result<i64, PageError> {
    match text.parse::<i64>() {
        Ok(id) if id > 0 && text.chars().all(|c| c.is_ascii_digit()) => Ok(id),
        _ => Err(PageError::NotFound),
    }
}

fn game_named(name: &str) -> Result<GameKind, PageError> {
    GameKind::from_name(name)
        .filter(|kind| kind.name() == name)
        .ok_or(PageError::NotFound)
}

/// A query string of the given names and values, the empty ones left
/// out: `game=chess&player=bob`.
pub(super) fn query_string(pairs: &[(&str, Option<String>)]) -> String {
    pairs
        .iter()
        .filter_map(|(name, value)| {
            value
                .as_ref()
                .map(|value| format!("{name}={}", encode(value)))
        })
        .collect::<Vec<_>>()
        .join("&")
}

/// The path the site lives under, from `[web] public_url`: `/pbem` for
/// `https://example.org/pbem/`, empty at a host's root. Every link of a
/// page starts with it, so the view works behind a proxy that serves it
/// under a sub-path.
fn site_root(public_url: Option<&str>) -> &str {
    let Some(url) = public_url else {
        return "";
    };
    let after_scheme = url.split_once("://").map_or(url, |(_, rest)| rest);
    match after_scheme.find('/') {
        Some(slash) => after_scheme[slash..].trim_end_matches('/'),
        None => "",
    }
}

#[cfg(test)]
mod root_tests {
    use super::site_root;

    #[test]
    fn the_sites_root_is_the_path_of_its_public_url() {
        assert_eq!(site_root(None), "");
        assert_eq!(site_root(Some("https://games.example.org")), "");
        assert_eq!(site_root(Some("https://games.example.org/")), "");
        assert_eq!(site_root(Some("https://example.org/pbem/")), "/pbem");
        assert_eq!(
            site_root(Some("http://example.org:8080/club/pbem")),
            "/club/pbem"
        );
    }
}
