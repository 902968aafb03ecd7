"""Print jobs in the admin, read-mostly (for looking into a failed job)."""

from django.contrib import admin

from printing.models import PrintJob


@admin.register(PrintJob)
class PrintJobAdmin(admin.ModelAdmin):
    list_display = ["id", "owner", "title", "status", "done", "total", "created", "finished"]
    list_filter = ["status"]
    readonly_fields = ["cards", "options", "created", "finished"]
