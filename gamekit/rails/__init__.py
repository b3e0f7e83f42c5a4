"""Rails-18xx game reports replayed with gamekit's rules: ``import_rails_report(path_or_text)``.

Rails-18xx (the Java 18xx engine) writes a text report of each game, one event a line. The reader parses it
(:mod:`.lines`), maps Rails' names to ours (:mod:`.tables`, data in ``data/<title>/rails.json``) and replays it
(:mod:`.replay`, :mod:`.handlers`, :mod:`.moves`): each line becomes our action or a check of our state. The
result has the interface of :class:`gamekit.import18xx.ImportReport`.
"""

from __future__ import annotations

from .report import RailsReport, import_rails_report, is_rails_report

__all__ = ["RailsReport", "import_rails_report", "is_rails_report"]
