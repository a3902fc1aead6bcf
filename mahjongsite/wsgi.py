"""WSGI entry point (gunicorn mahjongsite.wsgi). Production settings unless told otherwise."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mahjongsite.settings.production")

application = get_wsgi_application()
