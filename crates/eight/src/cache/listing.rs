//! What a cache folder holds, file by file, for `eight cache`: each of eight's files named with
//! what it is (a class's 6-6-3 databases, a table of the 7-8 or 6-6-6-6 family, the stamp of a
//! file checked once, a build's staged temporary), and anything else in the folder listed as
//! not eight's, which [`clear`] never touches.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::files::VERSION;
use super::machines::KEPT;
use super::{is_staged, Item};
use crate::solve::pdb::{Class, Family, Partition};

/// One file of the folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Its name in the folder.
    pub name: String,
    /// What it holds, in words (`None`: not one of eight's files).
    pub kind: Option<String>,
    /// Its size in bytes (of the file itself: a link is not followed).
    pub bytes: u64,
}

/// Every file eight keeps in a cache folder, by name, with what it holds.
pub(super) fn known() -> Vec<(String, String)> {
    let mut known = Vec::new();
    let partitions = Family::ALL.into_iter().flat_map(Partition::family);
    for spec in partitions.flat_map(|p| p.tables) {
        let item = Item::of(&spec);
        let file = format!("pdb-{}-v{VERSION}.bin", item.name);
        if known
            .iter()
            .any(|(known, _): &(String, String)| *known == file)
        {
            continue;
        }
        let kind = match spec.family {
            Family::SIX_SIX_THREE => format!(
                "6-6-3 databases, the blank in {} cell",
                match Class::of(spec.blank) {
                    Class::Corner => "a corner",
                    Class::Edge => "an edge",
                    Class::Centre => "a centre",
                }
            ),
            _ => spec.describe(),
        };
        known.push((file, kind));
        known.push((
            format!("pdb-{}-v{VERSION}.checked", item.name),
            format!("the stamp of {}, checked once", item.name),
        ));
    }
    known.extend(KEPT.map(|kept| (kept.name(), kept.describe())));
    known
}

/// The files of `folder`, in name order.
pub fn list(folder: &Path) -> io::Result<Vec<Entry>> {
    let known = known();
    let mut entries = Vec::new();
    for entry in fs::read_dir(folder)? {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let bytes = entry.path().symlink_metadata().map_or(0, |m| m.len());
        let kind = known
            .iter()
            .find(|(known, _)| *known == name)
            .map(|(_, kind)| kind.clone())
            .or_else(|| {
                is_staged(&name).then(|| "a build's staged file (a run stopped midway)".to_string())
            });
        entries.push(Entry { name, kind, bytes });
    }
    entries.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(entries)
}

/// Removes eight's files from `folder` and returns them; anything else stays, a link in one's
/// place too (the user's, never followed).
pub fn clear(folder: &Path) -> io::Result<Vec<PathBuf>> {
    let mut removed = Vec::new();
    for entry in list(folder)? {
        let path = folder.join(&entry.name);
        let link = fs::symlink_metadata(&path).is_ok_and(|found| found.file_type().is_symlink());
        if entry.kind.is_some() && !link {
            fs::remove_file(&path)?;
            removed.push(path);
        }
    }
    Ok(removed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_eight_s_files_and_clears_only_them() {
        let dir = tempfile::tempdir().expect("a folder");
        let folder = dir.path();
        fs::write(folder.join(format!("pdb-corner-v{VERSION}.bin")), b"x").expect("write");
        fs::write(folder.join(format!("pdb-78-8-v{VERSION}.checked")), b"x").expect("write");
        fs::write(folder.join(".eight-pdb-abc"), b"x").expect("write");
        fs::write(folder.join("notes.txt"), b"mine").expect("write");
        let entries = list(folder).expect("a listing");
        let kinds: Vec<(&str, bool)> = entries
            .iter()
            .map(|e| (e.name.as_str(), e.kind.is_some()))
            .collect();
        assert_eq!(kinds.len(), 4);
        assert!(kinds.contains(&("notes.txt", false)));
        let corner = entries
            .iter()
            .find(|e| e.name.contains("corner"))
            .expect("there");
        assert_eq!(
            corner.kind.as_deref(),
            Some("6-6-3 databases, the blank in a corner cell")
        );
        assert_eq!(clear(folder).expect("cleared").len(), 3);
        let left: Vec<String> = list(folder)
            .expect("a listing")
            .into_iter()
            .map(|e| e.name)
            .collect();
        assert_eq!(left, ["notes.txt"]);
        // every table of every partition has a name of its own
        let names = known();
        // 6-6-3; 7-8 (three 7-tile tables, one 8), 6-6-6-6, the seven splits' nine others,
        // each plain and zero-aware; 35-5's six and 48-5's seven; and the two machines
        assert_eq!(
            names.len(),
            2 * (3 + 2 * (3 + 1 + 2 + 9) + 6 + 7) + 2,
            "{names:?}"
        );
    }
}
