from django.apps import AppConfig


class EngineConfig(AppConfig):
    name = "engine"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The tasks plug their jobs into config.queue, which the services enqueue through.
        from engine import tasks  # noqa: F401
