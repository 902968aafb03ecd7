"""Sign-up page (sign-in and sign-out are Django's own views)."""

from django.contrib.auth import login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from accounts.forms import SignUpForm


def signup(request: HttpRequest) -> HttpResponse:
    """Create an account and sign in at once."""
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user)
        return redirect("home")
    return render(request, "accounts/signup.html", {"form": form})
