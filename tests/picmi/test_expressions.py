# test_expressions.py: PICMI expressions (Python and WarpX-parser syntax) translated to picl's
# (OpenCL C): the C text, compiled with the host's C compiler, gives the value Python gives for
# the PICMI text, at points around the domain. 1e-12 relative (both in double).
import math
import subprocess

import pytest

from picl_picmi.errors import PiclUnsupported
from picl_picmi.expressions import translate

CONSTANTS = {"n0": 1e25, "k": 2e6, "L": 3e-6, "zp": 1e-6, "ramp": 2e-6, "w": 1.5e-6}
C_LIGHT = 299792458.0

# (PICMI text, the same in Python, for Python's eval)
CASES = [
    ("n0*(1 + 0.05*cos(k*x))", None),
    ("n0*(x**2 + y**2 < w**2)", None),
    ("n0*exp(-(x^2 + y^2)/w^2)", "n0*exp(-(x**2 + y**2)/w**2)"),
    ("if(z < zp, 0, if(z < zp + ramp, n0*(z - zp)/ramp, n0))",
     "(0 if z < zp else (n0*(z - zp)/ramp if z < zp + ramp else n0))"),
    ("n0*2/3*-x**2/L**2 + 1/2*n0", None),
    ("n0*(z > zp and not (x > 0 or y > 0))", None),
    ("n0*sqrt(abs(sin(k*x)))*max(0.5, min(1, z/L))", "n0*sqrt(abs(sin(k*x)))*max(0.5, min(1, z/L))"),
    ("n0*2**-1*(x - y - z)", None),
    ("clight*t/L + pi", "C_LIGHT*t/L + pi"),
    # WarpX's parser's local names (Examples/Physics_applications/laser_ion's histogram)
    ("r2 = x*x + y*y; s = r2/w**2 - 1; if(s > 0, n0*sqrt(s), -z)",
     "(n0*math.sqrt((x*x + y*y)/w**2 - 1) if (x*x + y*y)/w**2 - 1 > 0 else -z)"),
]
POINTS = [(x, y, z, t) for x in (-2e-6, 0.3e-6, 1.7e-6) for y in (-0.5e-6, 1.1e-6) for z in (0.2e-6, 1.5e-6, 4e-6)
          for t in (0.0, 1e-14)]


def python_value(text, x, y, z, t):
    env = dict(CONSTANTS, x=x, y=y, z=z, t=t, pi=math.pi, math=math, C_LIGHT=C_LIGHT, exp=math.exp, cos=math.cos,
               sin=math.sin, sqrt=math.sqrt, abs=abs, max=max, min=min)
    return float(eval(text, {"__builtins__": {}}, env))


def test_translated_expressions_compute_the_same(tmp_path):
    names = {n: n for n in CONSTANTS}
    lines = ["#include <math.h>", "#include <stdio.h>", f"static const double c = {C_LIGHT!r}, pi = M_PI;"]
    lines += [f"static const double {n} = {v!r};" for n, v in CONSTANTS.items()]
    lines.append("int main(void) {")
    lines.append("    static const double p[][4] = {" + ", ".join("{%r, %r, %r, %r}" % q for q in POINTS) + "};")
    lines.append(f"    for (int i = 0; i < {len(POINTS)}; i++) {{")
    lines.append("        double x = p[i][0], y = p[i][1], z = p[i][2], t = p[i][3];")
    for text, _ in CASES:
        lines.append(f'        printf("%.17g\\n", (double)({translate(text, "test", names)}));')
    lines += ["    }", "    return 0;", "}"]
    (tmp_path / "e.c").write_text("\n".join(lines) + "\n")
    subprocess.run(["cc", "-std=c11", "-D_DEFAULT_SOURCE", "-Wall", "-Werror", "-o", str(tmp_path / "e"),
                    str(tmp_path / "e.c"), "-lm"], check=True)
    out = [float(v) for v in subprocess.run([str(tmp_path / "e")], capture_output=True, text=True,
                                            check=True).stdout.split()]
    k = 0
    for point in POINTS:
        for text, python in CASES:
            want = python_value(python or text, *point)
            assert math.isclose(out[k], want, rel_tol=1e-12, abs_tol=1e-300), (text, point, out[k], want)
            k += 1


def test_integer_division_is_not_c_integer_division():
    assert translate("1/2*x", "test", {}) == "1.0 / 2.0 * x"


@pytest.mark.parametrize("text, message", [
    ("n0*foo", "unknown name 'foo'"),
    ("bessel(x)", "unknown function bessel()"),
    ("if(x, 1)", "if() takes 3 arguments"),
    ("x +* 2", "unexpected '*'"),
    ("x $ 2", "cannot read the expression"),
    ("x = 2; x", "the local name 'x' is a coordinate"),
    ("a = 2 a", "expected ';'"),
])
def test_bad_expressions_are_refused(text, message):
    with pytest.raises(PiclUnsupported, match=message.replace("(", r"\(").replace(")", r"\)")):
        translate(text, "AnalyticDistribution.density_expression", {"n0": "n0"})


@pytest.mark.parametrize("axis, sign", [("z", 1.0), ("x", -1.0)])
def test_foil_density(tmp_path, axis, sign):
    """FoilDistribution's density, as written for picl, against PICMI's definition: the foil from its
    front over its thickness along the propagation, exponential ramps before (cut) and after (uncut)."""
    from picl_picmi import picmi
    from picl_picmi.translate import foil_density
    n0, front, d, l_pre, cut_pre, l_post = 1e27, 1e-6, 2e-7, 5e-8, 3e-7, 1e-7
    foil = picmi.FoilDistribution(density=n0, front=front, thickness=d, exponential_pre_plasma_length=l_pre,
                                  exponential_pre_plasma_cutoff=cut_pre, exponential_post_plasma_length=l_post)

    def want(s):
        u = sign * (s - front)
        if u < 0:
            return n0 * math.exp(u / l_pre) if u >= -cut_pre else 0.0
        return n0 if u <= d else n0 * math.exp(-(u - d) / l_post)

    points = [front + sign * u for u in (-5e-7, -2.9e-7, -1e-7, 0.0, 1e-7, 2e-7, 2.5e-7, 6e-7)]
    text = foil_density(foil, axis, sign)
    (tmp_path / "f.c").write_text(
        "#include <math.h>\n#include <stdio.h>\nint main(void) {\n"
        f"    static const double s[] = {{{', '.join(repr(p) for p in points)}}};\n"
        f"    for (int i = 0; i < {len(points)}; i++) {{ double {axis} = s[i]; printf(\"%.17g\\n\", {text}); }}\n"
        "    return 0;\n}\n")
    subprocess.run(["cc", "-std=c11", "-Wall", "-Werror", "-o", str(tmp_path / "f"), str(tmp_path / "f.c"), "-lm"],
                   check=True)
    got = [float(v) for v in subprocess.run([str(tmp_path / "f")], capture_output=True, text=True,
                                            check=True).stdout.split()]
    for p, g in zip(points, got):
        assert math.isclose(g, want(p), rel_tol=1e-12, abs_tol=1e-300), (p, g, want(p))
