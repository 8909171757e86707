//! Text for the terminal. Messages often quote their input — a serde error
//! names a JSON field, a circuit error a token, a wire value, a peer's
//! `Abort` reason, a file name — and a file or a peer may put escape
//! sequences, carriage returns or bidirectional overrides there. Every
//! line the tool prints that may quote input goes through [`escape`]: the
//! error line of `main`, the `invalid:` lines of batches, warnings.
//!
//! Hand-written on `char::escape_unicode` rather than `str::escape_debug`:
//! `escape_debug` also escapes `\`, `"` and `'`, so quoted names would print
//! as `\"name\"` and escaping twice would change the text again; this one
//! leaves printable text alone and is idempotent (what it writes has no
//! character it escapes), so text escaped earlier (relayed peer text) is
//! not escaped twice. No maintained crate fits better than these few lines.

/// Characters printed as `\u{..}`: controls (C0, DEL, C1: escape sequences,
/// `\r`, `\n`, backspace), line and paragraph separators, and the
/// bidirectional marks, embeddings, overrides and isolates (which reorder
/// what a terminal shows), and the byte-order mark.
pub fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{feff}'
        )
}

/// `text` with every [`is_unsafe`] character written as `\u{..}`.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if is_unsafe(c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    out
}

/// Print a line of results that may quote input (stdout), escaped.
pub fn say(line: &str) {
    println!("{}", escape(line));
}

/// Print a warning (stderr), escaped.
pub fn warn(line: &str) {
    eprintln!("warning: {}", escape(line));
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn escapes_controls_and_overrides_once() {
        let hostile = "field `\u{1b}[31mred\u{7}` at\r\nline 2 \u{202e}txt.exe\u{9b}";
        let once = escape(hostile);
        assert_eq!(once, "field `\\u{1b}[31mred\\u{7}` at\\u{d}\\u{a}line 2 \\u{202e}txt.exe\\u{9b}");
        assert!(!once.chars().any(super::is_unsafe));
        assert_eq!(escape(&once), once, "escaping twice changes nothing");
        assert_eq!(escape("wire 3: \"é\" ok"), "wire 3: \"é\" ok");
    }
}
