from django.apps import AppConfig


class LiveConfig(AppConfig):
    """Live matches: connects the push receivers once the apps are loaded."""

    name = "engine.live"
    label = "live"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from engine.live import push

        push.connect()
