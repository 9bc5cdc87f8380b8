"""Quick pickling for the small frozen dataclasses an event's cached state is made of
(the engine's rows and contributions, the web's cells and lines).

Pickling a slotted dataclass calls dataclasses.fields() once per object, and a state
holds thousands of them: caching a 120-player state took 20 ms, three quarters of it in
fields(), while the process's sockets waited for the GIL (the push caches the state
right after sending). `quick_pickle` gives a class a state getter and setter made once.
"""

from __future__ import annotations

import dataclasses
import operator

# typing only for the type checker: importing it costs a command-line run a few ms.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, TypeVar

    T = TypeVar("T")


def quick_pickle(cls: type[T]) -> type[T]:
    """Class decorator, above @dataclass(frozen=True, slots=True): the same pickled data
    (the field values, in order), without a fields() call per object."""
    names = tuple(field.name for field in dataclasses.fields(cls))  # type: ignore[arg-type]
    values = operator.attrgetter(*names)
    single = len(names) == 1

    def getstate(self: Any) -> tuple[Any, ...]:
        return (values(self),) if single else values(self)

    def setstate(self: Any, state: tuple[Any, ...]) -> None:
        for name, value in zip(names, state, strict=True):
            object.__setattr__(self, name, value)

    setattr(cls, "__getstate__", getstate)  # noqa: B010 (mypy: methods assigned on a class)
    setattr(cls, "__setstate__", setstate)  # noqa: B010
    return cls
