"""The demo event (`make run`): a Swiss under way, its loader, its pairer and its live feeder."""
