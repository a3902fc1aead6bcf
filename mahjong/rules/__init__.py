"""The rules of the game: tiles, game codes, layouts and their geometry, deals, the board
and its typed errors. The public names are re-exported by the ``mahjong`` package."""
