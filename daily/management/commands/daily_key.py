"""``manage.py daily_key``: the key of the daily codes in use (for the operator, who may
check a day's code with openssl as docs/architecture.md shows)."""

from django.core.management.base import BaseCommand

from daily import codes


class Command(BaseCommand):
    help = "Print the key the daily codes are derived with (keep it secret)."

    def handle(self, *args, **options):
        self.stdout.write(codes.key())
