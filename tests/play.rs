//! `eight play` as a person plays it: in a real terminal (a tmux pane, which `.ci/run` installs),
//! keys sent, the screen captured: the distance, the hint, a move, undo, the goal announced,
//! and the terminal restored however the game ends (the goal, `q`, Ctrl-C, SIGTERM).

mod common;

use std::thread::sleep;
use std::time::{Duration, Instant};

/// A tmux server of the test's own, with one pane running `eight play ARGS`, then a shell line
/// that prints the exit status and whether the terminal is back in canonical mode.
struct Pane {
    socket: String,
}

impl Pane {
    fn start(name: &str, arguments: &str) -> Option<Pane> {
        common::process("tmux").arg("-V").output().ok()?;
        let socket = format!("eight-test-{}-{name}", std::process::id());
        let eight = assert_cmd::cargo::cargo_bin("eight");
        let script = format!(
            "env XDG_CACHE_HOME={} {} play {arguments}; echo EXIT=$?; \
             stty -a | grep -q -- ' icanon' && echo RESTORED; sleep 60",
            common::test_cache().display(),
            eight.display()
        );
        let started = common::process("tmux")
            .args([
                "-L",
                &socket,
                "new-session",
                "-d",
                "-x",
                "80",
                "-y",
                "24",
                &script,
            ])
            .status()
            .ok()?;
        assert!(started.success(), "tmux starts");
        let pane = Pane { socket };
        pane.wait_for("eight play: reach");
        Some(pane)
    }

    fn send(&self, keys: &[&str]) {
        let status = common::process("tmux")
            .args(["-L", &self.socket, "send-keys", "-t", "0"])
            .args(keys)
            .status()
            .expect("tmux runs");
        assert!(status.success());
    }

    fn screen(&self) -> String {
        let output = common::process("tmux")
            .args(["-L", &self.socket, "capture-pane", "-p", "-t", "0"])
            .output()
            .expect("tmux runs");
        String::from_utf8_lossy(&output.stdout).into_owned()
    }

