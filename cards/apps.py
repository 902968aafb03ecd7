from django.apps import AppConfig
from django.db.models.signals import post_migrate


def _sync_games(sender: AppConfig, **kwargs: object) -> None:
    from cards.services import game_sync

    game_sync()


class CardsConfig(AppConfig):
    name = "cards"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The Game and Guild rows mirror the engine registry from the first migrate on.
        post_migrate.connect(_sync_games, sender=self)
        from cards import signals
        from stamps import register_rows

        register_rows(signals.stamp_columns, games_table=signals.games_table)
