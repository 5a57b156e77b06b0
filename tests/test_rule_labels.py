"""The rules pages and the tests cite each other: every label a test cites exists, every rule is tested.

A rule on a page of ``docs/rules/`` has a Sphinx label (``.. _norwegian-buying:``);
a test names the rules it checks with ``@pytest.mark.rule("norwegian-buying")``
and source comments cite ``docs/rules/<page>.rst, <label>``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES_DIR = ROOT / "docs" / "rules"

#: Rules that may wait for a test (each label must still exist on a page); empty: every rule is
#: cited. Remove a label here once a test cites it, and keep it short if a rule ever has to wait.
ENGINE_RULES_TESTED_ELSEWHERE: frozenset[str] = frozenset()

_LABEL = re.compile(r"^\.\. _([a-z0-9-]+):\s*$", re.MULTILINE)
_MARK = re.compile(r"pytest\.mark\.rule\(([^)]*)\)")
_CITE = re.compile(r"docs/rules/([a-z]+)\.rst, ([a-z0-9-]+)")


def page_labels() -> dict[str, str]:
    """Every rule label on the rules pages, with its page."""
    labels: dict[str, str] = {}
    for page in sorted(RULES_DIR.glob("*.rst")):
        for label in _LABEL.findall(page.read_text(encoding="utf-8")):
            assert label not in labels, f"{label} is defined twice"
            labels[label] = page.stem
    return labels


def cited_by_tests() -> dict[str, list[str]]:
    """Every label a test marker cites, with the files that cite it."""
    cited: dict[str, list[str]] = {}
    for path in sorted((ROOT / "tests").rglob("*.py")):
        for args in _MARK.findall(path.read_text(encoding="utf-8")):
            for label in re.findall(r"[\"']([^\"']+)[\"']", args):
                cited.setdefault(label, []).append(str(path.relative_to(ROOT)))
    return cited


def test_every_cited_label_exists() -> None:
    labels = page_labels()
    missing = {label: files for label, files in cited_by_tests().items() if label not in labels}
    assert not missing, f"tests cite labels that no page of docs/rules/ defines: {missing}"


def test_every_rule_is_cited_by_a_test() -> None:
    cited = cited_by_tests()
    untested = sorted(set(page_labels()) - set(cited) - ENGINE_RULES_TESTED_ELSEWHERE)
    assert not untested, f"rules that no test cites with @pytest.mark.rule: {untested}"


def test_the_engine_list_is_short_and_real() -> None:
    labels = page_labels()
    assert set(labels) >= ENGINE_RULES_TESTED_ELSEWHERE
    assert not ENGINE_RULES_TESTED_ELSEWHERE, "every rule is cited by a test now"


@pytest.mark.parametrize("folder", ["src", "tests", "scripts"])
def test_source_citations_name_a_real_page_and_label(folder: str) -> None:
    labels = page_labels()
    bad = []
    for path in sorted((ROOT / folder).rglob("*.py")):
        for page, label in _CITE.findall(path.read_text(encoding="utf-8")):
            if labels.get(label) != page:
                bad.append(f"{path.relative_to(ROOT)}: docs/rules/{page}.rst, {label}")
    assert not bad, "citations of labels that are not on that page:\n" + "\n".join(bad)
