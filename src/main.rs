//! The `pbem` binary: parses the arguments and hands them to
//! `pbem::cli`.

use clap::Parser;

fn main() -> std::process::ExitCode {
    // Everything the host writes (the database, mails in and out, failed/)
    // is for its owner only: mails carry addresses and players' words.
    rustix::process::umask(rustix::fs::Mode::from_raw_mode(0o077));
    let cli = pbem::cli::Cli::parse();
    match pbem::cli::run(cli) {
        Ok(code) => code,
        Err(err) => {
            eprintln!("pbem: {err:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
