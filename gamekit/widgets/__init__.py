"""ipywidgets views of gamekit games (explorer, replay player); imported only when used."""
