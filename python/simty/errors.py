"""The package's exception."""


class SimtyError(ValueError):
    """Bad input (an unknown option, a bad value, a program that cannot be
    loaded, a failed build) or a library that cannot be found; the message
    is the library's one-line reason where it gives one."""
