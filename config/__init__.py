"""The Django project of Kartothek."""
