"""Team event live push under load: a board entered on a 180-team event reaching every socket.

Seeds an olympiad-size team Swiss (180 teams of five boards and a reserve, 11 rounds:
1-10 closed, round 11 under way with every board empty) in a throwaway database, then:
- prints what one push costs in one process: reading the event and building its state
  (engine and team state), and rendering every live fragment once;
- serves it as bench/live_bench.py does (uvicorn --workers 2, Redis), connects N bare
  websocket clients to /ws/e/<slug>/?view=VIEW (default standings: the team standings a
  follower's page shows) and enters `--writes` board results one after another through
  the match page's result POST (as the tablet's htmx sends it), waiting for every client
  to show each; prints the time from the POST to the last client showing it (median, p95,
  max). Figures only; not a timed test.

Usage: .venv/bin/python bench/team_live_bench.py [--clients 100,1000] [--writes 20]
                                                 [--teams 180] [--view standings]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.live_bench import (  # noqa: E402
    ROOT,
    Clients,
    ServerDatabase,
    _env,
    free_port,
    socket_path,
    start_redis,
    uvicorn_command,
    wait_for_port,
)
from tests.live.arbiter_http import ArbiterClient  # noqa: E402

PASSWORD = "bench-arbiter-pw"
GAP = 0.4  # seconds between writes: longer than the push interval
SLUG = "bench-teams"
BOARDS, SQUAD, ROUNDS = 5, 6, 11
SEED = """
from bench.team_live_bench import seed, seed_individual
seed({slug!r}, {teams}, {password!r})
seed_individual({twin!r}, {teams} * {boards})
"""
TWIN = "bench-twin"  # an individual event of the same size: the team event's players and games
COST = """
import time
from standings.events.models import Event
from standings.live.fragments import render_parts
from standings.state.event_state import build_state
event = Event.objects.get(slug={slug!r})
builds, renders = [], []
for _ in range(5):
    started = time.perf_counter()
    state = build_state(event)
    built = time.perf_counter()
    render_parts(state)
    builds.append(built - started)
    renders.append(time.perf_counter() - built)
