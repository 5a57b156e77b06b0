"""Keep remi's message catalogues: extract the templates, update the PO files, compile them.

remi writes every reason from a template (``msg("...")`` / ``nmsg("...", "...", n)`` in
``src/remi``); the English template is the gettext ``msgid``. The translations live in
``locale/<lang>.po`` (one file per language, for translators' tools), and ``src/remi`` reads them
from Python modules compiled here (``src/remi/_catalogues/<lang>.py``), because remi does no I/O.

Usage (from the repository root, with Babel installed: it is in the ``dev`` extra)::

    python scripts/messages.py extract   # locale/remi.pot from the source
    python scripts/messages.py update    # merge remi.pot into every locale/<lang>.po
    python scripts/messages.py compile   # locale/<lang>.po -> src/remi/_catalogues/<lang>.py
    python scripts/messages.py check     # exit 1 if any of the three is out of date, or a PO is incomplete
    python scripts/messages.py all       # extract, update, compile
    python scripts/messages.py import F.json ...  # put translations from JSON files into the PO files

``tests/test_messages.py`` runs the same checks.
"""

from __future__ import annotations

import ast
import io
import json
import re
import string
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src" / "remi"
LOCALE = ROOT / "locale"
COMPILED = SOURCE / "_catalogues"
LANGUAGES = ("nb", "sv", "fi", "sl")
NAMES = {"nb": "Norwegian (bokmål)", "sv": "Swedish", "fi": "Finnish", "sl": "Slovenian"}
NPLURALS = {"nb": 2, "sv": 2, "fi": 2, "sl": 4}
Key = str | tuple[str, str]


def _codes() -> frozenset[str]:
    tree = ast.parse((SOURCE / "codes.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "ErrorCode":
            sub = node.value
            assert isinstance(sub, ast.Subscript) and isinstance(sub.slice, ast.Tuple)
            return frozenset(e.value for e in sub.slice.elts if isinstance(e, ast.Constant))
    raise SystemExit("scripts/messages.py: no ErrorCode literal in src/remi/codes.py")


def _func_name(call: ast.Call) -> str:
    func = call.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def _message_key(call: ast.Call, path: Path) -> Key | None:
    name = _func_name(call)
    if name not in ("msg", "nmsg"):
        return None
    wanted = 1 if name == "msg" else 2
    args = call.args[:wanted]
    if len(args) < wanted or not all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args):
        raise SystemExit(f"{path}:{call.lineno}: {name}() needs string literal templates (the catalogue key)")
    texts = [a.value for a in args if isinstance(a, ast.Constant)]
    return texts[0] if name == "msg" else (texts[0], texts[1])


def _codes_near(stack: list[ast.AST], codes: frozenset[str]) -> set[str]:
    """The error codes written beside a message: in the call or tuple that holds it."""
    found: set[str] = set()
    for node in reversed(stack):
        if isinstance(node, ast.stmt):
            break
        items = node.args if isinstance(node, ast.Call) else node.elts if isinstance(node, ast.Tuple) else []
        found |= {a.value for a in items if isinstance(a, ast.Constant) and a.value in codes}
        if found:
            break
    return found


def extract() -> dict[Key, tuple[set[str], set[str]]]:
    """Every message template in src/remi: key -> (files, codes written beside it)."""
    codes = _codes()
    found: dict[Key, tuple[set[str], set[str]]] = {}
    trees = {
        path: ast.parse(path.read_text(encoding="utf-8"))
        for path in sorted(SOURCE.rglob("*.py"))
        if COMPILED not in path.parents
    }
    funcs = {f.name: f for tree in trees.values() for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)}
    for path, tree in trees.items():
        for call, stack in _calls(tree, []):
            key = _message_key(call, path)
            if key is not None:
                files, near = found.setdefault(key, (set(), set()))
                files.add(path.relative_to(ROOT).as_posix())
                near |= _codes_near(stack, codes)
    for path, tree in trees.items():
        _indirect_codes(tree, path, codes, found, funcs)
    return found


