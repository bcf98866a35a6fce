"""Validates JSON documents against a JSON Schema (Draft 2020-12) with the `jsonschema` package.

Usage: python validate_json_schema.py SCHEMA.json DOCUMENTS.jsonl
Prints {"documents": N, "invalid": [{"line": L, "errors": ["path: message", ...]}, ...]} and
exits 0 (the Swift test, SpotterCLITests/ChatContextSchemaTests, judges the result).
"""

import json
import sys

from jsonschema import Draft202012Validator


def main():
    with open(sys.argv[1]) as handle:
        schema = json.load(handle)
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    invalid = []
    count = 0
    with open(sys.argv[2]) as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            count += 1
            errors = [
                "/".join(str(p) for p in error.absolute_path) + ": " + error.message[:300]
                for error in validator.iter_errors(json.loads(line))
            ]
            if errors:
                invalid.append({"line": number, "errors": errors[:5]})
    json.dump({"documents": count, "invalid": invalid[:20], "invalid_count": len(invalid)}, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
