from django.apps import AppConfig


class MirrorConfig(AppConfig):
    name = "standings.mirror"
    verbose_name = "A venue's events on a public site"
