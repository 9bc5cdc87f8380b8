"""The event as the source of truth: participants, teams, rounds, games, byes, audit."""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models

from standings.engine import limits
from standings.engine.catalogue import parse_tiebreak_list
from standings.engine.notation import SpecError
from standings.engine.trf import TrfError, read_trf
from standings.prizes.rules import RulesError, read_rules
from standings.wording.phrases import worded


def validate_trf_records(value: str) -> None:
    """Records the export may write back as they are: none it writes itself, except 212."""
    for number, line in enumerate(value.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            kept = read_trf(line + "\n")
        except TrfError as error:
            raise ValidationError(f"line {number}: {error.message}") from None
        if line[:3] != "212" and line.rstrip() not in kept.header.other_records:
            raise ValidationError(
                f"line {number}: record {line[:3]!r} is written by the export itself "
                "(only records standings does not interpret, and 212, are kept)"
            )


def validate_prize_rules(value: object) -> None:
    """A prize document the projection can read (docs/prizes.md); every fault named."""
    try:
        read_rules(value)
    except RulesError as error:
        raise ValidationError([worded(fault) for fault in error.faults]) from None


TIEBREAKS_MAX_LENGTH = 300


def validate_tiebreaks(value: str) -> None:
    """A tie-break list the engine knows, in its notation, separated by spaces."""
    try:
        parse_tiebreak_list(value)
    except SpecError as error:
        raise ValidationError(worded(error.phrase)) from None


# What the columns and the product hold (`standings.engine.limits`, which the TRF reader reads).
POINTS = [MinValueValidator(Decimal(0)), MaxValueValidator(limits.MAX_POINTS)]
ROUNDS = [MaxValueValidator(limits.MAX_ROUNDS)]
ROUND_NUMBER = [MinValueValidator(1), MaxValueValidator(limits.MAX_ROUNDS)]
START_NO = [MinValueValidator(1), MaxValueValidator(limits.MAX_START_NO)]
TEAM_NO = [MinValueValidator(1), MaxValueValidator(limits.MAX_TEAM_NO)]
RATING = [MaxValueValidator(limits.MAX_RATING)]
# The K factors of the FIDE Rating Regulations (8.3.3) an arbiter may set for a player.
K_FACTORS = [(40, "40"), (20, "20"), (10, "10")]


def points_field(default: float | None) -> models.DecimalField:
    """Points as TRF records 162, 362 and 320 state them: 0 to 999.9 in tenths; None as the
    default makes a field that may stay blank (nothing stated)."""
    if default is None:
        return models.DecimalField(
            max_digits=4, decimal_places=1, null=True, blank=True, validators=POINTS
        )
    return models.DecimalField(max_digits=4, decimal_places=1, validators=POINTS, default=default)


class Event(models.Model):
    class Kind(models.TextChoices):
        INDIVIDUAL = "individual", "Individual"
        TEAM = "team", "Team"

    class System(models.TextChoices):
        SWISS = "swiss", "Swiss"
        ROUND_ROBIN = "rr", "Round robin"
        DOUBLE_ROUND_ROBIN = "drr", "Double round robin"

    class Rules(models.TextChoices):
        AUTO = "", "By start date"
        FIDE_2024 = "2024", "FIDE 2024"
        FIDE_2026 = "2026", "FIDE 2026"

    slug = models.SlugField(unique=True)
    name = models.CharField(max_length=200)
    kind = models.CharField(max_length=12, choices=Kind.choices, default=Kind.INDIVIDUAL)
    system = models.CharField(max_length=8, choices=System.choices, default=System.SWISS)
    rounds_planned = models.PositiveSmallIntegerField(default=9, validators=ROUNDS)
    start_date = models.DateField(null=True, blank=True)
    end_date = models.DateField(null=True, blank=True)
    location = models.CharField(max_length=200, blank=True)
    federation = models.CharField(max_length=3, blank=True)
    chief_arbiter = models.CharField(max_length=200, blank=True)
    deputy_arbiters = models.TextField(blank=True, help_text="TRF 112: one name per line.")
    time_control = models.CharField(max_length=200, blank=True, help_text="TRF 122")
    trf_records = models.TextField(
        blank=True,
        help_text="TRF records the import keeps but does not interpret (XXC, XXA, XXS, "
        "212, ...), one a line as read; the export writes them back.",
        validators=[validate_trf_records],
    )
    rule_edition = models.CharField(max_length=4, choices=Rules.choices, blank=True, default="")
    # Ordered tie-break specs in the reference notation, space separated: "BH/C1 BH SB".
    tiebreaks = models.CharField(
        max_length=TIEBREAKS_MAX_LENGTH, blank=True, validators=[validate_tiebreaks]
    )
    shared_places = models.BooleanField(
        default=False, help_text="Ties left after the list share a place instead of drawing lots."
    )
    lots_seed = models.PositiveIntegerField(default=0, help_text="Published seed for lots.")
    allow_zero_zero = models.BooleanField(default=False, help_text="Allow 0-0 results.")
    # Scoring (TRF 162 for games, 362 for team matches).
    points_win = points_field(1)
    points_draw = points_field(0.5)
    points_loss = points_field(0)
    points_forfeit_win = points_field(1)
    points_forfeit_loss = points_field(0)
    points_pairing_bye = points_field(1)
    points_full_bye = points_field(1)
    points_half_bye = points_field(0.5)
    points_zero_bye = points_field(0)
    match_points_win = points_field(2)
    match_points_draw = points_field(1)
    match_points_loss = points_field(0)
    # What a team's pairing-allocated bye (TRF 320) gives; blank when no file stated it.
    team_bye_match_points = points_field(default=None)
    team_bye_game_points = points_field(default=None)
    board_colors = models.CharField(max_length=20, blank=True, help_text="TRF 352, e.g. WBWB")
    board_ranking_min_games = models.PositiveSmallIntegerField(
        default=0,
        validators=ROUNDS,
        help_text="Games a player needs on a board to be ranked among its players (team events).",
    )
    # Categories and prizes: one JSON document (standings.prizes.rules), always read and
    # written whole, read with the event on every push at no extra query.
    prize_rules = models.JSONField(
        default=dict,
        blank=True,
        validators=[validate_prize_rules],
        help_text="Categories and prizes as a JSON document (docs/prizes.md).",
    )
    # The round after which an arbiter declared the prize list final (an audited action),
    # before the last planned round; standings.prizes.status reads it.
    prizes_final_after = models.PositiveSmallIntegerField(null=True, blank=True)
    # The standings' "rating change" column (the estimate of docs/rating-change.md): the
    # organiser switches it on; off, the player cards still show the estimate.
    rating_change_column = models.BooleanField(
        default=False, help_text="Show the estimated rating change as a standings column."
    )
    arbiters = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="events")
    # Sections: an event of a tournament (Open A, U1600, a side event) names the tournament,
    # itself an event, as its parent; one level only (`sections.py`).
    parent = models.ForeignKey(
        "self",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="sections",
        help_text="The tournament this event is a section of; its arbiters are this one's too.",
    )
    section_order = models.PositiveSmallIntegerField(
        default=0, help_text="Place among the tournament's sections (lowest first)."
    )
    board_offset = models.PositiveIntegerField(
        default=0,
        validators=[MaxValueValidator(limits.MAX_BOARD_OFFSET)],
        help_text="Added to every board number shown: 100 makes board 1 board 101.",
    )
    # Bumped by every write; the cache key and ETag of the public pages. A new event under
    # the slug of a deleted one goes on from that one's version (RetiredSlug).
    version = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-start_date", "name"]

    def save(self, *args, **kwargs) -> None:
        if self._state.adding and not self.version:
            retired = RetiredSlug.objects.filter(slug=self.slug).first()
            if retired is not None:
                self.version = retired.last_version + 1
        super().save(*args, **kwargs)

    def __str__(self) -> str:
        return self.name

    def tiebreak_list(self) -> list[str]:
        return self.tiebreaks.split()

    def clean(self) -> None:
        # One level: a tournament groups sections; a section groups nothing.
        if self.parent_id is None:
            return
        if self.parent_id == self.pk:
            raise ValidationError({"parent": "An event cannot be a section of itself."})
        if self.parent is not None and self.parent.parent_id is not None:
            raise ValidationError({"parent": f"{self.parent} is itself a section."})
        if self.pk is not None and Event.objects.filter(parent_id=self.pk).exists():
            raise ValidationError({"parent": "An event with sections cannot be a section."})


