"""The security probe: python -m tools.probe (see __main__.py)."""
