"""Sign-up page (sign-in and sign-out are Django's own views, behind django-axes' lockout)."""

from django.contrib import messages
from django.contrib.auth import login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from accounts.forms import SignUpForm
from config.throttling import SignupRateThrottle


def signup(request: HttpRequest) -> HttpResponse:
    """Create an account and sign in at once; an address makes at most THROTTLE_SIGNUP accounts."""
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        throttle = SignupRateThrottle()
        if not throttle.allow_request(request, None):
            minutes = max(1, round((throttle.wait() or 60) / 60))
            messages.error(
                request,
                _("Too many new accounts from this address; try again in %(minutes)d minutes.") % {"minutes": minutes},
            )
            response = render(request, "accounts/signup.html", {"form": form}, status=429)
            response["Retry-After"] = str(int(throttle.wait() or 60))
            return response
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("home")
    return render(request, "accounts/signup.html", {"form": form})
