"""docs/openapi.yaml against the real server: the document is valid OpenAPI 3.1
(openapi-spec-validator), and real responses of both modes — every status the tests can provoke —
are documented for their path and method and match their schemas (jsonschema, draft 2020-12).

Usage: openapi_check.py PETSPOT_GEO_BIN   (needs PETSPOT_TEST_DATABASE_URL: `make test-python` sets it)
"""
import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid

import jsonschema
import yaml
from openapi_spec_validator import validate

from checks import Checks

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SPEC = yaml.safe_load(open(os.path.join(ROOT, "docs", "openapi.yaml")))
check = Checks()



def start(binary, *arguments):
    process = subprocess.Popen([binary, "serve", *arguments, "--port", "0"], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True)
    line = process.stdout.readline()
    return process, int(line.strip().rsplit(":", 1)[1])


def call(port, method, path, body=None, headers=None):
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method=method, data=body,
                                     headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, dict(answer.headers), answer.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def call_when_current(port, method, path, body=None, headers=None):
    """Like `call`, but waits out 503s as a client honouring Retry-After does: on a busy machine
    the database mirror may miss its one-second confirmation for a moment."""
    for _ in range(20):
        status, answer_headers, answer = call(port, method, path, body, headers)
        if status != 503:
            break
        check(answer_headers.get("Retry-After", "").isdigit(), f"{method} {path} 503: integer Retry-After")
        time.sleep(0.5)
    return status, answer_headers, answer


def conforms(template, method, status, headers, body):
    """The response is documented for (template, method, status) and its body matches the schema."""
    responses = SPEC["paths"][template][method.lower()]["responses"]
    documented = responses.get(str(status))
    check(documented is not None, f"{method} {template} {status} is documented")
    if documented is None:
        return
    if "$ref" in documented:
        documented = SPEC["components"]["responses"][documented["$ref"].rsplit("/", 1)[1]]
    if "Retry-After" in documented.get("headers", {}):
        check(headers.get("Retry-After", "").isdigit(), f"{method} {template} {status}: integer Retry-After")
    content = documented.get("content", {}).get("application/json")
    if content is None:
        check(body == b"", f"{method} {template} {status}: no body")
        return
    schema = dict(SPEC)
    schema["$ref"] = content["schema"]["$ref"]
    try:
        jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker()).validate(json.loads(body))
        check(True, "")
    except jsonschema.ValidationError as error:
        check(False, f"{method} {template} {status}: {error.message}")


