"""The compiled message catalogues, one module per language (see :mod:`remi.messages`)."""
