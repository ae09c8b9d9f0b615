"""schemathesis drives the running server from /openapi.yaml: no input it makes
may cause a 5xx, and every answer must match what the spec documents."""
import os
import subprocess
from pathlib import Path

from conftest import api, unique_email


def test_the_api_matches_its_spec_and_never_fails_on_bad_input(server):
    status, body = api(server, "POST", "/api/v1/auth/register",
                       {"email": unique_email("schema"), "displayName": "Schema", "password": "schema password"})
    assert status == 201
    schemathesis = Path(os.environ.get("VIRTUAL_ENV", Path(__file__).parents[2] / ".venv")) / "bin" / "schemathesis"
    result = subprocess.run(
        [str(schemathesis), "--config-file", str(Path(__file__).with_name("schemathesis.toml")), "run", f"{server}/openapi.yaml",
         "--checks", "all",
         # Rules the schema cannot express reject schema-valid data by design: an unknown
         # reset token, an address already taken, a password over bcrypt's 72 bytes.
         "--exclude-checks", "positive_data_acceptance",
         "--max-examples", os.environ.get("CADENCE_SCHEMATHESIS_EXAMPLES", "40"),
         "--header", f"Authorization: Bearer {body['token']}",
         "--exclude-path", "/api/v1/auth/logout",  # would end the session the other calls use
         # Revoking a listed session can revoke this very token, leaving every later call a 401
         # (the Swift tests cover revoking; here it would hide the rest of the API).
         "--exclude-path", "/api/v1/auth/sessions/{id}",
         # Hypothesis's "too many generated examples filtered out" is about the generator, not the server: with
         # some seeds it trips on an operation whose schema few random strings satisfy (seen with seed
         # 170893237677094531816234206184543727613, which passes on the next run), and ends the run as an error.
         "--suppress-health-check", "filter_too_much",
         *(["--seed", os.environ["CADENCE_SCHEMATHESIS_SEED"]] if os.environ.get("CADENCE_SCHEMATHESIS_SEED") else []),
         "--no-color"],
        capture_output=True, text=True, timeout=900)
    print(result.stdout[-20000:])
    assert result.returncode == 0, result.stdout[-8000:] + result.stderr[-2000:]
