"""Source engine: fetch cited pages safely, turn them into text and passages. Imports no bot parts."""
