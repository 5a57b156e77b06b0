"""Rewrite ``RULES N`` citations as citations of the rules pages in ``docs/rules/``.

The tests and the source used to cite ``RULES N. Heading``, sections of a
digest that is not in this repository. Each rule now has a Sphinx label on a
page of ``docs/rules/`` (``.. _norwegian-buying:``). This script finds every
``RULES N`` citation in the files given, picks the label from the section
number and the words that follow, and

- rewrites the citation text to ``docs/rules/<page>.rst, <label>`` (so
  ``# RULES 1. Buying: ...`` becomes
  ``# docs/rules/norwegian.rst, norwegian-buying: Buying: ...``);
- in test files (``test_*.py``), marks the test function or class that holds
  the citation with ``@pytest.mark.rule("<label>")`` (several labels in one
  marker), adding ``import pytest`` when the file lacks it.

Usage, from the repository root::

    python scripts/cite_rules.py --check src/remi/game/__init__.py   # list citations and labels, change nothing
    python scripts/cite_rules.py src/remi/game/__init__.py tests/rules/test_x.py   # rewrite in place

Without file arguments it rewrites ``src/remi/*.py`` and ``tests/**/*.py``
except ``tests/conformance/``. It is idempotent: a file without ``RULES N``
citations is left as it is. Citations whose words match no specific rule get
the section's fallback label; ``--check`` marks them with ``(fallback)`` so
they can be reviewed.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from pathlib import Path

#: Section number of RULES.md -> page of docs/rules/.
PAGES = {
    "0": "index",
    "1": "norwegian",
    "2": "swedish",
    "3": "slovenian",
    "4": "kalooki",
    "5": "gin",
    "6": "index",
}

#: (section, pattern on the words after the citation, label); the first match wins.
RULES: list[tuple[str, str, str]] = [
    # 0. Concepts shared by every game
    ("0", r"cannot progress|loop guard|full lap", "shared-round-cannot-progress"),
    ("0", r"cop(y|ies)|more than the pack", "shared-copies"),
    ("0", r"random|seed|chance|clock", "shared-randomness"),
    ("0", r"clockwise|seat i|on .*left|turn order", "shared-turn-order"),
    ("0", r"hand value", "shared-hand-value"),
    ("0", r"natural card", "shared-natural-card"),
    ("0", r"both ways|reads as", "shared-reads-as-set"),
    ("0", r"order of the cards|order-free|never depends on the order", "shared-order-free"),
    ("0", r"notation", "shared-notation"),
    ("0", r"going out", "shared-going-out"),
    ("0", r"joker.*(end|laying)|which end|high end", "shared-joker-end"),
    ("0", r"joker", "shared-joker"),
    ("0", r"concepts: run|\brun\b|wrap|corner", "shared-run"),
    ("0", r"concepts: set|\bset\b", "shared-set"),
    ("0", r"pack|multiset|conservation|card", "shared-pack"),
    # 1. Norwegian Remi
    ("1", r"liverpool|\bcut\b", "norwegian-liverpool-cut"),
    ("1", r"shanghai", "norwegian-shanghai"),
    ("1", r"♠2|spade|twos? wild", "norwegian-spade-twos-wild"),
    ("1", r"buy|bought", "norwegian-buying"),
    ("1", r"jokers on the table|swap|locked", "norwegian-jokers-on-table"),
    ("1", r"stock ru|both piles|pile.*empty|reshuffl|rebuil", "norwegian-stock-runs-out"),
    ("1", r"meld by meld|one meld per action|half laid", "norwegian-contract-meld-by-meld"),
    ("1", r"round 7|round seven|three runs|goes? out.*contract|last contract", "norwegian-round-seven"),
    ("1", r"contract|seven contracts|all down|same-suit", "norwegian-contracts"),
    ("1", r"equipment|players|113|joker count|decks", "norwegian-equipment"),
    ("1", r"melds|at least as many|natural|never both", "norwegian-melds"),
    ("1", r"scori|points|total|values|64|36", "norwegian-scoring"),
    ("1", r"deal|turn|draw|discard|lay off|lay-off", "norwegian-deal-and-turn"),
    ("1", r"variant", "norwegian-variants"),
    # 2. Basic rummy, Swedish and Finnish
    ("2", r"block", "basic-block-rummy"),
    ("2", r"going rummy|rummy doubles", "basic-going-rummy"),
    ("2", r"see how many|stock holds|always see", "basic-stock-visible"),
    ("2", r"house rule|ace high", "basic-house-rules"),
    ("2", r"first dealer|by lot|two players|deal alter|more players", "basic-first-dealer"),
    ("2", r"card just taken|taken discard|the taken|just take", "basic-taken-discard"),
    ("2", r"rearrang", "basic-never-rearranged"),
    ("2", r"turned over|turn(ed)? over|whole pile|stock empty|no winner|deal can end", "basic-turn-over"),
    ("2", r"going out|ends the deal at once", "basic-going-out"),
    ("2", r"match|highest total|target", "basic-match"),
    ("2", r"winner scores|scores the sum|opponents", "basic-scoring"),
    ("2", r"card values|values|ace 1", "basic-values"),
    ("2", r"\brun\b|\bset\b|melds?\b|ace low", "basic-melds"),
    ("2", r"\bdeal\b|10 each|upcard|face up", "basic-deal"),
    ("2", r"turn|draw|lay off|at most one", "basic-turn"),
    # 3. Slovenian remi (51)
    ("3", r"one meld at a time|meld by meld|one meld", "opening-one-meld-at-a-time"),
    ("3", r"before open|after open|lay off|lay-off", "opening-layoffs"),
    ("3", r"opening|\b51\b", "opening-51"),
    ("3", r"joker", "slovenian-jokers"),
    ("3", r"deal|14 cards|15|starter|starti|upcard", "slovenian-deal"),
    ("3", r"equipment|decks|two decks when", "slovenian-equipment"),
    ("3", r"melds|runs|sets|tris|identical", "slovenian-melds"),
    ("3", r"values|ace 10|ace 1\b|joker held", "slovenian-values"),
    ("3", r"scori|shed|total|penalty|match", "slovenian-scoring"),
    # 4. Kalooki
    (
        "4",
        r"keeps? the discard|left for the final discard|no card for the final",
        "kalooki-opening-keeps-discard",
    ),
    ("4", r"kept|keep.*joker|later turn", "kalooki-keep-swapped-joker"),
    ("4", r"swap|joker take|freed|stands for", "kalooki-joker-swap"),
    ("4", r"going out|final discard|discards their last|\+25|plus 25|deal ends", "kalooki-going-out"),
    ("4", r"opening|open|\b51\b|lay off|layi", "kalooki-opening"),
    ("4", r"lowest total|match", "kalooki-scoring"),
    ("4", r"values|ace 11|joker 25", "kalooki-values"),
    ("4", r"sets|runs|ace low|melds|identical", "kalooki-melds"),
    ("4", r"decks|106|13 cards|two 52", "kalooki-equipment"),
    # 5. Gin Rummy
    ("5", r"no jokers exist|joker in|jokers-not|jokers? (is|are) refused", "gin-no-jokers"),
    ("5", r"deadwood only|only their deadwood|loser pays", "gin-loser-deadwood"),
    ("5", r"undercut", "gin-undercut"),
    ("5", r"knock|deadwood at most", "gin-knock"),
    ("5", r"stock's last|last two|void|reserve", "gin-stock-end"),
    ("5", r"match|target", "gin-match"),
    ("5", r"values|ace 1", "gin-values"),
    ("5", r"as a game|play as in|nothing is laid|during play", "gin-play"),
    ("5", r"gin:|twice|scores 25|goes? gin", "gin-gin"),
    ("5", r"52 cards|players|ace low|10 cards|no jokers|deal", "gin-equipment"),
    # 6. What a referee asks
    ("6", r".", "shared-referee"),
]

#: The label a citation gets when its words match nothing above.
FALLBACK = {
    "0": "shared-pack",
    "1": "norwegian-deal-and-turn",
    "2": "basic-turn",
    "3": "opening-51",
    "4": "kalooki-opening",
    "5": "gin-play",
    "6": "shared-referee",
}

_CITATION = re.compile(
    r"RULES(?:\.md)?,?[ \t]*(?:section[ \t]*)?(?P<section>[0-6])"
    r"(?P<more>(?:[ \t]*(?:[,/]|and|–|-)[ \t]*(?:RULES[ \t]*)?[0-6](?![0-9]))*)"
    r"(?P<dot>\.(?![0-9])|:)?"
)


def label_for(section: str, words: str) -> tuple[str, bool]:
    """Return the label for a citation of *section* followed by *words*, and whether it fell back."""
    text = words.lower()
    for number, pattern, label in RULES:
        if number == section and re.search(pattern, text):
            return label, False
    return FALLBACK[section], True


def page_of(label: str) -> str:
    """Return the page (``docs/rules/<page>.rst``) that defines *label*."""
    for number, _pattern, known in RULES:
        if known == label:
            if known.startswith(("basic-going-rummy", "basic-stock-visible")):
                return "finnish"
            return PAGES[number]
    return PAGES[next(n for n, f in FALLBACK.items() if f == label)]


def _citations(line: str, context: str) -> list[tuple[re.Match[str], str, bool]]:
    found = []
    for match in _CITATION.finditer(line):
        label, fell_back = label_for(match.group("section"), line[match.end() :])
        if fell_back:
            label, fell_back = label_for(match.group("section"), context)
        found.append((match, label, fell_back))
    return found


def _enclosing(tree: ast.AST) -> list[tuple[int, int, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef]]:
    spans = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            if isinstance(node, ast.ClassDef) or node.name.startswith("test"):
                spans.append((node.lineno, node.end_lineno or node.lineno, node))
    return spans


def _first_line(node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> int:
    return min([d.lineno for d in node.decorator_list] + [node.lineno])


def rewrite(path: Path, *, check: bool) -> int:
    """Rewrite (or with *check* only list) the citations in *path*; return how many were found."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines(keepends=True)
    is_test = path.name.startswith("test_")
    tree = ast.parse(source) if is_test else None
    spans = _enclosing(tree) if tree is not None else []
    marks: dict[int, list[str]] = {}
    count = 0
    for index, line in enumerate(lines):
        if "RULES" not in line:
            continue
        lineno = index + 1
        inner = [s for s in spans if s[0] <= lineno <= s[1]]
        if not inner and line.lstrip().startswith("#"):
            # A comment block right above a test (or its decorators) cites that test.
            below = index + 1
            while below < len(lines) and lines[below].lstrip().startswith("#"):
                below += 1
            inner = [s for s in spans if s[0] == below + 1 or _first_line(s[2]) == below + 1]
        # The words after the citation, the next two lines and the test's name pick the label.
        context = " ".join(lines[index + 1 : index + 3])
        if inner:
            context += " " + max(inner, key=lambda s: s[0])[2].name.replace("_", " ")
        found = _citations(line, context)
        new = line
        for match, label, fell_back in reversed(found):
            count += 1
            if match.group(0).startswith("RULES.md section"):
                # A whole section: cite the page.
                page = PAGES[match.group("section")]
                if check:
                    print(f"{path}:{lineno}: {match.group(0)!r} -> docs/rules/{page}.rst")
                new = new[: match.start()] + f"docs/rules/{page}.rst" + new[match.end() :]
                continue
            if check:
                flag = " (fallback)" if fell_back else ""
                print(f"{path}:{lineno}: {match.group(0)!r} -> {label}{flag}")
            cite = f"docs/rules/{page_of(label)}.rst, {label}"
            cite += ":" if match.group("dot") else ""
            new = new[: match.start()] + cite + new[match.end() :]
            if inner:
                node = max(inner, key=lambda s: s[0])[2]
                if isinstance(node, ast.ClassDef) or node.name.startswith("test"):
                    # A citation in a method of a test class marks the method if it is a test.
                    first = _first_line(node)
                    bucket = marks.setdefault(first, [])
                    if label not in bucket:
                        bucket.append(label)
        lines[index] = new
    if check or not count:
        return count
    for first in sorted(marks, reverse=True):
        target = lines[first - 1]
        indent = target[: len(target) - len(target.lstrip())]
        labels = ", ".join(f'"{label}"' for label in marks[first])
        lines.insert(first - 1, f"{indent}@pytest.mark.rule({labels})\n")
    text = "".join(lines)
    if marks and not re.search(r"^import pytest$", text, re.MULTILINE):
        text = _add_import(text)
    path.write_text(text, encoding="utf-8")
    return count


def _add_import(text: str) -> str:
    lines = text.splitlines(keepends=True)
    for index, line in enumerate(lines):
        if line.startswith(("import ", "from ")) and not line.startswith("from __future__"):
            lines.insert(index, "import pytest\n")
            return "".join(lines)
    return "import pytest\n" + text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--check", action="store_true", help="list citations, change nothing")
    args = parser.parse_args(argv)
    root = Path(__file__).resolve().parent.parent
    files = args.files or sorted(
        [*root.glob("src/remi/*.py")]
        + [p for p in root.glob("tests/**/*.py") if "conformance" not in p.parts]
    )
    total = sum(rewrite(path, check=args.check) for path in files)
    print(f"{total} citation(s) in {len(files)} file(s).", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
