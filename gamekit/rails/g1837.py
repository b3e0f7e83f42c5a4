"""1837's coal exchange and national formation lines of a Rails report.

Rails records the coal exchange round and the formation of the Südbahn, k.k. and Hungarian national railways as
events of their own (``MERGE_MINOR_LOG``, ``GetShareForMinor``, ``START_MERGED_COMPANY`` …). These are played
as our ``choose`` actions where our game asks for the same decision, and checked otherwise.
"""

from __future__ import annotations

from .lines import Line
from .replay import Replay


def play(replay: Replay, line: Line) -> None:
    """Play or check one exchange/formation line (see the module docstring).

    Raises:
        Stop: the line is not one our game can follow at this point.
    """
    raise replay.stop(line, replay.rule(replay.table.rules["title_lines"]), f"not followed yet: {line.text}")
