from django.apps import AppConfig


class ChargesConfig(AppConfig):
    name = "charges"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from cards.selectors import register_charge_source, register_modified_source
        from charges import signals  # noqa: F401  (lists and pins change the data version)
        from charges.selectors import charges_modified, current_charges, stamp_columns
        from stamps import register_rows

        register_rows(stamp_columns)  # lists and pins in the database stamp (stamps.rows)
        register_charge_source(current_charges)  # card answers show today's charge (E6)
        register_modified_source(charges_modified)  # and their Last-Modified follows the charges
