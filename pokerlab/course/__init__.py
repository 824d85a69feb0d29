"""Teaching the course: show it, hand it out and grade it.

* :mod:`pokerlab.course.slides` builds the reveal.js slide decks of the lessons (speaker notes, offline);
* :mod:`pokerlab.course.lessons` reads the lessons' exercise cells (nbgrader's format: solution regions,
  check cells with visible and hidden tests, written answers graded by hand);
* :mod:`pokerlab.course.release` writes the student copies and the solutions from them;
* :mod:`pokerlab.course.grading` grades submissions (each in a fresh, limited kernel) with feedback pages;
* :mod:`pokerlab.course.site` builds the offline course site (Jupyter Book 1.x).

The modules here read the lesson notebooks; nothing in the rest of pokerlab imports them.
"""
