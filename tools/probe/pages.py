"""The probe's requests on the HTML pages and their forms: every page under every language
prefix with every method, bad and huge query strings, odd addresses, malformed and
oversized form bodies, unicode garbage in the accounts' forms, the admin's sign-in and
the password-reset flow."""

from __future__ import annotations

import secrets
from urllib.parse import quote

from .client import Site, Visitor
from .garbage import RAW_ENCODED, TEXTS, query_values, quoted
from .tally import LANGUAGES

#: The pages under each language prefix.
PAGES = [
    "",
    "play/",
    "daily/",
    "rules/",
    "practice/",
    "stats/",
    "leaderboard/",
    "editor/",
    "privacy/",
    "offline/",
    "manifest.webmanifest",
    "accounts/",
    "accounts/signup/",
    "accounts/login/",
    "accounts/logout/",
    "accounts/password/",
    "accounts/password/done/",
    "accounts/delete/",
    "accounts/data/",
    "accounts/password/reset/",
    "accounts/password/reset/sent/",
    "accounts/password/reset/complete/",
    "accounts/password/reset/MQ/set-password/",
    "no-such-page/",
]
#: The addresses outside the language prefixes.
ROOT_PATHS = [
    "/",
    "/robots.txt",
    "/sitemap.xml",
    "/manifest.json",
    "/sw.js",
    "/favicon.ico",
    "/layouts/L00.svg",
    "/layouts/L99.svg",
    "/admin/",
    "/admin/login/",
    "/admin/auth/user/",
    "/xx/play/",
    "/en/play/",
]
METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND", "M"]
#: The query parameters the pages read.
PARAMETERS = ["code", "layout", "daily", "day", "guide", "v", "drill", "pairs", "tile", "lang"]
PARAMETERS += ["next", "show", "answer", "page"]
#: Addresses that are odd in themselves.
ODD_PATHS = [
    "/sv/play/%00",
    "/%00",
    "/sv/%00/",
    "/api/games/%00",
    "/api/games/%00/tap",
    "/sv/%ff%fe/",
    "/sv/play/..%2f..%2fetc%2fpasswd",
    "/sv/../../etc/passwd",
    "//sv//play//",
    "/sv/play/;x=1",
    "/sv/play/?",
    "/sv/play/#frag",
    "/" + "a" * 3000,
    "/sv/" + "a/" * 2000,
    "/api/" + "x" * 7000,
    "/sv/" + "%e2%82%ac" * 1500,
    "/layouts/" + "%00" * 100 + ".svg",
    "/layouts/" + "L" * 5000 + ".svg",
    "/static/%2e%2e/%2e%2e/settings.py",
    "/static/" + "x" * 4000 + ".js",
    "/api/games/" + "f" * 5000,
    "/api/layouts/99999999999999999999999999",
    "/api/layouts/99999999999999999999999999.layout",
    "/api/layouts/-1",
]


def every_page(site: Site) -> None:
    """Each page in each language, with each method, signed out and signed in."""
    for signed_in in (False, True):
        visitor = Visitor(site)
        visitor.get("open", "/sv/play/")
        if signed_in:
            sign_up(visitor, "probe" + secrets.token_hex(4))
        for language in LANGUAGES:
            visitor.language = language
            for page in PAGES:
                for method in METHODS:
                    body = b"" if method in ("POST", "PUT", "PATCH") else None
                    visitor.send(f"page {method}", method, f"/{language}/{page}", body)
        for path in ROOT_PATHS:
            for method in METHODS:
                body = b"" if method in ("POST", "PUT", "PATCH") else None
                visitor.send(f"root {method}", method, path, body)


