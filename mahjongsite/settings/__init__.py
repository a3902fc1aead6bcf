"""Settings split by environment: base, local, production and test."""
