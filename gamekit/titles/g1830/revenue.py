"""1830's route helpers under their old names (the lesson ``1830_05_how_routes_pay`` imports them from here):
routes are checked and offered by :mod:`gamekit.g18xx.revenue`, the same for every 18xx title."""

from ...g18xx.revenue import check_run, route_choices, route_position

__all__ = ["check_run", "route_choices", "route_position"]
