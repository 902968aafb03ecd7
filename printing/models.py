"""Models of the printing app."""
