"""Models of the engine app."""
