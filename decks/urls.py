"""Pages of the decks app: /decks/, /decks/{id}/ (the builder), /collection/ (api.md)."""

from django.urls import path

from decks import views

app_name = "decks"
urlpatterns = [
    path("decks/", views.deck_list, name="list"),
    path("decks/check/", views.deck_check, name="check"),
    path("decks/<int:pk>/", views.deck_detail, name="detail"),
    path("decks/<int:pk>/card/", views.deck_change_card, name="change_card"),
    path("decks/<int:pk>/delete/", views.deck_delete, name="delete"),
    path("decks/<int:pk>/preview/", views.deck_preview, name="preview"),
    path("decks/<int:pk>/import/", views.deck_import, name="import"),
    path("decks/<int:pk>/copy/", views.deck_copy, name="copy"),
    path("decks/<int:pk>/export.txt", views.deck_export, name="export"),
    path("collection/", views.collection, name="collection"),
    path("collection/import/", views.collection_import, name="collection_import"),
    path("collection/export.csv", views.collection_export, name="collection_export"),
]
