"""Helpers shared by the American Rails tests."""

from __future__ import annotations


def board_path(board, start: str, goal: str) -> list[str]:
    """A shortest chain of neighbouring hexes from ``start`` to ``goal`` that passes through no other city
    (breadth-first over ``board.neighbours``), both ends included."""
    prev, todo = {start: None}, [start]
    while todo:
        cur = todo.pop(0)
        for n in board.neighbours[cur]:
            if n not in prev and (n == goal or n not in board.city_at):
                prev[n] = cur
                todo.append(n)
    path, cur = [], goal
    while cur is not None:
        path.append(cur)
        cur = prev[cur]
    return path[::-1]
