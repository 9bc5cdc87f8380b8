from django.apps import AppConfig


class WebConfig(AppConfig):
    name = "standings.web"
    verbose_name = "Public pages"
