//! Cross-document consistency checks of `docs/claims-cross-document.md` (XDOC-1 … XDOC-10)
//! between the Cuff–Yu slides (seed 000), the information-theory article (seed 001) and
//! Vadhan's notes (seed 003); manifest `theorems/cross-document.toml`.
//!
//! Each check evaluates the statements of two or three documents on the same instances,
//! under the readings stated in the per-document manifests, and reports whether they agree.
//! Readings of the article (ART-*) used here are stated per check.
//!
//! Claim groups: `bounds` (XDOC-1, XDOC-2: closeness and capacity bounds), `notions` (XDOC-3 …
//! XDOC-6: the privacy notions and definitions of the documents on the same instances) and
//! `fixtures` (XDOC-7 … XDOC-10: erasure, composition, noise and the canonical pair).

mod bounds;
mod fixtures;
mod notions;
mod shared;

pub(crate) use shared::*;

/// Every claim checker of this document.
pub fn claims() -> Vec<Box<dyn ClaimChecker>> {
    let mut v = Vec::new();
    v.extend(bounds::claims());
    v.extend(notions::claims());
    v.extend(fixtures::claims());
    v
}
