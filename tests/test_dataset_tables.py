"""Tables derived from the observed dataset live on its lexicon: computed once, dropped on a new dataset."""
from __future__ import annotations

from entity_renaming.entities import dataset_pronoun_gender
from entity_renaming.entswap.entities import dataset_places
from entity_renaming.lexicon import Lexicon
from entity_renaming.ner import Mention
from entity_renaming.organisations import acronym_of_organisation

IPCC = "Intergovernmental Panel on Climate Change"


def _labelled(text: str, label: str) -> list[Mention]:
    return [Mention(0, len(text), label, text)]


def test_a_table_is_computed_once_per_observed_dataset() -> None:
    lexicon = Lexicon()
    calls: list[int] = []

    def count(lex: Lexicon) -> int:
        calls.append(1)
        return len(lex.labels.votes)

    lexicon.observe([IPCC], _labelled(IPCC, "ORG"))
    assert lexicon.dataset_table(count) == 1 and lexicon.dataset_table(count) == 1 and len(calls) == 1
    lexicon.observe([], [])
    assert lexicon.dataset_table(count) == 0 and len(calls) == 2


def test_dataset_evidence_follows_the_dataset_the_lexicon_observed_last() -> None:
    lexicon = Lexicon(strict=False)
    lexicon.observe([IPCC] * 3, _labelled(IPCC, "ORG") * 3)
    assert acronym_of_organisation("IPCC", lexicon)
    lexicon.observe(["A report."], [])
    assert not acronym_of_organisation("IPCC", lexicon)  # the other dataset names no such body
    # EntSwap's places that the dataset labels GPE: one dataset's votes never leak into the next one's
    paris = "Paris"
    lexicon.observe([paris], _labelled(paris, "GPE") * 3)
    assert dataset_places(["He lived in Paris."], lexicon) == [("Paris", "city")]
    lexicon.observe([paris], [])
    assert dataset_places(["He lived in Paris."], lexicon) == []


def test_a_mononyms_pronouns_are_read_in_the_observed_passages() -> None:
    passages = {f"Jebekhai rode west. He won battle {i}. Peace came.": [Mention(0, 8, "PERSON", "Jebekhai")]
                for i in range(3)}
    lexicon = Lexicon()
    lexicon.observe(list(passages), [m for ms in passages.values() for m in ms], passages)
    assert dataset_pronoun_gender("Jebekhai", lexicon) == (1, 0)
    lexicon.observe(list(passages), [m for ms in passages.values() for m in ms])  # no passages observed
    assert dataset_pronoun_gender("Jebekhai", lexicon) == (0, 0)