def _indirect_codes(
    tree: ast.AST,
    path: Path,
    codes: frozenset[str],
    found: dict[Key, tuple[set[str], set[str]]],
    funcs: dict[str, ast.FunctionDef],
) -> None:
    """Codes written beside a variable or a call that holds the message: ``("gap", why)``, ``_fail(code, _text())``."""

    def keys_in(node: ast.AST, depth: int = 0) -> set[Key]:
        out: set[Key] = set()
        for sub in ast.walk(node):
            if isinstance(sub, ast.Call):
                key = _message_key(sub, path)
                if key is not None:
                    out.add(key)
                elif depth < 2 and _func_name(sub) in funcs:
                    out |= keys_in(funcs[_func_name(sub)], depth + 1)
        return out

    for func in (f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)):
        assigned: dict[str, list[ast.AST]] = {}
        for sub in ast.walk(func):
            if isinstance(sub, ast.Assign | ast.AnnAssign) and sub.value is not None:
                targets = sub.targets if isinstance(sub, ast.Assign) else [sub.target]
                for target in targets:
                    if isinstance(target, ast.Name):
                        assigned.setdefault(target.id, []).append(sub.value)
        for sub in ast.walk(func):
            items = sub.args if isinstance(sub, ast.Call) else sub.elts if isinstance(sub, ast.Tuple) else []
            near = {a.value for a in items if isinstance(a, ast.Constant) and a.value in codes}
            if not near:
                continue
            for item in items:
                if isinstance(item, ast.Name):
                    keys = set().union(*(keys_in(v) for v in assigned.get(item.id, [])))
                elif isinstance(item, ast.Call) and _message_key(item, path) is None:
                    keys = keys_in(item)
                else:
                    continue
                for key in keys:
                    found[key][1].update(near)


def _calls(node: ast.AST, stack: list[ast.AST]) -> Iterator[tuple[ast.Call, list[ast.AST]]]:
    if isinstance(node, ast.Call):
        yield node, stack
    stack.append(node)
    for child in ast.iter_child_nodes(node):
        yield from _calls(child, stack)
    stack.pop()


def _template_catalog(lang: str | None = None) -> Catalog:
    catalog = Catalog(
        locale=lang,
        project="remi-rules",
        copyright_holder="the remi authors",
        msgid_bugs_address="https://github.com/remi-rules/remi/issues",
        fuzzy=False,
    )
    for key, (files, near) in sorted(extract().items(), key=lambda item: _sort_key(item[0])):
        comments = [f"code: {', '.join(sorted(near))}"] if near else []
        catalog.add(key, locations=[(f, None) for f in sorted(files)], auto_comments=comments)
    return catalog


def _sort_key(key: Key) -> str:
    return key if isinstance(key, str) else key[0]


def _po_text(catalog: Catalog) -> str:
    out = io.BytesIO()
    write_po(out, catalog, width=100, omit_header=False, sort_output=False, include_lineno=False)
    text = out.getvalue().decode("utf-8")
    return re.sub(r'^"(POT-Creation-Date|PO-Revision-Date|Generated-By): .*\\n"\n', "", text, flags=re.M)


def pot_text() -> str:
    return _po_text(_template_catalog())


def read_language(lang: str) -> Catalog:
    path = LOCALE / f"{lang}.po"
    if not path.exists():
        return Catalog(locale=lang)
    with path.open("rb") as f:
        return read_po(f, locale=lang)


def updated_po_text(lang: str) -> str:
    """locale/<lang>.po with the source's templates: new ones empty, gone ones dropped."""
    template = _template_catalog()
    old = read_language(lang)
    new = _template_catalog(lang)
    new.language_team = f"{NAMES[lang]} <https://github.com/remi-rules/remi/issues>"
    for message in template:
        if not message.id:
            continue
        have = old.get(message.id)
        if have is not None and have.string:
            target = new[message.id]
            target.string = have.string
            target.flags = set(have.flags)
            target.user_comments = list(have.user_comments)
    return _po_text(new)


def fields(template: str) -> set[str]:
    """The placeholder names of a ``str.format`` template."""
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(template) if name}


