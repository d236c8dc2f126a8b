"""The CLI's commands, one module per area; ``sidebot.cli`` assembles them into one Typer app."""
