"""Copy the site's text font out of its npm package into static/fonts/.

    npm pack @fontsource-variable/source-sans-3@5.3.1      # the font, from the npm registry
    .venv/bin/python tools/fonts/copy_text_font.py fontsource-variable-source-sans-3-5.3.1.tgz

writes static/fonts/source-sans-3-latin.woff2, static/fonts/source-sans-3-greek.woff2 and
static/fonts/OFL.txt (the font's licence). The files are committed: the site needs
neither npm nor this script to run, and the same package gives the same files byte for
byte.

Source Sans 3, upright, as one variable font (weights 200 to 900): the package splits it
by script into woff2 files; the site's four languages need two of them, Latin (Swedish,
German, Indonesian, and the digits and punctuation of every page) and Greek. Italics and
the other scripts are left out. static/css/site.css declares both with their Unicode
ranges, so a page downloads only the script it shows; templates/base.html preloads that.
"""

from __future__ import annotations

import argparse
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FAMILY = "source-sans-3"
SCRIPTS = ("latin", "greek")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("package", type=Path, help="the npm pack tarball of the font")
    parser.add_argument("--out", type=Path, default=ROOT / "static" / "fonts")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with tarfile.open(args.package) as archive:
        for script in SCRIPTS:
            member = archive.getmember(f"package/files/{FAMILY}-{script}-wght-normal.woff2")
            data = archive.extractfile(member).read()
            if data[:4] != b"wOF2":
                raise SystemExit(f"{member.name} is not a woff2 file")
            (args.out / f"{FAMILY}-{script}.woff2").write_bytes(data)
        licence = archive.extractfile(archive.getmember("package/LICENSE")).read()
    if b"SIL Open Font License" not in licence:
        raise SystemExit("the package's licence is not the SIL Open Font License")
    (args.out / "OFL.txt").write_bytes(licence)


if __name__ == "__main__":
    main()
