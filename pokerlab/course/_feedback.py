"""The feedback page a student reads: one self-contained HTML page per graded notebook (:func:`feedback_html`),
with the score, each exercise's points and failing check, and the student's own code. No script and no external
resource, so it opens offline anywhere.

A module of its own because it is presentation: it reads a finished grade and nothing of how the grade was given.
:func:`feedback_html` is importable from :mod:`pokerlab.course.grading`.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pokerlab.course import _submissions
from pokerlab.course._results import NotebookGrade, _num
from pokerlab.course.lessons import Lesson, source

_CSS = """
body{font-family:system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;line-height:1.45;color:#222}
h1{font-size:1.5rem} table{border-collapse:collapse;width:100%} td,th{border-bottom:1px solid #ddd;padding:.4rem;
text-align:left;vertical-align:top} .ok{color:#1a7f37} .lost{color:#b3261e} pre{background:#f6f8fa;padding:.6rem;
overflow-x:auto;white-space:pre-wrap} .note{background:#fff4e5;padding:.5rem;border-left:4px solid #f0a020}
@media print{body{max-width:none;margin:0}}
"""


def feedback_html(g: NotebookGrade, notebook: dict[str, Any] | None, lessons: Sequence[Lesson]) -> str:
    """A self-contained feedback page: score, each exercise's points and failing check, the student's code.
    No script and no external resource, so it opens offline anywhere."""
    esc = html.escape
    lesson = next((les for les in lessons if les.stem == g.lesson), None)
    code: dict[str, str] = {}
    if notebook is not None:
        for c in notebook.get("cells", []):
            if isinstance(c, dict) and isinstance(c.get("id"), str):
                code[c["id"]] = source(c)
    rows = []
    for e in g.exercises:
        cls = "ok" if e.score == e.max_score else "lost"
        rows.append(
            f"<tr><td>{esc(e.name)}</td><td class='{cls}'>{_num(e.score)} / {_num(e.max_score)}</td>"
            f"<td>{esc(e.message) or 'all checks passed'}</td></tr>"
        )
    name = esc(_submissions.readable(g.submission or Path(g.notebook).name))  # bob/05.ipynb: whose page this is
    parts = [
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>Feedback: {name}</title><style>{_CSS}</style></head><body>",
        f"<h1>Feedback: {name}</h1>",
        f"<p>Lesson: <b>{esc(g.lesson or 'not recognised')}</b>. Autograded score: "
        f"<b>{_num(g.score)} / {_num(g.max_score)}</b>.</p>",
    ]
    parts += [f"<p class='note'>{esc(n)}</p>" for n in g.notes]
    if g.exercises:
        parts.append("<table><tr><th>Exercise</th><th>Points</th><th>Check</th></tr>" + "".join(rows) + "</table>")
    if g.written_points:
        parts.append(f"<p>Written answers ({_num(g.written_points)} points) are graded by hand.</p>")
    if lesson is not None:
        for ex in lesson.exercises:
            if ex.code_id and ex.code_id in code:
                parts.append(f"<h2>{esc(ex.name)}: your code</h2><pre>{esc(code[ex.code_id])}</pre>")
    parts.append("</body></html>")
    return "\n".join(parts)
