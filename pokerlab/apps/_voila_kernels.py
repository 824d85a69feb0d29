"""The kernel manager of ``pokerlab play``'s Voila: a page that never connected does not hold a kernel long.

Voila starts a page's kernel when the page is requested, before the browser has
the page. If the browser gives up (a page load that timed out, a closed tab), no
connection ever reaches that kernel, and the usual rule (culled after
``cull_idle_timeout`` seconds idle without a connection, 10 minutes by default)
kept it, 70-200 MB, for ten minutes. Here a kernel that has never had a
connection is culled once idle for ``unconnected_timeout`` seconds (default 120,
never more than ``cull_idle_timeout``); a kernel whose page connected keeps the
usual rule. A kernel still running the page's code is busy and never culled.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from jupyter_core.utils import ensure_async
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Integer

__all__: list[str] = []


class PageKernelManager(AsyncMappingKernelManager):
    """``AsyncMappingKernelManager`` that culls never-connected kernels after ``unconnected_timeout`` seconds."""

    unconnected_timeout = Integer(
        120, config=True, help="Seconds an idle kernel that never had a connection is kept (at most cull_idle_timeout)."
    )

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._connected_once: set[str] = set()

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """The usual rule, or the short one for a kernel that no page ever connected to."""
        self._connected_once &= set(self._kernels)  # forget kernels that are gone
        if self._kernel_connections.get(kernel_id, 0):
            self._connected_once.add(kernel_id)
        kernel = self._kernels.get(kernel_id)
        if kernel is None or kernel_id in self._connected_once or not hasattr(kernel, "last_activity"):
            await super().cull_kernel_if_idle(kernel_id)
            return
        idle = (datetime.now(UTC) - kernel.last_activity).total_seconds()
        limit = min(self.unconnected_timeout, self.cull_idle_timeout)
        if idle > limit and getattr(kernel, "execution_state", None) != "busy":
            self.log.warning("Culling kernel %s: no page connected to it in %d seconds.", kernel_id, idle)
            await ensure_async(self.shutdown_kernel(kernel_id))
            return
        await super().cull_kernel_if_idle(kernel_id)