def bad_queries(site: Site) -> None:
    """Every parameter the pages read, with every garbage value, on each page."""
    visitor = Visitor(site)
    visitor.get("open", "/sv/play/")
    values = query_values()
    for page in ("play/", "daily/", "practice/", "rules/", "leaderboard/", "stats/"):
        for name in PARAMETERS:
            for value in values:
                visitor.get("query", f"/sv/{page}?{name}={value}")
        visitor.get("query repeated", f"/sv/{page}?code=a&code=b&layout=L00&layout=L01")
        visitor.get("query no value", f"/sv/{page}?code&layout&day&drill")
        visitor.get("query odd name", f"/sv/{page}?%ff%fe=1&%00=2&a[]=3&=4")
        visitor.get("query 6k", f"/sv/{page}?code=" + "A" * 6000)
        visitor.get("query 20k", f"/sv/{page}?code=" + "A" * 20000)
        visitor.get("query many", f"/sv/{page}?" + "&".join(f"p{i}=1" for i in range(1200)))
    for language in LANGUAGES:
        visitor.language = language
        visitor.get("drill", f"/{language}/practice/?drill=MJ1-L00-AAAAABL&pairs=-1&tile=1e9")
        visitor.get("drill", f"/{language}/practice/?drill=MJ1-L00-AAAAABL&pairs=72&tile=0")
        visitor.get("drill", f"/{language}/practice/?drill=MJ1-L05-AAAAABL&pairs=0&tile=%00")
        visitor.get("day", f"/{language}/daily/?day=0001-01-01&layout=L00")
        visitor.get("day", f"/{language}/daily/?day=9999-12-31")
        visitor.get("code", f"/{language}/play/?code=MJ1-L00-AAAAABL&day=0001-01-01")
        visitor.get("code", f"/{language}/play/?guide=1&code=%00")


def odd_addresses(site: Site) -> None:
    visitor = Visitor(site)
    visitor.get("open", "/sv/play/")
    for path in ODD_PATHS:
        for method in ("GET", "POST", "TRACE"):
            body = b"" if method == "POST" else None
            visitor.send(f"odd {method}", method, path, body)
    # Raw bytes, not percent-encoded, in the address and in a header.
    visitor.send("raw path", "GET", b"/sv/play/\xff\xfe\xc0")
    visitor.send("raw path", "GET", "/sv/spela/ÅÄÖ/")
    visitor.send("raw path", "GET", b"/api/games/\xed\xa0\x80")
    visitor.send("raw header", "GET", "/sv/", headers={"Accept-Language": "\xff\xfe"})
    visitor.send("long header", "GET", "/sv/", headers={"Accept-Language": "sv," * 3000})
    visitor.send("odd host", "GET", "/sv/", headers={"Host": "evil.example"})
    visitor.send("no host", "GET", "/sv/", headers={"Host": None})
    visitor.send("bad cookie", "GET", "/sv/play/", headers={"Cookie": "sessionid=\x7f\xff;;=;a"})
    visitor.send("bad session", "GET", "/sv/play/", headers={"Cookie": "sessionid=" + "x" * 4000})
    visitor.send("forwarded", "GET", "/sv/", headers={"X-Forwarded-For": "x, %00, ::::"})


#: Requests that are not well-formed HTTP (the servers in front answer them).
MALFORMED_HTTP = [
    b"GET /sv/ HTTP/1.1\r\n\r\n",
    b"GET /sv/ HTTP/1.0\r\n\r\n",
    b"GET\r\n\r\n",
    b"GET /sv/ HTTP/9.9\r\nHost: 127.0.0.1\r\n\r\n",
    b"GET /sv/ FOO/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    b"GET /sv/ HTTP/1.1\r\nHost: 127.0.0.1\r\nNoColon\r\n\r\n",
    b"GET /sv/ HTTP/1.1\r\nHost: 127.0.0.1\r\n Folded: x\r\n\r\n",
    b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: -1\r\n\r\n",
    b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1e3\r\n\r\n",
    b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 99999999999999999999\r\n\r\n",
    b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\n"
    b"Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
    b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n"
    b"zz\r\n{}\r\n0\r\n\r\n",
    b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n"
    b"Connection: close\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
    b"GET /sv/ HTTP/1.1\r\nHost: 127.0.0.1\r\n" + b"X-A: b\r\n" * 200 + b"\r\n",
]


def malformed_http(site: Site) -> None:
    for raw in MALFORMED_HTTP:
        path = raw.split(b" ")[1] if raw.count(b" ") > 1 else b"/"
        site.exchange("malformed http", raw.split(b" ")[0][:8].decode("latin-1"), path, raw)


def sign_up(visitor: Visitor, username: str, email: str = "") -> None:
    password = "tile-pair-72-free"
    fields = f"username={quote(username)}&email={quote(email)}"
    fields += f"&password1={password}&password2={password}"
    visitor.post_form("sign-up", f"/{visitor.language}/accounts/signup/", fields)


FORMS = {
    "accounts/signup/": ["username", "email", "password1", "password2"],
    "accounts/login/": ["username", "password"],
    "accounts/password/reset/": ["email"],
}
SIGNED_IN_FORMS = {
    "accounts/password/": ["old_password", "new_password1", "new_password2"],
    "accounts/delete/": ["password"],
    "accounts/logout/": [],
}


