"""The Norwegian (bokmål) message catalogue, compiled from locale/nb.po by scripts/messages.py: do not edit."""

MESSAGES: dict[object, str | tuple[str, ...]] = {
}
