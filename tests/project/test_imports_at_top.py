"""Imports of pokerlab modules sit at the top of their module (issue 43, item 5).

An import inside a function hides a dependency from the reader (and from the import graph a reviewer draws).
Outside the command line (``pokerlab/cli.py`` or a ``pokerlab/cli/`` package, whose lazy imports keep
``pokerlab --help`` fast) at most :data:`LIMIT` remain, and each says why on its own line or the line above
(``# lazy: numba loads only for the compiled walk``). tests/project/test_api.py separately checks that each one keeps a
heavy library lazy or is listed there with a reason.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent.parent / "pokerlab"
LIMIT = 25

FILE_REASONS: dict[str, str] = {}
"""Modules whose every function import shares one reason, given here while another branch owns the file."""


def _is_cli(rel: str) -> bool:
    return rel == "cli.py" or rel.startswith("cli/")


def function_imports() -> list[tuple[str, int, str, str]]:
    """(module path, line, the import, its reason comment or "") for each pokerlab import inside a function."""
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if _is_cli(rel):
            continue
        lines = path.read_text(encoding="utf-8").splitlines()
        seen: set[int] = set()
        for fn in ast.walk(ast.parse("\n".join(lines))):
            if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for node in ast.walk(fn):
                if isinstance(node, ast.ImportFrom):
                    ours = node.level > 0 or (node.module or "").split(".")[0] == "pokerlab"
                elif isinstance(node, ast.Import):
                    ours = any(a.name.split(".")[0] == "pokerlab" for a in node.names)
                else:
                    continue
                if not ours or node.lineno in seen:
                    continue
                seen.add(node.lineno)
                out.append((rel, node.lineno, ast.unparse(node), _reason(lines, node.lineno)))
    return out


def _reason(lines: list[str], lineno: int) -> str:
    """The comment on the import's line or the line above, without linter directives (noqa, type: ignore)."""
    for text in (lines[lineno - 1], lines[lineno - 2] if lineno >= 2 else ""):
        if "#" not in text:
            continue
        words = [c.strip() for c in text.split("#")[1:]]
        words = [c for c in words if c and not c.startswith(("noqa", "type:", "fmt:"))]
        if words:
            return " ".join(words)
    return ""


def test_few_pokerlab_imports_inside_functions() -> None:
    found = function_imports()
    assert len(found) <= LIMIT, f"{len(found)} pokerlab imports inside functions (at most {LIMIT}):\n" + "\n".join(
        f"pokerlab/{rel}:{line}: {code}" for rel, line, code, _ in found
    )


def test_each_import_inside_a_function_says_why() -> None:
    silent = [
        f"pokerlab/{rel}:{line}: {code}"
        for rel, line, code, reason in function_imports()
        if len(reason) < 12 and rel not in FILE_REASONS
    ]
    assert not silent, "say why on the import's line or the line above ('# lazy: ...', '# cycle: ...'):\n" + "\n".join(
        silent
    )
    assert all(rel in {r for r, *_ in function_imports()} for rel in FILE_REASONS), "a FILE_REASONS entry is stale"


def test_the_reason_reader() -> None:
    lines = [
        "def f():",
        "    # cycle: rules imports state",
        "    from pokerlab import state",
        "    from x import y  # noqa: F401",
    ]
    assert _reason(lines, 3) == "cycle: rules imports state"
    assert _reason(lines, 4) == ""  # a linter directive is no reason, and line 3 has no comment
    assert _reason(["    from pokerlab import charts  # noqa: F401"], 1) == ""
