"""quick_pickle: the same values back, for one field and for several."""

import pickle

from standings.engine.phrases import phrase
from standings.engine.result import Contribution, Row


def test_a_row_and_its_contributions_come_back_equal():
    note = phrase("koya.limit", limit=4.5)
    bye = Contribution(round=2, opponent=None, amount=0.5, notes=(note,))
    row = Row(1, 7, "Ann", (2.5, 7.0), (False, True), False, ((bye,), ()))
    again = pickle.loads(pickle.dumps(row, pickle.HIGHEST_PROTOCOL))
    assert again == row
    assert again.explanations[0][0].notes == (note,)
    assert again.explanations[0][0].note == "limit 4.5"