def problems(lang: str) -> list[str]:
    """What is missing or wrong in locale/<lang>.po against the source."""
    catalog = read_language(lang)
    out = []
    for key in extract():
        message = catalog.get(key if isinstance(key, str) else key[0])
        shown = key if isinstance(key, str) else key[0]
        if (
            message is None
            or not message.string
            or (isinstance(message.string, tuple) and not all(message.string))
        ):
            out.append(f"{lang}: no translation of {shown!r}")
            continue
        if message.fuzzy:
            out.append(f"{lang}: the translation of {shown!r} is marked fuzzy")
        forms = (message.string,) if isinstance(message.string, str) else tuple(message.string)
        if isinstance(key, tuple) and len(forms) != NPLURALS[lang]:
            out.append(f"{lang}: {shown!r} needs {NPLURALS[lang]} plural forms, has {len(forms)}")
        want = fields(key if isinstance(key, str) else key[1]) | fields(shown)
        for form in forms:
            try:
                got = fields(form)
            except ValueError as exc:
                out.append(f"{lang}: the translation of {shown!r} is not a valid template: {exc}")
                continue
            if got != want:
                out.append(
                    f"{lang}: the translation of {shown!r} has placeholders {sorted(got)}, not {sorted(want)}"
                )
    return out


def compiled_text(lang: str) -> str:
    catalog = read_language(lang)
    entries: list[str] = []
    for key in sorted(extract(), key=_sort_key):
        message = catalog.get(key if isinstance(key, str) else key[0])
        if message is None or not message.string or message.fuzzy:
            continue
        value = message.string if isinstance(message.string, str) else tuple(message.string)
        entries.append(f"    {key!r}: {value!r},\n")
    return (
        f'"""The {NAMES[lang]} message catalogue, compiled from locale/{lang}.po by scripts/messages.py:'
        ' do not edit."""\n\n'
        "MESSAGES: dict[object, str | tuple[str, ...]] = {\n" + "".join(entries) + "}\n"
    )


def import_json(paths: list[str]) -> list[str]:
    """Put translations from JSON files (a list of {msgid, msgid_plural?, nb, sv, fi, sl}) into the POs.

    Returns what could not be used: entries whose msgid is not in the source, or a language missing.
    """
    entries = [entry for path in paths for entry in json.loads(Path(path).read_text(encoding="utf-8"))]
    known = {(k if isinstance(k, str) else k[0]): k for k in extract()}
    unused = []
    for lang in LANGUAGES:
        catalog = read_language(lang)
        for entry in entries:
            key = known.get(entry["msgid"])
            text = entry.get(lang)
            if key is None or not text:
                unused.append(
                    f"{lang}: {entry['msgid']!r}"
                    + (" is not in the source" if key is None else " has no translation")
                )
                continue
            string_ = text if isinstance(key, str) else tuple(text)
            have = catalog.get(entry["msgid"])
            if have is not None and have.pluralizable != isinstance(key, tuple):
                catalog.delete(entry["msgid"])  # a message that became (or stopped being) a plural one
                have = None
            if have is None:
                catalog.add(key, string_)
            else:
                have.string = string_
                have.flags.discard("fuzzy")
        out = io.BytesIO()
        write_po(out, catalog, width=100, include_lineno=False)
        (LOCALE / f"{lang}.po").write_bytes(out.getvalue())
    return unused


def _outputs() -> dict[Path, str]:
    out = {LOCALE / "remi.pot": pot_text()}
    for lang in LANGUAGES:
        out[LOCALE / f"{lang}.po"] = updated_po_text(lang)
    return out


def main(argv: list[str]) -> int:
    command = argv[1] if len(argv) > 1 else "check"
    LOCALE.mkdir(exist_ok=True)
    if command == "import":
        for problem in import_json(argv[2:]):
            print(problem)
        main([argv[0], "all"])
        return 0
    if command in ("extract", "all"):
        (LOCALE / "remi.pot").write_text(pot_text(), encoding="utf-8")
    if command in ("update", "all"):
        for lang in LANGUAGES:
            (LOCALE / f"{lang}.po").write_text(updated_po_text(lang), encoding="utf-8")
    if command in ("compile", "all"):
        for lang in LANGUAGES:
            (COMPILED / f"{lang}.py").write_text(compiled_text(lang), encoding="utf-8")
    if command == "check":
        stale = [
            p for p, text in _outputs().items() if not p.exists() or p.read_text(encoding="utf-8") != text
        ]
        stale += [
            COMPILED / f"{lang}.py"
            for lang in LANGUAGES
            if (COMPILED / f"{lang}.py").read_text(encoding="utf-8") != compiled_text(lang)
        ]
        found = [p for lang in LANGUAGES for p in problems(lang)]
        for path in stale:
            print(f"out of date: {path.relative_to(ROOT)} (run: python scripts/messages.py all)")
        for problem in found:
            print(problem)
        return 1 if stale or found else 0
    if command not in ("extract", "update", "compile", "all", "check"):
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
