"""The review queue: ORM models and store operations (SQLite or PostgreSQL through SQLAlchemy)."""
