"""Models of the charges app."""
