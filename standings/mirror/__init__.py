"""A venue's event published on a public server: the public side's token, endpoint and
replace (public.py, views.py), the venue's pusher (push.py), the signed batches (batch.py)."""
