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

import sys

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

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



class ParallelBuildExt(build_ext):
    """Compile the C extensions on every core at once (setuptools compiles one after another unless
    told), with a line per module, so an install on a 2-core machine takes half the time and says
    how far it is (pip shows the lines with -v)."""

    def finalize_options(self):
        super().finalize_options()
        if not self.parallel:
            self.parallel = os.cpu_count() or 1
        print(f"boardlab: compiling {len(self.extensions)} extension modules on {self.parallel} cores",
              file=sys.stderr, flush=True)
        self._built = 0

    def build_extension(self, ext):
        super().build_extension(ext)
        self._built += 1            # the count may be read by several threads: it is only a progress line
        print(f"boardlab: [{self._built}/{len(self.extensions)}] {ext.name}", file=sys.stderr, flush=True)


setup(
    cmdclass={"build_ext": ParallelBuildExt},
    ext_modules=cythonize(
        extensions,
        compiler_directives=directives,
        annotate=os.environ.get("BOARDLAB_ANNOTATE") == "1",
        nthreads=os.cpu_count() or 1,
    ),
)
