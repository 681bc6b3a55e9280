//! The end of what the sender typed: the signature separator and the
//! footers mail programs put under every mail ("Sent from my iPhone",
//! "Von meinem iPhone gesendet", "Get Outlook for Android", …), in the
//! common languages.

/// How client footers begin, lower-case. Each is the start of a line of
/// its own; a footer is short, so longer lines are never taken for one.
const FOOTERS: &[&str] = &[
    // English.
    "sent from my ",
    "sent from mail for windows",
    "sent from outlook",
    "sent from yahoo mail",
    "sent from the all new aol app",
    "sent from samsung",
    "sent with proton mail",
    "sent with protonmail",
    "sent via ",
    "get outlook for ",
    // German (and "Von meinem iPhone gesendet", below).
    "gesendet von ",
    "gesendet mit ",
    "gesendet vom ",
    "von mail für windows gesendet",
    "von yahoo mail",
    "outlook für android herunterladen",
    "outlook für ios herunterladen",
    // French.
    "envoyé de mon ",
    "envoyé depuis ",
    "envoyé à partir de ",
    "télécharger outlook pour ",
    "obtenir outlook pour ",
    // Spanish.
    "enviado desde ",
    "obtener outlook para ",
    "descargar outlook para ",
    // Italian.
    "inviato da ",
    "inviato dal mio ",
    "scarica outlook per ",
    "ottieni outlook per ",
    // Dutch.
    "verzonden vanaf mijn ",
    "verstuurd vanaf mijn ",
    "verzonden met ",
    "verzonden vanuit ",
    "outlook voor android downloaden",
    "outlook voor ios downloaden",
    // Portuguese.
    "enviado do meu ",
    "enviado de meu ",
    "enviado do ",
    "obter o outlook para ",
    "baixe o outlook para ",
    // Polish.
    "wysłane z ",
    "wysłano z ",
    "pobierz outlook dla ",
    // Swedish.
    "skickat från ",
    "hämta outlook för ",
    // Danish and Norwegian.
    "sendt fra ",
    "hent outlook til ",
    "få outlook for ",
    // Russian.
    "отправлено с ",
    "отправлено из ",
    "получить outlook для ",
];

/// Footers told by how they begin and end, lower-case: German puts the
/// verb last ("Von meinem iPhone gesendet", K-9 Mail's "Diese Nachricht
/// wurde von meinem Android-Gerät mit K-9 Mail gesendet.").
const FOOTERS_AROUND: &[(&str, &str)] = &[
    ("von meinem ", "gesendet"),
    ("von meiner ", "gesendet"),
    ("diese nachricht wurde ", "gesendet"),
];

/// The longest line taken for a footer, in bytes.
const MAX_FOOTER_BYTES: usize = 120;

/// Whether this line (trimmed) ends what the sender typed: the
/// signature separator `-- ` (many clients lose its trailing space) or a
/// client's footer.
pub(super) fn ends_typed_text(line: &str) -> bool {
    if line == "--" {
        return true;
    }
    if line.len() > MAX_FOOTER_BYTES {
        return false;
    }
    let lower = line.to_lowercase();
    let lower = lower.trim_start_matches(['(', '<']);
    FOOTERS.iter().any(|footer| lower.starts_with(footer))
        || FOOTERS_AROUND.iter().any(|(start, end)| {
            lower.starts_with(start) && lower.trim_end_matches(['.', '!']).ends_with(end)
        })
}
