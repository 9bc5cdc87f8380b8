from django.apps import AppConfig


class WebConfig(AppConfig):
    name = "standings.web"
    verbose_name = "Public pages"

    def ready(self) -> None:
        # Every page is registered once Django is set up, before anything reads the registry:
        # a first navigation that loaded the URLs (and so registered the pages of
        # web/after.py) while iterating the registry failed with "dictionary changed size".
        from . import after  # noqa: F401
