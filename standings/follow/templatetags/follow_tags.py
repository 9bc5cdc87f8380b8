"""The VAPID public key on every event page (follow.js subscribes with it)."""

from django import template

from standings.follow import keys

register = template.Library()


@register.simple_tag
def vapid_public_key() -> str:
    return keys.public_key()
