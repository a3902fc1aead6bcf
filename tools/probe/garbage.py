"""What the probe sends where a client may type or send anything: text that is hard to
store, decode, compare or show, as characters and as the raw bytes of a query or form."""

from __future__ import annotations

from urllib.parse import quote

#: Text a client may type (each is also sent percent-encoded as UTF-8).
TEXTS = [
    "",
    " ",
    "\x00",
    "a\x00b",
    "\u202eevil",  # right-to-left override
    "Ω≈ç√∫˜µ≤≥÷",
    "👩‍👩‍👧‍👦🀄🀅",
    "ｐｒｏｂｅ",  # full-width: NFKC makes it "probe"
    "ǅ\u0130\u0131ß\u03a3\u03c2",  # letters whose case folding differs
    "e\u0301" * 50,  # combining marks
    "\ufeff\u200b\u2060",  # invisible
    "<script>alert(1)</script>",
    "' OR '1'='1' --",
    "%s%n%x{0}${x}{{x}}",
    "../../../../etc/passwd",
    "MJ1-L00-AAAAABL\n",
    "MJ1-LZZ-ZZZZZZZ",
    "MJ1-L00-" + "A" * 500,
    "L" + "9" * 40,
    "9" * 400,
    "-1",
    "1e309",
    "NaN",
    "x" * 5000,
]

#: Raw bytes a client may put in a query or form instead of valid percent-encoded UTF-8.
RAW_ENCODED = [
    "%ff%fe",
    "%c0%af",  # overlong "/"
    "%ed%a0%80",  # a UTF-16 surrogate written as UTF-8
    "%00",
    "%",
    "%zz",
    "%u0041",
]

#: JSON bodies, each well-formed or not, for every JSON endpoint.
JSON_BODIES: list[bytes] = [
    b"",
    b"{",
    b"}",
    b"null",
    b"[]",
    b"[1, 2]",
    b'"text"',
    b"0",
    b"1e999999",
    b"NaN",
    b"Infinity",
    b"{}",
    b'{"": null}',
    b'{"tile": 1e400}',
    b'{"tile": -1e400}',
    b'{"tile": 99999999999999999999999999999}',
    b'{"tile": -1}',
    b'{"tile": 1.5}',
    b'{"tile": "3"}',
    b'{"tile": null}',
    b'{"tile": true}',
    b'{"tile": [1]}',
    b'{"tile": {"tile": 1}}',
    b'{"tile": NaN}',
    b'{"tile": 1, "tile": 2}',
    b'{"count": 0}',
    b'{"count": 100000000000000000000}',
    b'{"count": "all"}',
    b'{"to": "winnable", "count": -5}',
    b'{"to": ["winnable"]}',
    b'{"code": "\\u0000"}',
    b'{"code": "\\ud800"}',
    b'{"code": 5}',
    b'{"layout": "\\udfff\\ud800"}',
    b'{"layout": {"$gt": ""}}',
    b'{"daily": "L00", "code": "MJ1-L00-AAAAABL"}',
    b'{"daily": "\\u0000"}',
    b'{"page": "\\u0000"}',
    b'{"page": ["x"]}',
    b'{"page": "' + b"x" * 3000 + b'"}',
    b'{"name": "\\u0000", "positions": []}',
    b'{"name": "\\ud800", "positions": [[0, 0, 0]]}',
    b'{"name": "ok", "positions": [[1e400, 0, 0]]}',
    b'{"name": "ok", "positions": [[99999999999999999999, 0, 0]]}',
    b'{"name": "ok", "positions": [[-1, -1, -1]]}',
    b'{"name": "ok", "positions": [["0", null, true]]}',
    b'{"name": "ok", "positions": [[0, 0]]}',
    b'{"name": "ok", "positions": {"0": [0, 0, 0]}}',
    b'{"name": "ok", "positions": "[[0,0,0]]"}',
    b'{"positions": [[0, 0, 0], [0, 0, 0]]}',
    b'{"text": null}',
    b'{"text": "\\u0000"}',
    b'{"text": "\\ud800"}',
    b'{"text": "kmahjongg-layout-v1.1\\nw999999999\\nh999999999\\nd999999999\\n"}',
    b'{"text": "kmahjongg-layout-v1.1\\nw-1\\nh2\\nd1\\n1212\\n"}',
    b'{"text": "kmahjongg-layout-v1.0\\n' + b"1" * 3000 + b'\\n"}',
    b'{"text": "\\u00ff\\u00fe\\u0000k\\u0000m"}',
    b"\xff\xfe{\x00}\x00",  # UTF-16 with a byte-order mark
    b"\xef\xbb\xbf{}",  # UTF-8 with a byte-order mark
    b'{"tile": "\xff"}',  # not UTF-8
    b"[" * 1000 + b"]" * 1000,  # deep nesting, under every size limit
    b'{"a":' * 500 + b"1" + b"}" * 500,
]


def quoted(text: str) -> str:
    return quote(text, safe="")


def query_values() -> list[str]:
    """Every text as a percent-encoded value, then the raw byte sequences."""
    return [quoted(text) for text in TEXTS] + RAW_ENCODED


def layout_files() -> list[str]:
    """Texts of .layout files a player may upload: valid-looking and broken."""
    header = "kmahjongg-layout-v1.1\n"
    return [
        "",
        header,
        header + "w4\nh2\nd1\n1212\n4343\n",
        header + "w0\nh0\nd0\n",
        header + "w4\nh2\nd1\n" + "\u0661\u0662\u0661\u0662\n" * 2,  # Arabic digits
        header + "w4\nh2\nd1\n12\x0012\n4343\n",
        header + "w2\nh2\nd1\n" + "ÿ" * 4 + "\n",
        "kmahjongg-layout-v1.0\n" + ("1" * 32 + "\n") * 16,
        "kmahjongg-layout-v1.0\n" + "\n" * 5000,
        "kmahjongg-layout-v9\n",
        "\ufeff" + header + "w4\nh2\nd1\n1212\n4343\n",
        header.replace("\n", "\r\n") + "w4\r\nh2\r\nd1\r\n1212\r\n4343\r\n",
        header + "w4\nh2\nd1\n1212\n4343\n" + "#" + "\u202e" * 200 + "\n",
        "👩‍👩‍👧‍👦" * 1000,
    ]
