from django.apps import AppConfig


class TrfConfig(AppConfig):
    name = "standings.trf"
    verbose_name = "TRF import and export"
