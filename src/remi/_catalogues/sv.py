"""The Swedish message catalogue, compiled from locale/sv.po by scripts/messages.py: do not edit."""

MESSAGES: dict[object, str | tuple[str, ...]] = {
}
