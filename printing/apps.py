from django.apps import AppConfig


class PrintingConfig(AppConfig):
    name = "printing"
    default_auto_field = "django.db.models.BigAutoField"
