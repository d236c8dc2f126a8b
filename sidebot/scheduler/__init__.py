"""The scheduler: the APScheduler app (:mod:`~sidebot.scheduler.app`), its jobs
(:mod:`~sidebot.scheduler.jobs`),
the stale check (:mod:`~sidebot.scheduler.stale`) and its state in the queue database: lease and cursors
(:mod:`~sidebot.queue.scheduler_state`)."""
