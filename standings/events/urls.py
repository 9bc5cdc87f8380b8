from django.urls import path

from . import views

app_name = "events"

urlpatterns = [
    path("import/", views.import_new, name="import"),
    path("e/<slug:slug>/import/", views.import_into, name="reimport"),
    path("e/<slug:slug>/import/section/", views.import_section, name="import_section"),
]
