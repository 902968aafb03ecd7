"""The charges app."""
