"""Instruction-shaped sentences: the second line of defence against prompt injection (issue #26 item 4).

The heuristic in injection.py matches known phrasings. This check looks at the *shape* of one
sentence instead, so a new wording of an old order is still caught where it matters most: in the
sentence a verdict rests on (a classifier's driving sentence, a sentence of a passage an LLM cited).
Evidence talks about the world; an injected order talks to the system about its task and its verdict.
A sentence is instruction-shaped when it carries two of these signals, one of them `task` or
`verdict` (a web page telling "you" to "please" do something is not about the verdict):

- ``addressee``: it speaks to the reader or names the system: you / your / yourself (du, dich, dir,
  euch, vous, tu, usted, ustedes, você, 你, 您), or the assistant / AI / verifier / fact-checker /
  classifier / LLM / language model / chatbot / grader / annotator (with "the", "this", "dear"...).
- ``task``: it names the task's own objects: this / the / that claim, statement, assertion, query,
  input, prompt, passage, excerpt, snippet, document, text above / below; every / each claim; the
  verdict, the final answer; your answer / output / label / rating / response / classification /
  task; "fact-check(ing)"; and the same nouns in German, French, Spanish, Portuguese, Italian and
  Chinese (Behauptung, Aussage, affirmation, afirmación, alegação, affermazione, veredicto, 声明 ...).
- ``directive``: it orders: a first word among the verbs orders begin with (ignore, output, answer,
  respond, reply, return, print, say, write, classify, label, mark, rate, treat, regard, consider,
  assume, pretend, act, note, remember, ensure, make, set, choose, select, give, state, conclude,
  decide, judge, flag, report, disregard, forget, override, follow, obey, use, do, don't, never,
  always, kindly, please, stop, skip, change, switch, override, accept, reject, trust, believe), or
  must / should / have to / need(s) to / make sure / be sure to / remember to / do not / don't.
- ``verdict``: it names a verdict as the verifier writes it: Supported, Refuted, No Evidence,
  Ambiguous, SUPPORTS, REFUTES, NOT ENOUGH INFO (capitalised, as prose does not write them), quoted
  labels ("true", 'false', "supported"), "true or false", or verdict / label / classify ... as.

The sentence is read as its skeleton (confusables.py: zero-width and bidi characters dropped, NFKC,
look-alike letters folded), like the heuristic. Measured here: 5 of the 51,135 sentences (titles and
abstract sentences) of the 5,183 SciFact abstracts and 2 of 15,055 sentences of HealthVer and RAMDocs
web evidence are instruction-shaped (tests/engine/test_instruction_shape.py keeps a 0.05 % budget), so
a flag on a driving sentence is worth a look, not proof. Of the 128 phrasings in
tests/fixtures/injection/phrasings.jsonl (written with this rule, so not a held-out measure) the
heuristic flags 86 and this check 108; together every one.
"""
from __future__ import annotations

import re

from factaudit.engine.text.confusables import skeleton

SHAPE = "instruction-shape-1"   # changes when the rule changes

_ADDRESSEE = re.compile(
    r"\b(?:you|your|yours|yourself|yourselves|du|dich|dir|euch|vous|usted|ustedes|voc[eê])\b|(?<!\w)(?:你|您)"
    r"|\b(?:the|this|that|dear|hey|attention|our|any)\s+(?:(?:ai|automated|automatic|language|llm|gpt|neural)\s+)?"
    r"(?:assistant|ai|verifier|fact-?checker|classifier|llm|language\s+model|chatbot|bot|grader|annotator|"
    r"evaluator|reader\s+model|verification\s+system|checking\s+system)s?\b"
    r"|\b(?:ai|llm)\s+(?:assistant|model|system|verifier)s?\b",
    re.I)
_TASK = re.compile(
    r"\b(?:this|the|that|current|present|given|above|following)\s+(?:claim|statement|assertion|query|input|prompt|"
    r"passage|excerpt|snippet|document|text\s+(?:above|below))s?\b"
    r"|\b(?:the|a|its|any)\s+(?:verdict|final\s+answer)s?\b"
    r"|\byour\s+(?:answer|output|label|rating|response|reply|classification|verdict|decision|task)s?\b"
    r"|\b(?:every|each|all|any)\s+(?:claims?|statements?|assertions?)\b"
    r"|\bfact-?check(?:ing|ed)?\b|\bverdicts?\b"
    # the same objects in the other languages BM25 reads (de, fr, es, pt, it, zh)
    r"|\b(?:Urteil|Behauptung|Aussage|affirmation|afirmaci[oó]n|alega[cç][aã]o|afirma[cç][aã]o|affermazione|"
    r"veredicto|veredito|verdetto|verdict)\b|(?:声明|判定|结论|说法)",
    re.I)
_DIRECTIVE_START = re.compile(
    r"(?:^|[:;]\s*)\W*(?:ignore|output|answer|respond|reply|return|print|say|write|classify|label|mark|rate|treat|regard|"
    r"consider|assume|pretend|act|note|remember|ensure|make|set|choose|select|pick|give|state|conclude|decide|"
    r"judge|flag|report|disregard|forget|override|follow|obey|use|do|don't|never|always|kindly|please|stop|skip|"
    r"change|switch|accept|reject|trust|believe|tell|respond|reply|mark|grade|score|tag|count|view|take)\b",
    re.I)
