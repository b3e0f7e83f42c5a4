"""Rule texts cite their sources in words a learner knows: no "seed rule N" (needs the OTHERS commit on
data/1837/rules*.md; reads the tree's data only once merged)."""
import re

import pytest

from gamekit.i18n import using
from gamekit.rules import rule_sections, rule_text


@pytest.mark.parametrize("lang, cited", [("en", "(first-edition text, rule 44)"), ("zh", "（第一版规则文本第 44 条）"),
                                         ("nl", "(tekst van de eerste editie, regel 44)")])
def test_a_minors_home_station_cites_the_first_edition_text(lang, cited):
    with using(lang):
        assert cited in " ".join(rule_text("1837:minor.tokens").split())


@pytest.mark.parametrize("prefix", ["1830", "1837", "1894", "cd", "ar"])
def test_no_rule_text_cites_a_seed_rule(prefix):
    for lang in ("en", "zh", "ca", "es", "nl"):
        with using(lang):
            for rule_id in rule_sections(prefix):
                text = " ".join(rule_text(rule_id).split())
                assert not re.search(r"seed rules? \d|种子规则\s*\d|seedregels? \d|regla \d+ de la (llavor|semilla)", text), rule_id
