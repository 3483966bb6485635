//! A program whose toolchain lives where nobody may pass: pyenv's python, nvm's node, rustup's
//! toolchains, sdkman's java and a venv's python live under a home folder only its owner may
//! enter (root's, mode 0700), and root's program runs as nobody. As isolate does with its
//! directory rules, the jail opens such a folder: an empty file system over it, searchable by
//! anyone and read-only, with the one folder below it that leads to the program brought back at
//! its place, read-only. The rest of the home stays out of sight; a path still closed past
//! that refuses the run before anything runs.

use std::collections::BTreeMap;
use std::ffi::CString;
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};

use nix::mount::{mount, MsFlags};

use super::mounts::bring;
use super::nobody::allows;

/// How deep a chain of interpreters is followed (a script run by a script's interpreter...).
const DEEPEST: usize = 4;

/// The files `program` runs through: itself as named and at the end of its links, the folders
/// its loader searches for its libraries (`DT_RUNPATH`), and for a script, its interpreter's
/// chain (`#!/usr/bin/env python3` names python3 in `PATH`).
pub(super) fn chain(program: &Path) -> Vec<PathBuf> {
    let mut chain = Vec::new();
    // a command named from the working directory (`./a.out`) by its whole path
    if let Ok(program) = std::path::absolute(program) {
        follow(&program, DEEPEST, &mut chain);
    }
    chain
}

fn follow(program: &Path, depth: usize, chain: &mut Vec<PathBuf>) {
    let known = chain.iter().any(|known| known == program);
    if depth == 0 || known || !program.is_absolute() {
        return;
    }
    chain.push(program.to_path_buf());
    let real = fs::canonicalize(program).unwrap_or_else(|_| program.to_path_buf());
    if real != program {
        chain.push(real.clone());
    }
    // the folders its loader searches for its libraries, as the toolchain's own
    for folder in super::loader::library_folders(&real) {
        if !chain.contains(&folder) {
            chain.push(folder);
        }
    }
    let Some(interpreter) = interpreter(&real) else {
        return;
    };
    follow(&interpreter, depth - 1, chain);
}

/// The interpreter a script's `#!` line names, `env`'s program found in `PATH`.
fn interpreter(script: &Path) -> Option<PathBuf> {
    let mut head = [0u8; 256];
    let read = fs::File::open(script).ok()?.read(&mut head).ok()?;
    let line = head[..read].strip_prefix(b"#!")?;
    let line = line.split(|&byte| byte == b'\n').next()?;
    let line = std::str::from_utf8(line).ok()?;
    let mut words = line.split_whitespace();
    let first = PathBuf::from(words.next()?);
    if first.file_name().is_some_and(|name| name == "env") {
        // env's options (`-S` splits the rest into words, as here; `-u` and `-C` take one
        // word), then its assignments (`A=1`), then the program
        let mut name = None;
        while let Some(word) = words.next() {
            match word {
                "-u" | "--unset" | "-C" | "--chdir" => {
                    words.next();
                }
                _ if word.starts_with('-') || word.contains('=') => {}
                _ => {
                    name = Some(word);
                    break;
                }
            }
        }
        let name = name?;
        if name.contains('/') {
            return Some(PathBuf::from(name));
        }
        let paths = std::env::var_os("PATH")?;
        return std::env::split_paths(&paths)
            .map(|folder| folder.join(name))
            .find(|path| path.is_file());
    }
    Some(first)
}

/// The folders above `paths` that nobody cannot pass (outside `/tmp`, whose own rules bring
/// what the command names), each with the folders below it that lead to the paths.
pub(super) fn openings(paths: &[PathBuf]) -> BTreeMap<PathBuf, Vec<PathBuf>> {
    let mut opened: BTreeMap<PathBuf, Vec<PathBuf>> = BTreeMap::new();
    for path in paths.iter().filter(|path| path.is_absolute()) {
        let above: Vec<&Path> = path.ancestors().skip(1).collect();
        // from the root down: the first folder closed to nobody
        for folder in above.iter().rev() {
            if folder.starts_with("/tmp") || *folder == Path::new("/") {
                continue;
            }
            if allows(folder, 0o1) {
                continue;
            }
            let depth = folder.components().count() + 1;
            let child: PathBuf = path.components().take(depth).collect();
            let children = opened.entry(folder.to_path_buf()).or_default();
            // (a folder of the chain, a library folder, is brought back whole)
            if (child != *path || path.is_dir()) && !children.contains(&child) {
                children.push(child);
            }
            break;
        }
    }
    opened.retain(|_, children| !children.is_empty());
    opened
}

