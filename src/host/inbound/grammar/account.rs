//! The account commands' forms: signup, change, signoff, delete, set,
//! vacation and remind. Each reads its password with [`Args::password`],
//! which notes where it stood.

use super::words::{wrong_arguments, Args, Parsed};
use crate::host::model::board_style::BoardStyle;
use crate::host::model::challengers::Challengers;
use crate::host::model::command::{Command, Setting, Syntax};
use crate::host::model::refusal::Refusal;

fn owned(words: &[&str]) -> Vec<String> {
    words.iter().map(|word| word.to_string()).collect()
}

/// `signup userid password [address...]`.
pub(super) fn parse_signup(args: Args<'_>) -> Parsed {
    let password = args.new_password(1);
    match args.words {
        [userid, _, addresses @ ..] => Ok(Command::Signup {
            userid: userid.to_string(),
            password,
            addresses: owned(addresses),
        }),
        _ => Err(wrong_arguments(Syntax::Signup, None)),
    }
}

/// `signoff userid password`, `delete userid password`.
pub(super) fn parse_leaving(args: Args<'_>, signoff: bool) -> Parsed {
    let password = args.password(1);
    let [userid, _] = args.words else {
        let syntax = if signoff {
            Syntax::Signoff
        } else {
            Syntax::Delete
        };
        return Err(wrong_arguments(syntax, None));
    };
    let userid = userid.to_string();
    Ok(if signoff {
        Command::Signoff { userid, password }
    } else {
        Command::Delete { userid, password }
    })
}

/// `vacation userid password on [until YYYY-MM-DD] | off`.
pub(super) fn parse_vacation(args: Args<'_>) -> Parsed {
    let password = args.password(1);
    let on = match args.words {
        [_, _, word] if word.eq_ignore_ascii_case("off") => None,
        [_, _, word] if word.eq_ignore_ascii_case("on") => Some(None),
        [_, _, word, until, date]
            if word.eq_ignore_ascii_case("on") && until.eq_ignore_ascii_case("until") =>
        {
            Some(Some(date.to_string()))
        }
        _ => return Err(wrong_arguments(Syntax::Vacation, None)),
    };
    Ok(Command::Vacation {
        userid: args.words[0].to_string(),
        password,
        on,
    })
}

/// `remind userid password LENGTH...`.
pub(super) fn parse_remind(args: Args<'_>) -> Parsed {
    let password = args.password(1);
    match args.words {
        [userid, _, schedule @ ..] if !schedule.is_empty() => Ok(Command::Remind {
            userid: userid.to_string(),
            password,
            schedule: owned(schedule),
        }),
        _ => Err(wrong_arguments(Syntax::Remind, None)),
    }
}

/// `change password userid old new`, `change address userid password
/// address...`. A misspelt `password` is read as the password form, so
/// both of its passwords are noted.
pub(super) fn parse_change(args: Args<'_>) -> Parsed {
    let what = args.words.first().map(|word| word.to_lowercase());
    if what.as_deref() == Some("address") {
        let password = args.password(2);
        return match args.words {
            [_, userid, _, addresses @ ..] if !addresses.is_empty() => Ok(Command::ChangeAddress {
                userid: userid.to_string(),
                password,
                addresses: owned(addresses),
            }),
            _ => Err(wrong_arguments(Syntax::Change, None)),
        };
    }
    let (old, new) = (args.password(2), args.new_password(3));
    match args.words {
        [_, userid, _, _] if what.as_deref() == Some("password") => Ok(Command::ChangePassword {
            userid: userid.to_string(),
            old,
            new,
        }),
        _ => Err(wrong_arguments(Syntax::Change, None)),
    }
}

/// `set userid password SETTING VALUE`.
pub(super) fn parse_set(args: Args<'_>) -> Parsed {
    let password = args.password(1);
    let [userid, _, setting, value] = args.words else {
        return Err(wrong_arguments(Syntax::Set, None));
    };
    let setting = match setting.to_lowercase().as_str() {
        "language" => Setting::Language(value.to_lowercase()),
        "comments" => match value.to_lowercase().as_str() {
            "public" => Setting::PublicComments(true),
            "private" => Setting::PublicComments(false),
            _ => return Err(wrong_arguments(Syntax::Set, None)),
        },
        "digest" => match value.to_lowercase().as_str() {
            "on" => Setting::Digest(true),
            "off" => Setting::Digest(false),
            _ => return Err(wrong_arguments(Syntax::Set, None)),
        },
        "board" => match BoardStyle::parse(value) {
            Some(style) => Setting::Board(style),
            None => return Err(wrong_arguments(Syntax::Set, None)),
        },
        "challenges" | "challengers" => match Challengers::parse(value) {
            Some(challengers) => Setting::Challengers(challengers),
            None => return Err(wrong_arguments(Syntax::Set, None)),
        },
        other => {
            return Err(Refusal::UnknownSetting {
                setting: other.to_string(),
            })
        }
    };
    Ok(Command::Set {
        userid: userid.to_string(),
        password,
        setting,
    })
}
