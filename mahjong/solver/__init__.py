"""The searches over a deal: the solver (its move search and pairing search), the advice
built on it (hints and verdicts) and the survey of a layout's deals."""
