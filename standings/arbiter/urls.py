from django.contrib.auth import views as auth_views
from django.urls import path

from standings.security.login import SignInView

from . import views

app_name = "arbiter"

urlpatterns = [
    path("login/", SignInView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(next_page="/"), name="logout"),
    path("e/<slug:slug>/arbiter/", views.round_page, name="current"),
    path("e/<slug:slug>/arbiter/round/<int:number>/", views.round_page, name="round"),
    path(
        "e/<slug:slug>/arbiter/round/<int:number>/board/<int:board>/",
        views.enter_result,
        name="result",
    ),
    path(
        "e/<slug:slug>/arbiter/round/<int:number>/publish/",
        views.publish_pairings,
        name="publish",
    ),
    path("e/<slug:slug>/arbiter/round/<int:number>/close/", views.close_round, name="close"),
    path("e/<slug:slug>/arbiter/round/<int:number>/reopen/", views.reopen_round, name="reopen"),
    path("e/<slug:slug>/arbiter/audit/", views.audit, name="audit"),
]
