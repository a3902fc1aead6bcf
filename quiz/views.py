"""The rules page and the practice page with its quiz."""

from __future__ import annotations

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext, ngettext
from django.views.decorators.http import require_safe

from mahjong import TILE_SET
from wording.names import layout_name

from .diagrams.drill import drill_diagram
from .diagrams.practice import hand_figure, quiz_diagram
from .diagrams.rules import EXAMPLE_CODE, example_free_count, rules_figure
from .drill import InvalidPosition, drill_graded, position_from_query, random_position
from .markup import render_body
from .selectors import (
    practice_code_version,
    practice_content_version,
    practice_sections,
    quiz_graded,
    quiz_questions,
    rules_code_version,
    rules_content_version,
    rules_sections,
)

# The rendered sections stay in the cache for a day at most; the key changes at once
# when content or code changes, so this only bounds how long unused keys linger.
RULES_CACHE_SECONDS = 24 * 60 * 60


def play_url(code: str) -> str:
    """The play page, in the active language, starting the game ``code``."""
    return f"{reverse('play')}?{urlencode({'code': code})}"


def render_rules_content(language: str) -> SafeString:
    """The rules page's main content (sections and diagrams) in the active language."""
    tokens = {
        "free-count": example_free_count(),
        "tile-count": len(TILE_SET),
        "example-code": EXAMPLE_CODE,
    }
    example_play_url = play_url(EXAMPLE_CODE)
    guide_url = f"{reverse('play')}?{urlencode({'code': EXAMPLE_CODE, 'guide': 1})}"

    def diagram(name: str) -> str:
        return rules_figure(name, play_url=example_play_url, guide_url=guide_url)

    sections = [
        {
            "slug": section.slug,
            "heading": section.heading,
            "html": render_body(section.body, tokens=tokens, diagram=diagram),
        }
        for section in rules_sections()
    ]
    return mark_safe(render_to_string("quiz/_rules_content.html", {"sections": sections}))


def rules_cache_key(language: str) -> str:
    """Changes with the language, the sections and the code that draws them (the engine
    included)."""
    return f"rules-page:{language}:{rules_content_version()}:{rules_code_version()}"


def rules_content(language: str) -> SafeString:
    """The rendered content, cached per language, content version and code version."""
    key = rules_cache_key(language)
    html = cache.get(key)
    if html is None:
        html = render_rules_content(language)
        cache.set(key, str(html), RULES_CACHE_SECONDS)
    return mark_safe(html)


@require_safe
def rules(request: HttpRequest) -> HttpResponse:
    return render(request, "quiz/rules.html", {"content": rules_content(get_language())})


# -- the practice page ---------------------------------------------------------------

# The quiz depends on the visitor's answers, so the cached sections hold this marker where
# the quiz goes, and each request puts its own graded quiz in its place.
QUIZ_MARKER = "<!-- quiz -->"


def render_practice_content(language: str) -> SafeString:
    """The practice page's sections in the active language, the quiz left as a marker."""
    drawers = {"quiz": lambda: QUIZ_MARKER, "hand": hand_figure}

    def diagram(name: str) -> str:
        drawer = drawers.get(name)
        return drawer() if drawer else ""

    sections = [
        {
            "slug": section.slug,
            "heading": section.heading,
            "html": render_body(section.body, diagram=diagram),
        }
        for section in practice_sections()
    ]
    return mark_safe(render_to_string("quiz/_practice_content.html", {"sections": sections}))


def practice_cache_key(language: str) -> str:
    """The same for the practice page's sections."""
    return f"practice-page:{language}:{practice_content_version()}:{practice_code_version()}"


def practice_content(language: str) -> str:
    """The rendered sections, cached per language, content version and code version."""
    key = practice_cache_key(language)
    html = cache.get(key)
    if html is None:
        html = str(render_practice_content(language))
        cache.set(key, html, RULES_CACHE_SECONDS)
    return html


def render_quiz(request: HttpRequest) -> str:
    """The quiz form, graded from the query string (never cached: it depends on it)."""
    graded = quiz_graded(questions=quiz_questions(), query=request.GET)
    items = [
        {
            "graded": item,
            "number": number,
            "diagram": quiz_diagram(
                item.question.diagram, ident=f"diagram-quiz-{item.question.slug}"
            ),
        }
        for number, item in enumerate(graded, start=1)
    ]
    return render_to_string(
        "quiz/_quiz.html",
        {"items": items, "count": len(items), "action": reverse("practice")},
    )


def render_drill(request: HttpRequest) -> tuple[str, bool]:
    """The drill "Free or blocked?" for the position in the query string (a random one
    when there is none), graded by the engine; and whether the query named a bad one."""
    error = None
    try:
        position = position_from_query(request.GET)
    except InvalidPosition:
        position = None
        error = gettext("That position does not exist. Here is another one.")
    if position is None:
        position = random_position()
    result = drill_graded(position, request.GET if error is None else QueryDict())
    code = position.code
    if position.pairs:
        caption = ngettext(
            # Translators: the drill position's caption. %(code)s: the game code of the
            # deal it comes from; %(layout)s: the layout's name; %(count)s: the pairs
            # removed before the position was taken (1 to 71).
            "From the game %(code)s (%(layout)s), after %(count)s pair was removed.",
            "From the game %(code)s (%(layout)s), after %(count)s pairs were removed.",
            position.pairs,
        )
    else:
        # Translators: the drill position's caption, at the deal's start. %(code)s: the
        # game code of the deal; %(layout)s: the layout's name.
        caption = gettext("From the game %(code)s (%(layout)s), at the start.")
    base = reverse("practice")
    context = {
        "result": result,
        "error": error,
        "action": base,
        "diagram": drill_diagram(
            result.board, position.tile, ident="diagram-drill", answered=result.shown
        ),
        "caption": caption
        % {
            "code": code,
            "layout": layout_name(result.board.code.layout_id),
            "count": position.pairs,
        },
        "next_url": f"{base}?{random_position().query()}#drill",
        "share_url": f"{base}?{position.query()}#drill",
    }
    return render_to_string("quiz/_drill.html", context), error is not None


@require_safe
def practice(request: HttpRequest) -> HttpResponse:
    """The practice page. Grading (the quiz's and the drill's) is a plain GET: nothing is
    stored, no session or cookie is used, and no game in progress is touched."""
    language = get_language()
    drill, bad_position = render_drill(request)
    content = practice_content(language).replace(QUIZ_MARKER, render_quiz(request) + drill, 1)
    return render(
        request,
        "quiz/practice.html",
        {"content": mark_safe(content)},
        status=400 if bad_position else 200,
    )