def forms(site: Site) -> None:
    """Each form with garbage in each field, oversized, malformed and of the wrong type."""
    for signed_in, pages in ((False, FORMS), (True, SIGNED_IN_FORMS)):
        visitor = Visitor(site)
        visitor.get("open", "/sv/play/")
        for language in LANGUAGES:
            visitor.language = language
            if signed_in:
                sign_up(visitor, "probe" + secrets.token_hex(4))
            for page, names in pages.items():
                path = f"/{language}/{page}"
                if page == "accounts/logout/":
                    continue
                values = [quoted(t) for t in TEXTS] + RAW_ENCODED
                for value in values if language == "sv" else values[:6]:
                    visitor.post_form("form", path, "&".join(f"{n}={value}" for n in names))
                visitor.post_form("form huge", path, f"{names[0]}=" + "x" * 3_000_000)
                visitor.post_form("form many", path, "&".join(f"f{i}=1" for i in range(1500)))
                visitor.post_form("form repeated", path, "&".join(f"{n}=a&{n}=b" for n in names))
                visitor.post_form(
                    "form charset", path, "username=a", content_type=_FORM + "; charset=nope"
                )
                visitor.post_form("form utf16", path, "username=a", content_type=_FORM16)
                visitor.post_form("form as json", path, "{}", content_type="application/json")
                visitor.post_form("form text", path, "username=a", content_type="text/plain")
                visitor.post_form("multipart", path, "x", content_type="multipart/form-data")
                visitor.post_form("multipart", path, _MULTIPART, content_type=_MULTIPART_TYPE)
                visitor.post_form("multipart", path, "--b--", content_type=_MULTIPART_TYPE)
                visitor.send("no csrf", "POST", path, "username=a", content_type=_FORM, csrf=False)
                visitor.send("csrf only header", "POST", path, "", content_type=_FORM)
            visitor.post_form("logout", f"/{language}/accounts/logout/", "")


_FORM = "application/x-www-form-urlencoded"
_FORM16 = _FORM + "; charset=utf-16"
_MULTIPART_TYPE = "multipart/form-data; boundary=b"
_MULTIPART = (
    '\r\n--b\r\nContent-Disposition: form-data; name="username"\r\n\r\n\x00\xff\r\n'
    '--b\r\nContent-Disposition: form-data; name="f"; filename="../../x\x00.layout"\r\n'
    "Content-Type: application/octet-stream\r\n\r\n" + "\x00" * 500 + "\r\n--b--\r\n"
)


def admin(site: Site) -> None:
    """The admin's sign-in with garbage, and its pages signed out."""
    visitor = Visitor(site)
    visitor.get("open", "/sv/play/")
    for value in [quoted(t) for t in TEXTS] + RAW_ENCODED:
        visitor.post_form("admin login", "/admin/login/", f"username={value}&password={value}")
        visitor.get("admin next", f"/admin/login/?next={value}")
    for path in ("/admin/auth/user/1/change/", "/admin/jsi18n/", "/admin/logout/", "/admin/x"):
        for method in ("GET", "POST"):
            visitor.send("admin page", method, path, b"" if method == "POST" else None)


def password_reset(site: Site) -> None:
    """The reset flow: asking for a link, and links with made-up and garbage parts."""
    owner = Visitor(site)
    owner.get("open", "/sv/play/")
    email = f"probe{secrets.token_hex(4)}@example.com"
    sign_up(owner, "probe" + secrets.token_hex(4), email)
    visitor = Visitor(site)
    visitor.get("open", "/sv/play/")
    for language in LANGUAGES:
        visitor.language = language
        path = f"/{language}/accounts/password/reset/"
        visitor.post_form("reset", path, f"email={quote(email)}")
        visitor.post_form("reset", path, f"email={quote(email.upper())}")
        visitor.post_form("reset", path, "email=" + quote("a@" + "b" * 300 + ".se"))
        for uid in ("MQ", "MA", "AAAA", "%00", "x" * 300, quote("ÅÄÖ"), "-1", "%ff"):
            for token in ("set-password", "abc-123", "x" * 300, "%00", "1-1"):
                reset = f"/{language}/accounts/password/reset/{uid}/{token}/"
                visitor.get("reset link", reset)
                visitor.post_form("reset link", reset, "new_password1=a&new_password2=a")
    for text in TEXTS[:8]:
        visitor.post_form("reset", "/sv/accounts/password/reset/", f"email={quoted(text)}")
