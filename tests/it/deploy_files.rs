//! The files in deploy/ that operators run the host with: the systemd
//! units (checked by `systemd-analyze verify` where it is installed, and
//! read as INI everywhere), the Postfix pipe entry and the procmail recipe
//! (their command lines run for real on a signup mail, with this build's
//! binary and a temporary config), and the crontab line.

use crate::util::run_with_stdin;
use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const DEPLOY: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/deploy");
const PBEM: &str = env!("CARGO_BIN_EXE_pbem");
/// Where the deploy files expect the binary and the config.
const INSTALLED_BINARY: &str = "/usr/local/bin/pbem";
const INSTALLED_CONFIG: &str = "/etc/pbem/pbem.toml";
const UNITS: [&str; 3] = ["pbem.service", "pbem-tick.service", "pbem-tick.timer"];

fn deploy_file(name: &str) -> String {
    let path = Path::new(DEPLOY).join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()))
}

fn found(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .chain(["/usr/bin", "/usr/sbin", "/bin"].map(PathBuf::from))
        .map(|dir| dir.join(program))
        .find(|candidate| candidate.is_file())
}

/// Says what was not checked, past the test harness's capture (which
/// swallows `eprintln!` of a passing test), so that it shows in every run.
fn loud(message: &str) {
    let _ = writeln!(
        std::io::stderr(),
        "\n!!!!!!!! deploy_files: {message} !!!!!!!!\n"
    );
}

/// A data directory and a config naming it, as /etc/pbem/pbem.toml would.
struct Host {
    dir: tempfile::TempDir,
}

impl Host {
    fn new() -> Host {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("data")).unwrap();
        let toml = format!(
            "data_dir = \"{}\"\n\n[host]\naddress = \"pbem@example.org\"\n",
            dir.path().join("data").display()
        );
        std::fs::write(dir.path().join("pbem.toml"), toml).unwrap();
        Host { dir }
    }

    fn config(&self) -> PathBuf {
        self.dir.path().join("pbem.toml")
    }

    fn data(&self) -> PathBuf {
        self.dir.path().join("data")
    }

    /// The deploy file's text with the binary and config made this test's.
    fn localise(&self, text: &str) -> String {
        text.replace(INSTALLED_BINARY, PBEM)
            .replace(INSTALLED_CONFIG, self.config().to_str().unwrap())
    }

    /// The mails the host has sent, in order.
    fn outbox(&self) -> Vec<String> {
        let mut files: Vec<PathBuf> = std::fs::read_dir(self.data().join("outbox"))
            .map(|dir| {
                dir.map(|entry| entry.unwrap().path())
                    .filter(|path| path.extension().is_some_and(|ext| ext == "eml"))
                    .collect()
            })
            .unwrap_or_default();
        files.sort();
        files
            .iter()
            .map(|path| std::fs::read_to_string(path).unwrap())
            .collect()
    }
}

/// A signup as a mail client sends it (LF line ends, as an MTA hands a
/// mail to a local program).
fn signup_mail(id: &str) -> String {
    format!(
        "From: Alice <alice@example.org>\n\
         To: pbem@example.org\n\
         Subject: signup alice secret-quince-ladle\n\
         Date: Tue, 1 Dec 2026 09:00:00 +0000\n\
         Message-ID: <{id}@example.org>\n\
         MIME-Version: 1.0\n\
         Content-Type: text/plain; charset=utf-8\n\
         \n\
         Hello!\n"
    )
}

fn help_mail(id: &str) -> String {
    format!(
        "From: bob@example.org\n\
         To: pbem@example.org\n\
         Subject: help\n\
         Date: Tue, 1 Dec 2026 09:05:00 +0000\n\
         Message-ID: <{id}@example.org>\n\
         \n"
    )
}

