"""The association beside an interventional value is the report's tile value for that kind."""
import numpy as np
import pandas as pd

from analysis.causal import with_association
from analysis.synthetic import synthetic_results
from analysis.values import tile_values


def test_the_association_is_the_reports_regression_whichever_kinds_were_valued():
    # the buildings carry points, and a knowledge tile is taken with buildings: a regression on the
    # knowledge tiles alone would credit the tile with the buildings' points
    df = synthetic_results("burgundy", 2, 400, agents=["a", "b"], seed=6,
                           effects={"f_building_bank": 8.0, "f_building_church": 6.0})
    df["f_knowledge_07"] = ((df["f_building_bank"] + df["f_building_church"]) > 1).astype(int)   # worth nothing
    est = pd.DataFrame({"kind": ["k7"], "value_lo": [np.nan], "value_hi": [np.nan]})
    assoc = with_association(est, df, "burgundy").iloc[0]
    report = tile_values(df).set_index("feature").loc["f_knowledge_07"]
    assert assoc["feature"] == "f_knowledge_07"
    assert np.isclose(assoc["assoc"], report["score_effect"])
    assert np.isclose(assoc["assoc_lo"], report["score_lo"]) and np.isclose(assoc["assoc_win"], report["win_effect"])
    assert report["score_lo"] < 0 < report["score_hi"]        # held fixed, the tile is worth nothing
