"""Names that look unused to vulture (`make lint`) but are read by name: by a template, by
Django (model fields, choices, form fields), or by the engine's result-code table.
Each line is an attribute access vulture counts as a use; say why when adding one."""

# ruff: noqa: B018
from bench.team_live_bench import seed_individual
from standings.arbiter.prize_views import PreviewRow
from standings.arbiter.rating_views import PlayerK
from standings.bridge_events.forms import BamEntryForm, MatchEntryForm
from standings.bridge_events.pages import MatchRow
from standings.engine.event import Scoring
from standings.engine.rating_change import RatedGame
from standings.events.models import Event, Forfeit
from standings.trf.upload import TrfUploadForm
from standings.live.audience import Station
from standings.security.login import SignInForm
from standings.state.board_rankings import BoardLine
from standings.web.printouts import PairingLine, PaperConverter
from standings.state.sections import Leader
from standings.state.event_state import EventState, GameLine
from standings.state.rounds import RoundView
from standings.state.teams import Member, TeamMatchLine, TeamState

# Scoring fields named in engine/result_codes.py's table and read with getattr.
Scoring.full_bye, Scoring.half_bye, Scoring.forfeit_win, Scoring.forfeit_loss

# Model fields and choices: Django reads them, the TRF import sets them by name.
Event.Rules.AUTO, Event.Rules.FIDE_2024, Event.Rules.FIDE_2026, Event.created_at
Event.points_win, Event.points_draw, Event.points_loss, Event.points_forfeit_win
Event.points_forfeit_loss, Event.points_full_bye, Event.points_half_bye, Event.points_zero_bye
Event.section_order  # ordered by name in events/sections.py
Forfeit.NONE, Forfeit.HOME_WINS, Forfeit.AWAY_WINS

# Form fields, read through cleaned_data.
TrfUploadForm.file, SignInForm.keep_signed_in

# Read by the public templates.
RoundView.state_label, GameLine.opponent_rank, GameLine.result_title, GameLine.points_shown
EventState.crosstable, EventState.full_name
BoardLine.score_shown, BoardLine.percentage, Member.score_shown, TeamState.crosstable
TeamMatchLine.match_points, RoundView.pending
Leader.url_no

# Run by name in the seeding script a bench hands to the server's database.
seed_individual

# Holds its task: the event loop keeps only a weak reference.
Station.receiver

# Bridge: form fields read through cleaned_data, rows read by the bridge templates.
MatchEntryForm.home_points, MatchEntryForm.away_points, BamEntryForm.home_bam, BamEntryForm.away_bam
MatchRow.home_name, MatchRow.away_name, MatchRow.is_bye, MatchRow.worded

# Printouts: Django reads a path converter's regex and to_url; the templates read the rows.
PaperConverter.regex, PaperConverter.to_url, PairingLine.white_points, PairingLine.black_points

# Prizes: read by the prize templates.
CategoryList.unawarded
PreviewRow.in_line
_.xframe_options_exempt  # read by XFrameOptionsMiddleware (security.headers)

# tests/browser/test_find.py: http.server calls its handler's methods by name.
_.do_GET, _.log_message

# Each player's path: read by the player card and the arbiter's rating settings page.
RatedGame.opponent_rating, PlayerK.k_worked_out

# web/derived.py: Django's log_response reads a response's mark that it was logged already.
_._has_been_logged
