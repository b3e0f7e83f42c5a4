"""Cube-rail mechanics shared by Continental Divide and American Rails: cubes on hexes, income, dividends per share."""
