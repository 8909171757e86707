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
/// `\r`, `\n`, backspace), line and paragraph separators, the
/// bidirectional marks, embeddings, overrides and isolates (which reorder
/// what a terminal shows), and the invisible format characters and fillers
/// that make one name look like another (soft hyphen, zero-width spaces and
/// joiners, word joiner and invisible operators, Hangul fillers, Mongolian
/// and other variation selectors, interlinear annotation marks, tags, the
/// byte-order mark).
pub fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{00ad}'
                | '\u{034f}'
                | '\u{061c}'
                | '\u{115f}'
                | '\u{1160}'
                | '\u{17b4}'
                | '\u{17b5}'
                | '\u{180b}'..='\u{180f}'
                | '\u{200b}'..='\u{200f}'
                | '\u{2028}'..='\u{202e}'
                | '\u{2060}'..='\u{206f}'
                | '\u{3164}'
                | '\u{fe00}'..='\u{fe0f}'
                | '\u{feff}'
                | '\u{ffa0}'
                | '\u{fff0}'..='\u{fffb}'
                | '\u{1d173}'..='\u{1d17a}'
                | '\u{e0000}'..='\u{e0fff}'
        )
}

/// Longest message quoting input that is printed whole (characters, after
/// escaping); the rest is cut with a count, so a file cannot flood the
/// terminal through an error or a warning.
pub const MAX_MESSAGE_CHARS: usize = 1000;

/// `text` escaped and cut at [`MAX_MESSAGE_CHARS`].
pub fn escape_bounded(text: &str) -> String {
    let escaped = escape(text);
    let total = escaped.chars().count();
    if total <= MAX_MESSAGE_CHARS {
        return escaped;
    }
    let mut cut: String = escaped.chars().take(MAX_MESSAGE_CHARS).collect();
    cut.push_str(&format!("… ({} more characters)", total - MAX_MESSAGE_CHARS));
    cut
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

/// Print a warning (stderr), escaped and bounded.
pub fn warn(line: &str) {
    eprintln!("warning: {}", escape_bounded(line));
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
        // Invisible characters that make one name look like another.
        assert_eq!(escape("a\u{200b}b\u{ad}c\u{e0041}"), "a\\u{200b}b\\u{ad}c\\u{e0041}");
        let long = "x".repeat(5000);
        let cut = super::escape_bounded(&long);
        assert!(cut.starts_with(&"x".repeat(super::MAX_MESSAGE_CHARS)) && cut.ends_with("(4000 more characters)"));
    }
}
