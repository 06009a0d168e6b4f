//! An LP's certificate as a VIPR 1.0 file (issue 44 item 1: a third opinion, e.g. `viprchk`;
//! format: Cheung, Gleixner, Steffy, "Verifying Integer Programming Results", and the VIPR
//! repository's `cert_spec_v1_0.md`). The pure-LP case: no integer variable, the model after
//! substitution (every `x_j >= 0`, written as the bound constraints `lb.j`; row `r` is
//! `row.r`, so no name collides), and one derived
//! constraint, the dual combination, with reason `lin`:
//!
//! - `optimal` (minimize): `Σ_i y_i·row_i + Σ_j (c_j − (Aᵀy)_j)·lb.j` is `c·x ≥ b·y`, which is
//!   `OBJ ≥ v − offset` (VIPR's objective has no constant); the primal is the `SOL`, so
//!   `RTP range v−o v−o`. Maximize is symmetric (`OBJ ≤ …`, the multipliers `≤ 0` side).
//! - `infeasible`: the Farkas combination with `−(Aᵀy)_j` on `lb.j`: `0 ≥ b·y > 0`, an absurdity.
//!
//! An unbounded LP has no VIPR 1.0 form (its relation to prove is a range or infeasibility).
//! The file is written only for a certificate that [`super::check`] accepted.

use super::check;
use crate::lp::model::{Certificate, Cmp, Model, Sense};
use crate::num::Rational;
use std::fmt::Write;

fn sense_char(c: Cmp) -> char {
    match c {
        Cmp::Le => 'L',
        Cmp::Ge => 'G',
        Cmp::Eq => 'E',
    }
}

/// `p i_1 a_1 … i_p a_p` for the nonzero entries of `v` (indexed by variable).
fn sparse(v: &[(usize, Rational)]) -> String {
    let mut s = v.len().to_string();
    for (j, a) in v {
        let _ = write!(s, "  {j} {a}");
    }
    s
}

