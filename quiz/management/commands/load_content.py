"""manage.py load_content: load the site's versioned content into the database."""

from django.core.management.base import BaseCommand

from quiz.services import rules_sections_load


class Command(BaseCommand):
    help = (
        "Create or update the rules page's sections from quiz/content/rules.toml. "
        "Idempotent; sections edited in the admin are kept unless --overwrite is given."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--overwrite",
            action="store_true",
            help="Replace sections edited in the admin with the data file's text.",
        )

    def handle(self, *args, overwrite=False, **options):
        report = rules_sections_load(overwrite=overwrite)
        self.stdout.write(
            f"Rules sections: {len(report.created)} created, {len(report.updated)} updated, "
            f"{len(report.unchanged)} unchanged, {len(report.kept_edits)} edited in the admin "
            "and kept."
        )
        for slug in report.kept_edits:
            self.stderr.write(
                f"  kept the admin's edit of '{slug}' (use --overwrite to replace it)"
            )
