//! The certificate format's shared parts (docs/certificates.md, issue 44): every room builds
//! the records of its own primitives (`lp::lp_record` the `lp` record, …) as JSON objects with a
//! `kind` and an `id`; this module wraps them in a versioned document and writes it, for the
//! independent checker `checker/dpcert_check.py` (which shares no code with dpcert).
//!
//! A record is built only for a step dpcert has itself re-checked; numbers in it are exact
//! rationals written as strings ([`rational`]).

use crate::num::{LogLinear, Rational};
use serde_json::{json, Value};
use std::path::Path;

/// The version of the certificate format (docs/certificates.md).
pub const CERTIFICATE_VERSION: u32 = 1;

/// An exact rational as the format writes it: `"p"` or `"p/q"`.
pub fn rational(q: &Rational) -> Value {
    Value::String(q.to_string())
}

/// A certificate document holding `records` (each a JSON object with `kind` and `id`). The
/// records are moved in, not copied (`json!` would serialise them into a new tree: an eighth
/// of `check --certificate` on QIF-miracle-bayes, 20,001 records; issue 44 item 2).
pub fn document(records: Vec<Value>) -> Value {
    let mut d = json!({
        "certificate_version": CERTIFICATE_VERSION,
        "producer": format!("dpcert {}", env!("CARGO_PKG_VERSION")),
    });
    d["records"] = Value::Array(records);
    d
}

/// Write the document of `records` to `path` (pretty-printed, newline-terminated).
pub fn write(path: &Path, records: Vec<Value>) -> std::io::Result<()> {
    let mut text = serde_json::to_string_pretty(&document(records))?;
    text.push('\n');
    std::fs::write(path, text)
}

/// Write the document of `records` to `path`, compact (one line, newline-terminated: the
/// text of [`document`]), streaming each record through a buffer as it comes, so that the
/// whole document is never held in memory as one tree or one string (issue 44 item 2: a
/// claim's certificate may hold a hundred thousand records).
pub fn write_compact<R: serde::Serialize>(
    path: &Path,
    records: impl Iterator<Item = R>,
) -> std::io::Result<()> {
    use std::io::Write;
    let mut w = std::io::BufWriter::with_capacity(1 << 16, std::fs::File::create(path)?);
    // The header is [`document`]'s own text, cut before its (last, empty) `records` list closes.
    let empty = serde_json::to_string(&document(Vec::new()))?;
    let head = empty.strip_suffix("]}").unwrap_or(&empty);
    w.write_all(head.as_bytes())?;
    for (i, rec) in records.enumerate() {
        if i > 0 {
            w.write_all(b",")?;
        }
        serde_json::to_writer(&mut w, &rec)?;
    }
    w.write_all(b"]}\n")?;
    w.flush()
}

use std::sync::atomic::{AtomicBool, Ordering};

/// Whether checks build their records (on while `verify --certificates` runs: building them
/// costs time that a run without certificates need not pay).
static RECORDING: AtomicBool = AtomicBool::new(false);

/// Are records being built?
pub fn recording() -> bool {
    RECORDING.load(Ordering::Relaxed)
}

/// Turn record building on (it stays on for the process: a later run only writes more).
pub fn start_recording() {
    RECORDING.store(true, Ordering::Relaxed);
}

/// The `compare` record: two exact rationals (as [`rational`] writes them), a relation (`=`,
/// `!=`, `<=`, `<`, `>=`, `>`; `==` is written `=`) and its truth, which dpcert computed
/// exactly; typed ([`Typed::Compare`]: issue 44 item 2).
pub fn compare(lhs: &str, rel: &str, rhs: &str, holds: bool) -> Record {
    let relation = match rel {
        "=" | "==" => "=",
        "!=" => "!=",
        "<=" => "<=",
        "<" => "<",
        ">=" => ">=",
        ">" => ">",
        _ => {
            return json!({"kind": "compare", "lhs": lhs, "relation": rel, "rhs": rhs, "holds": holds})
                .into()
        }
    };
    Typed::Compare {
        lhs: lhs.to_string(),
        relation,
        rhs: rhs.to_string(),
        holds,
    }
    .into()
}

/// `rec` marked as resting on records of `kinds` in its instance (`"rests_on"`): a comparison
/// of a value that another record qualifies (a channel's DP level, an LP's optimum). The gap
/// rule of `claim::certificates` and the checker's `claim` record require each (issue 44).
pub fn rests_on(rec: impl Into<Value>, kinds: &[&str]) -> Value {
    let mut rec = rec.into();
    rec["rests_on"] = json!(kinds);
    rec
}

