//! The settings read from TOML: defaults, every key, and errors that
//! name the key.

use super::duration::parse_duration;
use super::*;
use crate::mail::outbound::sender::RetryPolicy;
use crate::mail::outbound::transport::TlsMode;
use crate::rules::score::AbortRule;

#[test]
fn no_config_gives_the_data_directory_layout() {
    let config = Config::load(None, Some(Path::new("/srv/pbem"))).unwrap();
    assert_eq!(config.database, Path::new("/srv/pbem/pbem.sqlite"));
    assert_eq!(config.maildir, Path::new("/srv/pbem/inbox"));
    assert_eq!(config.outbox_folder, Path::new("/srv/pbem/outbox"));
    assert_eq!(config.poll_interval, Duration::from_millis(250));
}

#[test]
fn the_example_config_is_valid() {
    let text = include_str!("../../config.example.toml");
    let config = Config::from_toml(text, None).unwrap();
    assert_eq!(config.host.address, "pbem@localhost");
}

#[test]
fn errors_name_the_key() {
    let err = Config::from_toml("[host]\naddress = \"nobody\"", None).unwrap_err();
    assert!(err.to_string().contains("host.address"), "{err}");
    let err = Config::from_toml("[inbound]\npoll_interval_ms = 60000", None).unwrap_err();
    assert!(
        err.to_string().contains("inbound.poll_interval_ms"),
        "{err}"
    );
    let err = Config::from_toml("[host]\nadress = \"a@b\"", None).unwrap_err();
    assert!(err.to_string().contains("adress"), "{err}");
    let err = Config::from_toml("[inbound]\nmax_message_bytes = 0", None).unwrap_err();
    assert!(
        err.to_string().contains("inbound.max_message_bytes"),
        "{err}"
    );
    let err = Config::from_toml("[outbound]\ntransport = \"pigeon\"", None).unwrap_err();
    assert!(err.to_string().contains("outbound.transport"), "{err}");
}

fn invalid_key(toml: &str) -> String {
    match Config::from_toml(toml, None) {
        Err(ConfigError::Invalid { key, problem, .. }) => format!("{key}: {problem}"),
        other => panic!("expected an invalid key, got {other:?}"),
    }
}

#[test]
fn no_config_sends_to_files_with_the_default_retries() {
    let config = Config::load(None, Some(Path::new("/srv/pbem"))).unwrap();
    assert_eq!(config.outbound.transport, TransportChoice::File);
    assert_eq!(config.outbound.retry, RetryPolicy::default());
    assert_eq!(
        config.outbound.retry.give_up_after,
        Duration::from_secs(5 * 86400)
    );
}

#[test]
fn sent_rows_are_kept_a_week_by_default_and_never_less_than_the_caps_hour() {
    let config = Config::load(None, Some(Path::new("/srv/pbem"))).unwrap();
    assert_eq!(config.outbound.keep_sent, Duration::from_secs(7 * 86400));
    let config = Config::from_toml("[outbound]\nkeep_sent = \"2d\"\n", None).unwrap();
    assert_eq!(config.outbound.keep_sent, Duration::from_secs(2 * 86400));
    let problem = invalid_key("[outbound]\nkeep_sent = \"10m\"\n");
    assert!(
        problem.starts_with("outbound.keep_sent: must be at least 1h"),
        "{problem}"
    );
}

#[test]
fn smtp_settings_are_read_with_port_defaults_by_tls_mode() {
    let config = Config::from_toml(
        "[outbound]\ntransport = \"smtp\"\ngive_up_after = \"2d\"\n\
         [outbound.smtp]\nhost = \"mail.example.org\"\ntls = \"implicit\"\n\
         user = \"pbem\"\npassword = \"pw\"\ntimeout = \"10s\"\nhello_name = \"pbem.example.org\"\n",
        None,
    )
    .unwrap();
    let TransportChoice::Smtp(smtp) = config.outbound.transport else {
        panic!("not smtp")
    };
    assert_eq!(smtp.port, 465);
    assert_eq!(smtp.tls, TlsMode::Implicit);
    assert_eq!(smtp.credentials, Some(("pbem".into(), "pw".into())));
    assert_eq!(smtp.timeout, Duration::from_secs(10));
    assert_eq!(smtp.hello_name.as_deref(), Some("pbem.example.org"));
    assert_eq!(smtp.connections, 4);
    assert_eq!(
        config.outbound.retry.give_up_after,
        Duration::from_secs(2 * 86400)
    );
    let starttls = "[outbound]\ntransport = \"smtp\"\n[outbound.smtp]\nhost = \"m.example.org\"\n";
    let TransportChoice::Smtp(smtp) = Config::from_toml(starttls, None)
        .unwrap()
        .outbound
        .transport
    else {
        panic!("not smtp")
    };
    assert_eq!((smtp.tls, smtp.port), (TlsMode::StartTls, 587));
}

