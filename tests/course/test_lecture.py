"""The 90-minute lecture you can edit (issue 41, item 3): ``course/lecture.toml`` is the one place its path is
written; the course map's table is written from it and the lecture deck is built from it.

Before: the deck read hidden metadata of the course map, so editing the map's visible table changed nothing; the
deck had no title slide, no dividers and no slides of the lecturer's own; its section numbers jumped (4, 5, 1, 2,
3, 4, 1, 6 ...); a 3-minute step's notes said "10 min"; lesson 07's steps used Phase I-III, trust, the showdown
model and bluffing, which the path never taught. The tests read what the lecturer sees: the built deck's HTML
(dividers, section titles, notes' minutes) and the course map's table.
"""

from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path

import pytest

from pokerlab.cli import main
from pokerlab.course import lecture, slides
from pokerlab.errors import DataError, ParameterError

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
LECTURE = ROOT / "course" / "lecture.toml"


def _sections(page: str) -> list[tuple[str, str, str]]:
    """Each slide's (data-section, data-lesson, inner HTML up to its notes)."""
    found = re.findall(
        r'<section data-section="([^"]*)"(?: data-lesson="([^"]*)")?><div class="fit">(.*?)</div>(?:<aside|</section>)',
        page,
        flags=re.S,
    )
    return [(a, b, c) for a, b, c in found]


