"""The `cadence` command as an operator uses it: clear help, clear errors, non-zero exits."""
import os
import subprocess
import tempfile

import pytest

BIN = os.environ.get("CADENCE_BIN", "")


def cadence(*args, stdin=None, data_dir=None):
    command = [BIN, *args]
    if data_dir:
        command += ["--data-dir", data_dir]
    environment = {k: v for k, v in os.environ.items() if k != "CADENCE_DATABASE_URL"}
    environment["LC_ALL"] = "C"  # these tests read the English messages, whatever the runner's locale
    return subprocess.run(command, input=stdin, capture_output=True, text=True, timeout=120, env=environment)


@pytest.fixture
def data_dir():
    with tempfile.TemporaryDirectory(prefix="cadence-cli-") as folder:
        yield folder


def test_version_and_help():
    assert cadence("version").stdout.strip().startswith("cadence ")
    help_text = cadence("--help").stdout
    for command in ("serve", "migrate", "user", "bench", "version"):
        assert command in help_text
    serve_help = cadence("serve", "--help").stdout
    for option in ("--port", "--database", "--data-dir", "--smtp-url", "--public-url"):
        assert option in serve_help


def test_bad_flags_exit_non_zero_with_a_message():
    result = cadence("serve", "--port", "99999")
    assert result.returncode != 0
    assert "--port must be between 0 and 65535" in result.stderr
    result = cadence("serve", "--no-such-flag")
    assert result.returncode != 0
    assert "no-such-flag" in result.stderr
    result = cadence("frobnicate")
    assert result.returncode != 0


def test_an_unusable_database_is_named(data_dir):
    result = cadence("migrate", "--database", "mysql://nope")
    assert result.returncode != 0
    assert "unsupported database URL" in result.stderr
    result = cadence("migrate", "--database", "postgres://nobody@127.0.0.1:1/none?sslmode=disable")
    assert result.returncode != 0
    assert "cannot open PostgreSQL" in result.stderr


def test_migrate_then_user_add_list_and_reset(data_dir):
    first = cadence("migrate", data_dir=data_dir)
    assert first.returncode == 0, first.stderr
    assert "Applied migrations 1" in first.stdout
    assert "up to date" in cadence("migrate", data_dir=data_dir).stdout

    added = cadence("user", "add", "--email", "Op@Example.org", "--name", "Operator", "--password-stdin",
                    stdin="operator password\n", data_dir=data_dir)
    assert added.returncode == 0, added.stderr
    assert "Created op@example.org" in added.stdout

    duplicate = cadence("user", "add", "--email", "op@example.org", "--name", "Again", data_dir=data_dir)
    assert duplicate.returncode != 0
    assert "already exists" in duplicate.stderr

    generated = cadence("user", "add", "--email", "gen@example.org", "--name", "Generated", data_dir=data_dir)
    assert generated.returncode == 0
    assert "Password: " in generated.stdout

    listed = cadence("user", "list", data_dir=data_dir).stdout.splitlines()
    assert [line.split("\t")[0] for line in listed] == ["op@example.org", "gen@example.org"]

    reset = cadence("user", "reset-password", "--email", "op@example.org", data_dir=data_dir)
    assert reset.returncode == 0
    assert "Password: " in reset.stdout
    missing = cadence("user", "reset-password", "--email", "nobody@example.org", data_dir=data_dir)
    assert missing.returncode != 0
    assert "no account has the address nobody@example.org" in missing.stderr


def test_user_add_refuses_bad_values(data_dir):
    bad_email = cadence("user", "add", "--email", "not-an-address", "--name", "X", data_dir=data_dir)
    assert bad_email.returncode != 0
    assert "--email" in bad_email.stderr and "not an e-mail address" in bad_email.stderr
    short = cadence("user", "add", "--email", "s@example.org", "--name", "S", "--password-stdin",
                    stdin="short\n", data_dir=data_dir)
    assert short.returncode != 0
    assert "at least 10 characters" in short.stderr
