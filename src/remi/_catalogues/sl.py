"""The Slovenian message catalogue, compiled from locale/sl.po by scripts/messages.py: do not edit."""

MESSAGES: dict[object, str | tuple[str, ...]] = {
}