/// The VIPR 1.0 text of `model` with `cert`, or why there is none (an unbounded LP, or a
/// certificate [`check`] refuses).
pub fn vipr(model: &Model, cert: &Certificate) -> Result<String, String> {
    check(model, cert).map_err(|e| e.to_string())?;
    let n = model.n_vars();
    let mut out = String::from("% dpcert: an exact LP certificate (issue 44 item 1)\nVER 1.0\n");
    // Names: VIPR separates by whitespace; the model's names have none (LP-format names).
    let _ = writeln!(out, "VAR {n}\n{}", model.var_names().join(" "));
    out += "INT 0\n";
    let obj: Vec<(usize, Rational)> = (0..n)
        .filter(|&j| model.objective()[j] != 0u32)
        .map(|j| (j, model.objective()[j].clone()))
        .collect();
    let min = model.sense() == Sense::Minimize;
    let _ = writeln!(
        out,
        "OBJ {}\n{}",
        if min { "min" } else { "max" },
        sparse(&obj)
    );
    let rows = model.rows();
    let _ = writeln!(out, "CON {} {n}", n + rows.len());
    for j in 0..n {
        let _ = writeln!(out, "lb.{j} G 0 1  {j} 1");
    }
    for r in rows {
        let (name, sense) = (&r.name, sense_char(r.cmp));
        let _ = writeln!(out, "row.{name} {sense} {} {}", r.rhs, sparse(&r.coeffs));
    }
    // The row multipliers y and the bound multipliers: c − Aᵀy (optimal), −Aᵀy (Farkas).
    let (y, c_minus): (&[Rational], bool) = match cert {
        Certificate::Optimal { dual, .. } => (dual, true),
        Certificate::Infeasible { farkas } => (farkas, false),
        Certificate::Unbounded { .. } => {
            return Err("an unbounded LP has no VIPR 1.0 certificate (its relation to prove is a range or infeasibility)".into())
        }
    };
    let mut aty = vec![Rational::from(0u32); n];
    for (r, yi) in rows.iter().zip(y) {
        for (j, a) in &r.coeffs {
            aty[*j] += a * yi;
        }
    }
    let mut lin: Vec<(usize, Rational)> = Vec::new();
    for (j, a) in aty.iter().enumerate() {
        let lam = if c_minus {
            &model.objective()[j] - a
        } else {
            -a.clone()
        };
        if lam != 0u32 {
            lin.push((j, lam));
        }
    }
    lin.extend(
        y.iter()
            .enumerate()
            .filter(|(_, v)| **v != 0u32)
            .map(|(i, v)| (n + i, v.clone())),
    );
    let bty: Rational = rows.iter().zip(y).map(|(r, v)| &r.rhs * v).sum();
    match cert {
        Certificate::Optimal { primal, .. } => {
            let bound = &bty; // = c·x = v − offset, checked above
            let _ = writeln!(out, "RTP range {bound} {bound}");
            let sol: Vec<(usize, Rational)> = primal
                .iter()
                .enumerate()
                .filter(|(_, v)| **v != 0u32)
                .map(|(j, v)| (j, v.clone()))
                .collect();
            let _ = writeln!(out, "SOL 1\nprimal {}", sparse(&sol));
            let rel = if min { 'G' } else { 'L' };
            let _ = writeln!(
                out,
                "DER 1\ndpcert.bound {rel} {bound} OBJ {{ lin {} }} -1",
                sparse(&lin)
            );
        }
        _ => {
            out += "RTP infeas\nSOL 0\n";
            let _ = writeln!(
                out,
                "DER 1\ndpcert.farkas G {bty} 0 {{ lin {} }} -1",
                sparse(&lin)
            );
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn r(n: i64, d: i64) -> Rational {
        Rational::from_signeds(n, d)
    }

    /// Whitespace-separated tokens of a VIPR file.
    struct Tokens<'a>(std::vec::IntoIter<&'a str>);

    impl<'a> Tokens<'a> {
        fn next(&mut self) -> &'a str {
            self.0.next().expect("truncated file")
        }

        /// `p i_1 a_1 … i_p a_p` as a dense vector of length `n`.
        fn sparse(&mut self, n: usize) -> Vec<Rational> {
            let mut v = vec![Rational::from(0u32); n];
            let p: usize = self.next().parse().unwrap();
            for _ in 0..p {
                let j: usize = self.next().parse().unwrap();
                v[j] += self.next().parse::<Rational>().expect("a rational");
            }
            v
        }
    }

    /// A tiny VIPR 1.0 reader for the pure-LP files written here (no `INT`, one `lin`
    /// derivation): re-derives the last constraint from the `CON` rows and the multipliers,
    /// checks that the combination is suitable and is the claimed one, and returns the
    /// relation to prove (`None` for `infeas`) with the solutions' objective values.
    fn read_and_check(text: &str) -> (Option<(Rational, Rational)>, Vec<Rational>) {
        let mut t = Tokens(
            text.lines()
                .filter(|l| !l.starts_with('%'))
                .flat_map(str::split_whitespace)
                .collect::<Vec<_>>()
                .into_iter(),
        );
        let q = |s: &str| -> Rational { s.parse().expect("a rational") };
        assert_eq!((t.next(), t.next()), ("VER", "1.0"));
        assert_eq!(t.next(), "VAR");
        let n: usize = t.next().parse().unwrap();
        (0..n).for_each(|_| {
            t.next();
        });
        assert_eq!((t.next(), t.next()), ("INT", "0"));
        assert_eq!(t.next(), "OBJ");
        let min = t.next() == "min";
        let obj = t.sparse(n);
        assert_eq!(t.next(), "CON");
        let m: usize = t.next().parse().unwrap();
        t.next();
        let mut cons: Vec<(i32, Rational, Vec<Rational>)> = Vec::new();
        let mut names = HashMap::new();
        for i in 0..m {
            assert!(
                names.insert(t.next(), i).is_none(),
                "constraint names are unique"
            );
            let s = match t.next() {
                "G" => 1,
                "L" => -1,
                _ => 0,
            };
            let rhs = q(t.next());
            cons.push((s, rhs, t.sparse(n)));
        }
        assert_eq!(t.next(), "RTP");
        let rtp = match t.next() {
            "infeas" => None,
            _ => Some((q(t.next()), q(t.next()))),
        };
        assert_eq!(t.next(), "SOL");
        let sols: usize = t.next().parse().unwrap();
        let mut values = Vec::new();
        for _ in 0..sols {
            t.next();
            let x = t.sparse(n);
            for (s, rhs, a) in &cons {
                let lhs: Rational = a.iter().zip(&x).map(|(a, x)| a * x).sum();
                assert!(match s {
                    1 => lhs >= *rhs,
                    -1 => lhs <= *rhs,
                    _ => lhs == *rhs,
                });
            }
            values.push(obj.iter().zip(&x).map(|(c, x)| c * x).sum());
        }
        assert_eq!((t.next(), t.next()), ("DER", "1"));
        t.next();
        let sense = t.next();
        let beta = q(t.next());
        let lhs = match t.next() {
            "OBJ" => obj.clone(),
            "0" => vec![r(0, 1); n],
            w => panic!("unexpected {w}"),
        };
        assert_eq!((t.next(), t.next()), ("{", "lin"));
        let p: usize = t.next().parse().unwrap();
        let (mut a, mut b, mut sign) = (vec![r(0, 1); n], r(0, 1), 0i32);
        for _ in 0..p {
            let i: usize = t.next().parse().unwrap();
            let lam = q(t.next());
            let (s, rhs, row) = &cons[i];
            let ls = if *s == 0 || lam == 0u32 {
                0
            } else if (lam > 0u32) == (*s > 0) {
                1
            } else {
                -1
            };
            assert!(
                ls == 0 || sign == 0 || ls == sign,
                "not a suitable combination"
            );
            sign = if ls != 0 { ls } else { sign };
            for (aj, rj) in a.iter_mut().zip(row) {
                *aj += &lam * rj;
            }
            b += &lam * rhs;
        }
        assert_eq!((t.next(), t.next()), ("}", "-1"));
        assert_eq!(a, lhs, "the combination's left side is the derived one");
        // The combination `a·x (>=, <=) b` dominates the derived `lhs sense beta`.
        match (sense, sign) {
            ("G", 1) => assert!(b >= beta),
            ("L", -1) => assert!(b <= beta),
            _ => panic!("sense {sense} from a combination of sign {sign}"),
        }
        match &rtp {
            Some((lo, hi)) => assert_eq!(&beta, if min { lo } else { hi }),
            None => assert!(sense == "G" && beta > 0u32 && a.iter().all(|v| *v == 0u32)),
        }
        (rtp, values)
    }

    /// max x + y, 2x + y <= 4, x + 3y <= 6 (optimum 14/5 at (6/5, 8/5), duals (2/5, 1/5), by
    /// hand) and min x + y with x + y >= 2, x + y <= 1 (infeasible: Farkas (1, −1)).
    #[test]
    fn a_vipr_file_parses_and_its_multipliers_reproduce_the_bound() {
        let m = crate::lp::certificate::export::tests::two_rows();
        let cert = Certificate::Optimal {
            value: r(14, 5),
            primal: vec![r(6, 5), r(8, 5)],
            dual: vec![r(2, 5), r(1, 5)],
        };
        let (rtp, values) = read_and_check(&vipr(&m, &cert).unwrap());
        assert_eq!(rtp, Some((r(14, 5), r(14, 5))));
        assert_eq!(values, vec![r(14, 5)]);
        // A dual moved off the optimum is refused before anything is written.
        let moved = Certificate::Optimal {
            value: r(14, 5),
            primal: vec![r(6, 5), r(8, 5)],
            dual: vec![r(2, 5), r(1, 4)],
        };
        assert!(vipr(&m, &moved).is_err());

        let mut f = Model::new(Sense::Minimize);
        let x = f.add_var("x");
        let y = f.add_var("y");
        f.set_objective(&[(x, r(1, 1)), (y, r(1, 1))]);
        f.add_row(&[(x, r(1, 1)), (y, r(1, 1))], Cmp::Ge, r(2, 1));
        f.add_row(&[(x, r(1, 1)), (y, r(1, 1))], Cmp::Le, r(1, 1));
        let farkas = Certificate::Infeasible {
            farkas: vec![r(1, 1), r(-1, 1)],
        };
        assert_eq!(read_and_check(&vipr(&f, &farkas).unwrap()), (None, vec![]));
        let unbounded = Certificate::Unbounded {
            point: vec![r(0, 1), r(2, 1)],
            ray: vec![r(1, 1), r(1, 1)],
        };
        let mut u = Model::new(Sense::Maximize);
        let x = u.add_var("x");
        let y = u.add_var("y");
        u.set_objective(&[(x, r(1, 1))]);
        u.add_row(&[(x, r(1, 1)), (y, r(-1, 1))], Cmp::Le, r(1, 1));
        assert!(vipr(&u, &unbounded).unwrap_err().contains("unbounded"));
    }
}
