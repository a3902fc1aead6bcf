"""How make test's two pytest-xdist workers share the tests (tests/conftest.py)."""

from pathlib import Path

from django.conf import settings

from tests.conftest import work_unit

ROOT = Path(settings.BASE_DIR)


def test_the_production_stack_drills_go_to_one_worker_together():
    units = {
        work_unit(f"tests/ops/{name}::test_x", ROOT)
        for name in ("test_faults.py", "test_fuzz.py", "test_backup_restore.py")
    }
    assert units == {"ops"}


def test_a_file_with_a_fixture_set_up_once_per_module_goes_to_one_worker():
    # test_winnable.py plays its lost game once per module.
    first = "tests/browser/test_winnable.py::test_a[chromium-sv]"
    second = "tests/browser/test_winnable.py::test_b[chromium]"
    assert work_unit(first, ROOT) == work_unit(second, ROOT) == "tests/browser/test_winnable.py"


def test_any_other_test_goes_to_whichever_worker_is_free():
    nodeid = "tests/browser/test_smoke.py::test_home_page_shows_translated_heading[chromium-sv-360]"
    assert work_unit(nodeid, ROOT) == nodeid
