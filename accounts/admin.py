from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from accounts.models import ApiToken, User

admin.site.register(User, UserAdmin)


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    """Tokens by owner, name and prefix; the secret is never stored, so never shown."""

    list_display = ("user", "name", "prefix", "created", "expires", "last_used")
    search_fields = ("user__username", "name", "prefix")
    readonly_fields = ("user", "prefix", "digest", "created", "last_used")
