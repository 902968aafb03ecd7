"""The print API: `POST print/` answers a PDF (or a job for a large print), jobs for their owner only."""

from __future__ import annotations

from typing import Any

from django.http import FileResponse, Http404, HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions, status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from config.openapi import ApiErrorSerializer
from printing.api.serializers import PrintJobSerializer, PrintRequestSerializer
from printing.layouts import LayoutError
from printing.models import PrintJob
from printing.selectors import SourceError, print_job_for_user
from printing.services import DeckNotFound, print_submit

LOCATION = OpenApiParameter(
    "Location", str, OpenApiParameter.HEADER, response=[202], description="the job's progress: GET it until done"
)


class PrintRefused(exceptions.APIException):
    """Cards or settings that cannot be printed: the message says why, or what would fit."""

    status_code = status.HTTP_400_BAD_REQUEST
    default_code = "cannot_print"


def pdf_response(pdf: bytes, *, filename: str, inline: bool = False) -> HttpResponse:
    """A PDF answer; the file name is ASCII-safe."""
    response = HttpResponse(pdf, content_type="application/pdf")
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in filename)[:80] or "kartothek"
    response["Content-Disposition"] = f'{"inline" if inline else "attachment"}; filename="{safe}.pdf"'
    return response


def run_print(*, user: Any, validated: dict[str, Any]) -> bytes | PrintJob:
    """`print_submit` with its errors as API errors (404 for a deck that is not the user's)."""
    try:
        return print_submit(user=user, request=validated)
    except DeckNotFound:
        raise exceptions.NotFound("No such deck.") from None
    except LayoutError as exc:
        raise PrintRefused(str(exc), code="does_not_fit") from None
    except SourceError as exc:
        raise PrintRefused(str(exc), code="unknown_card") from None


@extend_schema(
    request=PrintRequestSerializer,
    parameters=[LOCATION],
    responses={
        # application/pdf is what the answer says; octet-stream lets generated clients take the bytes
        (200, "application/pdf"): OpenApiResponse(OpenApiTypes.BINARY, description="the print sheet"),
        (200, "application/octet-stream"): OpenApiResponse(OpenApiTypes.BINARY, description="the print sheet"),
        202: PrintJobSerializer,
        404: OpenApiResponse(ApiErrorSerializer, description="`deck` names no deck of yours"),
    },
    summary="A PDF print sheet of a deck, a deck list or a card list (202 with a job above 200 cards)",
)
@api_view(["POST"])
@permission_classes([AllowAny])
def print_sheet(request: Request) -> HttpResponse:
    """Render a print sheet; anonymous users may print card lists and deck lists."""
    serializer = PrintRequestSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    result = run_print(user=request.user, validated=serializer.validated_data)
    if isinstance(result, PrintJob):
        response = Response(result.to_dict(), status=status.HTTP_202_ACCEPTED)
        response["Location"] = request.build_absolute_uri(f"jobs/{result.pk}/")
        return response
    return pdf_response(result, filename=str(serializer.validated_data.get("title") or "kartothek-print"))


def _own_job(request: Request, pk: int) -> PrintJob:
    job = print_job_for_user(user=request.user, pk=pk)
    if job is None:
        raise Http404
    return job


@extend_schema(responses=PrintJobSerializer, summary="A print job's progress (owner only)")
@api_view(["GET"])
@permission_classes([IsAuthenticated])
def print_job(request: Request, pk: int) -> Response:
    """The progress of one of the user's print jobs; another user's job is 404."""
    return Response(_own_job(request, pk).to_dict())


@extend_schema(
    responses={
        (200, "application/pdf"): OpenApiResponse(OpenApiTypes.BINARY, description="the PDF"),
        (200, "application/octet-stream"): OpenApiResponse(OpenApiTypes.BINARY, description="the PDF"),
    },
    summary="A finished print job's PDF (owner only; 404 until done)",
)
@api_view(["GET"])
@permission_classes([IsAuthenticated])
def print_job_pdf(request: Request, pk: int) -> FileResponse:
    """The PDF of a finished job of the user."""
    job = _own_job(request, pk)
    if job.status != PrintJob.Status.DONE or not job.pdf:
        raise Http404
    return FileResponse(
        job.pdf.open("rb"), content_type="application/pdf", as_attachment=True, filename=f"print-{pk}.pdf"
    )
