"""The `cadence` command speaks the terminal's language, as other Unix tools do: LC_ALL, else LC_MESSAGES, else LANG;
C, POSIX or a language without a catalogue is English. Help texts too, except the words ArgumentParser itself
prints (OVERVIEW, USAGE, OPTIONS, "Show help information.", "(default: …)"), which the library only knows in English."""
import os
import subprocess
import tempfile

import pytest

from cli.test_cli import BIN

LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")


def cadence(*args, locale, stdin=None, data_dir=None):
    command = [BIN, *args]
    if data_dir:
        command += ["--data-dir", data_dir]
    environment = {k: v for k, v in os.environ.items() if k != "CADENCE_DATABASE_URL" and k not in LOCALE_VARIABLES}
    environment.update(locale)
    return subprocess.run(command, input=stdin, capture_output=True, text=True, timeout=120, env=environment)


@pytest.fixture
def data_dir():
    with tempfile.TemporaryDirectory(prefix="cadence-cli-lang-") as folder:
        yield folder


def test_a_bad_email_is_refused_in_the_terminals_language(data_dir):
    spanish = cadence("user", "add", "--email", "not-an-address", "--name", "X", locale={"LANG": "es_ES.UTF-8"}, data_dir=data_dir)
    assert spanish.returncode != 0
    assert "--email" in spanish.stderr
    assert "no es una dirección de correo" in spanish.stderr, spanish.stderr
    assert "not an e-mail address" not in spanish.stderr

    english = cadence("user", "add", "--email", "not-an-address", "--name", "X", locale={"LANG": "C"}, data_dir=data_dir)
    assert english.returncode != 0
    assert "--email" in english.stderr and "not an e-mail address" in english.stderr, english.stderr


def test_lc_all_then_lc_messages_then_lang_decide(data_dir):
    def says_spanish(locale):
        result = cadence("user", "delete", "someone@example.org", locale=locale, data_dir=data_dir)
        assert result.returncode != 0
        if "vuelve a ejecutarlo con --yes" in result.stderr:
            return True
        assert "run again with --yes to confirm" in result.stderr, result.stderr
        return False

    assert says_spanish({"LANG": "es_ES.UTF-8"})
    assert says_spanish({"LANG": "C", "LC_MESSAGES": "es_MX.UTF-8"})
    assert not says_spanish({"LANG": "es_ES.UTF-8", "LC_MESSAGES": "C"})
    assert not says_spanish({"LANG": "es_ES.UTF-8", "LC_ALL": "POSIX"})
    assert says_spanish({"LANG": "C", "LC_ALL": "es"})
    assert not says_spanish({"LANG": "de_DE.UTF-8"})
    assert not says_spanish({})


def test_outcome_lines_in_spanish(data_dir):
    empty = cadence("user", "list", locale={"LANG": "es_ES.UTF-8"}, data_dir=data_dir)
    assert empty.returncode == 0, empty.stderr
    assert empty.stdout.strip() == "Todavía no hay cuentas. Añade una con `cadence user add`."

    added = cadence("user", "add", "--email", "Ana@Example.org", "--name", "Ana", "--password-stdin",
                    stdin="a long password\n", locale={"LC_ALL": "es_ES.UTF-8"}, data_dir=data_dir)
    assert added.returncode == 0, added.stderr
    assert added.stdout.startswith("Cuenta ana@example.org creada (")

    again = cadence("user", "add", "--email", "ana@example.org", "--name", "Ana", locale={"LANG": "es_ES.UTF-8"}, data_dir=data_dir)
    assert again.returncode != 0
    assert "ya existe una cuenta con la dirección ana@example.org" in again.stderr, again.stderr

    short = cadence("user", "reset-password", "--email", "ana@example.org", "--password-stdin", stdin="short\n",
                    locale={"LANG": "es_ES.UTF-8"}, data_dir=data_dir)
    assert short.returncode != 0
    assert "al menos 10 caracteres" in short.stderr, short.stderr

    # The same list in English, as a C locale has it.
    listed = cadence("user", "list", locale={"LANG": "C.UTF-8"}, data_dir=data_dir)
    assert listed.stdout.split("\t")[0] == "ana@example.org"
    assert "up to date" in cadence("migrate", locale={"LANG": "C"}, data_dir=data_dir).stdout
    assert "está al día" in cadence("migrate", locale={"LANG": "es_ES.UTF-8"}, data_dir=data_dir).stdout


def test_help_in_the_terminals_language():
    serve = cadence("serve", "--help", locale={"LANG": "es_ES.UTF-8"})
    assert serve.returncode == 0, serve.stderr
    assert "Ejecuta el servidor de Cadence (antes migra la base de datos)." in serve.stdout, serve.stdout
    assert "Puerto en el que escuchar" in serve.stdout
    assert "Por defecto: CADENCE_DATABASE_URL" in serve.stdout  # the shared database options
    assert "Run the Cadence server" not in serve.stdout and "Port to listen on" not in serve.stdout
    assert "--public-url <url>" in serve.stdout and "-h, --help" in serve.stdout  # option names and the library's words stay
    assert "⟦" not in serve.stdout

    add = cadence("user", "add", "--help", locale={"LC_ALL": "es_ES.UTF-8"})
    assert add.returncode == 0, add.stderr
    assert "Crea una cuenta." in add.stdout and "La dirección de correo de la cuenta." in add.stdout, add.stdout
    assert "Create an account." not in add.stdout

    root = cadence("--help", locale={"LANG": "es_ES.UTF-8"})
    assert "Gestiona las cuentas desde el terminal del servidor." in root.stdout, root.stdout
    assert "⟦" not in root.stdout


def test_help_stays_english_in_a_c_locale():
    serve = cadence("serve", "--help", locale={"LANG": "C"})
    assert serve.returncode == 0, serve.stderr
    assert "Run the Cadence server (migrates the database first)." in serve.stdout, serve.stdout
    assert "Port to listen on (0 picks a free one)." in serve.stdout
    assert "Ejecuta" not in serve.stdout

    add = cadence("user", "add", "--help", locale={"LANG": "es_ES.UTF-8", "LC_ALL": "C"})
    assert add.returncode == 0, add.stderr
    assert "Create an account." in add.stdout and "The account's e-mail address." in add.stdout, add.stdout
    assert "Crea una cuenta." not in add.stdout
