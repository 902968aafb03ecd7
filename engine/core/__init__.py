"""The engine core: pure Python, no Django. Card schemas, deck rules, the match interface."""