/// A form's terms `[[c, r], …]` (`Σ c ln r`), exact strings.
fn terms(f: &LogLinear) -> Value {
    Value::Array(
        f.terms()
            .map(|(r, c)| json!([c.to_string(), r.to_string()]))
            .collect(),
    )
}

/// The `log_linear` record (docs/certificates.md): `lhs rel rhs` for two log-linear forms, the
/// truth dpcert decided exactly (`holds`), and a gcd-free basis with the factorisation of every
/// numerator and denominator over it, so the checker reduces `lhs − rhs` to `Σ e_j ln b_j` by
/// multiplication and gcds and bounds its sign with its own logarithms. `None` if the
/// factorisation does not multiply back (re-checked here before anything is written).
pub fn log_linear(lhs: &LogLinear, rel: &str, rhs: &LogLinear, holds: bool) -> Option<Value> {
    use malachite::base::num::arithmetic::traits::Pow;
    let (basis, factors) = crate::num::factored_basis([lhs, rhs]);
    for (n, exps) in &factors {
        let back = basis
            .iter()
            .zip(exps)
            .fold(crate::num::Natural::from(1u32), |acc, (b, e)| {
                acc * b.pow(*e)
            });
        if back != *n {
            return None;
        }
    }
    let factors: serde_json::Map<String, Value> = factors
        .into_iter()
        .map(|(n, exps)| {
            let e: serde_json::Map<String, Value> = basis
                .iter()
                .zip(exps)
                .filter(|(_, e)| *e > 0)
                .map(|(b, e)| (b.to_string(), json!(e.to_string())))
                .collect();
            (n.to_string(), Value::Object(e))
        })
        .collect();
    Some(json!({
        "kind": "log_linear",
        "lhs": terms(lhs),
        "relation": rel,
        "rhs": terms(rhs),
        "holds": holds,
        "basis": basis.iter().map(|b| b.to_string()).collect::<Vec<_>>(),
        "factors": factors,
    }))
}

/// [`log_linear`] for two extended forms (`None` = `+∞`, as
/// [`crate::measure::renyi::extended_le`] orders them): an infinite side is written `"+inf"`,
/// which the checker orders above every form and equal only to itself (issue 44 item 6).
pub fn log_linear_ext(
    lhs: Option<&LogLinear>,
    rel: &str,
    rhs: Option<&LogLinear>,
    holds: bool,
) -> Option<Value> {
    let zero = LogLinear::zero();
    let mut rec = log_linear(lhs.unwrap_or(&zero), rel, rhs.unwrap_or(&zero), holds)?;
    for (side, v) in [("lhs", lhs), ("rhs", rhs)] {
        if v.is_none() {
            rec[side] = json!("+inf");
        }
    }
    Some(rec)
}

/// SHA-256 of `data` as 64 lowercase hex digits (FIPS 180-4), for the instance hash of a
/// `claim` record; the checker recomputes it with Python's `hashlib`. Small and dependency-free.
pub fn sha256_hex(data: &[u8]) -> String {
    let mut h = Sha256::new();
    h.update(data);
    h.hex()
}

/// SHA-256 (FIPS 180-4, section 6.2) of a message fed in pieces ([`Sha256::update`]), so that a
/// hash over many strings (a claim's instance labels) needs no copy of them joined (issue 44
/// item 2).
#[derive(Clone)]
pub struct Sha256 {
    /// The hash value H of the blocks compressed so far.
    h: [u32; 8],
    /// The message's bytes not yet compressed (fewer than 64).
    block: [u8; 64],
    filled: usize,
    /// The message's length in bytes.
    len: u64,
}

impl Default for Sha256 {
    fn default() -> Self {
        Self::new()
    }
}

impl Sha256 {
    /// The hash of the empty message so far (H⁽⁰⁾, section 5.3.3).
    pub fn new() -> Self {
        Sha256 {
            h: [
                0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab,
                0x5be0cd19,
            ],
            block: [0; 64],
            filled: 0,
            len: 0,
        }
    }

