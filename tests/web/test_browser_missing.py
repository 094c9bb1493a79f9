"""Without Chromium the browser tests skip in one line on a developer's machine and fail in CI."""
import subprocess
import sys
import textwrap

from browser_helpers import ROOT, missing_chromium

LINE = "Chromium not found at {}: install Debian's chromium package"


def test_a_present_chromium_runs_the_tests(tmp_path):
    browser = tmp_path / "chromium"
    browser.write_text("#!/bin/sh\n")
    browser.chmod(0o755)
    assert missing_chromium(str(browser), {"CI": "true"}) is None


def test_a_missing_chromium_skips_on_a_developers_machine_and_fails_in_ci(tmp_path):
    gone = str(tmp_path / "chromium")
    assert missing_chromium(gone, {}) == ("skip", LINE.format(gone))
    assert missing_chromium(gone, {"CI": "false"}) == ("skip", LINE.format(gone))
    assert missing_chromium(gone, {"CI": "true"}) == ("fail", LINE.format(gone))
    assert missing_chromium(gone, {"CI": "TRUE"}) == ("fail", LINE.format(gone))
    assert missing_chromium(str(tmp_path), {}) == ("skip", LINE.format(tmp_path))     # a folder is no browser


def _run_fixture(tmp_path, ci):
    """pytest on a copy of the browser fixture with Chromium looked for where it is not."""
    (tmp_path / "conftest.py").write_text(textwrap.dedent(f"""
        import importlib.util
        import sys
        sys.path.insert(0, {str(ROOT / "tests" / "web")!r})
        import browser_helpers
        browser_helpers.CHROMIUM = {str(tmp_path / "no-chromium")!r}
        spec = importlib.util.spec_from_file_location("web_conftest", {str(ROOT / "tests" / "web" / "conftest.py")!r})
        web_conftest = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(web_conftest)
        browser = web_conftest.browser          # the fixture under test
    """))
    (tmp_path / "test_uses_browser.py").write_text("def test_it(browser):\n    pass\n")
    env = {"PATH": "/usr/bin:/bin", "CI": ci, "PYTHONPATH": str(ROOT), "BOARDLAB_TEST_GAMES": "1"}
    return subprocess.run([sys.executable, "-m", "pytest", "-n", "0", "-p", "no:cacheprovider", "-rs", "-q",
                           "--rootdir", str(tmp_path), str(tmp_path)], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)


def test_the_browser_fixture_skips_or_fails_in_one_line(tmp_path):
    line = LINE.format(tmp_path / "no-chromium")
    skipped = _run_fixture(tmp_path, "false")
    assert skipped.returncode == 0 and "1 skipped" in skipped.stdout and line in skipped.stdout, skipped.stdout
    failed = _run_fixture(tmp_path, "true")
    assert failed.returncode == 1 and "1 error" in failed.stdout, failed.stdout
    assert failed.stdout.count(line) >= 1 and "Traceback" not in failed.stdout, failed.stdout
