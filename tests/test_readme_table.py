"""The README's performance table is generated from the benchmarks' results files, never typed (issue #25)."""

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import readme_table  # noqa: E402


def test_readme_table_is_the_generated_one():
    text = (ROOT / "README.md").read_text()
    assert readme_table.render(text) == text, "run python benchmarks/readme_table.py"


def test_every_results_row_appears_in_the_readme_with_its_numbers():
    text = (ROOT / "README.md").read_text()
    table = text.split(readme_table.BEGIN)[1].split(readme_table.END)[0]
    files = sorted((ROOT / "benchmarks" / "results").glob("*.json"))
    assert {p.stem for p in files} >= {"bench_evaluator", "bench_cfr", "bench_startup"}
    rows = [row for p in files for row in json.loads(p.read_text())["rows"]]
    assert len(table.strip().splitlines()) == 2 + len(rows)
    for row in rows:
        assert row["pokerlab"].replace("|", "\\|") in table


def test_rendering_a_new_results_file(tmp_path):
    (tmp_path / "bench_x.json").write_text(
        json.dumps(
            {
                "script": "bench_x",
                "date": "2026-11-25",
                "load_average": [1.5, 1, 1],
                "rows": [{"what": "a | b", "pokerlab": "1 s", "peer": "2 s", "ratio": "2x", "target": ""}],
            }
        )
    )
    out = readme_table.render(f"intro\n{readme_table.BEGIN}\nold\n{readme_table.END}\nrest", tmp_path)
    assert out.splitlines()[4] == "| a \\| b | 1 s | 2 s | 2x |  | 2026-11-25, load 1.5; `bench_x.py` |"
    assert out.startswith("intro\n") and out.endswith("\nrest")
