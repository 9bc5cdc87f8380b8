"""A bridge event reached by a chess address (/e/<slug>/...) is sent to its own pages."""

from __future__ import annotations


def test_the_chess_address_of_a_bridge_event_leads_to_its_standings(client, bridge_event):
    slug = bridge_event.slug
    for path in (f"/e/{slug}/", f"/e/{slug}/crosstable/"):
        response = client.get(path)
        assert response.status_code == 302
        assert response["Location"] == f"/b/{slug}/"
    assert client.get(f"/e/{slug}/", follow=True).status_code == 200
