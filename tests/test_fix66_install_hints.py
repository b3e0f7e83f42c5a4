"""A command whose optional dependency is missing says so in one line naming the kit's own way to install it
(stop 66's fresh-user pass: ``gamekit measure`` without pandas printed a traceback; the classroom's hint sent a
wheel user to an unrelated ``gamekit`` on the package index)."""
import sys

import pytest

from gamekit import cli


@pytest.fixture
def without(monkeypatch):
    """Make the named modules unimportable for the test (a ``None`` entry in sys.modules refuses the import)."""
    def hide(*names):
        for name in names:
            monkeypatch.setitem(sys.modules, name, None)
    return hide


def test_measure_without_pandas_is_one_line_with_the_repository_and_wheel_installs(without, capsys):
    without("pandas")
    status = cli.main(["measure", "1830", "--players", "4", "--games", "1"])
    err = capsys.readouterr().err
    assert status == 2
    assert err == ("gamekit measure: pandas is not installed: install the kit with its compare extra (in the "
                   "repository: pip install -e '.[compare]'; from a wheel: pip install '<the .whl file>[compare]')\n")
    assert "Traceback" not in err and "'gamekit[" not in err


def test_measure_to_parquet_without_pyarrow_names_pyarrow(without, capsys):
    without("pyarrow")
    assert cli.main(["measure", "1830", "--players", "4", "--games", "1", "--out", "t.parquet"]) == 2
    assert capsys.readouterr().err.startswith("gamekit measure: pyarrow is not installed: install the kit with its "
                                              "compare extra")


def test_the_hint_names_no_package_index_project():
    hint = cli.missing_extra("Voila", "classroom")
    assert hint.startswith("Voila is not installed: install the kit with its classroom extra")
    assert "pip install -e '.[classroom]'" in hint and "<the .whl file>[classroom]" in hint
    assert "gamekit[" not in hint


def test_classroom_help_names_the_extra_not_a_package_index_install(capsys):
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    out = capsys.readouterr().out
    assert "classroom extra" in out and "gamekit[classroom]" not in out
