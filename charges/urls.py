"""Pages of the charges app."""

from django.urls import path

from charges import views

app_name = "charges"
urlpatterns = [
    path("charges/", views.charge_list, name="list"),
    path("charges/diff/", views.charge_diff_page, name="diff"),
    path("charges/cards/<slug:slug>/", views.card_history, name="card"),
]
