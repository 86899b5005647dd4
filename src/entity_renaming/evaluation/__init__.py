"""Evaluate extractive QA models on released benchmark configs: inference, official scoring,
robustness metrics over seeds, result files, leaderboard tables and plots.

Import submodules directly (``entity_renaming.evaluation.scoring``); this package imports nothing
heavy so that scoring works without torch.
"""
