//! Files whose code sits inside another format: the parts that are not code are blanked
//! out before parsing, so that every byte offset and line of the tree is the file's own.

/// Vue single-file components: the contents of every `<script>` block (`setup`,
/// `lang="ts"` or plain JavaScript, which parses as TypeScript) are kept; everything
/// else becomes spaces, line breaks kept.
pub fn vue_scripts(text: &str) -> String {
    let bytes = text.as_bytes();
    let lower = text.to_ascii_lowercase();
    let mut out = vec![b' '; bytes.len()];
    for (i, b) in bytes.iter().enumerate() {
        if *b == b'\n' {
            out[i] = b'\n';
        }
    }
    let mut from = 0;
    while let Some(open) = lower[from..].find("<script").map(|p| from + p) {
        let after_name = open + "<script".len();
        // `<scripts>` or `<script-x>` is another tag.
        if lower[after_name..]
            .chars()
            .next()
            .is_some_and(|c| !(c == '>' || c.is_ascii_whitespace()))
        {
            from = after_name;
            continue;
        }
        let Some(body) = lower[after_name..].find('>').map(|p| after_name + p + 1) else {
            break;
        };
        let end = lower[body..]
            .find("</script")
            .map_or(bytes.len(), |p| body + p);
        out[body..end].copy_from_slice(&bytes[body..end]);
        from = end;
    }
    // Invariant: every byte is either copied from whole script bodies, which start
    // after an ASCII `>` and end before an ASCII `<`, or an ASCII space or newline.
    String::from_utf8(out).expect("blanked text is valid UTF-8")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_script_bodies_at_their_offsets() {
        let vue = "<template>\n  <p>é {{ x }}</p>\n</template>\n<script setup lang=\"ts\">\nconst x = 1\n</script>\n<style>\np {}\n</style>\n";
        let out = vue_scripts(vue);
        assert_eq!(out.len(), vue.len());
        assert_eq!(out.lines().count(), vue.lines().count());
        let at = vue.find("const x").unwrap();
        assert_eq!(&out[at..at + 11], "const x = 1");
        assert!(!out.contains("template") && !out.contains("style"));
    }
}