class Team(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="teams")
    number = models.PositiveIntegerField(validators=TEAM_NO)
    name = models.CharField(max_length=200)

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="unique_team_number")
        ]

    def __str__(self) -> str:
        return f"{self.number}. {self.name}"


class Participant(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="participants")
    start_no = models.PositiveIntegerField(validators=START_NO)
    name = models.CharField(max_length=200)
    title = models.CharField(max_length=3, blank=True)
    sex = models.CharField(max_length=1, blank=True)
    federation = models.CharField(max_length=3, blank=True)
    fide_id = models.CharField(max_length=12, blank=True)
    birth = models.CharField(max_length=10, blank=True)
    club = models.CharField(max_length=100, blank=True, help_text="For club prizes.")
    rating = models.PositiveIntegerField(
        null=True, blank=True, validators=RATING, help_text="Blank: unrated."
    )
    national_rating = models.PositiveIntegerField(null=True, blank=True, validators=RATING)
    # The arbiter's K for the estimated rating change; blank: from the rating and the birth
    # year (engine/rating_change.k_factor), which cannot tell a player new to the list.
    k_factor = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        choices=K_FACTORS,
        help_text="FIDE K for the estimated rating change; blank: from the rating and age.",
    )
    team = models.ForeignKey(
        Team, on_delete=models.SET_NULL, null=True, blank=True, related_name="members"
    )
    board_order = models.PositiveSmallIntegerField(null=True, blank=True)
    # Withdrawn from this round on: every later round is a zero-point bye.
    withdrawn_from_round = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=ROUND_NUMBER
    )

    class Meta:
        ordering = ["event", "start_no"]
        constraints = [
            models.UniqueConstraint(fields=["event", "start_no"], name="unique_start_no")
        ]

    def __str__(self) -> str:
        return f"{self.start_no}. {self.name}"


