"""Cheap disguises folded away before any injection layer reads a text.

Compatibility forms (full-width letters), zero-width and Unicode tag characters ("ASCII
smuggling"), common Cyrillic and Greek homoglyphs: folded so "Іgnоrе" reads "Ignore" for the
pattern layer and the learned layer alike.
"""

from __future__ import annotations

import unicodedata

_INVISIBLE = dict.fromkeys(
    map(ord, "\u200b\u200c\u200d\u200e\u200f\u2060\u2061\u2062\u2063\u2064\ufeff\u00ad\u180e")
)
# Unicode tag characters (U+E0020..U+E007E) mirror ASCII and render as nothing ("ASCII smuggling").
_TAGS = {0xE0000 + c: chr(c) for c in range(0x20, 0x7F)} | {0xE0001: None, 0xE007F: None}
# Cyrillic and Greek letters that look like Latin ones: folded so "Іgnоrе" reads "Ignore".
_HOMOGLYPHS = str.maketrans(
    "АВЕКМНОРСТХаеорсухіјѕԁԛԝІЈЅΑΒΕΖΗΙΚΜΝΟΡΤΥΧαοιν",
    "ABEKMHOPCTXaeopcyxijsdqwIJSABEZHIKMNOPTYXaoiv",
)
_FOLD = {**_INVISIBLE, **_TAGS}


def normalize(text: str) -> str:
    """Fold the cheap disguises: compatibility forms, invisible and tag characters, homoglyphs."""
    return unicodedata.normalize("NFKC", text).translate(_FOLD).translate(_HOMOGLYPHS)
