from django.apps import AppConfig


class ChargesConfig(AppConfig):
    name = "charges"
    default_auto_field = "django.db.models.BigAutoField"
