"""The Finnish message catalogue, compiled from locale/fi.po by scripts/messages.py: do not edit."""

MESSAGES: dict[object, str | tuple[str, ...]] = {
}