class Round(models.Model):
    class State(models.TextChoices):
        DRAFT = "draft", "Pairings prepared"  # not shown to followers until published
        PAIRINGS = "pairings", "Pairings published"
        IN_PROGRESS = "in_progress", "In progress"
        CLOSED = "closed", "Closed"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField(validators=ROUND_NUMBER)
    state = models.CharField(max_length=12, choices=State.choices, default=State.PAIRINGS)
    starts_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="unique_round_number")
        ]

    def __str__(self) -> str:
        return f"Round {self.number}"

    @property
    def is_closed(self) -> bool:
        return self.state == self.State.CLOSED


class Forfeit(models.TextChoices):
    """A team match forfeited as a whole (TRF 330), home team's side first."""

    NONE = "", "not forfeited"
    HOME_WINS = "+-", "+/- (home wins by forfeit)"
    AWAY_WINS = "-+", "-/+ (away wins by forfeit)"
    BOTH_LOSE = "--", "-/- (double forfeit)"


class Match(models.Model):
    """A team match: the board games of two teams in one round."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches")
    table = models.PositiveSmallIntegerField()
    home = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="home_matches")
    away = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="away_matches")
    # TRF 330: the match forfeited as a whole, whatever its boards say (home is white's team).
    forfeit = models.CharField(max_length=2, choices=Forfeit.choices, blank=True, default="")

    class Meta:
        ordering = ["round", "table"]
        verbose_name_plural = "matches"

    def __str__(self) -> str:
        return f"{self.home} - {self.away}"


class Result(models.TextChoices):
    """White's and black's TRF result codes, side by side."""

    PENDING = "", "pending"
    WHITE_WINS = "10", "1-0"
    DRAW = "==", "½-½"
    BLACK_WINS = "01", "0-1"
    WHITE_FORFEIT_WIN = "+-", "+/-"
    BLACK_FORFEIT_WIN = "-+", "-/+"
    DOUBLE_FORFEIT = "--", "-/-"
    BOTH_LOSE = "00", "0-0"
    WHITE_WINS_UNRATED = "WL", "1-0 (unrated)"
    DRAW_UNRATED = "DD", "½-½ (unrated)"
    BLACK_WINS_UNRATED = "LW", "0-1 (unrated)"


# How a stored result reads on boards, buttons and in messages.
RESULT_SHOWN: dict[str, str] = {
    Result.PENDING: "pending",
    Result.WHITE_WINS: "1–0",
    Result.DRAW: "½–½",
    Result.BLACK_WINS: "0–1",
    Result.WHITE_FORFEIT_WIN: "+/−",
    Result.BLACK_FORFEIT_WIN: "−/+",
    Result.DOUBLE_FORFEIT: "−/−",
    Result.BOTH_LOSE: "0–0",
    Result.WHITE_WINS_UNRATED: "1–0 (unrated)",
    Result.DRAW_UNRATED: "½–½ (unrated)",
    Result.BLACK_WINS_UNRATED: "0–1 (unrated)",
}


class Game(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="games")
    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, null=True, blank=True, related_name="games"
    )
    board = models.PositiveSmallIntegerField()
    white = models.ForeignKey(Participant, on_delete=models.CASCADE, related_name="white_games")
    black = models.ForeignKey(Participant, on_delete=models.CASCADE, related_name="black_games")
    result = models.CharField(max_length=2, choices=Result.choices, blank=True, default="")
    # Optimistic locking: a write must carry the version it saw.
    version = models.PositiveIntegerField(default=0)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    entered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["round", "board"]
        constraints = [
            # Two partial constraints rather than nulls_distinct=False, which SQLite lacks.
            models.UniqueConstraint(
                fields=["round", "board"],
                condition=models.Q(match__isnull=True),
                name="unique_board",
            ),
            models.UniqueConstraint(
                fields=["match", "board"],
                condition=models.Q(match__isnull=False),
                name="unique_match_board",
            ),
        ]

    def __str__(self) -> str:
        return f"R{self.round.number} B{self.board}: {self.white.name} - {self.black.name}"


class UnplayedRound(models.Model):
    """A round a participant spends without an opponent."""

    class Kind(models.TextChoices):
        PAIRING_BYE = "U", "Pairing-allocated bye"
        FULL_BYE = "F", "Full-point bye"
        HALF_BYE = "H", "Half-point bye"
        ZERO_BYE = "Z", "Zero-point bye"
        NOT_PAIRED = "-", "Not paired"

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="unplayed")
    participant = models.ForeignKey(Participant, on_delete=models.CASCADE, related_name="unplayed")
    kind = models.CharField(max_length=1, choices=Kind.choices)
    version = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["round", "participant"]
        constraints = [
            models.UniqueConstraint(fields=["round", "participant"], name="unique_unplayed")
        ]

    def __str__(self) -> str:
        return f"R{self.round.number}: {self.participant.name} {self.get_kind_display()}"


class TeamBye(models.Model):
    """A round a team spends without a match: TRF 320 (pairing-allocated) or 240 (F, H, Z)."""

    class Kind(models.TextChoices):
        PAIRING_BYE = "U", "Pairing-allocated bye"  # gives the event's team_bye_* points
        FULL_BYE = "F", "Full-point bye"
        HALF_BYE = "H", "Half-point bye"
        ZERO_BYE = "Z", "Zero-point bye"

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="team_byes")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="byes")
    kind = models.CharField(max_length=1, choices=Kind.choices)

    class Meta:
        ordering = ["round", "team"]
        constraints = [
            models.UniqueConstraint(fields=["round", "team"], name="unique_team_bye"),
            # Record 320 names one team per round.
            models.UniqueConstraint(
                fields=["round"],
                condition=models.Q(kind="U"),
                name="one_team_pairing_bye_per_round",
            ),
        ]

    def __str__(self) -> str:
        return f"R{self.round.number}: {self.team.name} {self.get_kind_display()}"


class ByeRequest(models.Model):
    """A bye (TRF 240) for a round not paired yet, of a player or of a team."""

    class Kind(models.TextChoices):
        FULL_BYE = "F", "Full-point bye"
        HALF_BYE = "H", "Half-point bye"
        ZERO_BYE = "Z", "Zero-point bye"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="bye_requests")
    round_number = models.PositiveSmallIntegerField()
    participant = models.ForeignKey(
        Participant, on_delete=models.CASCADE, null=True, blank=True, related_name="bye_requests"
    )
    team = models.ForeignKey(
        Team, on_delete=models.CASCADE, null=True, blank=True, related_name="bye_requests"
    )
    kind = models.CharField(max_length=1, choices=Kind.choices)

    class Meta:
        ordering = ["event", "round_number", "kind", "participant", "team"]
        constraints = [
            # A NULL is distinct from every other: a team's row never clashes with a player's.
            models.UniqueConstraint(
                fields=["event", "round_number", "participant"], name="unique_player_bye_request"
            ),
            models.UniqueConstraint(
                fields=["event", "round_number", "team"], name="unique_team_bye_request"
            ),
            models.CheckConstraint(
                condition=models.Q(participant__isnull=False, team__isnull=True)
                | models.Q(participant__isnull=True, team__isnull=False),
                name="bye_request_for_a_player_or_a_team",
            ),
        ]

    def __str__(self) -> str:
        who = self.participant or self.team
        return f"R{self.round_number}: {who} {self.get_kind_display()}"


class AuditEntry(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="audit_entries")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    action = models.CharField(max_length=40)  # e.g. "result", "close_round", "import_trf"
    target = models.CharField(max_length=200, blank=True)  # e.g. "round 5 board 3"
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    reason = models.TextField(blank=True)

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name_plural = "audit entries"

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M:%S} {self.action} {self.target}"


class RetiredSlug(models.Model):
    """The last version of a deleted event, by slug: the public pages' caches and ETags are
    keyed by slug and version, so an event created later under that slug goes on from it
    and is never answered with the deleted event's pages."""

    slug = models.SlugField(unique=True)
    last_version = models.PositiveIntegerField()

    def __str__(self) -> str:
        return f"{self.slug} (until version {self.last_version})"

    @classmethod
    def retire(cls, event: Event) -> None:
        found, created = cls.objects.get_or_create(
            slug=event.slug, defaults={"last_version": event.version}
        )
        if not created and found.last_version < event.version:
            found.last_version = event.version
            found.save(update_fields=["last_version"])
