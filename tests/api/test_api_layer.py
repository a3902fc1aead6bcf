"""The API layer's declarations (mahjongsite.json_api): a view declares the codes it
answers, the layer adds those it answers itself, and a code no API has is refused when
the view is declared, not when a player meets it."""

from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured

from editor.api import API as LAYOUTS
from game.json_api import API as GAME


def test_a_code_the_api_does_not_have_is_refused_when_the_view_is_declared():
    with pytest.raises(ImproperlyConfigured):
        GAME.view(POST=("no_such_code",))
    with pytest.raises(ImproperlyConfigured):  # the game's code, not the editor's
        LAYOUTS.view(POST=("tile_removed",))


def test_the_layer_adds_the_refusals_it_answers_itself():
    get = GAME.operation("GET", ("not_found",), rate=None)
    post = GAME.operation("POST", (201, "invalid_json"), rate="game_create")
    assert get.success == 200 and get.codes == {"not_found", "body_too_large"}
    assert post.success == 201
    assert post.codes == {
        *("invalid_json", "body_too_large", "csrf_failed"),
        *("unsupported_media_type", "rate_limited"),
    }
    # The editor's: its own body code, its sign-in, and any media type taken.
    delete = LAYOUTS.operation("DELETE", (204, "not_found"), rate="layout_edit")
    assert delete.codes == {"not_found", "too_large", "csrf_failed", "signed_out", "rate_limited"}
    assert LAYOUTS.statuses(delete) == {204, 404, 413, 403, 429, 414, 503}
