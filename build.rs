//! Writes the chess attack tables (src/games/chess/attack_tables.rs) as
//! Rust source into OUT_DIR, so that they are part of the binary rather
//! than built by every process at start-up.

#[path = "src/games/chess/attack_tables.rs"]
mod attack_tables;

fn main() {
    println!("cargo:rerun-if-changed=src/games/chess/attack_tables.rs");
    println!("cargo:rerun-if-changed=build.rs");
    let source = match attack_tables::source() {
        Ok(source) => source,
        Err(problem) => {
            eprintln!("attack tables: {problem}");
            std::process::exit(1);
        }
    };
    let Some(out) = std::env::var_os("OUT_DIR") else {
        eprintln!("attack tables: cargo did not set OUT_DIR");
        std::process::exit(1);
    };
    let path = std::path::Path::new(&out).join("attack_tables.rs");
    if let Err(problem) = std::fs::write(&path, source) {
        eprintln!("attack tables: cannot write {}: {problem}", path.display());
        std::process::exit(1);
    }
}
