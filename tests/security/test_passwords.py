"""Finding 5: weak passwords are refused at sign-up (and at password change)."""

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.test import Client
from django.utils import translation
from django.utils.translation import gettext

pytestmark = pytest.mark.django_db


def _sign_up(username: str, password: str, lang: str = "sv"):
    return Client().post(
        f"/{lang}/accounts/signup/",
        {"username": username, "password1": password, "password2": password},
    )


@pytest.mark.parametrize(
    ("username", "password"),
    [
        ("pwtest4", " " * 12),
        ("pwtest4", "pwtest4pwtest4"),
        ("Maria", "xx-MARIA-2024-xx"),
        ("pwtest5", "abababababab"),
        ("pwtest6", "\t\n  \t\n  \t\n"),
    ],
)
def test_weak_passwords_are_refused_at_sign_up(username, password):
    response = _sign_up(username, password)

    assert response.status_code == 200
    assert not get_user_model().objects.filter(username=username).exists()


@pytest.mark.parametrize("lang", ["sv", "el", "de", "id"])
def test_the_reason_is_given_in_the_page_language(lang):
    response = _sign_up("pwtest4", "pwtest4pwtest4", lang)

    with translation.override(lang):
        expected = gettext("The password must not be like your username or contain it.")
    with translation.override("en"):
        assert expected != gettext("The password must not be like your username or contain it.")
    assert expected in response.content.decode()


@pytest.mark.parametrize("lang", ["sv", "el", "de", "id"])
def test_a_password_like_the_email_address_is_refused_naming_the_address(lang):
    response = Client().post(
        f"/{lang}/accounts/signup/",
        {
            "username": "pwtest7",
            "email": "tilewizard@example.com",
            "password1": "tilewizard-1984",
            "password2": "tilewizard-1984",
        },
    )
    with translation.override(lang):
        address = gettext("The password must not be like your e-mail address or contain it.")
        name = gettext("The password must not be like your username or contain it.")
    page = response.content.decode()
    assert address in page and name not in page
    assert not get_user_model().objects.filter(username="pwtest7").exists()


def test_a_password_holding_the_email_address_has_its_own_code():
    user = get_user_model()(username="pwtest8", email="tilewizard@example.com")
    with pytest.raises(ValidationError) as refused:
        validate_password("xx-TileWizard-xx", user)
    assert [error.code for error in refused.value.error_list] == ["password_contains_email"]


def test_a_varied_password_without_the_name_is_accepted():
    assert _sign_up("pwtest4", "tile-pair-72-free").status_code == 302


def test_short_names_inside_a_password_are_allowed():
    user = get_user_model()(username="al")
    validate_password("calm-tile-pair-72", user)


def test_twelve_spaces_fail_the_variety_rule_alone():
    with pytest.raises(ValidationError) as refused:
        validate_password(" " * 12)
    assert "password_too_uniform" in {error.code for error in refused.value.error_list}
