"""Names that look unused to vulture (`make lint`) but are read by name: by a template, by
Django (model fields, choices, form fields), or by the engine's result-code table.
Each line is an attribute access vulture counts as a use; say why when adding one."""

# ruff: noqa: B018
from standings.engine.event import Scoring
from standings.events.models import Event, Forfeit
from standings.events.views import TrfUploadForm
from standings.live.audience import Station
from standings.security.login import SignInForm
from standings.web.state import EventState, GameLine, RoundView

# Scoring fields named in engine/result_codes.py's table and read with getattr.
Scoring.full_bye, Scoring.half_bye, Scoring.forfeit_win, Scoring.forfeit_loss

# Model fields and choices: Django reads them, the TRF import sets them by name.
Event.Rules.AUTO, Event.Rules.FIDE_2024, Event.Rules.FIDE_2026, Event.created_at
Event.points_win, Event.points_draw, Event.points_loss, Event.points_forfeit_win
Event.points_forfeit_loss, Event.points_full_bye, Event.points_half_bye, Event.points_zero_bye
Forfeit.NONE, Forfeit.HOME_WINS, Forfeit.AWAY_WINS

# Form fields, read through cleaned_data.
TrfUploadForm.file, SignInForm.keep_signed_in

# Read by the public templates.
RoundView.state_label, GameLine.opponent_rank, GameLine.result_title, GameLine.points_shown
EventState.crosstable

# Holds its task: the event loop keeps only a weak reference.
Station.receiver