    /// The screen once it shows `text` (a few seconds at most).
    fn wait_for(&self, text: &str) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if screen.contains(text) || start.elapsed() > Duration::from_secs(10) {
                assert!(screen.contains(text), "waited for {text:?}:\n{screen}");
                return screen;
            }
            sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Pane {
    fn drop(&mut self) {
        let _ = common::process("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .status();
    }
}

fn skipped() {
    common::skipped(
        "a play test",
        "needs tmux (apt-get install tmux; CI installs it)",
    );
}

#[test]
fn plays_with_hints_and_undo_to_the_goal() {
    let Some(pane) = Pane::start("goal", "1234x5786") else {
        return skipped();
    };
    let screen = pane.wait_for("distance to the goal: 2 (the fewest moves from here)");
    assert!(screen.contains("  1 2 3\n  4 _ 5\n  7 8 6"), "{screen}");
    pane.send(&["h"]);
    pane.wait_for("hint: r (the blank right)");
    pane.send(&["Up"]);
    let screen = pane.wait_for("moves made: 1 u");
    assert!(
        screen.contains("distance to the goal: 3 (that move went away from it)"),
        "{screen}"
    );
    assert!(screen.contains("  1 _ 3\n  4 2 5"), "{screen}");
    pane.send(&["u"]);
    pane.wait_for("moves made: 0");
    pane.send(&["n"]);
    pane.wait_for("moves made: 1 r");
    pane.send(&["Down"]);
    let screen = pane.wait_for("EXIT=0");
    assert!(
        screen.contains("solved in 2 moves: the optimum (2 moves)"),
        "{screen}"
    );
    pane.wait_for("RESTORED");
}

#[test]
fn a_longer_way_is_told_beside_the_optimum() {
    let Some(pane) = Pane::start("longer", "1234567x8") else {
        return skipped();
    };
    pane.send(&["Up", "Down", "Right"]);
    let screen = pane.wait_for("EXIT=0");
    assert!(
        screen.contains("solved in 3 moves: 2 more than the optimum (1 move)"),
        "{screen}"
    );
}

#[test]
fn every_way_out_restores_the_terminal() {
    for (name, keys) in [("quit", "q"), ("ctrl-c", "C-c")] {
        let Some(pane) = Pane::start(name, "--seed 7") else {
            return skipped();
        };
        pane.send(&[keys]);
        pane.wait_for("EXIT=0");
        pane.wait_for("RESTORED");
    }
    // SIGTERM, from outside
    let Some(pane) = Pane::start("term", "--seed 8 --size 2x3") else {
        return skipped();
    };
    let player = std::fs::read_dir("/proc")
        .expect("/proc")
        .flatten()
        .find(|entry| {
            std::fs::read(entry.path().join("cmdline"))
                .is_ok_and(|line| String::from_utf8_lossy(&line).contains("play\0--seed\08\0"))
        })
        .and_then(|entry| entry.file_name().to_str()?.parse::<i32>().ok())
        .expect("the game's process");
    nix::sys::signal::kill(
        nix::unistd::Pid::from_raw(player),
        nix::sys::signal::Signal::SIGTERM,
    )
    .expect("signalled");
    pane.wait_for("EXIT=0");
    pane.wait_for("RESTORED");
}

#[test]
fn play_needs_a_terminal() {
    common::eight()
        .args(["play", "--seed", "1"])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr("eight: play needs a terminal: standard input is not one\n");
}

/// The process of the game started with `--seed SEED`.
fn player(seed: &str) -> i32 {
    let marker = format!("play\0--seed\0{seed}\0");
    std::fs::read_dir("/proc")
        .expect("/proc")
        .flatten()
        .find(|entry| {
            std::fs::read(entry.path().join("cmdline"))
                .is_ok_and(|line| String::from_utf8_lossy(&line).contains(&marker))
        })
        .and_then(|entry| entry.file_name().to_str()?.parse::<i32>().ok())
        .expect("the game's process")
}

/// Waits (a few seconds at most) until `holds` does.
fn until(what: &str, holds: impl Fn() -> bool) {
    let start = Instant::now();
    while !holds() {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "waited for {what}"
        );
        sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_stopped_game_gives_the_terminal_back_and_takes_it_again_when_continued() {
    use nix::sys::signal::{kill, Signal};
    let Some(pane) = Pane::start("stop", "--seed 9 --size 2x3") else {
        return skipped();
    };
    let tty = common::process("tmux")
        .args([
            "-L",
            &pane.socket,
            "display-message",
            "-p",
            "-t",
            "0",
            "#{pane_tty}",
        ])
        .output()
        .expect("tmux runs");
    let tty = String::from_utf8_lossy(&tty.stdout).trim().to_string();
    let canonical = || {
        let stty = common::process("stty")
            .args(["-F", &tty, "-a"])
            .output()
            .expect("stty runs");
        String::from_utf8_lossy(&stty.stdout).contains(" icanon")
    };
    let game = nix::unistd::Pid::from_raw(player("9"));
    let state = || {
        let stat = std::fs::read_to_string(format!("/proc/{game}/stat")).unwrap_or_default();
        stat.rsplit(") ")
            .next()
            .and_then(|rest| rest.chars().next())
    };
    assert!(!canonical(), "raw while it plays");
    kill(game, Signal::SIGTSTP).expect("signalled");
    until("the game stopped", || state() == Some('T'));
    assert!(canonical(), "the terminal given back while stopped");
    kill(game, Signal::SIGCONT).expect("signalled");
    until("the terminal raw again", || !canonical());
    // a key is read as typed again, not echoed: a move is made
    pane.send(&["n"]);
    pane.wait_for("moves made: 1");
    pane.send(&["q"]);
    pane.wait_for("RESTORED");
}
