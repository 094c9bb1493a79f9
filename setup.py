"""Builds the Cython extensions; all metadata lives in pyproject.toml.

Every ``.pyx`` under engine_c/ and solver/ becomes one extension module.  Content that users may
replace (Tiletum, A Castle for All Seasons) is read from data files at import, not compiled in.
Environment switches:
  BOARDLAB_CYTHON_DEBUG=1   bounds and initialisation checks on (slow, for segfault hunting)
  BOARDLAB_ANNOTATE=1       write Cython's HTML annotation beside each .pyx (yellow = Python API)
  BOARDLAB_EXT=a,b          build only extensions whose dotted name contains a or b (development)
"""
import glob
import os

from Cython.Build import cythonize
from setuptools import Extension, setup

DEBUG = os.environ.get("BOARDLAB_CYTHON_DEBUG", "0") != "0"
ONLY = [s for s in os.environ.get("BOARDLAB_EXT", "").split(",") if s]

directives = dict(
    language_level=3, boundscheck=DEBUG, wraparound=False, initializedcheck=DEBUG,
    nonecheck=False, cdivision=True, embedsignature=True,
)

extensions = []
for path in sorted(glob.glob("engine_c/**/*.pyx", recursive=True) + glob.glob("solver/**/*.pyx", recursive=True)):
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