def exercise(port, database):
    """Every response the mode gives, checked against the document."""
    json_headers = {"Content-Type": "application/json"}
    cases = [
        ("GET", "/announcements", "/announcements?lat=48.8566&lng=2.3522&range=5000&limit=50", None, {}),
        ("GET", "/announcements", "/announcements?lat=0&lng=0&range=30000000&status=found&limit=200", None, {}),
        ("GET", "/announcements", "/announcements?lat=91&lng=0&range=1", None, {}),
        ("GET", "/announcements", "/announcements?lat=1&lng=0&range=1&limit=10001", None, {}),
        ("GET", "/announcements", "/announcements?lat=1&lng=0&range=1&pad=" + "a" * 9000, None, {}),
        ("GET", "/health", "/health", None, {}),
        ("GET", "/clusters", "/clusters?lat=48.8566&lng=2.3522&latDelta=0.3&lngDelta=0.3&width=390&height=844", None, {}),
        ("GET", "/clusters", "/clusters?lat=48.8566&lng=2.3522&latDelta=0.02&lngDelta=0.02&width=390&height=844"
         "&pitch=50&heading=30&maxZoom=14&status=FOUND&species=dog", None, {}),
        ("GET", "/clusters", "/clusters?corners=48.9,2.2,48.9,2.5,48.8,2.5,48.8,2.2&width=390&height=844", None, {}),
        ("GET", "/clusters", "/clusters?lat=48.8566&lng=2.3522&latDelta=0.3&width=390&height=844", None, {}),
        ("GET", "/clusters", "/clusters?lat=48.8566&lng=2.3522&latDelta=0.3&lngDelta=0.3&width=390&height=844"
         "&previous=!", None, {}),
        ("GET", "/radius", "/radius?lat=48.8566&lng=2.3522&latDelta=0.3&lngDelta=0.3&width=390&height=844&pitch=30",
         None, {}),
        ("GET", "/radius", "/radius?lat=48.8566&lng=2.3522&width=390&height=844", None, {}),
        ("GET", "/callout", "/callout?width=390&height=844&x=195&y=60&cardWidth=220&cardHeight=96", None, {}),
        ("GET", "/callout", "/callout?width=390&height=844&x=195&y=60&cardWidth=0&cardHeight=96", None, {}),
    ]
    if database:
        report = {"species": "DOG", "sex": "MALE", "lastSeenDate": "2026-11-20", "lastSeenLatitude": 48.8566,
                  "lastSeenLongitude": 2.3522, "email": "finder@example.org", "phone": "+48 123 456 789",
                  "status": "FOUND"}
        key = str(uuid.uuid4())
        body = json.dumps(report).encode()
        cases += [
            ("POST", "/announcements", "/announcements", body, {**json_headers, "Idempotency-Key": key}),
            ("POST", "/announcements", "/announcements", body, {**json_headers, "Idempotency-Key": key}),
            ("POST", "/announcements", "/announcements", json.dumps({**report, "sex": "F"}).encode(),
             {**json_headers, "Idempotency-Key": key}),
            ("POST", "/announcements", "/announcements", b'{"species":1}', json_headers),
            ("POST", "/announcements", "/announcements", b'{"species":', json_headers),
            ("POST", "/announcements", "/announcements", b" " * 70000, json_headers),
            ("POST", "/announcements", "/announcements", b"{}", {"Content-Type": "text/plain"}),
            ("PATCH", "/announcements/{id}", "/announcements/s1052", b'{"status":"closed"}', json_headers),
            ("PATCH", "/announcements/{id}", "/announcements/no-such-id", b'{"status":"FOUND"}', json_headers),
            ("PATCH", "/announcements/{id}", "/announcements/s1052", b'{"status":"LOST"}', json_headers),
        ]
    statuses = set()
    for method, template, path, body, headers in cases:
        status, answer_headers, answer = call_when_current(port, method, path, body, headers)
        statuses.add((method, status))
        conforms(template, method, status, answer_headers, answer)
        if method in ("POST", "PATCH") and status in (200, 201):
            time.sleep(0.3)  # let the mirror follow before the GETs (and the ETag check) that come later
    if database:
        status, headers, _ = call_when_current(
            port, "GET", "/announcements?lat=48.8566&lng=2.3522&range=5000&species=dog&since=2000-01-01T00:00:00Z")
        conforms("/announcements", "GET", status, headers, _)
        # The ETag once the mirror has followed the writes above (the same on two reads 0.2 s apart).
        etag = None
        for _ in range(50):
            status, headers, _ = call_when_current(port, "GET", "/announcements?lat=48.8566&lng=2.3522&range=5000")
            latest = headers.get("ETag") or headers.get("Etag")
            check(status == 200 and latest is not None, f"GET /announcements answers 200 with an ETag (got {status})")
            if latest is None or latest == etag:
                break
            etag = latest
            time.sleep(0.2)
        status, headers, body = call_when_current(port, "GET", "/announcements?lat=48.8566&lng=2.3522&range=5000",
                                                  headers={"If-None-Match": etag or ""})
        check(status == 304, f"If-None-Match answers 304 (got {status})")
        conforms("/announcements", "GET", status, headers, body)
        wanted = {("POST", 201), ("POST", 200), ("POST", 409), ("POST", 422), ("POST", 400), ("POST", 413),
                  ("POST", 415), ("PATCH", 200), ("PATCH", 404), ("PATCH", 422)}
        check(wanted <= statuses, f"database mode gave every status: missing {wanted - statuses}")


def main():
    binary = sys.argv[1]
    validate(SPEC)
    check(True, "")
    process, port = start(binary, "--pins", os.path.join(ROOT, "Data", "pins.csv"))
    try:
        exercise(port, database=False)
    finally:
        process.terminate()
        process.wait()
    base = os.environ["PETSPOT_TEST_DATABASE_URL"]
    name = "openapi_" + uuid.uuid4().hex[:8]
    admin = base.replace("?sslmode=disable", "")
    subprocess.run(["psql", "-X", "-q", admin, "-c", f"CREATE DATABASE {name} TEMPLATE petspot_template"], check=True)
    url = base.replace("/petspot?", f"/{name}?")
    subprocess.run([binary, "db", "import", "--database", url, "--pins", os.path.join(ROOT, "Data", "pins.csv"),
                    "--properties", "species,lastSeenDate"], check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    process, port = start(binary, "--database", url)
    try:
        exercise(port, database=True)
    finally:
        process.terminate()
        process.wait()
    check.finish("openapi_check")


if __name__ == "__main__":
    main()
