"""argparse's own words in the ``gamekit`` command follow the chosen language (GAMEKIT_LANG): "usage:",
"options", "error: …" were English whatever the language."""

import argparse
import gettext
from pathlib import Path

import pytest

from gamekit import cli
from gamekit.i18n import LANGUAGES, using


def run(capsys, *argv):
    with pytest.raises(SystemExit) as exit_:
        cli.main(list(argv))
    out, err = capsys.readouterr()
    return exit_.value.code, out, err


def test_help_reads_in_spanish(capsys):
    with using("es"):
        code, out, _ = run(capsys, "--help")
    assert code == 0
    assert out.startswith("uso: gamekit [-h]")
    assert "\nargumentos posicionales:\n" in out and "\nopciones:\n" in out
    assert "muestra este mensaje de ayuda y sale" in out and "usage:" not in out and "options:" not in out


def test_a_usage_error_reads_in_the_language(capsys):
    with using("es"):
        code, _, err = run(capsys, "simulate", "1899", "--players", "4")
    assert code == 2
    assert err.startswith("gamekit simulate: error: argumento title: opción no válida: '1899' (elija entre '1830'")
    with using("zh"):
        _, _, err = run(capsys, "simulate", "1830")
    assert "gamekit simulate：错误：缺少以下必需参数：--players" in err
    with using("nl"):
        _, _, err = run(capsys, "titles", "--bogus")
    assert "gamekit: fout: onbekende argumenten: --bogus" in err


def test_english_is_argparses_own_and_argparse_is_restored(capsys):
    _, out, _ = run(capsys, "--help")
    assert out.startswith("usage: gamekit") and "\noptions:\n" in out
    with using("ca"):
        run(capsys, "--help")
    # other users of argparse in the process keep Python's own lookup
    assert argparse._ is gettext.gettext and argparse.ngettext is gettext.ngettext


@pytest.mark.parametrize("language", sorted(set(LANGUAGES) - {"en"}))
def test_every_argparse_text_is_translated(language):
    from babel.messages.pofile import read_po

    path = Path(cli.__file__).parent / "locale" / language / "LC_MESSAGES" / "gamekit.po"
    with path.open("rb") as f:
        catalog = read_po(f, locale=language)
    for text in cli.ARGPARSE_TEXTS:
        entry = catalog.get(text[0] if isinstance(text, tuple) else text)
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        assert all(strings) and not entry.fuzzy, (language, text)
