# errors.py: the one exception of picl_picmi: a PICMI object or argument that picl cannot honour,
# or a value it refuses. Its message names the object, the argument and the closest picl key.


class PiclUnsupported(Exception):
    """A PICMI object, argument or value that picl cannot honour (the message says which)."""


class PiclRunFailed(RuntimeError):
    """picl stopped with an error on the input a script wrote (picl's own message precedes it)."""
