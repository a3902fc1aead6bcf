"""How large a request to the layout API may be, from the largest layout file.

The editor sends a KMahjongg file's text inside a JSON body, where a newline or a control
character is escaped: the body may be up to about twice the file, and a little more for
the rest of the JSON. The app's check (editor/api.py) and nginx's limit for the layout
API (deploy/nginx.conf, filled in by deploy/balancer.py) both use this one formula, so a
file the editor accepts is never refused on the way, and a larger one gets the editor's
own error in the visitor's language rather than the proxy's.
"""

from __future__ import annotations


def body_limit(file_max_bytes: int) -> int:
    """The largest JSON body of the layout API for files of ``file_max_bytes`` bytes."""
    return 2 * file_max_bytes + 1024
