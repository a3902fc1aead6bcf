"""Numbers, times, durations and dates for the page's language, with Babel.

The locale is built from Django's active language (``to_locale``).

- A game's time is exact, as a clock shows it: ``m:ss`` below an hour, ``h:mm:ss`` from
  an hour on ("1:15:03"). Babel has no format for an elapsed time, so this is ours.
- The total time played is given in whole units, the two largest that matter, without
  rounding ("1 hour 38 minutes", "1 minute 38 seconds"): Babel's ``format_timedelta``
  rounds to a single unit (98 s would read "2 minutes"), so each unit is Babel's
  ``format_unit`` and the units are joined by a space, as Swedish, German and Indonesian
  write a duration, and by «και» in Greek (CLDR's list patterns put a comma between
  them, which reads as a list).
- A date has two styles, by where it stands. In a table, a chart's axis or a list of days,
  CLDR's medium date ("30 nov. 2026", "30 Νοε 2026", "30.11.2026"): short, and the same
  in every row. In running text or a line of the page ("Today: …"), CLDR's long date,
  the month written out as the language writes it in a sentence: Swedish "2 december
  2026", Greek «2 Δεκεμβρίου 2026» (the month in the genitive, not «Δεκέμβριος»),
  German "2. Dezember 2026" (the day an ordinal), Indonesian "2 Desember 2026".
- A small count in running text is written out where the language's style says so
  (Swedish, German and Indonesian write two to twelve in words: "i fem lager", "dina
  fyra senaste vinster"); counters, tables and figures keep digits. Greek keeps digits:
  its three and four agree with the noun's gender («τρία πλακίδια», «τρεις γύροι»), which
  a number alone cannot know. One stays a digit everywhere, since a sentence for one is
  its own catalogue form.
- The one time of day the pages name is the daily change at midnight UTC. Each language
  writes "midnight UTC" its own way in the catalogue (German "0:00 Uhr UTC"), and adds the
  same moment in the zone its readers most likely live in (``HOME_ZONES``), from the
  time-zone database: a fixed "01:00 CET" in a catalogue would be wrong half the year.
  That time is CLDR's 24-hour hour and minute ("1:00", Indonesian "7.00"), since
  CLDR's short time in Greek is a 12-hour one ("2:00 π.μ."); in the browser, the reader's
  own zone replaces it.
"""

from __future__ import annotations

from datetime import UTC, date, datetime

from babel import Locale
from babel.dates import format_date, format_time, get_timezone
from babel.numbers import format_decimal, format_percent
from babel.units import format_unit
from django.utils import timezone
from django.utils.translation import get_language, ngettext, to_locale


def babel_locale() -> str:
    """The Babel locale of the active language ("sv", "el", "de", "id")."""
    return to_locale(get_language() or "sv")


