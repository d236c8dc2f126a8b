"""Throwaway real servers for tests and benchmarks (PostgreSQL); the local wiki lives in sidebot.wiki."""
