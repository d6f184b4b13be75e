"""How reliable is each annotator, and what gold label follows from weighting them by it?

Majority vote treats a careless annotator like a careful one. Two latent-class models estimate
each annotator's competence from the labels alone and form a better gold label:

* Dawid–Skene: every annotator has a confusion matrix e_j[y, c] = P(says y | truth c); EM
  alternates the posterior of each item's true label (E) and the matrices and class priors (M).
  Initialised from the majority-vote shares and iterated until the evidence lower bound per
  label improves by less than 1e-5, as crowd-kit's `DawidSkene` does. Dawid, A. P. & Skene,
  A. M. (1979). Maximum likelihood estimation of observer error-rates using the EM algorithm.
  Applied Statistics 28(1), 20–28.
* MACE: an annotator either knows the answer (with probability θ_j, its competence) or guesses
  from its own distribution ξ_j; variational EM with Beta(0.5, 0.5) and Dirichlet(10) priors, as
  in the paper and crowd-kit's `MACE`. Hovy, D., Berg-Kirkpatrick, T., Vaswani, A. & Hovy, E.
  (2013). Learning whom to trust with MACE. NAACL-HLT 2013, 1120–1130.

Competence is reported for every method as the annotator's accuracy against the gold: for
majority vote against the plurality of the *other* annotators (an annotator is part of its own
majority, which would flatter it), for the models the expected accuracy under the posterior.
Intervals are normal approximations over the annotator's items (Wilson's for the majority's
0/1 agreement); they hold the fitted model fixed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np
from scipy.special import digamma

from expgrade.calibration.corrected import z_value
from expgrade.calibration.labels import IntArray, plurality
from expgrade.calibration.validation import FloatArray, check_codes
from expgrade.grading.estimate import Estimate

GoldMethod = Literal["majority", "dawid-skene", "mace"]
GOLD_METHODS: tuple[GoldMethod, ...] = ("majority", "dawid-skene", "mace")
#: how a calibration forms its gold: a method of the raters' labels, or an adjudicator's
#: decision where there is one and the majority elsewhere (`calibration.analysis.calibrate_frame`)
GoldRule = Literal["majority", "dawid-skene", "mace", "adjudicated"]
_EPS = 1e-10


@dataclass(frozen=True)
class Competence:
    annotator: str
    n: int
    accuracy: Estimate


@dataclass(frozen=True)
class GoldLabels:
    """The gold label per item (−1: none), how it was formed, and each annotator's competence."""

    method: GoldMethod
    gold: IntArray
    ties: int
    competence: list[Competence]
    posterior: FloatArray | None = None


def _one_hot(humans: IntArray, k: int) -> FloatArray:
    """(n, m, k) indicators of each annotator's label."""
    out = np.zeros((*humans.shape, k))
    i, j = np.nonzero(humans >= 0)
    out[i, j, humans[i, j]] = 1.0
    return out


def _wald(values: FloatArray, confidence: float) -> Estimate:
    mean = float(values.mean())
    half = z_value(confidence) * float(values.std()) / np.sqrt(values.size)
    return Estimate(mean, max(0.0, mean - half), min(1.0, mean + half), n=values.size)


def _wilson(successes: int, n: int, confidence: float) -> Estimate:
    """Wilson's score interval for a proportion (Wilson 1927): sound near 0 and 1, where most
    annotators sit."""
    if n == 0:
        return Estimate(float("nan"), float("nan"), float("nan"), n=0)
    z = z_value(confidence)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return Estimate(p, float(centre - half), float(centre + half), n=n)


def dawid_skene(
    humans: IntArray, k: int, n_iter: int = 100, tol: float = 1e-5
) -> tuple[FloatArray, FloatArray]:
    """Posterior over the true label of each item (n, k) and the confusion matrices (m, k, k),
    e[j, y, c] = P(annotator j says y | truth c). Items nobody labelled get a uniform row."""
    y = _one_hot(humans, k)
    labelled = (humans >= 0).any(axis=1)
    y_l = y[labelled]
    votes = y_l.sum(axis=1)
    posterior = votes / votes.sum(axis=1, keepdims=True)

    def m_step(t: FloatArray) -> tuple[FloatArray, FloatArray]:
        counts = np.einsum("ijy,ic->jyc", y_l, t)
        counts = np.clip(counts, _EPS, None)
        errors = counts / counts.sum(axis=1, keepdims=True)
        return np.clip(t.mean(axis=0), _EPS, None), errors

    priors, errors = m_step(posterior)
    per_item = y_l.sum(axis=(1, 2))
    n_labels = float(per_item.sum())
    loss = -np.inf
    for _ in range(n_iter):
        log_like = np.log(priors) + np.einsum("ijy,jyc->ic", y_l, np.log(errors))
        posterior = np.exp(log_like - log_like.max(axis=1, keepdims=True))
        posterior /= posterior.sum(axis=1, keepdims=True)
        priors, errors = m_step(posterior)
        # crowd-kit's bound counts the prior once per label, not once per item; its stopping
        # rule is followed so that the two stop at the same iteration
        joint = per_item[:, None] * np.log(priors) + np.einsum("ijy,jyc->ic", y_l, np.log(errors))
        clipped = np.clip(posterior, _EPS, None)
        elbo = float((posterior * joint).sum() - (np.log(clipped) * clipped).sum()) / n_labels
        if elbo - loss < tol:
            break
        loss = elbo
    full = np.full((humans.shape[0], k), 1.0 / k)
    full[labelled] = posterior
    return full, errors


