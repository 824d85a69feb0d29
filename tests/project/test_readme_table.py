"""The results page (docs/results.md) is generated whole from the benchmarks' results files, never typed (issues
#25 and #43 item 8: the measured results in one results page generated from ``benchmarks/results/*.json``).

The page is ``benchmarks/results_page.md`` (prose, no measured number) with its placeholders filled from the
files each script writes; these tests measure nothing: they regenerate the page from the committed files and
check that every number on it comes from a file."""

import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

import readme_table  # noqa: E402

NUMBER = re.compile(r"\d+(?:[.,]\d+)*")

TEMPLATE_NUMBERS = {
    # Every number the template itself writes: facts of the rules, the algorithms, the lessons and the
    # sources, none measured. A number added to the template must be added here, on purpose.
    *("0.25", "0.6", "1.099", "1", "1e", "2", "3", "4", "5", "6", "7", "9", "10", "13", "17", "20000", "64"),
    *("03", "07", "08", "09", "10", "06", "134,459", "1,081", "47", "400,000", "2026", "5,000", "5/10"),
    *("200", "1,000", "25", "43", "127.0.0.1", "169", "10000", "1.0", "8", "0", "4000", "5000"),
}


def numbers(text: str) -> set[str]:
    """The number-looking tokens of ``text`` (``1,070,190``, ``0.000251``, ``2026``; ``5/10`` gives 5 and 10)."""
    return set(NUMBER.findall(text))


def strings(value: object) -> list[str]:
    """Every string in a results file (its rows, blocks, date, command), where the page's text comes from."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []


def unexplained_numbers(page: str, results: Path = readme_table.RESULTS) -> set[str]:
    """Numbers on ``page`` that neither the template nor any results file holds."""
    allowed = numbers(readme_table.TEMPLATE.read_text(encoding="utf-8")) | numbers(readme_table.HEADER)
    for data in readme_table.load(results).values():
        allowed |= numbers(" ".join(strings(data)) + " " + readme_table.when(data))
    return numbers(page) - allowed


PAGE_TEXT = (ROOT / "docs" / "results.md").read_text(encoding="utf-8")


def test_the_results_page_is_the_generated_one():
    assert readme_table.PAGE == ROOT / "docs" / "results.md"
    assert readme_table.render() == PAGE_TEXT, "run python benchmarks/readme_table.py"
    assert PAGE_TEXT.count(readme_table.table()) == 1
    assert PAGE_TEXT.startswith(readme_table.HEADER)


def test_every_number_on_the_page_comes_from_a_results_file():
    """A number typed into the page (or into the template) is in no results file, so this fails on it."""
    assert unexplained_numbers(PAGE_TEXT) == set()
    template = readme_table.TEMPLATE.read_text(encoding="utf-8")
    assert numbers(template) <= TEMPLATE_NUMBERS, "the template holds no measured number: put it in a results file"


def test_a_hand_edited_number_is_caught():
    edited = PAGE_TEXT.replace("| what | pokerlab |", "| what | pokerlab 98,765.4 |", 1)
    assert unexplained_numbers(edited) == {"98,765.4"}
    assert readme_table.render() != edited


def test_every_results_file_is_on_the_page_rows_and_blocks():
    table = PAGE_TEXT.split(readme_table.BEGIN)[1].split(readme_table.END)[0]
    files = readme_table.load()
    assert {"bench_evaluator", "bench_cfr", "bench_startup", "evidence_bots", "evidence_bpp"} <= set(files)
    rows = [row for data in files.values() for row in data["rows"]]
    assert len(table.strip().splitlines()) == 2 + len(rows)
    for name, data in files.items():
        for row in data["rows"]:
            assert row["pokerlab"].replace("|", "\\|") in table
        for block in data.get("blocks", {}).values():
            assert block in PAGE_TEXT, f"{name}.json has a block the template does not place"
        if data.get("blocks"):
            assert f"(measured {readme_table.when(data)}, by `{data['command']}`)" in PAGE_TEXT


def test_rows_no_script_re_measures_are_marked_with_their_date():
    legacy = json.loads((readme_table.RESULTS / "legacy.json").read_text(encoding="utf-8"))
    marked = [line for line in PAGE_TEXT.splitlines() if line.endswith("not re-measured by a script |")]
    assert len(marked) == len(legacy["rows"])
    assert all(f"recorded {legacy['date']}, not re-measured by a script" in line for line in marked)


def test_check_fails_on_a_stale_page_and_the_generator_fixes_it(tmp_path, monkeypatch, capsys):
    stale = tmp_path / "results.md"
    stale.write_text(PAGE_TEXT.replace("## BPP, measured", "## BPP, measured by hand"), encoding="utf-8")
    monkeypatch.setattr(readme_table, "PAGE", stale)
    monkeypatch.setattr(sys, "argv", ["readme_table.py", "--check"])
    with pytest.raises(SystemExit, match="not the generated one"):
        readme_table.main()
    monkeypatch.setattr(sys, "argv", ["readme_table.py"])
    readme_table.main()
    assert stale.read_text(encoding="utf-8") == PAGE_TEXT
    monkeypatch.setattr(sys, "argv", ["readme_table.py", "--check"])
    readme_table.main()
    assert "up to date" in capsys.readouterr().out


def test_rendering_a_new_results_file(tmp_path):
    (tmp_path / "bench_x.json").write_text(
        json.dumps(
            {
                "script": "bench_x",
                "date": "2026-11-25",
                "load_average": [1.5, 1, 1],
                "command": "python benchmarks/bench_x.py --n 3",
                "rows": [{"what": "a | b", "pokerlab": "1 s", "peer": "2 s", "ratio": "2x", "target": ""}],
                "blocks": {"speed": "It took 1 s."},
            }
        )
    )
    template = tmp_path / "page.md"
    template.write_text("intro\n{{table}}\n{{bench_x.speed}} {{bench_x.when}}\n")
    out = readme_table.render(results=tmp_path, template=template).splitlines()
    assert out[0] == readme_table.HEADER and out[1] == "intro"
    assert out[5] == "| a \\| b | 1 s | 2 s | 2x |  | 2026-11-25, load 1.5; `bench_x.py` |"
    assert out[7] == "It took 1 s. (measured 2026-11-25, load 1.5, by `python benchmarks/bench_x.py --n 3`)"
    template.write_text("{{bench_y.speed}}")
    with pytest.raises(SystemExit, match=r"no results file bench_y\.json"):
        readme_table.render(results=tmp_path, template=template)
    template.write_text("{{bench_x.memory}}")
    with pytest.raises(SystemExit, match="no block 'memory'"):
        readme_table.render(results=tmp_path, template=template)
