"""boardlab's analysis layer: statistics, ratings, tile values, plots and the HTML report.

Entry point: :func:`analysis.report.write_report`. Methods: docs/analysis.md.
"""