def mace(humans: IntArray, k: int, n_iter: int = 50) -> tuple[FloatArray, FloatArray]:
    """Posterior over the true label of each item (n, k) and each annotator's competence θ_j
    (the probability that it knows rather than guesses), by variational EM."""
    m = humans.shape[1]
    y = _one_hot(humans, k)
    labelled = (humans >= 0).any(axis=1)
    y_l, h = y[labelled], humans[labelled]
    # start from agreement with the majority: a symmetric start is a saddle point of the likelihood
    majority = y_l.sum(axis=1)
    agree = (y_l * (majority == majority.max(axis=1, keepdims=True))[:, None, :]).sum(axis=2)
    knows = np.clip(agree.sum(axis=0) / np.maximum(y_l.sum(axis=(0, 2)), 1), 0.05, 0.95)
    spams = 1.0 - knows
    guess = np.full((m, k), 1.0 / k)
    prior_know = np.array([0.5, 0.5])  # Beta(α = 0.5 spam, β = 0.5 know)
    prior_guess = 10.0
    present = h >= 0
    hh = np.maximum(h, 0)
    for step in range(n_iter + 1):
        # P(y_ij | truth c) = θ_j [y = c] + (1 − θ_j) ξ_j(y)
        guess_y = guess[np.arange(m)[None, :], hh]  # (n, m)
        like = knows[None, :, None] * y_l + spams[None, :, None] * guess_y[:, :, None]
        like = np.where(present[:, :, None], like, 1.0)
        joint = np.prod(like, axis=1) / k  # (n, c)
        marginal = joint.sum(axis=1, keepdims=True)
        posterior = joint / marginal
        # P(knows | y, truth c) for each label: θ[y = c] / (θ[y = c] + (1 − θ) ξ(y))
        know_given_c = (knows[None, :, None] * y_l) / like
        knew = np.where(present, (posterior[:, None, :] * know_given_c).sum(axis=2), 0.0)
        guessed = np.where(present, 1.0 - knew, 0.0)
        know_counts = np.stack([guessed.sum(axis=0), knew.sum(axis=0)], axis=1)  # (m, [spam, know])
        guess_counts = np.einsum("ij,ijy->jy", guessed, y_l)
        if step == n_iter:
            break
        # variational M-step: exp(ψ(count + prior)) / exp(ψ(total + priors)), not a plain ratio
        both = np.exp(digamma(know_counts + prior_know)) / np.exp(
            digamma((know_counts + prior_know).sum(axis=1, keepdims=True))
        )
        spams, knows = both[:, 0], both[:, 1]
        guess = np.exp(digamma(guess_counts + prior_guess)) / np.exp(
            digamma((guess_counts + prior_guess).sum(axis=1, keepdims=True))
        )
    full = np.full((humans.shape[0], k), 1.0 / k)
    full[labelled] = posterior
    return full, knows


def _argmax_gold(posterior: FloatArray, labelled: np.ndarray) -> tuple[IntArray, int]:
    top = posterior.max(axis=1, keepdims=True)
    tied = labelled & (np.isclose(posterior, top, rtol=0, atol=1e-12).sum(axis=1) > 1)
    gold = np.where(labelled & ~tied, posterior.argmax(axis=1), -1).astype(np.int64)
    return gold, int(tied.sum())


def gold_labels(
    humans: IntArray, names: list[str], k: int, method: GoldMethod = "majority", confidence: float = 0.95
) -> GoldLabels:
    """The gold label of every item by `method`, with each annotator's competence (see the
    module docstring). `humans` is (n, m): annotator j's category code on item i, −1 for none."""
    if method not in GOLD_METHODS:
        raise ValueError(f"method must be one of {', '.join(GOLD_METHODS)}; got {method!r}")
    h = np.asarray(humans)
    if h.ndim != 2 or h.shape[1] != len(names):
        raise ValueError(f"humans must be (items, annotators) with {len(names)} columns; got {h.shape}")
    h = check_codes(h.ravel(), "humans", max(k, 1)).reshape(h.shape)
    y = _one_hot(h, k)
    labelled = np.asarray((h >= 0).any(axis=1), dtype=bool)
    if method == "majority":
        gold, ties = plurality(y.sum(axis=1))
        counts = y.sum(axis=1)
        competence = []
        for j, name in enumerate(names):
            others, _ = plurality(counts - y[:, j, :])
            rows = (h[:, j] >= 0) & (others >= 0)
            competence.append(
                Competence(
                    name,
                    int(rows.sum()),
                    _wilson(int((h[rows, j] == others[rows]).sum()), int(rows.sum()), confidence),
                )
            )
        return GoldLabels(method, gold, ties, competence)
    posterior = dawid_skene(h, k)[0] if method == "dawid-skene" else mace(h, k)[0]
    gold, ties = _argmax_gold(posterior, labelled)
    competence = []
    for j, name in enumerate(names):
        rows = h[:, j] >= 0
        per_item = (posterior[rows] * y[rows, j, :]).sum(axis=1)
        accuracy = (
            _wald(per_item, confidence)
            if rows.any()
            else Estimate(float("nan"), float("nan"), float("nan"), n=0)
        )
        competence.append(Competence(name, int(rows.sum()), accuracy))
    return GoldLabels(method, gold, ties, competence, posterior)
