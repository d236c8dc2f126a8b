"""The cross-encoder network: MiniLM's first transformer layers, mean pooling, a 3-way linear head.

Why not Hugging Face's ``BertForSequenceClassification``: it classifies from the [CLS] state through BERT's
pooler, and all-MiniLM-L6-v2 (a sentence-transformers model trained with MEAN pooling) never trained its [CLS]
state. At every layer that state is the same vector whatever the input (cosine 1.0000 between unrelated
pairs, measured here), so a head reading it starts blind: the first verifier trained that way stayed at
chance. Mean pooling over the tokens reads the states the base model did learn.
"""

from __future__ import annotations

from pathlib import Path

import torch
from safetensors.torch import load_file, save_file
from transformers import BertConfig, BertModel

LABELS = ("supports", "refutes", "not_enough_info")
WEIGHTS = "model.safetensors"


class PairClassifier(torch.nn.Module):
    """(claim, passage) token ids → logits over :data:`LABELS`."""

    def __init__(self, config: BertConfig) -> None:
        super().__init__()
        self.config = config
        self.bert = BertModel(config, add_pooling_layer=False)
        self.dropout = torch.nn.Dropout(config.hidden_dropout_prob)
        self.classifier = torch.nn.Linear(config.hidden_size, len(LABELS))

    def forward(
        self, input_ids: torch.Tensor, attention_mask: torch.Tensor, token_type_ids: torch.Tensor
    ) -> torch.Tensor:
        """Logits over :data:`LABELS` for a batch of pairs, from the mean of the last hidden states over real
        tokens."""
        states = self.bert(
            input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids
        ).last_hidden_state
        mask = attention_mask.unsqueeze(-1).to(states.dtype)
        pooled = (states * mask).sum(1) / mask.sum(1).clamp(min=1.0)
        return self.classifier(self.dropout(pooled))

    @classmethod
    def from_base(cls, folder: Path, layers: int) -> PairClassifier:
        """The first ``layers`` layers of the sentence-transformers model in ``folder`` and a fresh head."""
        base = BertModel.from_pretrained(folder, num_hidden_layers=layers, add_pooling_layer=False)
        config = base.config
        config.id2label = dict(enumerate(LABELS))
        config.label2id = {name: i for i, name in enumerate(LABELS)}
        model = cls(config)
        model.bert.load_state_dict(base.state_dict())
        return model

    def save(self, folder: Path, dtype: torch.dtype = torch.float16) -> Path:
        """config.json + safetensors weights (fp16 by default: half the size, scores move by < 1e-2)."""
        folder.mkdir(parents=True, exist_ok=True)
        self.config.save_pretrained(folder)
        path = folder / WEIGHTS
        save_file({k: v.detach().to(dtype).contiguous() for k, v in self.state_dict().items()}, path)
        return path

    @classmethod
    def load(cls, folder: Path) -> PairClassifier:
        """The trained classifier saved in ``folder`` (config and safetensors weights), in fp32 and eval
        mode."""
        model = cls(BertConfig.from_pretrained(folder))
        model.load_state_dict({k: v.float() for k, v in load_file(folder / WEIGHTS).items()})
        return model.eval()
