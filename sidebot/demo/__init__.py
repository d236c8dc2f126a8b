"""The ``sidebot demo`` content: real demo articles and sources (content.py) and their HTTP server
(source_server.py)."""
