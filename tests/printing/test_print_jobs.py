"""Large prints as background jobs (issue 6 item 5): above 200 cards with Redis, owner-only access."""

from __future__ import annotations

import pytest

from printing.models import PrintJob

pytestmark = pytest.mark.django_db
URL = "/api/print/"


def cards(count: int) -> dict:
    return {"cards": [{"game": "kamelo", "card": "kamel", "count": count}]}


@pytest.fixture
def with_redis(settings, media):
    """REDIS_URL set: large prints become jobs (Celery still runs them eagerly in the test process)."""
    settings.REDIS_URL = "redis://127.0.0.1:6379/0"
    return settings


def test_without_redis_even_a_large_print_is_rendered_at_once(user_client, print_pool, settings):
    settings.REDIS_URL = ""
    response = user_client.post(URL, cards(201), format="json")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert not PrintJob.objects.exists()


def test_200_cards_are_rendered_at_once_even_with_redis(user_client, print_pool, with_redis):
    assert user_client.post(URL, cards(200), format="json").status_code == 200
    assert not PrintJob.objects.exists()


def test_above_200_cards_with_redis_make_a_job_with_progress_and_a_pdf(user_client, print_pool, with_redis):
    response = user_client.post(URL, cards(201), format="json")
    assert response.status_code == 202, response.content
    job = response.json()
    assert job["total"] == 201
    assert response["Location"].endswith(f"/api/print/jobs/{job['id']}/")
    status = user_client.get(f"/api/print/jobs/{job['id']}/").json()
    assert status["status"] == "done" and status["progress"] == 100 and status["done"] == 201
    pdf = user_client.get(status["pdf"])
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    assert b"".join(pdf.streaming_content).startswith(b"%PDF")


def test_another_users_job_is_404(user_client, other_client, print_pool, with_redis):
    job_id = user_client.post(URL, cards(201), format="json").json()["id"]
    assert other_client.get(f"/api/print/jobs/{job_id}/").status_code == 404
    assert other_client.get(f"/api/print/jobs/{job_id}/pdf/").status_code == 404


def test_anonymous_large_print_is_rendered_at_once_and_jobs_need_sign_in(api_client, print_pool, with_redis):
    assert api_client.post(URL, cards(201), format="json").status_code == 200
    assert api_client.get("/api/print/jobs/1/").status_code in (401, 403)


def test_the_pdf_of_an_unfinished_job_is_404(user_client, user, print_pool, media):
    job = PrintJob.objects.create(owner=user, total=300, done=90, cards=[["kamelo", "kamel"]] * 300)
    assert user_client.get(f"/api/print/jobs/{job.pk}/").json()["progress"] == 30
    assert user_client.get(f"/api/print/jobs/{job.pk}/pdf/").status_code == 404


def test_a_job_whose_layout_no_longer_fits_fails_with_the_reason(user, print_pool, media):
    from printing.services import print_job_run

    job = PrintJob.objects.create(
        owner=user, total=1, cards=[["kamelo", "kamel"]], options={"paper": "letter", "bleed_mm": 1, "grid": "3x3"}
    )
    print_job_run(job=job)
    job.refresh_from_db()
    assert job.status == "failed" and "0.9 mm" in job.error


def test_a_jobs_pdf_is_kept_outside_the_public_media(user_client, print_pool, with_redis, media):
    # the proxy serves /media/ to anyone; /media/print_jobs/print-<id>.pdf gave away everyone's prints
    job_id = user_client.post(URL, cards(201), format="json").json()["id"]
    job = PrintJob.objects.get(pk=job_id)
    stored = list((media / "private").rglob("*.pdf"))
    assert stored and stored[0].name == job.pdf.name.rsplit("/", 1)[-1]
    assert not list((media / "media").rglob("*.pdf")) if (media / "media").exists() else True
    assert str(job_id) in job.pdf.name and len(job.pdf.name) > len(f"print_jobs/print-{job_id}.pdf") + 8
    with pytest.raises(ValueError):
        _ = job.pdf.url  # no URL at all: only the API's owner-checked view serves it
