"""Public side: a token that lets one venue publish an event here (the last line printed)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.core.validators import validate_slug

from standings.mirror.public import LocalEvent, SectionSlug, grant_token, revoke_token


class Command(BaseCommand):
    help = (
        "Print (last line) a token that lets one venue publish the event SLUG to this server"
        " (the event is created and held read-only here); --revoke withdraws it."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--revoke", action="store_true", help="withdraw the venue's token")
        parser.add_argument(
            "--replace",
            action="store_true",
            help="mirror a slug that holds an event of this server's own (its content is lost)",
        )

    def handle(self, *args, slug: str, revoke: bool, replace: bool, **options):
        try:
            validate_slug(slug)
        except ValidationError:
            raise CommandError(f"{slug!r} is not a slug (letters, digits, '-' and '_')") from None
        if len(slug) > 50:
            raise CommandError("a slug has at most 50 characters")
        if revoke:
            if not revoke_token(slug):
                raise CommandError(f"{slug} is not a mirrored event here")
            self.stdout.write(f"{slug}: the venue's token is withdrawn; the event stays read-only")
            return
        try:
            token = grant_token(slug, replace=replace)
        except LocalEvent:
            raise CommandError(
                f"{slug} is an event of this server's own: give --replace to mirror a venue's"
                " event under that slug instead (its content will be replaced)"
            ) from None
        except SectionSlug as tournament:
            raise CommandError(
                f"{slug} is a section of {tournament} here: a venue publishes a tournament with"
                " its sections"
            ) from None
        self.stdout.write(
            f"{slug}: give this token to the venue (mirror_push {slug} --to THIS_SITE --token"
            " TOKEN); only its hash is kept here, and a new token replaces it:"
        )
        self.stdout.write(token)
