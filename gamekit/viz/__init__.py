"""Plotly figures of gamekit games (maps, markets, timelines); imported only when used."""
