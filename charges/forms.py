"""Query forms of the charge pages (the as_of picker, search, sort, the two dates of a diff)."""

from __future__ import annotations

from django import forms

SORTS = [
    ("-charge", "charge, highest first"),
    ("charge", "charge, lowest first"),
    ("name", "name"),
    ("-name", "name, Z-A"),
]


class ChargeListForm(forms.Form):
    """``/charges/?as_of=&q=&sort=``."""

    as_of = forms.DateField(required=False, widget=forms.DateInput(attrs={"type": "date"}))
    q = forms.CharField(required=False, max_length=100)
    sort = forms.ChoiceField(required=False, choices=SORTS)


class ChargeDiffForm(forms.Form):
    """``/charges/diff/?from=&to=``: either date may be left out (the two newest lists)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        # "from" is a Python keyword: declared here instead of as a class attribute.
        self.fields["from"] = forms.DateField(required=False, widget=forms.DateInput(attrs={"type": "date"}))
        self.fields["to"] = forms.DateField(required=False, widget=forms.DateInput(attrs={"type": "date"}))
