from django.apps import AppConfig
from django.db.models.signals import post_migrate


class CardsConfig(AppConfig):
    name = "cards"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Models load after apps.py: what needs them is imported here, once the apps are ready.
        from cards import services, signals
        from stamps import register_rows

        # The Game and Guild rows mirror the engine registry from the first migrate on.
        post_migrate.connect(services.games_migrated, sender=self)
        register_rows(signals.stamp_columns, games_table=signals.games_table)