print(f"{{1000 * min(builds):.0f}} {{1000 * min(renders):.0f}}")
"""


def seed_individual(slug: str, players: int) -> None:
    """An individual Swiss with as many players and games as the team event: `players`
    at the boards, 11 rounds paired by the circle method, round 11 under way."""
    from standings.events.models import Event, Game, Participant, Round

    event = Event.objects.create(slug=slug, name="Bench Twin", rounds_planned=ROUNDS)
    Participant.objects.bulk_create(
        Participant(event=event, start_no=n, name=f"Player {n:04d}", rating=2700 - n // 2)
        for n in range(1, players + 1)
    )
    people = list(event.participants.order_by("start_no"))
    draw = random.Random(2026)
    circle = list(range(players))
    games = []
    for number in range(1, ROUNDS + 1):
        open_round = number == ROUNDS
        state = Round.State.IN_PROGRESS if open_round else Round.State.CLOSED
        rnd = Round.objects.create(event=event, number=number, state=state)
        for board in range(1, players // 2 + 1):
            a, b = people[circle[board - 1]], people[circle[-board]]
            white, black = (a, b) if (number + board) % 2 else (b, a)
            result = "" if open_round else draw.choice(["10", "==", "01"])
            games.append(Game(round=rnd, board=board, white=white, black=black, result=result))
        circle = [circle[0], circle[-1], *circle[1:-1]]
    Game.objects.bulk_create(games)


def seed(slug: str, teams: int, password: str) -> None:
    """The olympiad-size event: pairs by the circle method (no rematch in 11 rounds),
    home and away alternating, results drawn at random; round 11 paired, nothing entered."""
    from django.contrib.auth.models import User

    from standings.events.models import Event, Game, Match, Participant, Round, Team

    arbiter = User.objects.create_user("bench-arbiter", password=password)
    event = Event.objects.create(
        slug=slug, name="Bench Olympiad", kind=Event.Kind.TEAM, rounds_planned=ROUNDS
    )
    event.arbiters.set([arbiter])
    stored = Team.objects.bulk_create(
        Team(event=event, number=n, name=f"Team {n:03d}") for n in range(1, teams + 1)
    )
    Participant.objects.bulk_create(
        Participant(
            event=event,
            start_no=(t.number - 1) * SQUAD + order,
            name=f"Player {t.number:03d}-{order}",
            rating=2700 - 4 * t.number - 20 * order,
            team=t,
            board_order=order,
        )
        for t in stored
        for order in range(1, SQUAD + 1)
    )
    squads: dict[int, list[Participant]] = {}
    for p in event.participants.order_by("board_order").select_related("team"):
        squads.setdefault(p.team.number, []).append(p)
    team = {t.number: t for t in event.teams.all()}
    draw = random.Random(2026)
    circle = list(range(1, teams + 1))
    games = []
    for number in range(1, ROUNDS + 1):
        open_round = number == ROUNDS
        state = Round.State.IN_PROGRESS if open_round else Round.State.CLOSED
        rnd = Round.objects.create(event=event, number=number, state=state)
        half = teams // 2
        for table in range(1, half + 1):
            a, b = circle[table - 1], circle[-table]
            home, away = (a, b) if (number + table) % 2 else (b, a)
            match = Match.objects.create(round=rnd, table=table, home=team[home], away=team[away])
            resting = number % SQUAD
            playing = {
                n: [p for i, p in enumerate(squads[n]) if i != resting][:BOARDS]
                for n in (home, away)
            }
            for board in range(1, BOARDS + 1):
                h, w = playing[home][board - 1], playing[away][board - 1]
                white, black = (h, w) if board % 2 else (w, h)
                result = "" if open_round else draw.choice(["10", "==", "01"])
                games.append(
                    Game(
                        round=rnd, match=match, board=board, white=white, black=black, result=result
                    )
                )
        circle = [circle[0], circle[-1], *circle[1:-1]]
    Game.objects.bulk_create(games)


async def run_level(
    count: int, url: str, arbiter: ArbiterClient, writes: int, first: int, view: str
) -> dict:
    """Enter `writes` boards of round 11, match after match, each reaching every socket."""
    clients = Clients(url.replace("http://", "ws://") + socket_path(SLUG, view, False), url)
    version = await clients.open(count)
    latencies, answers = [], []
    for n in range(first, first + writes):
        await asyncio.sleep(GAP)
        table, board = divmod(n, BOARDS)
        page = await asyncio.to_thread(arbiter.match_page, SLUG, ROUNDS, table + 1)  # on the tablet
        sent = time.monotonic()
        await asyncio.to_thread(
            arbiter.enter_match_result, SLUG, ROUNDS, table + 1, board + 1, "10", page
        )
        answers.append((time.monotonic() - sent) * 1000)
        version += 1
        last = await clients.until_all_show(version, count)
        latencies.append((last - sent) * 1000)
    await clients.close()
    latencies.sort()
    return {
        "clients": count,
        "median": statistics.median(latencies),
        "p95": latencies[max(0, round(0.95 * len(latencies)) - 1)],
        "max": latencies[-1],
        "answer": statistics.median(answers),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clients", default="100,1000")
    parser.add_argument("--writes", type=int, default=20)
    parser.add_argument("--teams", type=int, default=180)
    parser.add_argument("--view", default="standings")
    args = parser.parse_args()
    levels = [int(n) for n in args.clients.split(",")]
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    redis_url, redis_server = start_redis()
    database = ServerDatabase().create()
    prefix = f"bench-{uuid.uuid4().hex[:8]}"
    server = None
    try:
        seeded = SEED.format(
            slug=SLUG, teams=args.teams, boards=BOARDS, password=PASSWORD, twin=TWIN
        )
        database.run_python(seeded)
        build_ms, render_ms = database.run_python(COST.format(slug=SLUG)).split()
        twin_build, twin_render = database.run_python(COST.format(slug=TWIN)).split()
        print(
            f"team event: {args.teams} teams x {BOARDS} boards (+1 reserve), {ROUNDS} rounds; "
            f"one push in one process (best of 5): state {build_ms} ms, fragments {render_ms} ms"
        )
        print(
            f"individual event of the same size ({args.teams * BOARDS} players, {ROUNDS} rounds):"
            f" state {twin_build} ms, fragments {twin_render} ms"
        )
        port = free_port()
        log = tempfile.NamedTemporaryFile(prefix="team-live-bench-", suffix=".log")
        server = subprocess.Popen(
            uvicorn_command(port, "--workers", "2", "--backlog", "8192", ws_deflate=False),
            env=_env(database.url, redis_url, {"REDIS_PREFIX": prefix}),
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        wait_for_port(port, timeout=60)
        time.sleep(2)  # both workers up
        url = f"http://127.0.0.1:{port}"
        arbiter = ArbiterClient(url)
        arbiter.log_in("bench-arbiter", PASSWORD)
        print(f"live push, view={args.view}, uvicorn --workers 2, Redis {redis_url}")
        print(f"{'sockets':>8} {'median ms':>10} {'p95 ms':>8} {'max ms':>8} {'POST ms':>8}")
        for n, count in enumerate(levels):
            row = asyncio.run(
                run_level(count, url, arbiter, args.writes, n * args.writes, args.view)
            )
            print(
                f"{row['clients']:>8} {row['median']:>10.0f} {row['p95']:>8.0f} "
                f"{row['max']:>8.0f} {row['answer']:>8.0f}"
            )
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=30)
        database.drop()
        if redis_server is not None:
            redis_server.stop()


if __name__ == "__main__":
    main()
