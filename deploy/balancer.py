"""The load balancer: nginx in the foreground with deploy/nginx.conf (its placeholders
filled in), in front of the app servers, as production runs it."""

from __future__ import annotations

import os
import signal
import subprocess
from collections.abc import Iterable
from pathlib import Path

from deploy.private import HOST, binary, stop, wait_for_port
from editor import limits
from mahjongsite.settings.env import env_int

NGINX_TEMPLATE = Path(__file__).resolve().parent / "nginx.conf"
NGINX_TEMP_DIRS = ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
#: The site's own pages for what nginx answers itself (deploy/nginx.conf).
ERRORS_ROOT = Path(__file__).resolve().parent / "errors"


#: The defaults of the two settings nginx's limits on a request's body follow
#: (mahjongsite/settings/base.py reads the same variables with the same defaults).
REQUEST_MAX_BODY_BYTES, LAYOUT_FILE_MAX_BYTES = 65536, 65536


def body_limits() -> tuple[int, int]:
    """nginx's limits on a request's body, from the settings of the app servers, which
    inherit this process's environment (deploy/stack.py): any request's
    (``MAHJONG_REQUEST_MAX_BODY_BYTES``), and the layout API's, which the editor's
    largest file gives (``MAHJONG_LAYOUT_FILE_MAX_BYTES``, editor/limits.py)."""
    request = env_int("MAHJONG_REQUEST_MAX_BODY_BYTES", REQUEST_MAX_BODY_BYTES, minimum=4096)
    layout_file = env_int("MAHJONG_LAYOUT_FILE_MAX_BYTES", LAYOUT_FILE_MAX_BYTES, minimum=1024)
    return request, max(request, limits.body_limit(layout_file))


def nginx_conf(
    *,
    listen_port: int,
    app_ports: Iterable[int],
    rundir: Path,
    server_names: Iterable[str] = (HOST, "localhost"),
) -> str:
    """deploy/nginx.conf with its placeholders filled in. ``server_names``: the hosts
    the site serves (DJANGO_ALLOWED_HOSTS); a request for any other is dropped. The
    limits on a request's body are the settings' (:func:`body_limits`)."""
    body_max, layout_body_max = body_limits()
    upstreams = "\n".join(
        f"        server {HOST}:{port} max_fails=1 fail_timeout=5s;" for port in app_ports
    )
    user = ""
    if os.geteuid() == 0:  # nginx's workers would run as nobody, who cannot read rundir
        user = "user root root;"
    replacements = {
        "@USER@": user,
        "@RUNDIR@": str(rundir),
        "@MIME_TYPES@": "/etc/nginx/mime.types",
        "@UPSTREAMS@": upstreams,
        "@LISTEN@": f"{HOST}:{listen_port}",
        "@SERVER_NAMES@": " ".join(server_names),
        "@ERRORS_ROOT@": str(ERRORS_ROOT),
        "@BODY_MAX@": str(body_max),
        "@LAYOUT_BODY_MAX@": str(layout_body_max),
    }
    text = NGINX_TEMPLATE.read_text()
    for placeholder, value in replacements.items():
        text = text.replace(placeholder, value)
    return text


class LoadBalancer:
    """nginx in the foreground with deploy/nginx.conf, in front of ``app_ports``."""

    def __init__(
        self,
        port: int,
        app_ports: Iterable[int],
        rundir: Path,
        server_names: Iterable[str] = (HOST, "localhost"),
    ):
        self.port = port
        self.app_ports = list(app_ports)
        self.server_names = list(server_names)
        self.rundir = Path(rundir)
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}"

    def start(self) -> LoadBalancer:
        self.rundir.mkdir(parents=True, exist_ok=True)
        for name in NGINX_TEMP_DIRS:
            (self.rundir / name).mkdir(exist_ok=True)
        conf = self.rundir / "nginx.conf"
        conf.write_text(
            nginx_conf(
                listen_port=self.port,
                app_ports=self.app_ports,
                rundir=self.rundir,
                server_names=self.server_names,
            )
        )
        nginx = binary("nginx")
        subprocess.run([nginx, "-t", "-q", "-p", str(self.rundir), "-c", str(conf)], check=True)
        self.process = subprocess.Popen([nginx, "-p", str(self.rundir), "-c", str(conf)])
        wait_for_port(self.port, process=self.process)
        return self

    def stop(self) -> None:
        stop(self.process, signal.SIGQUIT)  # graceful shutdown
