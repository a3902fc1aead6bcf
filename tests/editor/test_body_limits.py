"""The layout file's limit and the request body's limits agree (editor/limits.py): the
app takes the largest file the editor accepts as JSON, nginx lets it through
(deploy/nginx.conf as deploy/balancer.py fills it in), and the editor page says in its
own language that a larger file is too large before sending it."""

import json
import re

import pytest
from django.test import Client

from deploy.balancer import LAYOUT_FILE_MAX_BYTES, REQUEST_MAX_BODY_BYTES, nginx_conf
from editor import limits
from tests.players import player, signed_in

pytestmark = pytest.mark.django_db


def _conf(tmp_path) -> str:
    return nginx_conf(listen_port=8000, app_ports=[8001], rundir=tmp_path)


def _body_sizes(conf: str) -> tuple[int, int]:
    general = re.search(r"^    client_max_body_size (\d+);", conf, re.M).group(1)
    layouts = re.search(
        r"location /api/layouts \{\s*client_max_body_size (\d+);\s*proxy_pass", conf
    ).group(1)
    return int(general), int(layouts)


def test_nginx_lets_through_what_the_settings_allow(tmp_path, settings):
    assert (REQUEST_MAX_BODY_BYTES, LAYOUT_FILE_MAX_BYTES) == (
        settings.MAHJONG_REQUEST_MAX_BODY_BYTES,
        settings.MAHJONG_LAYOUT_FILE_MAX_BYTES,
    )
    general, layouts = _body_sizes(_conf(tmp_path))
    assert general == settings.MAHJONG_REQUEST_MAX_BODY_BYTES
    assert layouts == limits.body_limit(settings.MAHJONG_LAYOUT_FILE_MAX_BYTES)
    # The largest file, every line ended by an escaped newline, fits in the body.
    largest = ("." * 63 + "\n") * (settings.MAHJONG_LAYOUT_FILE_MAX_BYTES // 64)
    body = json.dumps({"text": largest}).encode()
    assert general < len(body) <= layouts


def test_an_operators_limits_reach_nginx(tmp_path, monkeypatch):
    monkeypatch.setenv("MAHJONG_LAYOUT_FILE_MAX_BYTES", "200000")
    monkeypatch.setenv("MAHJONG_REQUEST_MAX_BODY_BYTES", "10000")
    assert _body_sizes(_conf(tmp_path)) == (10000, 2 * 200000 + 1024)


def test_the_app_reads_the_largest_file_and_refuses_one_byte_more(settings):
    settings.MAHJONG_LAYOUT_FILE_MAX_BYTES = 4096
    client = signed_in(Client(), player("maker"))
    largest = ("." * 63 + "\n") * 64

    def post(text):
        return client.post(
            "/api/layouts/import?lang=de", {"text": text}, content_type="application/json"
        )

    assert post(largest).json()["error"]["code"] == "invalid_file"
    over = post(largest + ".")
    assert over.status_code == 413 and over.json()["error"]["code"] == "too_large"
    assert (
        over.json()["error"]["message"]
        == "Die Datei ist größer als 4 kB: Das ist keine Anordnungsdatei."
    )


@pytest.mark.parametrize("lang", ["sv", "el", "de", "id"])
def test_the_editor_page_says_a_file_is_too_large_in_its_language(lang, settings):
    settings.MAHJONG_LAYOUT_FILE_MAX_BYTES = 8192
    client = signed_in(Client(), player("maker"))
    html = client.get(f"/{lang}/editor/").content.decode()
    strings = json.loads(re.search(r'id="editor-strings"[^>]*>(.*?)</script>', html, re.S).group(1))
    answer = client.post(
        f"/api/layouts/import?lang={lang}", {"text": "." * 8193}, content_type="application/json"
    )
    assert strings["tooLarge"] == answer.json()["error"]["message"]
    assert "8" in strings["tooLarge"] and "The file is larger" not in strings["tooLarge"]
