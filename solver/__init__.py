"""boardlab's agents (ISMCTS and baselines), the simulation runner and the CLI."""
__version__ = "0.1.0"
