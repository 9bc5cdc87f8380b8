"""The tests' password hasher: Django's PBKDF2 with few iterations.

Django hashes a password with 1,000,000 PBKDF2 iterations (about half a second of CPU), and
the tests create and sign in users by the thousand. A hash made here is an ordinary
`pbkdf2_sha256$<iterations>$...` hash, which any Django (a server started by a test, with
the project's own settings) checks by the iterations it names; only what the tests hash in
their own process gets cheaper.
"""

from __future__ import annotations

from django.contrib.auth.hashers import PBKDF2PasswordHasher


class FewIterationsPBKDF2PasswordHasher(PBKDF2PasswordHasher):
    iterations = 1_000
