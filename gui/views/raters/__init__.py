"""The rater-side views: the rater window and its labeling pages, adjudication of disagreements, and the
certify panel. They live under views/ with the other pages so that no view module sits at the level of
gui/ modules that import it (no import points back up)."""
