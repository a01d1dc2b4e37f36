"""Whole numbers said in words, as a person types a bid at the table: `bid three`, `bid one hundred and twenty`,
«خواندن صد و بیست و پنج». Only a run of number words read whole becomes digits; anything else is left as typed."""

from __future__ import annotations

import re

TO_ASCII = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩", "01234567890123456789")  # Persian and Arabic-Indic digits
EN = {**dict(zip("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen"
                 " sixteen seventeen eighteen nineteen".split(), range(20))),
      **dict(zip("twenty thirty forty fifty sixty seventy eighty ninety".split(), range(20, 100, 10)))}
FA = {**dict(zip("صفر یک دو سه چهار پنج شش هفت هشت نه ده یازده دوازده سیزده چهارده پانزده شانزده هفده هجده نوزده"
                 .split(), range(20))),
      "شیش": 6, "پونزده": 15, "شونزده": 16, "هیجده": 18,
      **dict(zip("بیست سی چهل پنجاه شصت هفتاد هشتاد نود".split(), range(20, 100, 10))),
      **dict(zip("صد دویست سیصد چهارصد پانصد ششصد هفتصد هشتصد نهصد".split(), range(100, 1000, 100))),
      "یکصد": 100}
HUNDRED = {"hundred": 100}  # `two hundred`: times the number before it
THOUSAND = {"thousand": 1000, "هزار": 1000}
AND = {"and", "و"}


def read_number(words: list[str]) -> int | None:
    """The number a run of number words says (`one hundred and twenty five`, «صد و بیست و پنج», `twenty-five`),
    or None where the words are not one number (a word of no number, two numbers side by side)."""
    words = [w.lower() for part in words for w in part.split("-")]
    if not words or words[0] in AND or words[-1] in AND:
        return None
    total, part, last = 0, None, None  # `last`: the place of the word before (1 units, 10 tens, 100 hundreds)
    for word in words:
        if word in AND:
            continue
        if word in THOUSAND or word in HUNDRED:
            scale = THOUSAND.get(word) or HUNDRED[word]
            if total or scale == 100 and part is not None and part >= 100:
                return None  # `hundred hundred`, `thousand thousand`: not one number
            if scale == 1000:
                total, part, last = (part or 1) * 1000, None, 1000
            else:
                part, last = (part or 1) * 100, 100
            continue
        value = EN.get(word, FA.get(word))
        if value is None:
            return None
        place = 100 if value >= 100 else 10 if value >= 20 else 1
        if not _follows(last, value):
            return None  # `twenty thirty`, `five six`: two numbers, not one
        part, last = (part or 0) + value, place
    return total + (part or 0)


def _follows(last: int | None, value: int) -> bool:
    """May a number word of `value` come after one of place `last`? After hundreds (or thousands) anything
    smaller; after tens, a unit; after a unit or a teen, nothing."""
    if last is None:
        return True
    if last >= 100:
        return value < last
    return last == 10 and value < 10


NUMBER_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")


def digits_for_words(text: str) -> str:
    """`text` with its words after the first (a move's verb) read as one number, where they all are: `bid three`
    → `bid 3`, and digits with zeros before them as the number (`bid 0120` → `bid 120`); else as it is."""
    verb, _, rest = text.partition(" ")
    words = rest.split()
    if len(words) == 1 and words[0].isascii() and words[0].isdigit() and words[0].startswith("0"):
        return f"{verb} {int(words[0])}"
    if not words or not all(NUMBER_WORD.fullmatch(w) for w in words):
        return text
    number = read_number(words)
    return text if number is None else f"{verb} {number}"


def in_words(n: int, lang: str = "en") -> str:
    """A whole number from 0 to 999 as a person says it (`one hundred and twenty`, «صد و بیست»), as `read_number`
    reads it back; digits past that."""
    if not 0 <= n < 1000:
        return str(n)
    names = {v: k for k, v in reversed((FA if lang == "fa" else EN).items())}  # (the first spelling of each)
    hundreds, rest = divmod(n, 100)
    tens = [] if not rest and n else [names[rest]] if rest in names else [names[rest - rest % 10], names[rest % 10]]
    if lang == "fa":
        return " و ".join(([names[100 * hundreds]] if hundreds else []) + tens)
    first = [f"{names[hundreds]} hundred"] if hundreds else []
    return " and ".join(first + ["-".join(tens)] if tens else first)
