"""Accounts: the project's own user model from day one."""

from django.contrib.auth.models import AbstractUser


class User(AbstractUser):
    """A player or organiser. Staff users may edit cards and upload images."""

    class Meta:
        db_table = "accounts_user"
