"""What a locked-out sign-in answers (django-axes' AXES_LOCKOUT_CALLABLE; issue 19 item 2).

The API answers 429 in its JSON error shape with ``Retry-After``; the sign-in page is shown again
with the reason as a message, also with 429. Either way no password was checked.
"""

from __future__ import annotations

import math
from typing import Any

from axes.helpers import get_cool_off
from django.contrib import messages
from django.contrib.auth.forms import AuthenticationForm
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

STATUS = 429


def cool_off_seconds(request: HttpRequest) -> int:
    """How long a lockout lasts, in whole seconds (at least 1)."""
    cool_off = get_cool_off(request)
    return max(1, math.ceil(cool_off.total_seconds())) if cool_off else 3600


def lockout_message(seconds: int) -> str:
    minutes = max(1, math.ceil(seconds / 60))
    return _("Too many failed sign-ins for this account or from this address; try again in %(minutes)d minutes.") % {
        "minutes": minutes
    }


def lockout_response(request: HttpRequest, original_response: Any = None, credentials: Any = None) -> HttpResponse:
    """429 for a sign-in while the account or the address is locked out."""
    seconds = cool_off_seconds(request)
    if request.path.startswith("/api/"):
        response: HttpResponse = JsonResponse({"detail": lockout_message(seconds), "code": "locked_out"}, status=STATUS)
    else:
        messages.error(request, lockout_message(seconds))
        context = {"form": AuthenticationForm(request), "next": request.POST.get("next", "")}
        response = render(request, "accounts/login.html", context, status=STATUS)
    response["Retry-After"] = str(seconds)
    return response
