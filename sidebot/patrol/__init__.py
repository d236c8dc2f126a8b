"""The patrol: the page loop (:mod:`~sidebot.patrol.loop`: pages in, findings out, one transaction per page)
and the pipeline that composes the engines for one citation (:mod:`~sidebot.patrol.pipeline`: no wiki, no
database)."""
