"""The accessibility helpers really fail on a broken page (so a pass means something)."""

import pytest

from tests.browser.accessibility import assert_no_axe_violations, assert_valid_html


def test_valid_html_check_reports_an_unclosed_element():
    html = '<!DOCTYPE html><html lang="en"><head><title>x</title></head><body><div></body></html>'

    with pytest.raises(AssertionError, match="Unclosed element"):
        assert_valid_html(html)


def test_valid_html_check_passes_a_minimal_valid_document():
    assert_valid_html('<!DOCTYPE html><html lang="en"><head><title>x</title></head></html>')


def test_axe_check_reports_an_image_without_alternative_text(axe_page):
    axe_page.set_content('<html lang="en"><body><img src="x.png"></body></html>')

    with pytest.raises(AssertionError, match="image-alt"):
        assert_no_axe_violations(axe_page)


def test_axe_check_reports_every_failing_node_among_passing_ones(axe_page):
    """Only violations are gathered from axe (not its passes): a violation on the last of
    several images of the same rule is still found, and each failing node is named."""
    images = "".join(f'<img src="x.png" alt="tile {n}">' for n in range(30))
    axe_page.set_content(
        f'<html lang="en"><body>{images}<img id="bad-one" src="x.png">'
        '<img id="bad-two" src="y.png"></body></html>'
    )

    with pytest.raises(AssertionError, match="image-alt") as failure:
        assert_no_axe_violations(axe_page)
    assert "#bad-one" in str(failure.value) and "#bad-two" in str(failure.value)
