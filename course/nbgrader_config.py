"""nbgrader's configuration for the pokerlab course (nbgrader 0.9, JupyterLab 4 / Notebook 7).

Run nbgrader from this folder with the virtual environment's ``bin/`` on PATH (nbgrader runs the
``alembic`` executable to create ``gradebook.db``)::

    cd course
    nbgrader generate_assignment 02_strength_and_potential     # -> release/02_strength_and_potential/
    nbgrader autograde 02_strength_and_potential               # submitted/<student>/02_.../*.ipynb
    nbgrader generate_feedback 02_strength_and_potential       # -> feedback/<student>/...

``source/<lesson>/<lesson>.ipynb`` are links to the lessons in ``../notebooks/``: the lesson is the one
source of exercise, solution and checks, so nothing is written twice. The formgrader in JupyterLab
(``jupyter lab`` started here) grades the written answers by hand.

nbgrader's ``autograde`` runs each submission as you, with ``source/`` (the solutions and hidden tests) and
``gradebook.db`` readable, and the hidden tests run in the submission's own kernel, so a submission can
read the answers or pass the checks with objects that compare equal to anything. ``pokerlab course grade``
sandboxes each kernel and checks only plain data in a separate process: use it for untrusted submissions.
"""

from pathlib import Path

from pokerlab.course._extra import copy_mathjax

c = get_config()  # noqa: F821 - provided by nbgrader when it reads this file

HERE = Path(__file__).resolve().parent
MATHJAX = HERE / "mathjax" / "tex-chtml-full.js"

c.CourseDirectory.course_id = "pokerlab"
c.CourseDirectory.root = str(HERE)
c.ClearSolutions.code_stub = {"python": "# YOUR CODE HERE\nraise NotImplementedError()"}
c.ClearSolutions.text_stub = "YOUR ANSWER HERE"
c.ExecutePreprocessor.timeout = 900  # seconds per cell: some lessons simulate for a while
c.Execute.timeout = 900
# Feedback pages load MathJax from a CDN unless told otherwise: use MathJax 3 as the course site does, copied
# into mathjax/ here (git ignores it) from the course extra's django-static-mathjax the first time nbgrader reads
# this file. The feedback template ignores mathjax_url, so templates/feedback/mathjax.html.j2 replaces its
# mathjax() macro with one that loads ../../../mathjax/ (a page is feedback/<student>/<assignment>/<notebook>.html).
if not MATHJAX.is_file():
    copy_mathjax(MATHJAX.parent)
c.HTMLExporter.mathjax_url = MATHJAX.as_uri()
c.HTMLExporter.template_name = "feedback"


def _nbgrader_templates() -> str:
    import nbgrader.server_extensions.formgrader as formgrader

    return str(Path(formgrader.__file__).resolve().parent / "templates")


c.HTMLExporter.extra_template_basedirs = [str(HERE / "templates"), _nbgrader_templates()]
