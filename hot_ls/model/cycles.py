"""Cycles in a directed graph, found with Tarjan's algorithm (iteratively, for deep graphs)."""
from __future__ import annotations

from typing import Hashable, Iterable

#: The most names a cycle's message spells out, and the most other steps each diagnostic
#: of a cycle points at: a cycle through thousands of names would otherwise repeat the
#: whole cycle in each of its thousands of diagnostics (an output growing with the square
#: of its length: 2,000 conditions in a ring took 8 s and 34 MB of messages).
SHOWN = 20


def strongly_connected(nodes: Iterable[Hashable], edges: dict) -> list[list]:
    """The strongly connected components that contain a cycle (size > 1 or a self-loop)."""
    index: dict = {}
    low: dict = {}
    on_stack: set = set()
    stack: list = []
    result: list[list] = []
    counter = 0
    for root in nodes:
        if root in index:
            continue
        work = [(root, iter(edges.get(root, ())))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(edges.get(child, ()))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1 or node in edges.get(node, ()):
                    result.append(component)
    return result


class LastGraph:
    """`strongly_connected` of the last graph given, remembered: an edit rarely changes a
    template's graph, and the components depend on the edges alone (replacing the tuple is
    atomic, so threads may share one)."""

    def __init__(self) -> None:
        self._last: tuple[dict, list[list]] | None = None

    def components(self, nodes: Iterable[Hashable], edges: dict) -> list[list]:
        last = self._last
        if last is not None and last[0] == edges:
            return last[1]
        found = strongly_connected(nodes, edges)
        self._last = (edges, found)
        return found


def cycle_in(component: list, edges: dict, order: dict) -> list:
    """One cycle through a component, starting at its first member in source order."""
    members = set(component)
    start = min(component, key=lambda n: order.get(n, 0))
    path = [start]
    seen = {start}
    # Depth-first search for a path back to start, staying inside the component.
    work = [(start, iter(sorted((c for c in edges.get(start, ()) if c in members),
                                key=lambda n: order.get(n, 0))))]
    while work:
        node, children = work[-1]
        for child in children:
            if child == start:
                return path + [start]
            if child not in seen:
                seen.add(child)
                path.append(child)
                work.append((child, iter(sorted((c for c in edges.get(child, ()) if c in members),
                                                key=lambda n: order.get(n, 0)))))
                break
        else:
            work.pop()
            path.pop()
    return [start, start]


def chain(cycle: list) -> str:
    """`a -> b -> a`: the names of a cycle, with the middle of one longer than SHOWN steps
    left out."""
    names = [str(name) for name in cycle]
    if len(names) <= SHOWN + 1:
        return ' -> '.join(names)
    half = SHOWN // 2
    return ' -> '.join(names[:half] + [f'... ({len(names) - 2 * half} more)'] + names[-half:])


def other_steps(count: int, index: int) -> list[int]:
    """The steps of a cycle of `count` steps that the diagnostic of step `index` points
    at: every other one, or the SHOWN after it in a longer cycle."""
    if count <= SHOWN + 1:
        return [other for other in range(count) if other != index]
    return [(index + ahead) % count for ahead in range(1, SHOWN + 1)]
