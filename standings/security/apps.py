from django.apps import AppConfig


class SecurityConfig(AppConfig):
    name = "standings.security"
    verbose_name = "Security"
