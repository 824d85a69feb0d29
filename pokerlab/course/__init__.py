"""Teaching the course: slide decks of the lessons (:mod:`pokerlab.course.slides`).

The modules here read the lesson notebooks; nothing in the rest of pokerlab imports them.
"""