def clock(ms: float | None) -> str:
    """A game time in whole seconds: ``m:ss`` below an hour, ``h:mm:ss`` from an hour on."""
    if ms is None:
        return "–"
    seconds = max(0, int(ms // 1000))
    hours, seconds = divmod(seconds, 3600)
    minutes, seconds = divmod(seconds, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{seconds:02d}"
    return f"{minutes}:{seconds:02d}"


def number(value: int) -> str:
    return format_decimal(value, locale=babel_locale())


# Two to twelve written out, per language whose style writes small counts in words.
_SMALL_NUMBERS = {
    "sv": "två tre fyra fem sex sju åtta nio tio elva tolv",
    "de": "zwei drei vier fünf sechs sieben acht neun zehn elf zwölf",
    "id": "dua tiga empat lima enam tujuh delapan sembilan sepuluh sebelas dua-belas",
}
SMALL_NUMBERS = {
    lang: [word.replace("-", " ") for word in words.split()]
    for lang, words in _SMALL_NUMBERS.items()
}


def small_number(value: int) -> str:
    """A count as running text writes it: two to twelve in words where the language's
    style wants that (see the module's docstring), else the number."""
    words = SMALL_NUMBERS.get(babel_locale().split("_")[0])
    if words and 2 <= value <= 12:
        return words[value - 2]
    return number(value)


def percent(value: float | None) -> str:
    if value is None:
        return "–"
    return format_percent(value, locale=babel_locale())


def duration(ms: int) -> str:
    """A long span in whole units, hours and minutes from an hour on, minutes and seconds
    from a minute on, seconds below ("1 timme 38 minuter", "1 Minute 38 Sekunden");
    a unit that is zero is left out ("2 hours"). Seconds beyond the minute are dropped
    past an hour, never rounded up."""
    seconds = max(0, int(ms // 1000))
    hours, seconds = divmod(seconds, 3600)
    minutes, seconds = divmod(seconds, 60)
    if hours:
        units = [(hours, "duration-hour"), (minutes, "duration-minute")]
    elif minutes:
        units = [(minutes, "duration-minute"), (seconds, "duration-second")]
    else:
        units = [(seconds, "duration-second")]
    locale = babel_locale()
    parts = [
        format_unit(value, unit, length="long", locale=locale)
        for index, (value, unit) in enumerate(units)
        if value or index == 0
    ]
    return _UNIT_JOINERS.get(locale.split("_")[0], " ").join(parts)


def span(ms: int) -> str:
    """A span of time in running text: whole hours in words as a sentence says them ("en
    timme", "eine Stunde", «μία ώρα»), any other span as :func:`duration` writes it."""
    hours, rest = divmod(max(0, int(ms // 1000)), 3600)
    if hours and not rest:
        # Translators: a span of whole hours in running text ("the link works for an
        # hour"). %(count)s: the hours, written out where your language writes small
        # counts in words ("zwei Stunden").
        return ngettext("an hour", "%(count)s hours", hours) % {"count": small_number(hours)}
    return duration(ms)


# Between two units of a duration: a space ("4 minuter 12 sekunder"), but Greek joins
# them with "and" («4 λεπτά και 12 δευτερόλεπτα»).
_UNIT_JOINERS = {"el": " και "}


def _date(moment: datetime | date) -> date:
    if isinstance(moment, datetime):
        return timezone.localtime(moment).date()
    return moment


def day(moment: datetime | date) -> str:
    """A date in a table, a chart or a list of days, in UTC, the daily deal's days: CLDR's medium
    date ("30 nov. 2026")."""
    return format_date(_date(moment), format="medium", locale=babel_locale())


# CLDR's full date per language, with the weekday; Indonesian's own full pattern writes the
# day with a leading zero ("Kamis, 03 Desember 2026"), which its running text does not.
_FULL_PATTERNS = {"id": "EEEE, d MMMM y"}


def weekday_day(moment: datetime | date) -> str:
    """Today's date on a page's date line, with its weekday, as each language writes it:
    "torsdag 3 december 2026", «Πέμπτη 3 Δεκεμβρίου 2026», "Donnerstag, 3. Dezember
    2026", "Kamis, 3 Desember 2026"."""
    locale = babel_locale()
    pattern = _FULL_PATTERNS.get(locale.split("_")[0], "full")
    return format_date(_date(moment), format=pattern, locale=locale)


def long_day(moment: datetime | date) -> str:
    """A date in running text or a line of the page: CLDR's long date, the month written
    out in the form a sentence needs ("2 december 2026", «2 Δεκεμβρίου 2026»,
    "2. Dezember 2026", "2 Desember 2026")."""
    return format_date(_date(moment), format="long", locale=babel_locale())


#: The time zone most readers of each language live in: the daily change at midnight UTC
#: is also told as that zone's time of day.
HOME_ZONES = {
    "sv": "Europe/Stockholm",
    "el": "Europe/Athens",
    "de": "Europe/Berlin",
    "id": "Asia/Jakarta",
}


def home_time_of_day_start(day: date) -> str:
    """The time of day in the language's home zone at which ``day`` starts in UTC: "01:00"
    on a Swedish winter day, "02:00" on a summer one, "07.00" in Jakarta all year (the
    language's own hours and minutes, two digits each, as its readers write a clock time:
    "pukul 07.00"; the page then shows the reader's own zone, static/js/local-time.js)."""
    moment = datetime(day.year, day.month, day.day, tzinfo=UTC)
    zone = get_timezone(HOME_ZONES.get(get_language() or "sv", "UTC"))
    locale = babel_locale()
    pattern = Locale.parse(locale).datetime_skeletons["Hm"].pattern
    written = format_time(moment, pattern, tzinfo=zone, locale=locale)
    # Swedish writes a clock time with a full stop ("kl. 01.00", the Swedish Language
    # Council's rule), where CLDR has a colon: the same rule as static/js/clock-time.js.
    return written.replace(":", ".") if (get_language() or "sv").startswith("sv") else written
