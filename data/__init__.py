"""Package data of gamekit: one folder per title with its facts (JSON) and rules (rules.md)."""
