"""Builds the Cython extensions; all metadata lives in pyproject.toml.

Every ``.pyx`` under engine_c/ and solver/ becomes one extension module.  Generated sources
(GENERATED below) are rewritten from their data first, so an edited data table always reaches C.
Environment switches:
  BOARDLAB_CYTHON_DEBUG=1   bounds and initialisation checks on (slow, for segfault hunting)
  BOARDLAB_ANNOTATE=1       write Cython's HTML annotation beside each .pyx (yellow = Python API)
  BOARDLAB_EXT=a,b          build only extensions whose dotted name contains a or b (development)
"""
import glob
import importlib.util
import os

from Cython.Build import cythonize
from setuptools import Extension, setup

DEBUG = os.environ.get("BOARDLAB_CYTHON_DEBUG", "0") != "0"
ONLY = [s for s in os.environ.get("BOARDLAB_EXT", "").split(",") if s]

directives = dict(
    language_level=3, boundscheck=DEBUG, wraparound=False, initializedcheck=DEBUG,
    nonecheck=False, cdivision=True, embedsignature=True,
)

# Generated .pxd files: path -> (data module that makes it, function returning its text).  None
# today: Tiletum's tables are filled from its data file at import (engine_c/tiletum/content.py).
GENERATED = {}


def regenerate(path, module_path, function):
    """Rewrite a generated file from its data module (loaded by path: nothing is built yet)."""
    spec = importlib.util.spec_from_file_location("_generator", module_path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    text = getattr(module, function)()
    if not os.path.exists(path) or open(path).read() != text:     # unchanged: keep the timestamp
        with open(path, "w") as out:
            out.write(text)


for _path, (_module, _function) in GENERATED.items():
    regenerate(_path, _module, _function)

extensions = []
for path in sorted(glob.glob("engine_c/**/*.pyx", recursive=True) + glob.glob("solver/*.pyx")):
    name = path[:-4].replace("/", ".")
    if ONLY and not any(part in name for part in ONLY):
        continue
    extensions.append(Extension(name, [path], extra_compile_args=["-O3"]))

setup(
    ext_modules=cythonize(
        extensions,
        compiler_directives=directives,
        annotate=os.environ.get("BOARDLAB_ANNOTATE") == "1",
        nthreads=os.cpu_count() or 1,
    ),
)
