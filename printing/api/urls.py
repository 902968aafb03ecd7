"""API routes of the printing app: `print/`, `print/jobs/{id}/`, `print/jobs/{id}/pdf/`."""

from django.urls import path

from printing.api import views

app_name = "printing-api"
urlpatterns = [
    path("print/", views.print_sheet, name="print"),
    path("print/jobs/<int:pk>/", views.print_job, name="job"),
    path("print/jobs/<int:pk>/pdf/", views.print_job_pdf, name="job-pdf"),
]
