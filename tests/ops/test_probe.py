"""The security probe (tools/probe), its quicker parts, on the whole stack: no 5xx, no
answer under /api/ that is not JSON, no page under a language prefix that is not in its
language. The other parts (every page with every method, every garbage value in every
query and form field, the admin's sign-in, where every try hashes a password, concurrent
sign-ups) and schemathesis take minutes: run by hand,
python -m tools.probe --url … --schemathesis 120 (docs/testing.md)."""

from __future__ import annotations

from tools.probe.__main__ import probe

#: The quicker parts: odd addresses and malformed HTTP, every body with every content type
#: on every endpoint, games in every state (paused, finished, another visitor's).
QUICK_PARTS = ["addresses", "http", "bodies", "states"]


def test_the_probe_finds_no_server_error_no_api_answer_off_json_and_no_english_page(ops):
    tally = probe(ops.url, parts=QUICK_PARTS, max_requests=4000, max_seconds=120)
    print(tally.report())
    assert tally.done == QUICK_PARTS  # none was cut short by the budget
    assert tally.findings() == 0, tally.report()
