"""The results page's performance table (docs/results.md) is generated from the benchmarks' results files, never
typed (issues #25 and #43: one results page, generated from ``benchmarks/results/*.json``)."""

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

import readme_table  # noqa: E402


def test_the_results_page_is_the_generated_one():
    assert readme_table.PAGE == ROOT / "docs" / "results.md"
    text = (ROOT / "docs" / "results.md").read_text(encoding="utf-8")
    assert readme_table.render(text) == text, "run python benchmarks/readme_table.py"
    # the page holds the whole generated table for the committed results files, once
    assert text.count(readme_table.table()) == 1


def test_the_generator_writes_the_results_page_and_check_passes(tmp_path, monkeypatch, capsys):
    """``python benchmarks/readme_table.py`` rewrites the page's table (here a copy of the page with the table
    emptied) and ``--check`` then finds it up to date, as it does the committed page."""
    committed = (ROOT / "docs" / "results.md").read_text(encoding="utf-8")
    stale = tmp_path / "results.md"
    head, rest = committed.split(readme_table.BEGIN)
    stale.write_text(f"{head}{readme_table.BEGIN}\n| stale |\n{readme_table.END}{rest.split(readme_table.END)[1]}")
    monkeypatch.setattr(readme_table, "PAGE", stale)
    monkeypatch.setattr(sys, "argv", ["readme_table.py", "--check"])
    try:
        readme_table.main()
    except SystemExit as exc:
        assert "not the generated one" in str(exc)
    else:
        raise AssertionError("--check passed a stale page")
    monkeypatch.setattr(sys, "argv", ["readme_table.py"])
    readme_table.main()
    assert stale.read_text(encoding="utf-8") == committed
    monkeypatch.setattr(sys, "argv", ["readme_table.py", "--check"])
    readme_table.main()
    assert "up to date" in capsys.readouterr().out


def test_every_results_row_appears_on_the_results_page_with_its_numbers():
    text = (ROOT / "docs" / "results.md").read_text(encoding="utf-8")
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