    /// Append `data` to the message.
    pub fn update(&mut self, mut data: &[u8]) {
        self.len += data.len() as u64;
        if self.filled > 0 {
            let take = data.len().min(64 - self.filled);
            self.block[self.filled..self.filled + take].copy_from_slice(&data[..take]);
            self.filled += take;
            data = &data[take..];
            if self.filled < 64 {
                return;
            }
            compress(&mut self.h, &self.block);
            self.filled = 0;
        }
        let mut blocks = data.chunks_exact(64);
        for b in &mut blocks {
            compress(&mut self.h, b.try_into().expect("a 64-byte chunk"));
        }
        let rest = blocks.remainder();
        self.block[..rest.len()].copy_from_slice(rest);
        self.filled = rest.len();
    }

    /// The message's hash as 64 lowercase hex digits (padded as section 5.1.1 says).
    pub fn hex(mut self) -> String {
        let bits = self.len.wrapping_mul(8);
        let pad = (55usize.wrapping_sub(self.filled)) % 64 + 1;
        let mut tail = [0u8; 72];
        tail[0] = 0x80;
        tail[pad..pad + 8].copy_from_slice(&bits.to_be_bytes());
        self.update(&tail[..pad + 8]);
        debug_assert_eq!(self.filled, 0);
        self.h.iter().map(|x| format!("{x:08x}")).collect()
    }
}

/// The SHA-256 compression function (section 6.2.2) of one 64-byte block into `h`.
fn compress(h: &mut [u32; 8], block: &[u8; 64]) {
    const K: [u32; 64] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
        0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
        0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
        0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
        0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
        0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
        0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
        0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
        0xc67178f2,
    ];
    // the message schedule W (6.2.2 step 1)
    let mut w = [0u32; 64];
    for (t, word) in block.chunks_exact(4).enumerate() {
        w[t] = u32::from_be_bytes([word[0], word[1], word[2], word[3]]);
    }
    for t in 16..64 {
        let s0 = w[t - 15].rotate_right(7) ^ w[t - 15].rotate_right(18) ^ (w[t - 15] >> 3);
        let s1 = w[t - 2].rotate_right(17) ^ w[t - 2].rotate_right(19) ^ (w[t - 2] >> 10);
        w[t] = w[t - 16]
            .wrapping_add(s0)
            .wrapping_add(w[t - 7])
            .wrapping_add(s1);
    }
    // The working variables a, …, h (steps 2-3) of round t0 + j are v[(k + 8 - j) % 8] for
    // k = 0, …, 7: a round writes its new a into the slot of h and its new e into that of d,
    // and the others move down one place by the renaming alone (in 8 rounds, back to the
    // start), so the 8 rounds of a pass are unrolled without moving any variable (issue 44
    // item 2: the instance hash of a claim's labels).
    let mut v = *h;
    for t0 in (0..64).step_by(8) {
        for j in 0..8 {
            let at = |k: usize| (k + 8 - j) % 8;
            let (a, b, c) = (v[at(0)], v[at(1)], v[at(2)]);
            let (e, f, g) = (v[at(4)], v[at(5)], v[at(6)]);
            let s1 = e.rotate_right(6) ^ e.rotate_right(11) ^ e.rotate_right(25);
            let ch = (e & f) ^ (!e & g);
            let t1 = v[at(7)]
                .wrapping_add(s1)
                .wrapping_add(ch)
                .wrapping_add(K[t0 + j])
                .wrapping_add(w[t0 + j]);
            let s0 = a.rotate_right(2) ^ a.rotate_right(13) ^ a.rotate_right(22);
            let maj = (a & b) ^ (a & c) ^ (b & c);
            v[at(3)] = v[at(3)].wrapping_add(t1);
            v[at(7)] = t1.wrapping_add(s0.wrapping_add(maj));
        }
    }
    // step 4
    for (x, y) in h.iter_mut().zip(v) {
        *x = x.wrapping_add(y);
    }
}

pub mod enclosure;
pub mod record;

pub use record::{DpLevel, IntoRecord, Record, Typed};

/// A `dp_level` record (docs/certificates.md) without δ answers: the rows (each a
/// distribution), the unordered neighbour pairs, the exact level `e^ε` (`None`: `∞`) and the
/// (ordered pair, output) attaining it; the checker recomputes the level over both
/// orientations of every pair (issue 44 item 6: the step "this mechanism's level is L").
pub fn dp_level(
    id: &str,
    rows: &[Vec<Rational>],
    pairs: &[(usize, usize)],
    e_eps: Option<&Rational>,
    witness: (usize, usize, usize),
) -> Value {
    record::dp_level_value(id, rows, pairs, e_eps, witness)
}

