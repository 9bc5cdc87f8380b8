"""quick_pickle: the same values back, for one field and for several."""

import pickle

from standings.engine import phrases
from standings.engine.phrases import phrase, said
from standings.engine.result import Contribution, Row


def test_a_row_and_its_contributions_come_back_equal():
    note = phrase("koya.limit", limit=4.5)
    bye = Contribution(round=2, opponent=None, amount=0.5, notes=said(note))
    row = Row(1, 7, "Ann", (2.5, 7.0), (False, True), False, ((bye,), ()))
    again = pickle.loads(pickle.dumps(row, pickle.HIGHEST_PROTOCOL))
    assert again == row
    assert again.explanations[0][0].notes == said(note)
    assert again.explanations[0][0].note == "limit 4.5"


def test_a_contribution_s_notes_come_back_in_a_process_that_never_made_them():
    notes = said(phrase("team.boards", scores=(1.0, 0.5)), phrase("cut.lowest"))
    blob = pickle.dumps(Contribution(3, 12, 2.0, notes, True), pickle.HIGHEST_PROTOCOL)
    phrases._made.cache_clear()
    phrases.said.cache_clear()
    phrases.from_token.cache_clear()
    again = pickle.loads(blob)
    assert again == Contribution(3, 12, 2.0, notes, True)
    assert again.note == "boards 1: 1, 2: 0.5; cut: lowest"
