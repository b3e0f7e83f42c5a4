"""Comparing mechanics across titles: the concept table read from each title's facts and rules
(:func:`concepts`, :func:`concepts_table`) and playout measurements of many bot games (:func:`measure`)."""

from .measure import measure
from .table import CONCEPTS, Concept, concepts, concepts_table, heading

__all__ = ["CONCEPTS", "Concept", "concepts", "concepts_table", "heading", "measure"]
