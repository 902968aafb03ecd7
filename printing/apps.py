from django.apps import AppConfig


class PrintingConfig(AppConfig):
    name = "printing"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The tasks plug their jobs into config.queue, which the services enqueue through.
        from printing import tasks  # noqa: F401