fn shown(out: &Output) -> String {
    format!(
        "{}\nstdout: {}\nstderr: {}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

fn assert_welcomed(host: &Host, count: usize) {
    let outbox = host.outbox();
    assert_eq!(outbox.len(), count, "{outbox:#?}");
    let welcome = &outbox[count - 1];
    assert!(welcome.contains("To: alice@example.org"), "{welcome}");
    // A signup's answer is the request to confirm its address, which
    // welcomes the new player too.
    assert!(welcome.contains("Subject: PBeM Confirm alice"), "{welcome}");
    assert!(welcome.contains("Welcome to"), "{welcome}");
}

// ---------------------------------------------------------------------------
// systemd units

/// A unit file's sections, each with its `Key=value` lines in order.
struct Unit {
    sections: Vec<(String, Vec<(String, String)>)>,
}

impl Unit {
    fn parse(name: &str, text: &str) -> Unit {
        let mut sections: Vec<(String, Vec<(String, String)>)> = Vec::new();
        for (number, line) in text.lines().enumerate() {
            let line = line.trim();
            let at = format!("{name}:{}", number + 1);
            if line.is_empty() || line.starts_with('#') || line.starts_with(';') {
                continue;
            }
            assert!(!line.ends_with('\\'), "{at}: no continued lines here");
            if let Some(section) = line.strip_prefix('[') {
                let section = section.strip_suffix(']').expect(&at);
                sections.push((section.to_string(), Vec::new()));
                continue;
            }
            let (key, value) = line
                .split_once('=')
                .unwrap_or_else(|| panic!("{at}: not Key=value: {line}"));
            let (_, entries) = sections
                .last_mut()
                .unwrap_or_else(|| panic!("{at}: a key before any section"));
            entries.push((key.trim().to_string(), value.trim().to_string()));
        }
        Unit { sections }
    }

    fn values(&self, section: &str, key: &str) -> Vec<&str> {
        self.sections
            .iter()
            .filter(|(name, _)| name == section)
            .flat_map(|(_, entries)| entries)
            .filter(|(name, _)| name == key)
            .map(|(_, value)| value.as_str())
            .collect()
    }

    /// The one value of `key`; a missing or repeated key fails.
    fn one(&self, section: &str, key: &str) -> &str {
        match self.values(section, key)[..] {
            [value] => value,
            ref values => panic!("[{section}] {key}: expected one value, found {values:?}"),
        }
    }
}

/// The keys these units may use, per section: a misspelt key, which
/// systemd would only warn about and ignore, fails here even where
/// systemd-analyze is missing.
fn known_key(section: &str, key: &str) -> bool {
    let keys: &[&str] = match section {
        "Unit" => &["Description", "After", "Wants", "Requires", "Documentation"],
        "Service" => &[
            "Type",
            "User",
            "Group",
            "ExecStart",
            "Restart",
            "RestartSec",
            "KillSignal",
            "TimeoutStopSec",
            "StateDirectory",
            "WorkingDirectory",
            "UMask",
            "NoNewPrivileges",
            "ProtectSystem",
            "ReadWritePaths",
            "PrivateTmp",
            "ProtectHome",
            "PrivateDevices",
            "ProtectKernelTunables",
            "ProtectKernelModules",
            "ProtectControlGroups",
        ],
        "Timer" => &["OnCalendar", "Persistent", "Unit", "AccuracySec"],
        "Install" => &["WantedBy"],
        _ => &[],
    };
    keys.contains(&key)
}

fn unit(name: &str) -> Unit {
    let unit = Unit::parse(name, &deploy_file(name));
    for (section, entries) in &unit.sections {
        for (key, _) in entries {
            assert!(known_key(section, key), "{name}: [{section}] {key} unknown");
        }
    }
    unit
}

fn exec_start_words(unit: &Unit) -> Vec<&str> {
    unit.one("Service", "ExecStart")
        .split_whitespace()
        .collect()
}

/// What both services share: the user, the data directory, the umask and
/// the hardening docs/operating.md promises.
fn assert_runs_as_pbem_hardened(name: &str, unit: &Unit) {
    let expect = [
        ("User", "pbem"),
        ("Group", "pbem"),
        ("StateDirectory", "pbem"),
        ("WorkingDirectory", "/var/lib/pbem"),
        ("UMask", "0077"),
        ("NoNewPrivileges", "yes"),
        ("ProtectSystem", "strict"),
        ("ReadWritePaths", "/var/lib/pbem"),
        ("PrivateTmp", "yes"),
        ("ProtectHome", "yes"),
    ];
    for (key, value) in expect {
        assert_eq!(unit.one("Service", key), value, "{name}: {key}");
    }
}

#[test]
fn the_units_say_what_the_readme_says() {
    let serve = unit("pbem.service");
    assert_eq!(
        exec_start_words(&serve),
        [INSTALLED_BINARY, "serve", "--config", INSTALLED_CONFIG]
    );
    assert_runs_as_pbem_hardened("pbem.service", &serve);
    assert_eq!(serve.one("Service", "Restart"), "on-failure");
    assert_eq!(serve.one("Service", "KillSignal"), "SIGTERM");
    assert_eq!(serve.one("Install", "WantedBy"), "multi-user.target");

    let tick = unit("pbem-tick.service");
    assert_eq!(tick.one("Service", "Type"), "oneshot");
    assert_eq!(
        exec_start_words(&tick),
        [INSTALLED_BINARY, "tick", "--config", INSTALLED_CONFIG]
    );
    assert_runs_as_pbem_hardened("pbem-tick.service", &tick);
    assert!(
        tick.values("Install", "WantedBy").is_empty(),
        "the timer starts pbem-tick.service, nothing else"
    );

    let timer = unit("pbem-tick.timer");
    assert_eq!(timer.one("Timer", "Persistent"), "true");
    assert_eq!(timer.one("Timer", "Unit"), "pbem-tick.service");
    assert_eq!(timer.one("Install", "WantedBy"), "timers.target");
    // systemd-analyze verify does not look for a timer's unit: this does.
    assert!(Path::new(DEPLOY).join("pbem-tick.service").is_file());
}

/// docs/operating.md tells operators to copy the units into
/// /etc/systemd/system; its commands name what ships.
#[test]
fn the_operating_guide_names_the_deploy_files() {
    let guide =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/operating.md")).unwrap();
    let section = guide
        .split("## Running it as a service")
        .nth(1)
        .expect("docs/operating.md has a section \"Running it as a service\"");
    let section = section.split("\n## ").next().unwrap();
    for name in UNITS
        .iter()
        .chain(&["postfix-master.cf", "procmailrc", "crontab"])
    {
        assert!(section.contains(&format!("deploy/{name}")), "{name}");
    }
    assert!(section.contains("systemctl enable --now pbem.service"));
    assert!(section.contains("systemctl enable --now pbem-tick.timer"));
}

/// The units copied into `dir` with this build's binary and a temporary
/// config, so that `systemd-analyze verify` finds what ExecStart names.
fn localised_units(host: &Host, dir: &Path) -> Vec<PathBuf> {
    UNITS
        .iter()
        .map(|name| {
            let path = dir.join(name);
            std::fs::write(&path, host.localise(&deploy_file(name))).unwrap();
            path
        })
        .collect()
}

fn systemd_analyze() -> Option<PathBuf> {
    let found = found("systemd-analyze");
    if found.is_none() {
        loud(
            "systemd-analyze is not installed: the units were read as INI only, \
             not verified (tests/setup.sh installs the systemd package)",
        );
    }
    found
}

fn verify(analyze: &Path, units: &[PathBuf]) -> Output {
    Command::new(analyze)
        .arg("verify")
        .args(units)
        .output()
        .unwrap()
}

/// The lines of verify's output that speak of these units (a container
/// without systemd running may add lines about itself).
fn lines_about_units(out: &Output, dir: &Path) -> Vec<String> {
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let others: Vec<&str> = text
        .lines()
        .filter(|line| !line.trim().is_empty())
        .collect();
    let about: Vec<String> = others
        .iter()
        .filter(|line| {
            line.contains(dir.to_str().unwrap()) || line.contains("pbem") || line.contains(PBEM)
        })
        .map(|line| line.to_string())
        .collect();
    if about.len() < others.len() {
        eprintln!("systemd-analyze verify also said:\n{text}");
    }
    about
}

#[test]
fn systemd_analyze_verifies_the_units() {
    let Some(analyze) = systemd_analyze() else {
        return;
    };
    let host = Host::new();
    let dir = tempfile::tempdir().unwrap();
    let units = localised_units(&host, dir.path());
    let out = verify(&analyze, &units);
    assert_eq!(out.status.code(), Some(0), "{}", shown(&out));
    let about = lines_about_units(&out, dir.path());
    assert!(about.is_empty(), "warnings about the units: {about:#?}");

    // The check can fail: a misspelt key and a missing binary are caught.
    let misspelt = dir.path().join("misspelt.service");
    let text = std::fs::read_to_string(&units[0]).unwrap();
    std::fs::write(&misspelt, text.replace("Restart=", "Restat=")).unwrap();
    let out = verify(&analyze, std::slice::from_ref(&misspelt));
    assert!(
        !lines_about_units(&out, dir.path()).is_empty(),
        "{}",
        shown(&out)
    );
    let missing = dir.path().join("missing.service");
    std::fs::write(&missing, text.replace(PBEM, "/nonexistent/pbem")).unwrap();
    let out = verify(&analyze, std::slice::from_ref(&missing));
    assert_ne!(out.status.code(), Some(0), "{}", shown(&out));
}

/// Minutes past the hour of `HH:MM:SS` in a line of
/// `systemd-analyze calendar`.
fn minute_of(line: &str) -> Option<u32> {
    let time = line
        .split_whitespace()
        .find(|word| word.len() == 8 && word.as_bytes()[2] == b':')?;
    let hour: u32 = time[0..2].parse().ok()?;
    let minute: u32 = time[3..5].parse().ok()?;
    Some(hour * 60 + minute)
}

#[test]
fn the_timer_fires_every_five_minutes() {
    let timer = unit("pbem-tick.timer");
    let calendar = timer.one("Timer", "OnCalendar");
    match found("systemd-analyze") {
        Some(analyze) => {
            let out = Command::new(analyze)
                .args(["calendar", "--iterations=4", calendar])
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(0), "{}", shown(&out));
            let text = String::from_utf8_lossy(&out.stdout);
            let minutes: Vec<u32> = text
                .lines()
                .filter(|line| line.contains("Next elapse:") || line.contains("Iter. #"))
                .filter_map(minute_of)
                .collect();
            assert_eq!(minutes.len(), 4, "{text}");
            assert!(minutes.iter().all(|minute| minute % 5 == 0), "{text}");
            for pair in minutes.windows(2) {
                assert_eq!((pair[1] + 1440 - pair[0]) % 1440, 5, "{text}");
            }
        }
        None => {
            loud("systemd-analyze is not installed: OnCalendar compared as text only");
            assert!(
                ["*:0/5", "*:00/5", "*:0/5:0", "*:00/5:00", "*-*-* *:00/5:00"].contains(&calendar),
                "{calendar}"
            );
        }
    }
}

// ---------------------------------------------------------------------------
// `pbem tick`: the timer's service and the crontab

/// The minutes a cron minute field names.
fn cron_minutes(field: &str) -> BTreeSet<u32> {
    let mut minutes = BTreeSet::new();
    for part in field.split(',') {
        let (range, step) = match part.split_once('/') {
            Some((range, step)) => (range, step.parse::<u32>().expect(part)),
            None => (part, 1),
        };
        let (first, last) = match range {
            "*" => (0, 59),
            range => match range.split_once('-') {
                Some((first, last)) => (first.parse().expect(part), last.parse().expect(part)),
                None => {
                    let first: u32 = range.parse().expect(part);
                    (first, if step > 1 { 59 } else { first })
                }
            },
        };
        minutes.extend((first..=last).step_by(step as usize));
    }
    minutes
}

/// The crontab's one job: its five time fields and its command.
fn cron_job() -> (Vec<String>, String) {
    let text = deploy_file("crontab");
    let jobs: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .filter(|line| {
            // NAME=value lines set the environment.
            let name = line.split('=').next().unwrap();
            !(line.contains('=')
                && name
                    .trim()
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_'))
        })
        .collect();
    assert_eq!(jobs.len(), 1, "{jobs:?}");
    let mut words = jobs[0].split_whitespace();
    let fields: Vec<String> = words.by_ref().take(5).map(String::from).collect();
    let command: Vec<&str> = words.collect();
    (fields, command.join(" "))
}

#[test]
fn the_crontab_runs_tick_every_five_minutes() {
    let text = deploy_file("crontab");
    let (fields, command) = cron_job();
    assert_eq!(fields.len(), 5);
    let every_five: BTreeSet<u32> = (0..60).step_by(5).collect();
    assert_eq!(cron_minutes(&fields[0]), every_five, "{fields:?}");
    assert_eq!(fields[1..], ["*", "*", "*", "*"], "{fields:?}");
    // cron turns an unescaped % into a line break.
    assert!(!command.contains('%'), "{command}");
    let tick = command.split('|').next().unwrap();
    let words: Vec<&str> = tick.split_whitespace().collect();
    assert_eq!(
        words[..],
        [
            INSTALLED_BINARY,
            "tick",
            "--config",
            INSTALLED_CONFIG,
            "2>&1"
        ],
        "{command}"
    );
    // cron would mail the job's output to pbem, the host itself.
    assert!(
        text.lines().any(|line| line.trim() == "MAILTO=\"\""),
        "{text}"
    );
}

#[test]
fn the_tick_command_lines_of_the_timer_and_the_crontab_run() {
    let host = Host::new();
    let service = Unit::parse(
        "pbem-tick.service",
        &host.localise(&deploy_file("pbem-tick.service")),
    );
    let (_, cron) = cron_job();
    // cron's line as far as the pipe to logger, which is the system log's.
    let cron = host.localise(cron.split('|').next().unwrap());
    for line in [service.one("Service", "ExecStart").to_string(), cron] {
        let out = Command::new("sh").args(["-c", &line]).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{line}: {}", shown(&out));
    }
}

// ---------------------------------------------------------------------------
// Postfix pipe transport

/// The master.cf entry named `pbem`: its seven fields and its attributes
/// (`name=value`, with `argv=` taking the rest of the line).
struct PipeEntry {
    fields: Vec<String>,
    flags: String,
    user: String,
    argv: Vec<String>,
}

fn pipe_entry() -> PipeEntry {
    let text = deploy_file("postfix-master.cf");
    // An entry goes on in lines that begin with white space.
    let mut entries: Vec<String> = Vec::new();
    for line in text.lines() {
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        if line.starts_with(char::is_whitespace) {
            let entry = entries
                .last_mut()
                .expect("a continued line starts the file");
            entry.push(' ');
            entry.push_str(line.trim());
        } else {
            entries.push(line.trim().to_string());
        }
    }
    assert_eq!(entries.len(), 1, "{entries:#?}");
    let words: Vec<&str> = entries[0].split_whitespace().collect();
    let fields: Vec<String> = words[..8].iter().map(|word| word.to_string()).collect();
    let (mut flags, mut user, mut argv) = (None, None, None);
    for (index, word) in words[8..].iter().enumerate() {
        let (name, value) = word.split_once('=').expect(word);
        match name {
            "flags" => flags = Some(value.to_string()),
            "user" => user = Some(value.to_string()),
            "argv" => {
                let rest = words[8 + index + 1..].iter().map(|w| w.to_string());
                argv = Some(std::iter::once(value.to_string()).chain(rest).collect());
                break;
            }
            other => panic!("unexpected attribute {other}"),
        }
    }
    PipeEntry {
        fields,
        flags: flags.expect("flags="),
        user: user.expect("user="),
        argv: argv.expect("argv="),
    }
}

impl PipeEntry {
    /// The command pipe(8) would run, with this build's binary and config.
    fn command(&self, host: &Host) -> Command {
        assert_eq!(self.argv[0], INSTALLED_BINARY);
        let mut command = Command::new(PBEM);
        for word in &self.argv[1..] {
            if word == INSTALLED_CONFIG {
                command.arg(host.config());
            } else {
                command.arg(word);
            }
        }
        command
    }
}

#[test]
fn the_postfix_entry_is_a_pipe_to_deliver_as_pbem() {
    let entry = pipe_entry();
    // service type private unpriv chroot wakeup maxproc command
    assert_eq!(entry.fields[0], "pbem");
    assert_eq!(entry.fields[1], "unix");
    // Outside the chroot jail: the binary, config and data are not in it.
    assert_eq!(entry.fields[4], "n", "{:?}", entry.fields);
    assert_eq!(entry.fields[7], "pipe");
    assert_eq!(entry.user, "pbem");
    assert_eq!(
        entry.argv,
        [INSTALLED_BINARY, "deliver", "--config", INSTALLED_CONFIG]
    );
    // R: the envelope sender as Return-Path, which marks a bounce.
    assert!(entry.flags.contains('R'), "{}", entry.flags);
    // No mbox From_ line, no dot-stuffing, no >From quoting of the body.
    for flag in ['F', '.', '>'] {
        assert!(!entry.flags.contains(flag), "{}", entry.flags);
    }
    // The transport_maps line the comments give routes to this entry.
    let text = deploy_file("postfix-master.cf");
    assert!(text.contains("#   transport_maps = hash:/etc/postfix/transport"));
    assert!(text.lines().any(|line| line
        .trim_start_matches('#')
        .split_whitespace()
        .collect::<Vec<_>>()
        == ["pbem@example.org", "pbem:"]));
}

/// The mail as pipe(8) with flags=R hands it over.
fn with_return_path(sender: &str, mail: &str) -> Vec<u8> {
    format!("Return-Path: <{sender}>\n{mail}").into_bytes()
}

#[test]
fn the_postfix_pipe_command_answers_a_signup_and_not_a_bounce() {
    let entry = pipe_entry();
    let host = Host::new();
    let out = run_with_stdin(
        entry.command(&host),
        &with_return_path("alice@example.org", &signup_mail("postfix-signup")),
    );
    assert_eq!(out.status.code(), Some(0), "{}", shown(&out));
    assert_welcomed(&host, 1);

    // A mail with its envelope sender is answered; the same mail with the
    // empty envelope sender of a bounce is not (and is still delivered:
    // exit 0, so Postfix does not try again).
    let out = run_with_stdin(
        entry.command(&host),
        &with_return_path("bob@example.org", &help_mail("postfix-help")),
    );
    assert_eq!(out.status.code(), Some(0), "{}", shown(&out));
    assert_eq!(host.outbox().len(), 2);
    assert!(host.outbox()[1].contains("To: bob@example.org"));
    let out = run_with_stdin(
        entry.command(&host),
        &with_return_path("", &help_mail("postfix-bounce")),
    );
    assert_eq!(out.status.code(), Some(0), "{}", shown(&out));
    assert_eq!(host.outbox().len(), 2, "a bounce was answered");
}

// ---------------------------------------------------------------------------
// procmail

/// The command of the procmailrc's delivering recipe: the `|` line after
/// a `:0` line with the `w` flag.
fn procmail_command() -> String {
    let text = deploy_file("procmailrc");
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .collect();
    let start = lines
        .iter()
        .position(|line| line.starts_with(":0"))
        .expect("a recipe");
    let flags = lines[start].trim_start_matches(":0").trim();
    assert!(
        flags.contains('w'),
        "procmail must wait for deliver: {flags}"
    );
    let action = lines[start + 1..]
        .iter()
        .find(|line| !line.starts_with('*'))
        .unwrap();
    action
        .strip_prefix('|')
        .unwrap_or_else(|| panic!("not a pipe: {action}"))
        .trim()
        .to_string()
}

/// How procmail hands a mail to a pipe: its envelope line first.
fn with_from_line(mail: &str) -> Vec<u8> {
    format!("From alice@example.org  Tue Dec  1 09:00:00 2026\n{mail}").into_bytes()
}

#[test]
fn the_procmail_command_answers_a_signup() {
    let command = procmail_command();
    let words: Vec<&str> = command.split_whitespace().collect();
    assert_eq!(
        words,
        [INSTALLED_BINARY, "deliver", "--config", INSTALLED_CONFIG]
    );
    let host = Host::new();
    let mut sh = Command::new("sh");
    sh.args(["-c", &host.localise(&command)]);
    let out = run_with_stdin(sh, &with_from_line(&signup_mail("procmail-sh")));
    assert_eq!(out.status.code(), Some(0), "{}", shown(&out));
    assert_welcomed(&host, 1);
}

/// The recipe run by procmail itself, where it is installed: a delivered
/// mail ends procmail with 0, a failed delivery with deliver's own exit
/// code and the mail not filed in a mailbox.
#[test]
fn procmail_delivers_through_the_recipe_and_passes_a_failure_on() {
    let text = deploy_file("procmailrc");
    assert!(text.lines().any(|line| line.trim() == "SHELL=/bin/sh"));
    let Some(procmail) = found("procmail") else {
        loud(
            "procmail is not installed: the recipe's command ran through sh only, \
             not through procmail (tests/setup.sh installs procmail)",
        );
        return;
    };
    let host = Host::new();
    let rcfile = host.dir.path().join("procmailrc");
    std::fs::write(&rcfile, host.localise(&text)).unwrap();
    let mailbox = host.dir.path().join("mailbox");
    let run = |mail: &str| {
        let mut command = Command::new(&procmail);
        command
            .arg(format!("DEFAULT={}", mailbox.display()))
            .arg(format!("ORGMAIL={}", mailbox.display()))
            .arg(&rcfile);
        run_with_stdin(command, &with_from_line(mail))
    };
    let out = run(&signup_mail("procmail-real"));
    assert_eq!(out.status.code(), Some(0), "{}", shown(&out));
    assert_welcomed(&host, 1);
    assert!(!mailbox.exists(), "filed in the mailbox too");

    // A config deliver cannot read: deliver exits 75, and so does
    // procmail, so that the MTA keeps the mail and tries again.
    std::fs::write(host.config(), "data_dir = [broken\n").unwrap();
    let out = run(&help_mail("procmail-broken"));
    assert_eq!(out.status.code(), Some(75), "{}", shown(&out));
    assert!(
        !mailbox.exists(),
        "filed in the mailbox instead of deferred"
    );
    assert_eq!(host.outbox().len(), 1);
}