def _text(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


@pytest.fixture(scope="module")
def lecture_folder(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("lecture")
    slides.build_lecture(out, notebooks=NOTEBOOKS, lecture=LECTURE)
    return out


@pytest.fixture(scope="module")
def deck(lecture_folder) -> str:
    return (lecture_folder / "lecture.slides.html").read_text(encoding="utf-8")


def test_the_lecture_folder_holds_only_the_pictures_the_deck_shows(lecture_folder, deck):
    """A lecturer's finding: the lecture's folder held 26 pictures of which the deck and handout showed 11."""
    handout = (lecture_folder / "lecture.handout.html").read_text(encoding="utf-8")
    shown = set(re.findall(r'src="lecture_files/([^"]+)"', deck + handout))
    held = {p.name for p in (lecture_folder / "lecture_files").iterdir()}
    assert shown and held == shown


@pytest.fixture
def course(tmp_path) -> Path:
    """A lecturer's copy: notebooks/ (the course map and the lessons the path uses) beside course/."""
    (tmp_path / "notebooks").mkdir()
    used = {s.lesson for s in lecture.lecture_path(LECTURE) if s.lesson} | {"00"}
    for path in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"):
        if path.name[:2] in used:
            shutil.copy(path, tmp_path / "notebooks" / path.name)
    shutil.copytree(ROOT / "course" / "lecture", tmp_path / "course" / "lecture")
    shutil.copy(LECTURE, tmp_path / "course" / "lecture.toml")
    return tmp_path


# ---------------------------------------------------------------- one place: the file, the map, the package


def test_the_course_maps_table_is_the_lecture_files():
    assert lecture.course_map_differences(NOTEBOOKS / "00_course_map.ipynb", LECTURE) == []
    cells = json.loads((NOTEBOOKS / "00_course_map.ipynb").read_text(encoding="utf-8"))["cells"]
    (cell,) = [c for c in cells if "".join(c["source"]).startswith(lecture.MAP_HEADING)]
    text = "".join(cell["source"])
    rows = re.findall(r"^\| (\d+)-(\d+) \| (.*?) \| (\d+) \| (.*?) \|$", text, flags=re.M)
    steps = lecture.lecture_path(LECTURE)
    assert [(int(a), int(b), int(m)) for a, b, _, m, _ in rows] == [(s.start, s.end, s.minutes) for s in steps]
    for (_, _, where, _, point), step in zip(rows, steps, strict=True):
        assert where.startswith(f"{step.lesson} §{', §'.join(step.sections)}: " if step.lesson else step.title)
        assert point == step.notes
    assert "lecture_path" not in json.dumps(cell["metadata"])  # no hidden copy of the path is left
    # the map says what its minutes are: presenting time, and what is left for questions
    lec = lecture.read_lecture(LECTURE)
    assert f"**presenting** minutes, {lec.presenting} in all" in text
    assert f"leaves {lec.minutes - lec.presenting} for questions" in text
    # and what the same sections take students: the lessons' minutes, each heading cell once (07 §4-5 share one)
    worked = {("01", "4"): 4, ("01", "5"): 5, ("02", "1"): 5, ("02", "2"): 15, ("02", "3"): 2, ("02", "4"): 4}
    worked |= {("03", "1"): 5, ("03", "6"): 7, ("05", "1"): 7, ("05", "2"): 6, ("05", "3"): 4, ("07", "3"): 5}
    worked |= {("07", "4+5"): 10, ("08", "0"): 6, ("10", "1"): 6, ("12", "1"): 8}
    assert lecture.working_minutes(lec, NOTEBOOKS) == sum(worked.values()) == 99 > lec.presenting
    assert "on their own need 99 minutes" in text


def test_the_wheel_ships_the_same_file_as_the_default():
    """The copy inside the package is a link to course/lecture.toml (and its slides folder): one file, read by
    lecture_path() when no course folder is beside the lessons (a lecturer with only the wheel)."""
    packaged = ROOT / "pokerlab" / "course" / "assets" / "lecture.toml"
    assert packaged.resolve() == LECTURE.resolve()
    assert (ROOT / "pokerlab" / "course" / "assets" / "lecture").resolve() == (ROOT / "course" / "lecture").resolve()
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"course/assets/lecture.toml"' in pyproject and '"course/assets/lecture/*.md"' in pyproject
    assert lecture.find_lecture_file(NOTEBOOKS).resolve() == LECTURE.resolve()


def test_editing_the_file_changes_the_deck_and_the_map_check_finds_the_stale_table(course, tmp_path):
    toml = course / "course" / "lecture.toml"
    course_map = course / "notebooks" / "00_course_map.ipynb"
    before = slides.build_lecture(tmp_path / "before", notebooks=course / "notebooks").read_text(encoding="utf-8")
    assert "Your name" in before
    text = toml.read_text(encoding="utf-8").replace('lecturer = "Your name"', 'lecturer = "Dr. Ada Lovelace"')
    # the first step now presents 01 §1 (cards) instead of §4, for 3 minutes
    text = text.replace('sections = ["4"]\ntitle = "which hand wins"', 'sections = ["1"]\ntitle = "cards and ids"', 1)
    toml.write_text(text, encoding="utf-8")
    after = slides.build_lecture(tmp_path / "after", notebooks=course / "notebooks").read_text(encoding="utf-8")
    assert "Dr. Ada Lovelace" in after and "Your name" not in after
    first = next(s for s in _sections(after) if s[1] == "01" and s[0] not in ("divider",))
    assert "Lesson 01 · Cards and hand ranks · §1" in _text(first[2]) and "1. Cards" in _text(first[2])
    # the map now disagrees, says so, and is written again from the file
    differences = lecture.course_map_differences(course_map)
    assert any("cards and ids" in line for line in differences)
    assert main(["course", "map", "--check", "--notebooks", str(course / "notebooks")]) == 2
    assert main(["course", "map", "--notebooks", str(course / "notebooks")]) == 0
    assert lecture.course_map_differences(course_map) == []
    assert "| 0-3 | 01 §1: cards and ids | 3 |" in course_map.read_text(encoding="utf-8")


def test_a_table_edited_by_hand_is_found(course, capsys):
    course_map = course / "notebooks" / "00_course_map.ipynb"
    course_map.write_text(
        course_map.read_text(encoding="utf-8").replace("| 0-3 | 01 §4", "| 0-3 | 01 §5"), encoding="utf-8"
    )
    assert lecture.course_map_differences(course_map) != []
    capsys.readouterr()
    assert main(["course", "map", "--check", "--notebooks", str(course / "notebooks")]) == 2
    err = capsys.readouterr().err.strip().split("\n")
    assert len(err) == 1 and "run `pokerlab course map`" in err[0]


# ---------------------------------------------------------------- the deck: title, dividers, numbering, minutes


def test_the_title_slide_names_the_lecture_and_the_lecturer(deck):
    lec = lecture.read_lecture(LECTURE)
    section, _, inner = _sections(deck)[0]
    assert section == "title"
    assert html.escape(lec.title, quote=False) in inner or lec.title in _text(inner)
    assert f'<p class="lecturer">{html.escape(lec.lecturer)}</p>' in inner


def test_one_divider_before_each_lesson_naming_it(deck):
    steps = lecture.lecture_path(LECTURE)
    runs = [s.lesson for i, s in enumerate(steps) if s.lesson and (i == 0 or steps[i - 1].lesson != s.lesson)]
    dividers = [(lesson, _text(inner)) for section, lesson, inner in _sections(deck) if section == "divider"]
    assert [d[0] for d in dividers] == runs
    for lesson, text in dividers:
        assert f"Lesson {lesson}" in text and lecture.lesson_name(NOTEBOOKS, lesson) in text


def test_sections_are_numbered_within_the_lecture_under_their_lessons_name(deck):
    steps = lecture.lecture_path(LECTURE)
    wanted = [(s.lesson, sec) for s in steps for sec in s.sections]
    heads = [
        (lesson, section, inner) for section, lesson, inner in _sections(deck) if '<p class="lesson-label">' in inner
    ]
    heads = [h for h in heads if "<h2>" in h[2]]
    assert [(lesson, section) for lesson, section, _ in heads] == wanted
    for number, (lesson, section, inner) in enumerate(heads, start=1):
        label = re.search(r'<p class="lesson-label">(.*?)</p>', inner).group(1)
        assert html.unescape(label) == f"Lesson {lesson} · {lecture.lesson_name(NOTEBOOKS, lesson)} · §{section}"
        assert re.search(rf"<h2>{number}\. ", inner), (number, inner[:200])
    # continued slides carry the lecture's number too, never the lesson's
    for title in re.findall(r'<p class="continued">(.*?) \(continued\)</p>', deck):
        number = int(title.split(".")[0])
        assert 1 <= number <= len(heads)


def test_each_steps_notes_say_its_own_minutes_and_no_others(deck):
    """Every "N min" in the speaker notes of a step's slides is the step's own minutes (a 3-minute step never says
    "10 min"), and each step says its minutes once, on its first slide."""
    steps = lecture.lecture_path(LECTURE)
    notes = re.findall(r'<aside class="notes">(.*?)</aside>', deck, flags=re.S)
    step_of, k = [], -1
    for note in notes:
        if m := re.search(r"Minutes (\d+)-(\d+) of the lecture \((\d+) min\)", note):
            k += 1
            assert (int(m.group(1)), int(m.group(2)), int(m.group(3))) == (
                steps[k].start,
                steps[k].end,
                steps[k].minutes,
            )
        step_of.append(k)
    assert k == len(steps) - 1
    for note, k in zip(notes, step_of, strict=True):
        said = {int(x) for x in re.findall(r"\b(\d+) min\b", _text(note))}
        if k >= 0 and not note.startswith("<p>Lesson "):  # a divider's notes give the lesson's span of minutes
            assert said <= {steps[k].minutes}, (steps[k], _text(note)[:300])


def test_the_lecturers_own_slides_come_from_the_folder_with_their_notes(deck):
    own = [inner for section, _, inner in _sections(deck) if section == "own"]
    assert len(own) == 2
    assert "The report's three bots" in _text(own[0]) and "Trust: how far Phase III follows its model" in _text(own[1])
    assert "Ask the room which style should win" in deck  # the "Note:" part is in the speaker notes
    assert "Ask the room" not in "".join(own)


def test_the_path_teaches_what_its_later_steps_use(deck):
    """Lesson 07's steps read Phase I-III, trust, the showdown model and bluffing: each is on a slide before the
    first slide from lesson 07."""
    slides_ = _sections(deck)
    first_07 = next(i for i, (_, lesson, _) in enumerate(slides_) if lesson == "07")
    before = _text(" ".join(inner for _, _, inner in slides_[:first_07]))
    for term in ("Phase I", "Phase II", "Phase III", "showdown model", "Trust", "Algorithm 5", "bluff"):
        assert term in before, term


def test_own_slides_and_bad_files_are_refused_with_a_message(course, tmp_path):
    toml = course / "course" / "lecture.toml"
    text = toml.read_text(encoding="utf-8")
    notebooks = course / "notebooks"
    toml.write_text(text.replace('slides = ["three-bots.md"]', 'slides = ["missing.md"]'), encoding="utf-8")
    with pytest.raises(DataError, match=r"your slide 'missing\.md'"):
        slides.build_lecture(tmp_path / "a", notebooks=notebooks)
    toml.write_text(text.replace('sections = ["4"]', 'sections = ["42"]', 1), encoding="utf-8")
    with pytest.raises(DataError, match="§42 of lesson 01"):
        slides.build_lecture(tmp_path / "b", notebooks=notebooks)
    toml.write_text(text.replace("start = 3\n", "start = 4\n", 1), encoding="utf-8")
    with pytest.raises(DataError, match="starts at minute 4, but the step before ends at 3"):
        lecture.read_lecture(toml)
    toml.write_text(text.replace("minutes = 90", "minutes = 60"), encoding="utf-8")
    with pytest.raises(DataError, match="after the 60-minute session"):
        lecture.read_lecture(toml)
    toml.write_text(text.replace("\n[[step]]\nstart = 0", "\n[[steps]]\nstart = 0"), encoding="utf-8")
    with pytest.raises(DataError, match="unknown key 'steps'"):
        lecture.read_lecture(toml)
    toml.write_text("title = ", encoding="utf-8")
    with pytest.raises(DataError, match="not valid TOML"):
        lecture.read_lecture(toml)
    with pytest.raises(ParameterError, match="file must be the path"):
        lecture.read_lecture(3)  # type: ignore[arg-type]


def test_a_section_named_twice_in_a_step_is_refused(tmp_path):
    """``sections = ["4", "4"]`` was accepted: the deck showed lesson 01's section 4 twice in a row."""
    toml = tmp_path / "lecture.toml"
    toml.write_text('[[step]]\nstart = 0\nend = 4\nlesson = "01"\nsections = ["4", "4"]\n', encoding="utf-8")
    with pytest.raises(DataError) as refused:
        lecture.read_lecture(toml)
    assert str(refused.value) == (
        f"{toml}, step 1: section '4' is named twice in sections = ['4', '4']: a step presents each section once"
        " (to come back to it, give it a step of its own)"
    )
    toml.write_text('[[step]]\nstart = 0\nend = 4\nlesson = "01"\nsections = ["4", "5"]\n', encoding="utf-8")
    assert lecture.read_lecture(toml).steps[0].sections == ("4", "5")


def test_the_lessons_page_names_the_file_the_lecture_is_written_in():
    """docs/lessons.md said the path was "also stored as data on its cell, `metadata.pokerlab.lecture_path`",
    which was removed: a lecturer who followed it edited nothing."""
    page = " ".join((ROOT / "docs" / "lessons.md").read_text(encoding="utf-8").split())
    assert "lecture_path" not in page
    assert "written from [`course/lecture.toml`](../course/lecture.toml), the one file the lecture deck reads" in page
    assert "`pokerlab course map --check` says if the two disagree" in page


def test_a_slides_only_step_and_notes_split(tmp_path):
    (tmp_path / "lecture").mkdir()
    (tmp_path / "lecture" / "hello.md").write_text(
        "## Hello\n\nWelcome.\n\nNote:\nSay your name.\n---\n## Plan\n\nThree parts.\n", encoding="utf-8"
    )
    toml = tmp_path / "lecture.toml"
    toml.write_text('[[step]]\nstart = 0\nend = 2\nslides = ["hello.md"]\n', encoding="utf-8")
    lec = lecture.read_lecture(toml)
    cells = lecture.own_slides_cells(lec, "hello.md")
    assert [c["metadata"]["slideshow"]["slide_type"] for c in cells] == ["slide", "notes", "slide"]
    assert cells[1]["source"] == "Say your name." and cells[2]["source"].startswith("## Plan")
    assert lec.title == "A 90-minute lecture" and lec.presenting == 2


def test_lesson_12s_deck_builds_offline_with_speaker_notes(tmp_path):
    """Issue 40 item 4: lesson 12's deck, like every lesson's, loads nothing from the web and has each section's
    instructor notes (minutes, the point, the question students ask, the misconception)."""
    (path,) = slides.find_lessons(["12"], NOTEBOOKS)
    page = slides.build_deck(path, tmp_path).read_text(encoding="utf-8")
    assert not re.findall(r'(?:src|href)="(?:https?:)?//', page)
    heads = re.findall(
        r'<section data-section="(\d+)"><div class="fit"><h2>.*?</div>(<aside class="notes">.*?</aside>)?',
        page,
        flags=re.S,
    )
    assert [int(n) for n, _ in heads] == list(range(1, 12))
    for _, notes in heads:
        assert re.search(r"<b>\d+ min</b>", notes)
        assert all(label in notes for label in ("The point:", "Students ask:", "Expect:"))


def test_the_command_line_builds_the_lecture_from_another_file(course, tmp_path, capsys):
    other = tmp_path / "short.toml"
    other.write_text(
        'title = "A short talk"\nlecturer = "Dr. B"\nminutes = 10\n'
        '[[step]]\nstart = 0\nend = 4\nlesson = "02"\nsections = ["3"]\nnotes = "draws"\n',
        encoding="utf-8",
    )
    out = tmp_path / "decks"
    argv = ["course", "slides", str(out), "--lecture-file", str(other), "--notebooks", str(course / "notebooks")]
    assert main(argv) == 0
    page = (out / "lecture.slides.html").read_text(encoding="utf-8")
    assert "A short talk" in page and "Dr. B" in page
    heads = [s for s in _sections(page) if "<h2>" in s[2]]
    assert [(s[0], s[1]) for s in heads] == [("3", "02")] and "<h2>1. Strength is not everything" in heads[0][2]
    assert "Minutes 0-4 of the lecture (4 min)" in page and "6 for questions" in page
    capsys.readouterr()
    assert main([*argv, "02"]) == 2
    assert "leave out the LESSON" in capsys.readouterr().err


def test_a_section_presented_in_two_steps_is_refused_unless_the_later_says_again(course, capsys):
    """A lecturer changed step 5 (02 §3) to ``sections = ["2"]``: 02 §2 was then in steps 4 and 5, and
    ``course map`` and the deck accepted it silently (the deck presented "Algorithm 2 by hand" twice)."""
    toml = course / "course" / "lecture.toml"
    text = toml.read_text(encoding="utf-8")
    notebooks = str(course / "notebooks")
    step5 = 'start = 20\nend = 22\nlesson = "02"\nsections = '
    slip = text.replace(step5 + '["3"]', step5 + '["2"]')
    assert slip != text
    toml.write_text(slip, encoding="utf-8")
    said = (
        f"{toml}, step 5: lesson 02 §2 is presented in step 4 and again in step 5: write again = true in step 5 if"
        " you mean to come back to it"
    )
    deck = ["course", "slides", str(course / "d"), "--lecture", "--notebooks", notebooks]
    for argv in (["course", "map", "--notebooks", notebooks], deck):
        capsys.readouterr()
        assert main(argv) == 2
        err = capsys.readouterr().err.strip().split("\n")
        assert len(err) == 1 and said in err[0]
    fifth = 'start = 20\nend = 22\nlesson = "02"\nsections = ["2"]\n'
    toml.write_text(slip.replace(fifth, fifth + "again = true\n"), encoding="utf-8")
    steps = lecture.read_lecture(toml).steps
    assert steps[3].sections == steps[4].sections == ("2",)
    toml.write_text(slip.replace(fifth, fifth + 'again = "yes"\n'), encoding="utf-8")
    with pytest.raises(DataError, match="again must be true or false"):
        lecture.read_lecture(toml)


def test_course_map_reads_the_own_slides_the_deck_reads(course, capsys):
    """``slides = ["warp.md"]`` (a file that does not exist) was written into the map's table (exit 0); only the
    deck said the file could not be read."""
    toml = course / "course" / "lecture.toml"
    toml.write_text(
        toml.read_text(encoding="utf-8").replace('slides = ["three-bots.md"]', 'slides = ["warp.md"]'),
        encoding="utf-8",
    )
    course_map = course / "notebooks" / "00_course_map.ipynb"
    before = course_map.read_text(encoding="utf-8")
    capsys.readouterr()
    for check in ([], ["--check"]):
        assert main(["course", "map", *check, "--notebooks", str(course / "notebooks")]) == 2
        err = capsys.readouterr().err.strip().split("\n")
        assert len(err) == 1 and "your slide 'warp.md'" in err[0] and "cannot be read" in err[0]
    assert course_map.read_text(encoding="utf-8") == before
