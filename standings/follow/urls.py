from django.urls import path

from . import views

app_name = "follow"

urlpatterns = [
    path("e/<slug:slug>/follow/", views.follow, name="follow"),
    path("push/key", views.push_key, name="key"),
    path("sw.js", views.service_worker, name="service_worker"),
]
