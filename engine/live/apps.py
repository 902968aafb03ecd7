from django.apps import AppConfig


class LiveConfig(AppConfig):
    """Live matches: connects the push receivers once the apps are loaded, and puts each match's
    clock into its state (``selectors.STATE_EXTRAS``)."""

    name = "engine.live"
    label = "live"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from engine import selectors
        from engine.live import clocks, push

        push.connect()
        if clocks.state_clock not in selectors.STATE_EXTRAS:
            selectors.STATE_EXTRAS.append(clocks.state_clock)
