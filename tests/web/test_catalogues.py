"""Every string the site marks for translation is translated in every language.

The rule: no English (and no other language's words) on a sv, el, de or id page. Checking
only the catalogues' own entries misses a string that was never extracted, so this runs
``makemessages`` on a copy of the source in a temporary folder (the working tree and its
catalogues are left alone) and checks each extracted msgid against each catalogue: present,
translated (every plural form), not fuzzy.

Needs GNU gettext's ``xgettext`` and ``msguniq`` (Debian's ``gettext``; ``make test``
installs it when missing).
"""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from django.conf import settings

ROOT = Path(settings.BASE_DIR)
LANGUAGES = [code for code, _name in settings.LANGUAGES]
# Only the site's own source: not the tests, tools, collected or installed files.
NOT_SOURCE = {".git", ".venv", "node_modules", "locale", "tests", "bench", "docs", "artifacts"}
NOT_SOURCE_PATTERNS = ("staticfiles", "mutants", "__pycache__", ".*", "*.sqlite3*", "*.mo")


def _domains() -> list[str]:
    """``django``, and ``djangojs`` once the site has a JavaScript catalogue."""
    js = any(ROOT.glob("locale/*/LC_MESSAGES/djangojs.po"))
    return ["django", "djangojs"] if js else ["django"]


@pytest.fixture(scope="module")
def extracted(tmp_path_factory) -> dict[str, dict[tuple[str | None, str], list[str]]]:
    """(msgctxt, msgid) of every string marked in the source, per domain, each with its
    translator comments (``#.``)."""
    if not (shutil.which("xgettext") and shutil.which("msguniq")):
        pytest.fail("GNU gettext is not installed (apt-get install gettext; make test does)")
    copy = tmp_path_factory.mktemp("source") / "site"

    def ignore(directory, names):
        skipped = set(shutil.ignore_patterns(*NOT_SOURCE_PATTERNS)(directory, names))
        if Path(directory) == ROOT:
            skipped |= NOT_SOURCE & set(names)
        return skipped

    shutil.copytree(ROOT, copy, ignore=ignore)
    (copy / "locale").mkdir()
    found = {}
    for domain in _domains():
        subprocess.run(
            [sys.executable, "manage.py", "makemessages", "--locale", "sv", "--domain", domain]
            + ["--keep-pot", "--no-location", "--verbosity", "0"],
            cwd=copy,
            env={**os.environ, "DJANGO_SETTINGS_MODULE": "mahjongsite.settings.test"},
            check=True,
        )
        pot = (copy / "locale" / f"{domain}.pot").read_text(encoding="utf-8")
        # The template's placeholder header ("nplurals=INTEGER") is not for Babel to parse.
        pot = pot.replace("nplurals=INTEGER; plural=EXPRESSION;", "nplurals=2; plural=(n != 1);")
        found[domain] = {
            (m.context, _msgid(m)): list(m.auto_comments) for m in read_po(io.StringIO(pot)) if m.id
        }
    return found


def _msgid(message) -> str:
    return message.id[0] if isinstance(message.id, tuple) else message.id


def test_extraction_finds_the_sites_strings(extracted):
    # A broken copy or extraction must not pass as "nothing to translate": strings from
    # a template, from Python code and from a model are all found.
    msgids = {msgid for _context, msgid in extracted["django"]}
    assert {"Sign in", "No more moves", "rules section"} <= msgids


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_marked_string_is_translated_in_the_catalogue(extracted, lang):
    problems = []
    for domain, wanted in extracted.items():
        path = ROOT / "locale" / lang / "LC_MESSAGES" / f"{domain}.po"
        assert path.exists(), f"no {domain} catalogue for {lang}"
        with path.open("rb") as handle:
            catalog = read_po(handle)
        assert not catalog.fuzzy, f"{path.name} for {lang}: the header is marked fuzzy"
        entries = {(m.context, _msgid(m)): m for m in catalog if m.id}
        for key in sorted(wanted, key=lambda k: (k[0] or "", k[1])):
            message = entries.get(key)
            strings = message.string if message is not None else ()
            strings = strings if isinstance(strings, tuple) else (strings,)
            if message is None:
                problems.append(
                    f"missing: {key[1]!r}" + (f" (context {key[0]!r})" if key[0] else "")
                )
            elif message.fuzzy:
                problems.append(f"fuzzy: {key[1]!r}")
            elif not all(strings):
                problems.append(f"empty: {key[1]!r}")
    assert problems == [], f"{lang}: {len(problems)} problems:\n" + "\n".join(problems)


PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]|%[sd]")


def placeholders(msgid: str) -> list[str]:
    """The names of a msgid's placeholders ("%(count)s" gives "count"; a bare "%d", "")."""
    return [match.group(1) or "" for match in PLACEHOLDER.finditer(msgid)]


def uncommented_templates(entries) -> list[str]:
    """The sentence templates (msgids with a placeholder) whose translator comment is
    missing or does not say what fills each named placeholder."""
    bad = []
    for (_context, msgid), comments in sorted(entries.items(), key=lambda item: item[0][1]):
        names = placeholders(msgid)
        if not names:
            continue
        comment = " ".join(comments)
        if not comment.startswith("Translators:") or any(n and n not in comment for n in names):
            bad.append(msgid)
    return bad


# The one sentence template whose source cannot carry a comment: the first line of the
# password reset mail, a plain-text template with no line before it for one (a comment
# line there would start every mail with an empty line). Its catalogue entries carry one.
NOT_YET_COMMENTED = {
    "Hello %(username)s,",
}


def test_every_sentence_template_tells_translators_what_fills_it(extracted):
    # A translator sees "%(name)s is blocked: %(reason)s." without the page: the comment
    # (#. in the catalogue) says what each placeholder holds, so that the sentence can be
    # built around it in the language's own order and forms.
    missing = set(uncommented_templates(extracted["django"]))
    assert missing - NOT_YET_COMMENTED == set()
    # And the catalogues carry those comments, not an older extraction without them.
    catalog = {(m.context, _msgid(m)): list(m.auto_comments) for m in _catalogue("sv") if m.id}
    assert set(uncommented_templates(catalog)) - NOT_YET_COMMENTED == set()


def test_the_comment_check_finds_a_bare_template():
    entries = {
        (None, "Play %(layout)s"): [],
        (None, "Your place: %(rank)s (%(time)s)"): ["Translators: %(rank)s: the place."],
        (None, "Wait %d seconds"): ["Translators: how long to wait."],
        (None, "Leaderboard: %(layout)s"): ["Translators: %(layout)s: a layout's name."],
        (None, "Sign in"): [],
    }
    assert uncommented_templates(entries) == ["Play %(layout)s", "Your place: %(rank)s (%(time)s)"]


# Entries whose translation is rightly the English word itself, with the reason. Any other
# msgstr equal to its msgid is English left on a translated page (a German "The game goes
# on." passes every other check).
SAME_AS_ENGLISH = {
    # The game's name: the site and the rules call it so in every language.
    (None, "Mahjong Solitaire"): {"sv", "el", "de", "id"},
    # The glossary's Swedish word for a layout is "layout" (en layout, layouten).
    (None, "Layout"): {"sv"},
    (None, "Per layout"): {"sv"},
    # Layout names that are the same word: Swedish "pyramid", "ring", "spiral", German
    # "Ring", Indonesian "spiral".
    ("layout", "Pyramid"): {"sv"},
    ("layout", "Ring"): {"sv", "de"},
    ("layout", "Spiral"): {"sv", "id"},
    # German says "Pause" for a pause, and the button is the glossary's "Pause".
    (None, "Pause"): {"de"},
    # The admin's field label: "parameter" is the Swedish and Indonesian word too.
    (None, "parameter"): {"sv", "id"},
    # Indonesian says "menu" for a menu (KBBI), as its phones do.
    (None, "Menu"): {"id"},
    # Key caps in the help sheet: what the keyboards of these languages print on the keys
    # (German keyboards print "Strg", and "Esc" too).
    ("key", "Ctrl"): {"sv", "el", "id"},
    ("key", "Esc"): {"sv", "el", "de", "id"},
    ("key", "Enter"): {"sv", "el", "id"},
    ("key", "Shift"): {"el", "id"},
    # The board's letter keys: each language's own, which may be the English letter
    # where the word starts with it too (Swedish and German Paus/Pause, Nytt/Neues).
    ("the key for Hint", "H"): {"de"},
    # Indonesian abbreviates nomor as "No.", as English abbreviates number.
    ("a row's number in a table, not a place", "No."): {"id"},
    ("the key for Pause", "P"): {"sv", "de"},
    ("the key for New game", "N"): {"sv", "de"},
}


