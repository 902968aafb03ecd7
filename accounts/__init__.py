"""The accounts app."""
