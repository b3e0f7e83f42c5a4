"""``gamekit classroom`` without Voila: one line naming the kit's classroom extra (needs the OTHERS commit on
gamekit/widgets/classroom_launch.py)."""
import sys

from gamekit import cli


def test_classroom_without_voila_names_the_extra_as_readme_installs_it(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "voila", None)
    assert cli.main(["classroom", "--no-browser"]) == 2
    assert capsys.readouterr().err == ("gamekit classroom: Voila is not installed: install the kit with its classroom "
                                       "extra (in the repository: pip install -e '.[classroom]'; from a wheel: "
                                       "pip install '<the .whl file>[classroom]')\n")
