//! One module per source document; each exports `claims()`.

pub mod alvim_andres_chatzikokolakis_palamidessi;
pub mod cross_document;
pub mod cuff_yu;
pub mod dp_information_theory_article;
pub mod vadhan;
pub mod wang_ying_zhang;

#[cfg(test)]
mod library_agreement;

use super::ClaimChecker;

/// All registered claim checkers, in a deterministic order (by document, then as registered).
pub fn all() -> Vec<Box<dyn ClaimChecker>> {
    let mut v = Vec::new();
    v.extend(alvim_andres_chatzikokolakis_palamidessi::claims());
    v.extend(cross_document::claims());
    v.extend(cuff_yu::claims());
    v.extend(dp_information_theory_article::claims());
    v.extend(vadhan::claims());
    v.extend(wang_ying_zhang::claims());
    v
}
