"""The state of one version of an event, built once from the database and the engine and
shared by every page, push and language: rows, rounds, cards, tie notes, teams, sections'
summaries and progress (`event_state.build_state`), and where it is cached (`cache`).

Holds codes and lazy translations, never words in a reader's language (docs/translations.md).
"""
