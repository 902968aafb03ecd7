"""The printing app."""
