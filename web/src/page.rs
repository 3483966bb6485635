//! The lab's page, one self-contained file: the template (`lab.html`: its style, the script that
//! edits boards, runs the searches in a worker, draws their layers and plays the solution) with
//! the module inlined, gzipped and in base64 (the page inflates it with the browser's
//! `DecompressionStream`), the list of searches read from the library's catalogue, and the
//! boards' look shared with `eight show --html`.

use std::io::Write;

use base64::Engine as _;
use flate2::write::GzEncoder;
use flate2::Compression;

const TEMPLATE: &str = include_str!("../lab.html");

/// The page that runs `module`, the lab's WebAssembly module.
pub fn page(module: &[u8]) -> String {
    let mut zipped = GzEncoder::new(Vec::new(), Compression::best());
    zipped.write_all(module).expect("writing to memory");
    let zipped = zipped.finish().expect("writing to memory");
    let text = base64::engine::general_purpose::STANDARD.encode(zipped);
    let searches = serde_json::to_string(&eight_app::lab::searches()).expect("a list");
    TEMPLATE
        .replace("{searches}", &searches)
        .replace("{style}", eight_app::page::STYLE)
        .replace("{module}", &text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_holds_the_module_and_fetches_nothing() {
        let page = page(b"\0asm\x01\0\0\0");
        assert!(page.contains("svg.board rect.tile { fill: #e8eef7"));
        assert!(!page.contains("{module}") && !page.contains("{style}"));
        // the searches are the catalogue's: the lab's own, pdb left out
        assert!(page.contains(r#"{"algo":"astar","heuristic":"misplaced","label":"A* misplaced""#));
        assert!(!page.contains("{searches}") && !page.contains(r#""algo":"pdb""#));
        let fetched = page.replace("http://www.w3.org/2000/svg", "");
        for remote in ["http:", "https:", "src=", "href=", "import(", "fetch("] {
            assert!(!fetched.contains(remote), "{remote}");
        }
    }
}
