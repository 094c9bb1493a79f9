"""Check that a built wheel carries every compiled module the source tree has.

Usage: python scripts/check_wheel.py dist/boardlab-*.whl
Every ``.pyx`` under engine_c/ and solver/ must be in the wheel as a compiled extension, every
package (each game's folder included) as Python files, and the analysis board's static files;
prints a one-line summary, exits 1 on a gap.
"""
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def expected_extensions():
    """Dotted names of the extension modules the build makes."""
    sources = sorted(ROOT.glob("engine_c/**/*.pyx")) + sorted(ROOT.glob("solver/**/*.pyx"))
    return {p.relative_to(ROOT).with_suffix("").as_posix().replace("/", ".") for p in sources}


def main(argv):
    """Compare the wheel's contents with the source tree."""
    if len(argv) != 1 or argv[0] in ("-h", "--help"):
        print("usage: check_wheel.py WHEEL", file=sys.stderr)
        return 0 if argv[:1] in (["-h"], ["--help"]) else 2
    try:
        names = zipfile.ZipFile(argv[0]).namelist()
    except (OSError, zipfile.BadZipFile) as exc:
        print(f"check_wheel.py: error: cannot read {argv[0]} as a wheel: {exc}", file=sys.stderr)
        return 2
    compiled = {n.split(".cpython")[0].replace("/", ".") for n in names if n.endswith(".so") or n.endswith(".pyd")}
    missing = sorted(expected_extensions() - compiled)
    packages = {p.parent.relative_to(ROOT).as_posix() for p in ROOT.glob("*/**/__init__.py")
                if p.parts[len(ROOT.parts)] in ("engine_c", "solver", "analysis")}
    missing += sorted(f"{pkg}/__init__.py" for pkg in packages if f"{pkg}/__init__.py" not in names)
    static = {p.relative_to(ROOT).as_posix() for p in (ROOT / "solver" / "web" / "static").rglob("*") if p.is_file()}
    missing += sorted(static - set(names))          # the analysis board's page, scripts and styles
    if missing:
        print(f"wheel is missing {len(missing)} module(s): {', '.join(missing)}")
        return 1
    print(f"wheel ok: {len(compiled)} compiled modules, {len(packages)} packages, {len(static)} static files")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
