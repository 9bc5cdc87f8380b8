"""Defences in front of the pages: sign-in throttling, request body limits, security headers,
and isolation of user-entered text that could reorder what is shown beside it."""
