"""Real local servers for the demo, tests and benchmarks: the local MediaWiki (``testwiki*``), the demo's
articles and sources (:mod:`~sidebot.sandbox.demo_content`) and their HTTP server
(:mod:`~sidebot.sandbox.source_server`), both together (:mod:`~sidebot.sandbox.sandbox`), the demo's retrieval
corpus (:mod:`~sidebot.sandbox.demo_corpus`) and a throwaway PostgreSQL server
(:mod:`~sidebot.sandbox.postgres`)."""
