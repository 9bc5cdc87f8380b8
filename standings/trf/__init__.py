"""TRF files and a stored event: the import (a new event, a section, or new rounds of one,
all or nothing), the export, the unplayed rounds a file names (byes, forfeits, team byes),
the upload page's form and summary, and the import_trf and export_trf commands."""
