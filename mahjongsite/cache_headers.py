"""Cache headers for answers that depend on who asks."""

from __future__ import annotations

from django.utils.cache import add_never_cache_headers


class PrivateResponseMiddleware:
    """``Cache-Control: private, no-store`` (and no max-age) on every answer made for one
    visitor: a signed-in player's pages, any page that carries a CSRF token (the play
    page, the account forms), and any page read from a session holding data (the play
    page embeds the visitor's game). A shared cache or the browser's back/forward cache
    must never keep such a page for someone else.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if self._personal(request):
            # Cache-Control: max-age=0, no-cache, no-store, must-revalidate, private
            add_never_cache_headers(response)
        return response

    @staticmethod
    def _personal(request) -> bool:
        if request.META.get("CSRF_COOKIE_NEEDS_UPDATE"):
            return True
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            return True
        session = getattr(request, "session", None)
        return bool(session is not None and session.accessed and not session.is_empty())
