"""Pages of the printing app: `printing:dialog` (`/print/?deck=<id>` or `?game=&cards=slug,slug`)."""

from django.urls import path

from printing import views

app_name = "printing"
urlpatterns = [
    path("print/", views.dialog, name="dialog"),
    path("print/preview/", views.preview, name="preview"),
    path("print/jobs/<int:pk>/", views.job, name="job"),
]
