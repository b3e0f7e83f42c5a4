"""18xx mechanics shared by 1830, 1837 and 1894: market, certificates, map, tiles, routes, trains."""
