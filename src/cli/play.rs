//! `eight play`: the game ([`eight_app::play`]) in a terminal in raw mode, one key at a time.
//! The terminal is restored on every way out: the goal, `q`, Ctrl-C or Ctrl-D (keys in raw
//! mode), a stop signal (SIGINT from outside, SIGTERM, SIGHUP: a flag checked between keys), an
//! error, a panic (a guard dropped).

use std::io::{self, IsTerminal};
#[cfg(unix)]
use std::io::{Read, Write};
#[cfg(unix)]
use std::sync::atomic::Ordering;
use std::sync::Arc;

use clap::Args;
#[cfg(unix)]
use eight::puzzle::Move;
use eight::puzzle::{Board, Shape};
use eight::solve::Store;
use eight::Engine;
use eight_app::play::{Game, Refusal};

use super::Status;

#[derive(Args, Debug)]
pub struct Options {
    /// The board to start from [default: a random one]
    #[arg(value_name = "BOARD")]
    board: Vec<String>,
    /// The board to reach [default: the tiles in order, the blank last]
    #[arg(short, long, value_name = "BOARD")]
    goal: Option<String>,
    /// The board's size, W columns by H rows (4x4, 2x3)
    #[arg(long, value_name = "WxH", default_value = "3x3")]
    size: Shape,
    /// The seed of the random board (the same seed, the same board)
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
}

/// The terminal as it was, put back when dropped (and while the game is stopped).
#[cfg(unix)]
struct Raw {
    saved: nix::sys::termios::Termios,
    raw: nix::sys::termios::Termios,
}

#[cfg(unix)]
impl Raw {
    fn enter() -> io::Result<Raw> {
        use nix::sys::termios;
        use std::os::fd::AsFd;
        let saved = termios::tcgetattr(io::stdin().as_fd())?;
        let mut raw = saved.clone();
        termios::cfmakeraw(&mut raw);
        let entered = Raw { saved, raw };
        entered.resume()?;
        Ok(entered)
    }

    /// The terminal made raw again (after the game was stopped and continued).
    fn resume(&self) -> io::Result<()> {
        use nix::sys::termios::{self, SetArg};
        use std::os::fd::AsFd;
        termios::tcsetattr(io::stdin().as_fd(), SetArg::TCSANOW, &self.raw)?;
        Ok(())
    }

    /// The terminal as it was, the cursor shown, on a line of its own.
    fn restore(&self) {
        use nix::sys::termios::{self, SetArg};
        use std::os::fd::AsFd;
        let _ = termios::tcsetattr(io::stdin().as_fd(), SetArg::TCSANOW, &self.saved);
        let _ = io::stdout().write_all(b"\x1b[?25h");
        let _ = io::stdout().flush();
    }
}

#[cfg(unix)]
impl Drop for Raw {
    fn drop(&mut self) {
        self.restore();
    }
}

/// A key the game knows.
#[cfg(unix)]
enum Key {
    Move(Move),
    Hint,
    Next,
    Undo,
    Quit,
}

/// The keys in `bytes`, read at once from the terminal (keys typed fast arrive together), with
/// how many bytes each took; `None` for a key the game does not know.
#[cfg(unix)]
fn keys(bytes: &[u8]) -> Vec<Option<Key>> {
    let mut keys = Vec::new();
    let mut rest = bytes;
    while !rest.is_empty() {
        let (key, used) = match rest {
            [0x1b, b'[' | b'O', arrow, ..] => {
                let step = match arrow {
                    b'A' => Some(Key::Move(Move::Up)),
                    b'B' => Some(Key::Move(Move::Down)),
                    b'C' => Some(Key::Move(Move::Right)),
                    b'D' => Some(Key::Move(Move::Left)),
                    _ => None,
                };
                (step, 3)
            }
            [b'h', ..] => (Some(Key::Hint), 1),
            [b'n', ..] => (Some(Key::Next), 1),
            [b'u', ..] => (Some(Key::Undo), 1),
            // q, Ctrl-C, Ctrl-D, Escape alone
            [b'q' | 0x03 | 0x04, ..] | [0x1b] => (Some(Key::Quit), 1),
            _ => (None, 1),
        };
        keys.push(key);
        rest = &rest[used.min(rest.len())..];
    }
    keys
}