#[test]
fn sendmail_command_defaults_to_the_usual_path() {
    let config = Config::from_toml("[outbound]\ntransport = \"sendmail\"", None).unwrap();
    assert_eq!(
        config.outbound.transport,
        TransportChoice::Sendmail {
            command: PathBuf::from("/usr/sbin/sendmail")
        }
    );
}

#[test]
fn outbound_errors_name_the_key_and_the_problem() {
    let smtp = "[outbound]\ntransport = \"smtp\"\n[outbound.smtp]\n";
    let with = |extra: &str| format!("{smtp}host = \"mail.example.org\"\n{extra}");
    let cases = [
        (smtp.to_string(), "outbound.smtp.host: is required"),
        (
            with("tls = \"ssl\""),
            "outbound.smtp.tls: \"ssl\" is not a TLS mode",
        ),
        (with("port = 0"), "outbound.smtp.port: must be 1 to 65535"),
        (with("user = \"a\""), "outbound.smtp.password: is required"),
        (with("password = \"a\""), "outbound.smtp.user: is required"),
        (
            with("tls = \"none\"\nuser = \"a\"\npassword = \"b\""),
            "outbound.smtp.tls: \"none\" would send the password in clear",
        ),
        (
            with("timeout = \"ten\""),
            "outbound.smtp.timeout: \"ten\" is not a length of time",
        ),
        (
            with("timeout = \"10 parsecs\""),
            "outbound.smtp.timeout: \"10 parsecs\" has no known unit",
        ),
        (
            with("connections = 100"),
            "outbound.smtp.connections: 100 is out of range",
        ),
        (
            with("hello_name = \"a b\""),
            "outbound.smtp.hello_name: \"a b\" is not a host name",
        ),
        (
            "[outbound]\nfirst_retry = \"0s\"".to_string(),
            "outbound.first_retry: must be longer than 0",
        ),
        (
            "[outbound]\nfirst_retry = \"2h\"\nmax_retry = \"1h\"".to_string(),
            "outbound.max_retry: must not be shorter",
        ),
        (
            "[outbound]\ngive_up_after = \"10s\"".to_string(),
            "outbound.give_up_after: must not be shorter",
        ),
        (
            "[outbound]\ntransport = \"sendmail\"\n[outbound.sendmail]\ncommand = \"\"".to_string(),
            "outbound.sendmail.command: is empty",
        ),
    ];
    for (toml, expected) in cases {
        let err = invalid_key(&toml);
        assert!(err.starts_with(expected), "{toml}\n gave {err}");
    }
    // A password is fine in clear text to a server on this machine.
    let loopback =
        format!("{smtp}host = \"127.0.0.1\"\ntls = \"none\"\nuser = \"a\"\npassword = \"b\"");
    assert!(Config::from_toml(&loopback, None).is_ok());
}

#[test]
fn durations_take_the_usual_units() {
    assert_eq!(parse_duration("250ms"), Ok(Duration::from_millis(250)));
    assert_eq!(parse_duration("30s"), Ok(Duration::from_secs(30)));
    assert_eq!(parse_duration("5m"), Ok(Duration::from_secs(300)));
    assert_eq!(parse_duration("2h"), Ok(Duration::from_secs(7200)));
    assert_eq!(parse_duration("5d"), Ok(Duration::from_secs(432_000)));
    assert!(parse_duration("5").is_err());
    assert!(parse_duration("d").is_err());
    assert!(parse_duration("99999999999999999999d").is_err());
}

