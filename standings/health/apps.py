from django.apps import AppConfig


class HealthConfig(AppConfig):
    name = "standings.health"
    default_auto_field = "django.db.models.BigAutoField"
