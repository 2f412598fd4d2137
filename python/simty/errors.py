"""The package's exception, and how its messages show text they quote."""


class SimtyError(ValueError):
    """Bad input (an unknown option, a bad value, a program that cannot be
    loaded, a failed build) or a library that cannot be found; the message
    is the library's one-line reason where it gives one."""


def shown(text):
    """Text (str, or bytes such as a path) as a message quotes it: printable
    ASCII, a backslash as \\\\ and any other character as \\xHH (its UTF-8
    or file-system bytes) or \\uHHHH (a surrogate), as the simty command
    prints names.  A message is then one printable line whatever it
    quotes."""
    if isinstance(text, bytes):
        return "".join(_byte(b) for b in text)
    out = []
    for c in str(text):
        if " " <= c < "\x7f":
            out.append("\\\\" if c == "\\" else c)
            continue
        try:
            out.append("".join(_byte(b) for b in c.encode("utf-8", "surrogateescape")))
        except UnicodeEncodeError:
            out.append("\\u%04x" % ord(c))
    return "".join(out)


def _byte(b):
    if b == 0x5c:
        return "\\\\"
    return chr(b) if 0x20 <= b < 0x7f else "\\x%02x" % b
