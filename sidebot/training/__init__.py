"""Training and publishing the verifier: the WiCE and NLI training pairs, generated and mined negatives, the
training loop, the fact check's and the combiners' fits, calibration on held-out claims, and the model card.
A tool beside the bot: the runtime packages never import it (the verifier it ships is read by
:mod:`sidebot.verify`)."""
