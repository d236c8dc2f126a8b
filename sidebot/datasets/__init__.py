"""Readers for the data sets sidebot trains, evaluates and builds its demo from: WiCE
(:mod:`~sidebot.datasets.wice`), corpus documents in WiCE, SciFact, Climate-FEVER and plain JSONL form
(:mod:`~sidebot.datasets.documents`), and the builder of the small committed slices
(:mod:`~sidebot.datasets.retrieve_data`). They import no other sidebot package."""
