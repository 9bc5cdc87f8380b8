"""Pushes on their way: each subscription's push service (origin) and the notification on
its way (sending), so that the worker sends without waiting on a batch."""

from django.db import migrations, models


def fill(apps, schema_editor) -> None:
    from standings.follow.endpoints import origin_of

    Subscription = apps.get_model("follow", "Subscription")
    Followed = apps.get_model("follow", "Followed")
    for sub in Subscription.objects.only("endpoint").iterator(chunk_size=1000):
        Subscription.objects.filter(pk=sub.pk).update(origin=origin_of(sub.endpoint))
    # Claimed by a worker that stopped before its answers were written (at most once).
    Followed.objects.filter(waiting__isnull=False, due_at__isnull=True).update(
        waiting=None, attempts=0
    )


class Migration(migrations.Migration):
    dependencies = [
        ("follow", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="followed",
            name="sending",
            field=models.JSONField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="subscription",
            name="origin",
            field=models.CharField(default="", max_length=1024),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
