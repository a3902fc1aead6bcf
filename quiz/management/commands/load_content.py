"""manage.py load_content: load the site's versioned content into the database."""

from django.core.management.base import BaseCommand

from quiz.services import practice_sections_load, quiz_questions_load, rules_sections_load


class Command(BaseCommand):
    help = (
        "Create or update the rules page's sections from quiz/content/rules.toml, and the "
        "practice page's sections and quiz questions from quiz/content/practice.toml. "
        "Idempotent; content edited in the admin is kept unless --overwrite is given."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--overwrite",
            action="store_true",
            help="Replace content edited in the admin with the data files' text.",
        )

    def handle(self, *args, overwrite=False, **options):
        loads = [
            ("Rules sections", rules_sections_load),
            ("Practice sections", practice_sections_load),
            ("Quiz questions", quiz_questions_load),
        ]
        for label, load in loads:
            report = load(overwrite=overwrite)
            self.stdout.write(
                f"{label}: {len(report.created)} created, {len(report.updated)} updated, "
                f"{len(report.unchanged)} unchanged, {len(report.kept_edits)} edited in the "
                "admin and kept."
            )
            for slug in report.kept_edits:
                self.stderr.write(
                    f"  kept the admin's edit of '{slug}' (use --overwrite to replace it)"
                )
