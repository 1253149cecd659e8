# expressions.py: PICMI's analytic expressions (Python/WarpX-parser syntax) as picl expressions
# (OpenCL C, docs/input.md "Expressions"), with PICMI's names and the user's constants mapped.
#
# PICMI writes `x**2`, `n0*(x<0)`, `if(z<L, a, b)`, `2/3`; OpenCL C has no `**`, and `2/3` is
# integer division there, so the text is parsed and written again rather than passed through:
# powers become pow(), every number a double literal, if() a conditional, WarpX's local names
# (`a = ...; f(a)`) their values in place.

import math
import re

from .errors import PiclUnsupported

# PICMI's (WarpX's parser's) names of the physical constants -> picl's (lua/constants.lua).
PHYSICAL = {
    "c": "c", "clight": "c", "pi": "pi",
    "q_e": "q_e", "m_e": "m_e", "m_p": "m_p",
    "ep0": "eps0", "eps0": "eps0", "epsilon0": "eps0", "mu0": "mu0",
}

# name -> (picl function, number of arguments); None: any count picl's function takes
FUNCTIONS = {
    "sin": ("sin", 1), "cos": ("cos", 1), "tan": ("tan", 1),
    "asin": ("asin", 1), "acos": ("acos", 1), "atan": ("atan", 1), "atan2": ("atan2", 2),
    "sinh": ("sinh", 1), "cosh": ("cosh", 1), "tanh": ("tanh", 1),
    "exp": ("exp", 1), "log": ("log", 1), "log10": ("log10", 1), "sqrt": ("sqrt", 1),
    "pow": ("pow", 2), "floor": ("floor", 1), "ceil": ("ceil", 1), "erf": ("erf", 1),
    "abs": ("fabs", 1), "fabs": ("fabs", 1), "min": ("fmin", 2), "max": ("fmax", 2),
    "fmin": ("fmin", 2), "fmax": ("fmax", 2),
}

COORDINATES = ("x", "y", "z", "t")

# Names picl refuses as constants (docs/input.md "constants"): coordinates, physical constants,
# C keywords and the OpenCL math functions. A user constant so named is renamed.
RESERVED = set(COORDINATES) | set(PHYSICAL.values()) | {f for f, _ in FUNCTIONS.values()} | set(FUNCTIONS) | {
    "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum",
    "extern", "float", "for", "goto", "if", "inline", "int", "long", "register", "restrict", "return",
    "short", "signed", "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned", "void",
    "volatile", "while", "real", "half", "bool", "true", "false", "fma", "mad", "hypot", "cbrt",
    "exp2", "log2", "round", "trunc", "fmod", "sign", "step", "clamp", "mix", "select", "kernel",
    "global", "local", "constant", "private",
}

_TOKEN = re.compile(r"""
    (?P<space>\s+)
  | (?P<number>(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?)
  | (?P<name>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<op>\*\*|<=|>=|==|!=|&&|\|\||[-+*/%^()<>,?:!=;])
""", re.VERBOSE)


def _tokens(text, where):
    pos, out = 0, []
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m:
            raise PiclUnsupported(f"{where}: cannot read the expression {text!r} at {text[pos:]!r}; "
                                  "expected numbers, names, + - * / ** ^ ( ) , < > <= >= == != and or not if(), "
                                  "name = value;")
        pos = m.end()
        kind = m.lastgroup
        if kind == "space":
            continue
        value = m.group(kind)
        if kind == "name" and value in ("and", "or", "not"):
            kind, value = "op", {"and": "&&", "or": "||", "not": "!"}[value]
        out.append((kind, value))
    out.append(("end", ""))
    return out


