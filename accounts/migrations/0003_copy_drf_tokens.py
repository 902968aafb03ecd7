"""Keep the tokens clients already hold: every DRF token (rest_framework.authtoken, no longer
installed) becomes a named token with the default lifetime, stored by its digest only."""

import datetime
import hashlib

from django.db import migrations
from django.utils import timezone


def copy_tokens(apps, schema_editor):
    connection = schema_editor.connection
    if "authtoken_token" not in connection.introspection.table_names():
        return
    ApiToken = apps.get_model("accounts", "ApiToken")
    expires = timezone.now() + datetime.timedelta(days=90)
    with connection.cursor() as cursor:
        cursor.execute("SELECT key, user_id FROM authtoken_token")
        rows = cursor.fetchall()
    ApiToken.objects.bulk_create(
        ApiToken(user_id=user_id, name="token (before named tokens)", prefix=key[:8],
                 digest=hashlib.sha256(key.encode()).hexdigest(), expires=expires)
        for key, user_id in rows
    )


class Migration(migrations.Migration):
    dependencies = [("accounts", "0002_api_tokens")]
    operations = [migrations.RunPython(copy_tokens, migrations.RunPython.noop)]