/// The `sturm` record (docs/certificates.md) of the identity `lhs = rhs` of two rational
/// functions of `t` on `t > 0`, given as expression trees, when `diff` — `lhs − rhs` as dpcert
/// computed it — is zero; `None` otherwise or when nothing is recorded. The checker rebuilds
/// both sides from the trees (every divisor non-vanishing on `t > 0`) and re-checks that their
/// difference is zero (issue 44 item 6).
pub fn identity_record(
    id: &str,
    lhs: serde_json::Value,
    rhs: serde_json::Value,
    diff: &crate::num::RatFn,
) -> Option<serde_json::Value> {
    (diff.is_zero() && recording()).then(|| {
        serde_json::json!({
            "kind": "sturm",
            "id": id,
            "variable": "t",
            "domain": {"lo": "0", "lo_open": true, "hi": null, "hi_open": false},
            "lhs": lhs,
            "rel": "=",
            "rhs": rhs,
            "difference": {"num": [], "den": ["1"]},
            "sign": "zero",
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_document_is_versioned_and_keeps_its_records_in_order() {
        let doc = document(vec![
            json!({"kind": "a", "id": "1"}),
            json!({"kind": "b", "id": "2"}),
        ]);
        assert_eq!(doc["certificate_version"], 1);
        assert_eq!(doc["records"][1]["kind"], "b");
        assert_eq!(rational(&Rational::from_signeds(-6, 4)), json!("-3/2"));
    }

    /// The streamed file is, byte for byte, [`document`]'s compact text: none, one and two
    /// records.
    #[test]
    fn a_compact_file_is_the_documents_text() {
        let dir = std::env::temp_dir().join(format!("dpcert-compact-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("c.json");
        for n in 0..3 {
            let recs: Vec<Value> = (0..n)
                .map(|i| json!({"kind": "k", "id": i.to_string()}))
                .collect();
            write_compact(&path, recs.clone().into_iter()).unwrap();
            let want = serde_json::to_string(&document(recs)).unwrap() + "\n";
            assert_eq!(std::fs::read_to_string(&path).unwrap(), want);
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// `ln 6 <= 2 ln 3` (6 < 9, by hand): basis {2, 3}, 6 = 2·3, and the truth as given.
    #[test]
    fn a_log_linear_record_factors_every_argument() {
        let six = LogLinear::ln(&Rational::from(6u32));
        let nine = LogLinear::term(&Rational::from(2u32), &Rational::from(3u32));
        let r = log_linear(&six, "<=", &nine, true).unwrap();
        assert_eq!(r["basis"], json!(["2", "3"]));
        assert_eq!(r["factors"]["6"], json!({"2": "1", "3": "1"}));
        assert_eq!(r["lhs"], json!([["1", "6"]]));
        assert_eq!(r["rhs"], json!([["2", "3"]]));
        assert_eq!(compare("1/2", "==", "2/4", true)["relation"], "=");
        assert_eq!(compare("1/2", "~", "2/4", true)["relation"], "~");
    }

    /// The FIPS 180-2 test vectors (one block, two blocks) and the empty message.
    #[test]
    fn sha256_matches_the_published_vectors() {
        let table = [
            (
                "",
                "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
            ),
            (
                "abc",
                "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
            ),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
            ),
        ];
        for (msg, want) in table {
            assert_eq!(sha256_hex(msg.as_bytes()), want, "{msg:?}");
        }
        // a million a's (FIPS 180-2, appendix B.3), fed in pieces of 1 to 130 bytes
        let a = [b'a'; 130];
        let mut h = Sha256::new();
        let (mut fed, mut piece) = (0, 1);
        while fed < 1_000_000 {
            let n = piece.min(1_000_000 - fed);
            h.update(&a[..n]);
            fed += n;
            piece = piece % 130 + 1;
        }
        let want = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0";
        assert_eq!(h.hex(), want);
    }

    proptest::proptest! {
        /// Fed in two pieces cut anywhere, the hash is that of the whole message.
        #[test]
        fn sha256_of_pieces_is_that_of_the_whole(
            msg in proptest::collection::vec(proptest::num::u8::ANY, 0..300),
            cut in 0usize..300,
        ) {
            let cut = cut.min(msg.len());
            let mut h = Sha256::new();
            h.update(&msg[..cut]);
            h.update(&msg[cut..]);
            proptest::prop_assert_eq!(h.hex(), sha256_hex(&msg));
        }
    }
}
