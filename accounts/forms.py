"""Sign-up form."""

from django.contrib.auth.forms import UserCreationForm

from accounts.models import User


class SignUpForm(UserCreationForm):
    """Username, optional e-mail, password twice (Django's password validators apply)."""

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")
