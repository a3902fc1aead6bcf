"""Diagrams drawn by the server as inline SVG, from the game engine's own positions.

* :mod:`.svg` draws tiles and positions (any position, with tiles blocked or marked) and
  words their titles and descriptions;
* :mod:`.rules` holds the rules page's figures;
* :mod:`.practice` holds the practice page's figures and its quiz's diagrams.
"""
