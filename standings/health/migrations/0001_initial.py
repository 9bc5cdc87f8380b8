from django.db import migrations, models
from django.utils import timezone


def add_the_row(apps, schema_editor):
    apps.get_model("health", "WriteProbe").objects.create(pk=1, written_at=timezone.now())


class Migration(migrations.Migration):
    initial = True

    dependencies = []

    operations = [
        migrations.CreateModel(
            name="WriteProbe",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("written_at", models.DateTimeField()),
            ],
            options={"db_table": "health_write_probe"},
        ),
        migrations.RunPython(add_the_row, migrations.RunPython.noop),
    ]