#[test]
fn accounts_and_clocks_read_their_keys_and_refuse_bad_values_by_name() {
    let config = Config::from_toml(
        "[accounts]\nmax_addresses = 2\nfirst_lock = \"5m\"\n\
         [clocks]\nnagtime = \"3\"\nvacation_days = 10\n[clocks.chess]\ntime = \"30d+3d\"\n",
        None,
    )
    .unwrap();
    assert_eq!(config.host.accounts.max_addresses, 2);
    assert_eq!(config.host.accounts.first_lock, 300);
    assert_eq!(config.host.clocks.vacation_days, 10);
    let chess = config.host.clocks.control(crate::games::GameKind::Chess);
    assert_eq!(chess.nag_after, 3 * 86_400);
    assert_eq!(chess.per_move, None, "a Fischer bank has no limit per move");
    let spherical = config
        .host
        .clocks
        .control(crate::games::GameKind::Spherical);
    assert_eq!(spherical.per_move, Some(21 * 86_400));
    assert!(invalid_key("[accounts]\nfree_failures = 1").contains("accounts.free_failures"));
    assert!(invalid_key("[accounts]\nlongest_lock = \"1m\"").contains("accounts.longest_lock"));
    assert!(invalid_key("[clocks.chess]\ntime = \"30x\"").contains("for chess"));
    assert!(invalid_key("[clocks]\nvacation_days = 400").contains("clocks.vacation_days"));
}

#[test]
fn competition_settings_are_read_and_bad_ones_name_their_key() {
    let config = Config::from_toml(
        "[ratings]\nrating = 1600.0\ntau = 0.3\nperiod_days = 7\n\
         [ladders]\nreach = 5\ninactive_days = 0\nforfeittime = \"10\"\naborted = \"void\"\n\
         max_per_director = 2\n\
         [tournaments]\nmax_players = 8\nmax_per_organiser = 12\n",
        None,
    )
    .unwrap();
    let competition = &config.host.competition;
    assert_eq!(competition.ratings.rating, 1600.0);
    assert_eq!(competition.ratings.tau, 0.3);
    assert_eq!(competition.ratings.period_days, 7);
    assert_eq!(competition.ladders.reach, 5);
    assert_eq!(competition.ladders.inactive_after, None);
    assert_eq!(competition.ladders.forfeit_after, 10 * 86_400);
    assert_eq!(competition.tournaments.max_players, 8);
    assert_eq!(competition.ladders.max_per_director, 2);
    assert_eq!(competition.tournaments.max_per_organiser, 12);
    let defaults = Config::from_toml("", None).unwrap().host.competition;
    assert_eq!(defaults.ladders.max_per_director, 5);
    assert_eq!(defaults.tournaments.max_per_organiser, 5);
    assert_eq!(competition.ladders.aborted, AbortRule::Void);
    assert_eq!(competition.tournaments.aborted, AbortRule::RefuserLoses);
    assert!(invalid_key("[tournaments]\naborted = \"draw\"").starts_with("tournaments.aborted"));
    assert!(invalid_key("[ratings]\ntau = -1.0").starts_with("ratings.tau"));
    assert!(invalid_key("[ratings]\nperiod_days = 0").starts_with("ratings.period_days"));
    assert!(invalid_key("[ladders]\nreach = 0").starts_with("ladders.reach"));
    assert!(invalid_key("[ladders]\nforfeittime = \"soon\"").starts_with("ladders.forfeittime"));
    assert!(invalid_key("[tournaments]\nmax_players = 1").starts_with("tournaments.max_players"));
    assert!(invalid_key("[tournaments]\nmax_per_organiser = 0")
        .starts_with("tournaments.max_per_organiser"));
    assert!(
        invalid_key("[ladders]\nmax_per_director = 101").starts_with("ladders.max_per_director")
    );
}

#[test]
fn robots_think_and_budget_are_read_and_checked() {
    let config = Config::from_toml("", None).unwrap();
    assert_eq!(config.host.robots.think, Duration::from_secs(10));
    assert_eq!(config.host.robots.budget, Duration::from_secs(30));
    let config = Config::from_toml("[robots]\nthink = \"2s\"\nbudget = \"45s\"\n", None).unwrap();
    assert_eq!(config.host.robots.think, Duration::from_secs(2));
    assert_eq!(config.host.robots.budget, Duration::from_secs(45));
    assert!(invalid_key("[robots]\nbudget = \"2h\"").starts_with("robots.budget"));
    assert!(invalid_key("[robots]\nbudget = \"soon\"").starts_with("robots.budget"));
    assert!(invalid_key("[robots]\nthink = \"1ms\"").starts_with("robots.think"));
}
