//! `[accounts]`: how many addresses an account may have, how password
//! guessing is locked out, and how long reply tokens prove a player.

use super::duration::parse_duration;
use crate::host::accounts::guard::AccountPolicy;
use serde::Deserialize;

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct AccountsSection {
    max_addresses: Option<usize>,
    free_failures: Option<u32>,
    first_lock: Option<String>,
    longest_lock: Option<String>,
    forget_failures_after: Option<String>,
    token_life_after_game: Option<String>,
    account_token_life: Option<String>,
    confirm_signup_address: Option<bool>,
    unconfirmed_life: Option<String>,
}

/// Seconds in a length of time written like "15m" or "60d", at least one.
fn seconds(text: &Option<String>, default: i64) -> Result<i64, String> {
    let Some(text) = text else {
        return Ok(default);
    };
    let seconds = parse_duration(text)?.as_secs();
    if seconds == 0 {
        return Err(format!("{text:?} is shorter than a second"));
    }
    i64::try_from(seconds).map_err(|_| format!("{text:?} is too long"))
}

pub(super) fn account_policy(
    section: &AccountsSection,
) -> Result<AccountPolicy, (&'static str, String)> {
    let defaults = AccountPolicy::default();
    let max_addresses = section.max_addresses.unwrap_or(defaults.max_addresses);
    if !(1..=20).contains(&max_addresses) {
        return Err((
            "accounts.max_addresses",
            format!("{max_addresses} is out of range: use 1 to 20"),
        ));
    }
    let free_failures = section.free_failures.unwrap_or(defaults.free_failures);
    if !(3..=100).contains(&free_failures) {
        return Err((
            "accounts.free_failures",
            format!(
                "{free_failures} is out of range: use 3 to 100 (fewer would lock out players who mistype)"
            ),
        ));
    }
    let policy = AccountPolicy {
        max_addresses,
        free_failures,
        first_lock: seconds(&section.first_lock, defaults.first_lock)
            .map_err(|problem| ("accounts.first_lock", problem))?,
        longest_lock: seconds(&section.longest_lock, defaults.longest_lock)
            .map_err(|problem| ("accounts.longest_lock", problem))?,
        forget_after: seconds(&section.forget_failures_after, defaults.forget_after)
            .map_err(|problem| ("accounts.forget_failures_after", problem))?,
        game_token_life: seconds(&section.token_life_after_game, defaults.game_token_life)
            .map_err(|problem| ("accounts.token_life_after_game", problem))?,
        account_token_life: seconds(&section.account_token_life, defaults.account_token_life)
            .map_err(|problem| ("accounts.account_token_life", problem))?,
        confirm_signup_address: section
            .confirm_signup_address
            .unwrap_or(defaults.confirm_signup_address),
        unconfirmed_life: seconds(&section.unconfirmed_life, defaults.unconfirmed_life)
            .map_err(|problem| ("accounts.unconfirmed_life", problem))?,
    };
    if policy.longest_lock < policy.first_lock {
        return Err((
            "accounts.longest_lock",
            "is shorter than accounts.first_lock".into(),
        ));
    }
    Ok(policy)
}
