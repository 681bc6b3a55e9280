//! `pbem pictures`: the sample board of every game drawn as the mails
//! draw it, a PNG and an HTML page each, with the built-in templates or
//! an operator's. The README's pictures are made by it.

use crate::games::GameKind;
use crate::host::model::board_style::BoardStyle;
use crate::host::outbound::render::Renderer;
use crate::host::HostSettings;
use anyhow::{anyhow, Context, Result};
use std::path::Path;
use std::process::ExitCode;

pub(crate) fn pictures(out: &Path, templates: Option<&Path>) -> Result<ExitCode> {
    let renderer = Renderer::new(templates)?;
    let host = HostSettings::default().facts(0);
    std::fs::create_dir_all(out).with_context(|| format!("creating {}", out.display()))?;
    for kind in GameKind::ALL {
        let shown = renderer.sample_board(kind, "en")?;
        let png = renderer
            .board_image(&shown, &host)
            .ok_or_else(|| anyhow!("{}: the board image failed (see the log)", kind.name()))?;
        let body = format!(
            "{} board {}, a sample:\n\n{}\n",
            kind.title(),
            shown.board_id,
            shown.text
        );
        let html = renderer
            .html_part(&shown, &body, BoardStyle::Html, &host)
            .ok_or_else(|| anyhow!("{}: the HTML board failed (see the log)", kind.name()))?;
        for (name, bytes) in [
            (format!("{}.png", kind.name()), png.as_slice()),
            (format!("{}.html", kind.name()), html.html.as_bytes()),
        ] {
            let path = out.join(&name);
            std::fs::write(&path, bytes).with_context(|| format!("writing {}", path.display()))?;
            say!("{}: {} bytes", path.display(), bytes.len());
        }
    }
    Ok(ExitCode::SUCCESS)
}