class _Parser:
    """Recursive descent over the tokens, writing C text."""

    def __init__(self, text, where, names):
        self.text, self.where, self.names = text, where, names
        self.toks = _tokens(text, where)
        self.i = 0

    def fail(self, what):
        raise PiclUnsupported(f"{self.where}: in the expression {self.text!r}: {what}")

    def peek(self):
        return self.toks[self.i]

    def take(self, value=None):
        tok = self.toks[self.i]
        if value is not None and tok[1] != value:
            self.fail(f"expected {value!r}, found {tok[1] or 'the end'!r}")
        self.i += 1
        return tok

    # Each rule returns (text, precedence): 0 conditional, 1 ||, 2 &&, 3 comparison, 4 + -,
    # 5 * /, 6 unary, 7 a number, name, call or parenthesis. Parentheses are written only where
    # C's precedence needs them, so the picl input reads like the PICMI one.

    def parse(self):
        # WarpX's parser's local names, `u2 = ux*ux + uy*uy; sqrt(u2)`: each is written in place
        # (parenthesised) where the expression after it names it
        self.names = dict(self.names)
        while self.peek()[0] == "name" and self.toks[self.i + 1][1] == "=":
            local = self.take()[1]
            if local in COORDINATES or local in PHYSICAL or local in FUNCTIONS:
                self.fail(f"the local name {local!r} is a coordinate, a constant or a function")
            self.take("=")
            value = self.ternary()
            self.take(";")
            self.names[local] = self.wrap(value, 7)
        out = self.ternary()
        if self.peek()[0] != "end":
            self.fail(f"unexpected {self.peek()[1]!r}")
        return out[0]

    @staticmethod
    def wrap(operand, least):
        text, prec = operand
        return text if prec >= least else f"({text})"

    def ternary(self):
        cond = self.binary(0)
        if self.peek()[1] == "?":
            self.take("?")
            a = self.ternary()
            self.take(":")
            b = self.ternary()
            return (f"{self.wrap(cond, 1)} ? {self.wrap(a, 1)} : {self.wrap(b, 0)}", 0)
        return cond

    LEVELS = (("||",), ("&&",), ("<", ">", "<=", ">=", "==", "!="), ("+", "-"), ("*", "/", "%"))

    def binary(self, level):
        if level == len(self.LEVELS):
            return self.unary()
        left = self.binary(level + 1)
        prec = level + 1
        while self.peek()[0] == "op" and self.peek()[1] in self.LEVELS[level]:
            op = self.take()[1]
            right = self.binary(level + 1)
            if op == "%":
                left = (f"fmod({left[0]}, {right[0]})", 7)
            else:
                left = (f"{self.wrap(left, prec)} {op} {self.wrap(right, prec + 1)}", prec)
        return left

    def unary(self):
        if self.peek()[1] in ("-", "+", "!"):
            op = self.take()[1]
            return (f"{op}{self.wrap(self.unary(), 6)}", 6)
        return self.power()

    def power(self):
        base = self.primary()
        if self.peek()[1] in ("**", "^"):
            self.take()
            exponent = self.unary()          # right-associative, and 2**-1 is allowed
            return (f"pow({base[0]}, {exponent[0]})", 7)
        return base

    def primary(self):
        kind, value = self.take()
        if kind == "number":
            number = float(value)
            if not math.isfinite(number):
                self.fail(f"the number {value} is not finite")
            return (repr(number), 7)
        if kind == "name":
            if self.peek()[1] == "(":
                return self.call(value)
            if value in COORDINATES:
                return (value, 7)
            if value in self.names:
                return (self.names[value], 7)
            if value in PHYSICAL:
                return (PHYSICAL[value], 7)
            self.fail(f"unknown name {value!r}; expected x, y, z, t, a constant given as a keyword argument "
                      f"(user_defined_kw), or one of {', '.join(sorted(PHYSICAL))}")
        if value == "(":
            inner = self.ternary()
            self.take(")")
            return (f"({inner[0]})", 7)
        self.fail(f"unexpected {value or 'end'!r}")

    def call(self, name):
        self.take("(")
        args = []
        if self.peek()[1] != ")":
            args.append(self.ternary())
            while self.peek()[1] == ",":
                self.take(",")
                args.append(self.ternary())
        self.take(")")
        if name == "if":
            if len(args) != 3:
                self.fail("if() takes 3 arguments: if(condition, value if true, value if false)")
            return (f"{self.wrap(args[0], 1)} ? {self.wrap(args[1], 1)} : {self.wrap(args[2], 0)}", 0)
        if name not in FUNCTIONS:
            self.fail(f"unknown function {name}(); expected one of if, {', '.join(sorted(FUNCTIONS))}")
        cname, count = FUNCTIONS[name]
        if len(args) != count:
            self.fail(f"{name}() takes {count} argument(s), got {len(args)}")
        return (f"{cname}({', '.join(a[0] for a in args)})", 7)


def translate(text, where, names):
    """The picl expression of the PICMI expression `text`. `names` maps the user's constant names
    to picl's constant names; `where` names the PICMI object and argument for messages."""
    return _Parser(str(text), where, names).parse()
