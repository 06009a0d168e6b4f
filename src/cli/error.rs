//! The CLI's one error type: every command returns `Result<i32, CliError>` and `main` prints
//! an error in one place (issue 43 item 3, ripgrep's `main` → `try_main` shape).

use super::exit;
use std::fmt;

/// A command that could not answer: the message printed on stderr as `error: …` and the exit
/// code of the CLI contract (2 usage, 3 bad input or an error, 4 time limit).
#[derive(Debug)]
pub(crate) struct CliError {
    pub code: i32,
    pub message: String,
}

impl CliError {
    /// A usage error (exit 2): a flag or value the command line got wrong.
    pub fn usage(message: impl Into<String>) -> CliError {
        CliError {
            code: exit::USAGE,
            message: message.into(),
        }
    }
    /// Bad input or an error while answering (exit 3): which file, row, column, what is wrong.
    pub fn bad_input(message: impl Into<String>) -> CliError {
        CliError {
            code: exit::BAD_INPUT,
            message: message.into(),
        }
    }
    /// The time limit passed before an answer (exit 4).
    pub fn time_limit(message: impl Into<String>) -> CliError {
        CliError {
            code: exit::TIME_LIMIT,
            message: message.into(),
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// A parameter out of range on the command line is a usage error.
impl From<crate::params::ParamError> for CliError {
    fn from(e: crate::params::ParamError) -> CliError {
        CliError::usage(e.0)
    }
}

/// What a command returns: its exit code when it answered (0, or 1 for "fails"/"differs"), or
/// the error `main` prints.
pub(crate) type CliResult = Result<i32, CliError>;

/// Print `error: …` on stderr and return the error's exit code: the one place a command's error
/// becomes output.
pub(crate) fn report(result: CliResult) -> i32 {
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e}");
            e.code
        }
    }
}
