from django.apps import AppConfig


class MirrorConfig(AppConfig):
    name = "standings.mirror"
    default_auto_field = "django.db.models.BigAutoField"
