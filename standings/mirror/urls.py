from django.urls import path

from . import views

app_name = "mirror"
urlpatterns = [path("mirror/<slug:slug>/", views.receive, name="receive")]
