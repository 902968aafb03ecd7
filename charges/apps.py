from django.apps import AppConfig


class ChargesConfig(AppConfig):
    name = "charges"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from charges import signals  # noqa: F401  (lists and pins change the data version)
