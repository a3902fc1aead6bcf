"""The words several apps share, in the active language: tile and layout names
(``names``), numbers, times and dates (``formatting``), the engine's and the API's error
messages (``messages``) and why a tile is free or blocked (``teaching``). Imports the
engine only."""