/// Whether nobody reaches `path` (reads it, and searches it, a folder) once `opened` is made:
/// an opened folder is passed to the folders brought back below it alone (the rest of it is
/// out of sight: `~/work/sol.py` beside pyenv's `~/.pyenv`), every other folder above it by its
/// mode; `None`, or the first folder or file still closed.
pub(super) fn closed(path: &Path, opened: &BTreeMap<PathBuf, Vec<PathBuf>>) -> Option<PathBuf> {
    let above: Vec<&Path> = path.ancestors().skip(1).collect();
    for folder in above.into_iter().rev() {
        match opened.get(folder) {
            Some(children) if !children.iter().any(|child| path.starts_with(child)) => {
                return Some(folder.to_path_buf());
            }
            Some(_) => {}
            None if !allows(folder, 0o1) => return Some(folder.to_path_buf()),
            None => {}
        }
    }
    let wanted = match path.is_dir() {
        true => 0o5,
        false => 0o4,
    };
    (!allows(path, wanted)).then(|| path.to_path_buf())
}

/// Opens each folder closed above the program's toolchain: its folders that lead there
/// cloned, an empty file system anyone may pass laid over it, and the clones brought back at
/// their places, read-only; then the cover made read-only too.
pub(super) fn open(opened: &[(CString, Vec<CString>)]) -> nix::Result<()> {
    use rustix::mount::{open_tree, OpenTreeFlags};
    let errno = |error: rustix::io::Errno| nix::errno::Errno::from_raw(error.raw_os_error());
    let none = None::<&str>;
    for (folder, children) in opened {
        let flags = OpenTreeFlags::OPEN_TREE_CLONE
            | OpenTreeFlags::OPEN_TREE_CLOEXEC
            | OpenTreeFlags::AT_RECURSIVE;
        let mut clones = Vec::new();
        for child in children {
            clones.push((
                open_tree(rustix::fs::CWD, child.as_c_str(), flags).map_err(errno)?,
                child,
            ));
        }
        let free = MsFlags::MS_NOSUID | MsFlags::MS_NODEV;
        mount(
            Some("tmpfs"),
            folder.as_c_str(),
            Some("tmpfs"),
            free,
            Some("size=64k,mode=0755"),
        )?;
        for (tree, child) in &clones {
            bring(tree, child)?;
        }
        let sealed = MsFlags::MS_REMOUNT | MsFlags::MS_BIND | MsFlags::MS_RDONLY | free;
        mount(none, folder.as_c_str(), none, sealed, none)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn a_script_s_chain_runs_through_its_interpreter_found_by_env() {
        let dir = tempfile::tempdir().expect("a folder");
        let script = dir.path().join("tool");
        fs::write(&script, "#!/usr/bin/env sh\necho hi\n").expect("written");
        let chain = chain(&script);
        assert_eq!(chain[0], script);
        assert!(
            chain.iter().any(|path| path.ends_with("sh")),
            "the interpreter: {chain:?}"
        );
    }

    #[test]
    fn a_closed_home_is_opened_at_the_folder_that_leads_to_the_program() {
        let dir = tempfile::tempdir_in("/tmp").expect("a folder");
        // a home of mode 0700 outside /tmp is what is opened; here the rule is checked on the
        // folder's own path, so the test's folder stands for `/root`
        let home = dir.path().join("home");
        let tool = home.join(".pyenv/shims/python3");
        fs::create_dir_all(tool.parent().expect("a folder")).expect("folders");
        fs::write(&tool, "#!/bin/sh\n").expect("written");
        fs::set_permissions(&home, fs::Permissions::from_mode(0o700)).expect("mode");
        fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o755)).expect("mode");
        fs::set_permissions(&tool, fs::Permissions::from_mode(0o755)).expect("mode");
        // under /tmp nothing is opened: /tmp's own rules bring what the command names
        assert!(openings(std::slice::from_ref(&tool)).is_empty());
        let mut opened = BTreeMap::new();
        assert_eq!(closed(&tool, &opened), Some(home.clone()));
        opened.insert(home.clone(), vec![home.join(".pyenv")]);
        assert_eq!(closed(&tool, &opened), None);
        // the rest of the opened home stays out of sight: a solution kept there is closed
        let solution = home.join("work/sol.py");
        assert_eq!(closed(&solution, &opened), Some(home.clone()));
    }

    #[test]
    fn env_s_options_and_assignments_are_passed_to_the_program_it_runs() {
        let dir = tempfile::tempdir().expect("a folder");
        for line in [
            "#!/usr/bin/env -S A=1 sh",
            "#!/usr/bin/env -S -u HOME sh -e",
            "#!/usr/bin/env -i PATH=/bin sh",
        ] {
            let script = dir.path().join("tool");
            fs::write(&script, format!("{line}\necho hi\n")).expect("written");
            let interpreter = interpreter(&script).expect("an interpreter");
            assert!(interpreter.ends_with("sh"), "{line}: {interpreter:?}");
        }
    }
}
