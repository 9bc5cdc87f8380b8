"""Every translated text table: the words the pages, the arbiter's messages and the import
reports show for the engine's, the TRF reader's and the models' stable codes and keys.

Imports the pure packages only (engine, bridge), so every layer above may use it."""