_DIRECTIVE = re.compile(
    r"\b(?:must|should|shall|have\s+to|has\s+to|need\s+to|needs\s+to|make\s+sure|be\s+sure\s+to|remember\s+to|"
    r"do\s+not|don't|never|always|kindly|please)\b|\bbitte\b|\bveuillez\b|\bpor\s+favor\b|请|务必",
    re.I)
_VERDICT = re.compile(
    r"(?-i:\b(?:Supported|Refuted|No\s+Evidence|Ambiguous|SUPPORTED|REFUTED|NO\s+EVIDENCE|AMBIGUOUS|SUPPORTS|REFUTES|"
    r"NOT\s+ENOUGH\s+INFO)\b)"
    r"|[\"'“‘«]\s*(?:supported|refuted|no\s+evidence|ambiguous|supports|refutes|true|false|correct|incorrect)\s*[\"'”’»]"
    r"|\btrue\s+or\s+false\b"
    r"|\b(?:verdict|label|classify|classified|mark|marked|rate|rated|treat|treated)\s+(?:\w+\s+){0,3}?as\s+"
    r"(?:true|false|correct|incorrect|supported|refuted|accurate|inaccurate|valid|invalid|proven|disproven)\b",
    re.I)


# Cheap word tests first: a pattern runs only where one of its words occurs (a set lookup over the
# sentence's words), so most prose costs one split.
_ADDRESSEE_WORDS = frozenset(
    "you your yours yourself yourselves du dich dir euch vous usted ustedes voce você assistant assistants ai "
    "verifier verifiers factchecker factcheckers checker checkers classifier classifiers llm model chatbot bot "
    "grader annotator evaluator system".split())
_TASK_WORDS = frozenset(
    "claim claims statement statements assertion assertions query queries input prompt passage excerpt snippet "
    "document text verdict verdicts answer your factcheck factchecking factchecked urteil behauptung aussage "
    "affirmation afirmación afirmacion alegação alegacao afirmação afirmacao affermazione veredicto veredito "
    "verdetto".split())
_DIRECTIVE_WORDS = frozenset(
    "must should shall have has need needs make be remember do don't dont never always kindly please bitte "
    "veuillez favor".split())
_LABEL_WORDS = frozenset("Supported Refuted Evidence Ambiguous SUPPORTED REFUTED EVIDENCE AMBIGUOUS SUPPORTS "
                         "REFUTES ENOUGH".split())
_QUOTED_WORDS = frozenset("supported refuted evidence ambiguous supports refutes true false correct "
                          "incorrect".split())
_AS_WORDS = frozenset("true false correct incorrect supported refuted accurate inaccurate valid invalid proven "
                      "disproven".split())
_QUOTES = ("\"", "'", "“", "‘", "«")
# punctuation becomes a space (a hyphen disappears: "fact-check" is the word "factcheck")
_SPLIT = str.maketrans({**{c: " " for c in "!\"#$%&()*+,./:;<=>?@[\\]^_`{|}~“”‘’«»"}, "-": ""})
_CJK = re.compile("[\u3400-\u9fff]")


def _may_be_verdict(text: str, words: set[str], low: set[str]) -> bool:
    return (not _LABEL_WORDS.isdisjoint(words) or ("true" in low and "false" in low)
            or (any(q in text for q in _QUOTES) and not _QUOTED_WORDS.isdisjoint(low))
            or ("as" in low and not _AS_WORDS.isdisjoint(low)))


def signals(sentence: str | None, *, need_task_or_verdict: bool = False) -> list[str]:
    """The signals one sentence carries, in the order addressee, task, directive, verdict (with
    `need_task_or_verdict`, [] as soon as it is clear neither is there)."""
    if not sentence or not sentence.strip():
        return []
    text = sentence if sentence.isascii() else skeleton(sentence)[0]   # an ASCII text is its own skeleton
    words = set(text.translate(_SPLIT).split())
    low = {w.lower() for w in words}
    cjk = not text.isascii() and _CJK.search(text) is not None
    task = (cjk or not _TASK_WORDS.isdisjoint(low)) and _TASK.search(text) is not None
    verdict = _may_be_verdict(text, words, low) and _VERDICT.search(text) is not None
    if need_task_or_verdict and not (task or verdict):
        return []
    found = []
    if (cjk or not _ADDRESSEE_WORDS.isdisjoint(low)) and _ADDRESSEE.search(text):
        found.append("addressee")
    if task:
        found.append("task")
    if _DIRECTIVE_START.search(text) or ((cjk or not _DIRECTIVE_WORDS.isdisjoint(low)) and _DIRECTIVE.search(text)):
        found.append("directive")
    if verdict:
        found.append("verdict")
    return found


def instruction_shaped(sentence: str | None) -> list[str]:
    """The signals when the sentence is instruction-shaped (two of them, one the task or a verdict),
    else []."""
    found = signals(sentence, need_task_or_verdict=True)
    if len(found) >= 2 and ("task" in found or "verdict" in found):
        return found
    return []


__all__ = ["SHAPE", "instruction_shaped", "signals"]
