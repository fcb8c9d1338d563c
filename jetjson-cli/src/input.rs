//! Where JSON comes from: a file or standard input, read in fixed-size
//! chunks.

use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// How much is read at a time.
pub const CHUNK: usize = 256 * 1024;

/// A command-line input: a path, or `-` for standard input.
#[derive(Debug, Clone)]
pub enum Input {
    /// Standard input.
    Stdin,
    /// A file.
    Path(PathBuf),
}

/// An input opened for reading.
pub struct Opened {
    /// The bytes.
    pub reader: Box<dyn Read>,
    /// The size, when the input is a regular file.
    pub len: Option<u64>,
}

impl Input {
    /// `-` is standard input, anything else a path.
    pub fn from_arg(arg: &Path) -> Input {
        if arg.as_os_str() == "-" {
            Input::Stdin
        } else {
            Input::Path(arg.to_path_buf())
        }
    }

    /// The name used in messages: the path as given, or `<stdin>`.
    pub fn name(&self) -> String {
        match self {
            Input::Stdin => "<stdin>".to_owned(),
            Input::Path(path) => path.display().to_string(),
        }
    }

    /// Opens the input. Only a regular file can be read a second time.
    pub fn open(&self) -> io::Result<Opened> {
        match self {
            Input::Stdin => Ok(Opened {
                reader: Box::new(io::stdin().lock()),
                len: None,
            }),
            Input::Path(path) => {
                let file = File::open(path)?;
                let meta = file.metadata()?;
                if meta.is_dir() {
                    return Err(io::Error::new(
                        io::ErrorKind::InvalidInput,
                        "is a directory",
                    ));
                }
                let len = meta.is_file().then_some(meta.len());
                Ok(Opened {
                    reader: Box::new(file),
                    len,
                })
            }
        }
    }
}

impl Input {
    /// The whole input in memory (for commands that need it all at once).
    pub fn read_all(&self) -> io::Result<Vec<u8>> {
        let mut opened = self.open()?;
        let mut bytes = Vec::new();
        opened.reader.read_to_end(&mut bytes)?;
        Ok(bytes)
    }
}

/// Reads into `buf`, retrying when interrupted; 0 at the end.
pub fn read_chunk(reader: &mut dyn Read, buf: &mut [u8]) -> io::Result<usize> {
    loop {
        match reader.read(buf) {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            other => return other,
        }
    }
}
