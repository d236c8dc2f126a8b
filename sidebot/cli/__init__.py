"""The CLI's commands, one module per area; ``sidebot.cli.app`` assembles them into one Typer app."""
