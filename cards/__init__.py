"""The cards app."""
