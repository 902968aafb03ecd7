"""Card pages (api.md: `/`, `/cards/?game=&q=`, `/cards/{game}/{slug}/`)."""

from django.urls import path

from cards import views

app_name = "cards"
urlpatterns = [
    path("cards/", views.gallery, name="gallery"),
    path("cards/<slug:game>/<slug:slug>/", views.detail, name="detail"),
    path("cards/<slug:game>/<slug:slug>/face.svg", views.face, name="face"),
]
