"""TRF import and export per section: one file is one section of a tournament."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command

from standings.engine.trf import TrfError
from standings.events.models import AuditEntry, Event
from standings.trf.exporter import export_trf
from standings.trf.importer import import_trf
from tests.factories import TEST_ACTOR, create_swiss

pytestmark = pytest.mark.django_db


@pytest.fixture
def small_file(db) -> bytes:
    """A section's file: the tournament's name in 012, as pairing programs write every section."""
    source = create_swiss(slug="source")
    data = export_trf(source).encode()
    source.delete()
    return data


def test_a_file_becomes_a_section_and_then_completes_it(cup, small_file, arbiter):
    report = import_trf(small_file, section_of=cup, name="U1600", actor=arbiter)
    section = Event.objects.get(slug=report.slug)
    assert (section.parent, section.name, section.section_order) == (cup, "U1600", 3)
    assert section.participants.count() == 8 and section.round_set.count() == 3
    for event in Event.objects.filter(slug__in=["cup", "cup-a", "cup-b"]):
        assert AuditEntry.objects.filter(event=event, action="sections").exists()
    again = import_trf(small_file, section_of=cup, name="U1600", actor=arbiter)
    assert (again.slug, again.created) == (section.slug, False)
    exported = export_trf(section)  # the section alone, under its own name
    assert exported.splitlines()[0] == "012 U1600"
    assert sum(line.startswith("001") for line in exported.splitlines()) == 8
    assert import_trf(exported.encode(), section_of=cup, actor=TEST_ACTOR).slug == section.slug


def test_sections_with_the_same_012_stay_apart(cup, small_file):
    first = import_trf(small_file, section_of=cup, name="Blitz", actor=TEST_ACTOR)
    second = import_trf(small_file, section_of=cup, name="Rapid", actor=TEST_ACTOR)
    assert first.slug != second.slug
    assert [s.name for s in cup.sections.order_by("section_order")][-2:] == ["Blitz", "Rapid"]


def test_a_section_holds_no_sections(cup, small_file):
    with pytest.raises(TrfError, match="itself a section"):
        import_trf(small_file, section_of=Event.objects.get(slug="cup-a"), actor=TEST_ACTOR)


def test_the_command_imports_a_section(cup, small_file, tmp_path, capsys):
    path = tmp_path / "u1600.trf"
    path.write_bytes(small_file)
    call_command("import_trf", str(path), "--section-of", "cup", "--name", "U1600")
    assert cup.sections.filter(name="U1600").exists()


def test_the_tournament_arbiter_uploads_a_section_others_may_not(
    client, cup, small_file, arbiter, stranger
):
    client.force_login(stranger)
    url = "/e/cup/import/section/"
    assert client.get(url).status_code == 403
    client.force_login(arbiter)
    assert client.get("/e/cup-a/import/section/").status_code == 404  # a section is no tournament
    page = client.get(url).content.decode()
    assert "A new section of Rilton Cup" in page
    upload = SimpleUploadedFile("open-c.trf", small_file)
    response = client.post(url, {"file": upload, "name": "Open C"})
    section = cup.sections.get(name="Open C")
    assert response.status_code == 302 and response["Location"] == f"/e/{section.slug}/arbiter/"


def test_a_tournament_exports_section_by_section(cup, capsys):
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match=r"export each section \(cup-a, cup-b\)"):
        call_command("export_trf", "cup")
    call_command("export_trf", "cup-b")
    assert capsys.readouterr().out.startswith("012 Open B")
