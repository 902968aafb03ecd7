"""Serializer fields shared by the apps' APIs."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers


class TextField(serializers.CharField):
    """A CharField that refuses numbers and booleans instead of turning them into text: the schema
    says string, and a client sending 586 for a game meant something else."""

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return str(super().to_internal_value(data))