def _catalogue(lang: str):
    with (ROOT / "locale" / lang / "LC_MESSAGES" / "django.po").open("rb") as handle:
        return read_po(handle)


def english_left(catalog, lang: str) -> list[str]:
    """The msgids of ``catalog`` translated as the English itself, allow-list aside."""
    left = []
    for message in catalog:
        if not message.id:
            continue
        msgids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        allowed = lang in SAME_AS_ENGLISH.get((message.context, msgids[0]), set())
        if not allowed and any(string in msgids for string in strings if string):
            left.append(msgids[0] + (f" (context {message.context!r})" if message.context else ""))
    return left


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_translation_is_left_in_english(lang):
    left = english_left(_catalogue(lang), lang)
    assert left == [], f"{lang}: translated as the English itself: {left}"


def test_the_english_check_finds_english(tmp_path):
    # The check must fail on an entry left in English, and pass the allowed ones.
    (tmp_path / "django.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "The game goes on."\nmsgstr "The game goes on."\n\n'
        'msgid "Pause"\nmsgstr "Pause"\n\n'
        'msgid "Undo %(count)s move"\nmsgid_plural "Undo %(count)s moves"\n'
        'msgstr[0] "%(count)s Zug rückgängig machen"\nmsgstr[1] "Undo %(count)s moves"\n',
        encoding="utf-8",
    )
    with (tmp_path / "django.po").open("rb") as handle:
        catalog = read_po(handle)
    assert english_left(catalog, "de") == ["The game goes on.", "Undo %(count)s move"]
    assert english_left(catalog, "el") == ["The game goes on.", "Pause", "Undo %(count)s move"]


@pytest.mark.parametrize("entry", sorted(SAME_AS_ENGLISH, key=lambda key: key[1]))
def test_every_allowed_english_entry_is_still_in_use(entry):
    # An allow-list entry no catalogue has any more is stale: it would hide a new one.
    for lang in SAME_AS_ENGLISH[entry]:
        message = _catalogue(lang).get(entry[1], context=entry[0])
        assert message is not None and message.string == entry[1], (lang, entry)


# English words that play two parts on the site, each part with its own context, and the
# languages whose translations must differ between them. Swedish heads a column of counts
# with a count ("På topplistan", beside "Spelade", "Vunna") and a yes/no column with
# "Räknas på topplistan"; one bare msgid would force one of them wrong.
SPLIT_ROLES = {
    "Ranked": (
        (
            "how many wins were ranked, a column heading",
            "whether a win was ranked, a column heading",
        ),
        {"sv"},
    ),
    "Undo": ((None, "no more moves dialog"), {"id"}),
}


@pytest.mark.parametrize("msgid", sorted(SPLIT_ROLES))
def test_a_word_in_two_roles_has_a_context_for_each(extracted, msgid):
    contexts, differing = SPLIT_ROLES[msgid]
    used = {context for context, found in extracted["django"] if found == msgid}
    # Each role is marked with its own context, and the word is used in no other way.
    assert used == set(contexts), used
    for lang in LANGUAGES:
        catalog = _catalogue(lang)
        translations = [catalog.get(msgid, context=context).string for context in contexts]
        assert all(translations), (lang, msgid)
        if lang in differing:
            assert len(set(translations)) == len(translations), (lang, translations)