pub fn run(options: &Options, store: &Arc<Store>) -> anyhow::Result<Status> {
    let goal = match &options.goal {
        Some(text) => Board::parse(text, options.size),
        None => Ok(Board::ordered(options.size)),
    };
    let goal = match goal {
        Ok(goal) => goal,
        Err(error) => {
            super::report::warn(&format_args!("--goal: {error}"));
            return Ok(Status::Trouble);
        }
    };
    let start = match options.board.is_empty() {
        true => random(&goal, options.seed),
        false => match Board::parse(&options.board.join(" "), options.size) {
            Ok(start) => start,
            Err(error) => {
                super::report::warn(&error);
                return Ok(Status::Trouble);
            }
        },
    };
    if !start.reaches(&goal) {
        let mut words = eight_app::show::unreachable(&start, &goal);
        if let Some((judge, reached)) = super::hints::elsewhere(&start, &goal) {
            words += &format!(
                "; it reaches {reached}, the goal of `eight {}` ({}): `eight play --goal {reached}`",
                judge.command,
                judge.name()
            );
        }
        super::report::warn(&words);
        return Ok(Status::Trouble);
    }
    if !io::stdin().is_terminal() {
        super::report::warn(&"play needs a terminal: standard input is not one");
        return Ok(Status::Trouble);
    }
    let mut engine = Engine::default()
        .with_store(store.clone())
        .with_control(super::live::control(false));
    let mut game = match Game::new(start, goal, &mut engine) {
        Ok(game) => game,
        Err(Refusal::Unreachable) => {
            super::report::warn(&format_args!("{goal} cannot be reached from {start}"));
            return Ok(Status::Trouble);
        }
        Err(Refusal::OutOfReach) => {
            super::report::warn(&format_args!(
                "{start} is too far from {goal} for the optimal search"
            ));
            return Ok(Status::Trouble);
        }
    };
    turns(&mut game, &mut engine, &goal)
}

/// The game in the terminal, made raw, until it is solved or the player quits.
#[cfg(unix)]
fn turns(game: &mut Game, engine: &mut Engine, goal: &Board) -> anyhow::Result<Status> {
    use std::os::fd::AsFd;
    // the stop signals: SIGINT too, which only comes from outside while the terminal is raw
    let interrupted = super::platform::Interrupts::catch()?.flag();
    // stopped (SIGTSTP: the terminal is raw, so it comes from outside, or a shell's job
    // control), the game gives the terminal back first; continued, it takes it and redraws
    let stopped = Arc::new(std::sync::atomic::AtomicBool::new(false));
    signal_hook::flag::register(signal_hook::consts::SIGTSTP, Arc::clone(&stopped))?;
    let raw = Raw::enter()?;
    let title = format!("eight play: reach {goal}\r\n\r\n");
    let draw = |game: &Game| -> io::Result<()> {
        let mut out = io::stdout().lock();
        write!(out, "\x1b[?25l\x1b[H\x1b[2J{title}{}", game.render())?;
        out.flush()
    };
    draw(game)?;
    let mut buffer = [0u8; 16];
    while !game.solved() {
        if interrupted.load(Ordering::Relaxed) {
            break;
        }
        if stopped.swap(false, Ordering::Relaxed) {
            raw.restore();
            nix::sys::signal::raise(nix::sys::signal::Signal::SIGSTOP)?;
            raw.resume()?;
            draw(game)?;
        }
        let stdin = io::stdin();
        let mut ready = [nix::poll::PollFd::new(
            stdin.as_fd(),
            nix::poll::PollFlags::POLLIN,
        )];
        match nix::poll::poll(&mut ready, 200u16) {
            Ok(0) | Err(nix::errno::Errno::EINTR) => continue,
            Ok(_) => {}
            Err(error) => return Err(error.into()),
        }
        let read = stdin.lock().read(&mut buffer)?;
        if read == 0 {
            break;
        }
        for key in keys(&buffer[..read]) {
            if game.solved() {
                break;
            }
            let changed = match key {
                Some(Key::Move(step)) => game.play(step, engine),
                Some(Key::Hint) => {
                    game.hint();
                    Ok(true)
                }
                Some(Key::Next) => match game.next() {
                    Some(step) => game.play(step, engine),
                    None => Ok(false),
                },
                Some(Key::Undo) => game.undo(engine),
                Some(Key::Quit) => {
                    drop(raw);
                    return Ok(Status::Success);
                }
                None => Ok(false),
            };
            if changed.map_err(|_| io::Error::other("the search gave up"))? {
                draw(game)?;
            }
        }
    }
    drop(raw);
    Ok(Status::Success)
}

/// Off Unix the terminal is not made raw (no termios): nothing to play on.
#[cfg(not(unix))]
fn turns(_: &mut Game, _: &mut Engine, _: &Board) -> anyhow::Result<Status> {
    super::report::warn(&"play needs a Unix terminal (termios) to read keys as they are typed");
    Ok(Status::Trouble)
}

/// A random board that reaches `goal`: a walk of random moves from it, long enough to mix a
/// 3×3 board well and short enough to keep a larger one within the optimal search's reach.
fn random(goal: &Board, seed: Option<u64>) -> Board {
    use rand::SeedableRng;
    let seed = seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |t| t.as_nanos() as u64)
    });
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let moves = if goal.cells().len() <= 9 { 200 } else { 30 };
    eight_app::gen::walk(goal, moves, &mut rng)
}
