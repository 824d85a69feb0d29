"""``python -m pokerlab`` runs the command line."""

from pokerlab.cli import main

raise SystemExit(main())
