"""In-context learning with entity replacement (Goodarzi et al. 2023): prompts, names, generation, report."""
