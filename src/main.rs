use clap::Parser;

fn main() -> std::process::ExitCode {
    let cli = pbem::cli::Cli::parse();
    match pbem::cli::run(cli) {
        Ok(code) => code,
        Err(err) => {
            eprintln!("pbem: {err:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
