"""The verifier as a KServe model server (``sidebot serve-verifier``) for patrols and workers on other
machines; the client is :mod:`sidebot.verify.remote`."""
